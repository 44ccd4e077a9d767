"""Encrypted games (wss://): a server with a certificate, clients that trust it or refuse it.

tests/network/tls/ holds a certificate made for these tests only (localhost and 127.0.0.1, key
included, valid for a century) and another one that nobody here signed it with (stranger.pem).
"""

from __future__ import annotations

import ssl
from pathlib import Path

import pytest
from websockets.exceptions import InvalidHandshake, InvalidMessage

from game.cli import build_parser
from game.net import tls
from game.net.bridge import NetBridge, _why
from game.net.client import NetClient
from game.net.serve import config_from_args, run as serve_run
from game.scenes.network.join import server_uri
from tests.network.support import close_all, join, play_out, run, running_server, wait_note

CERTS = Path(__file__).resolve().parent / "tls"
CERT, KEY, STRANGER = CERTS / "localhost.pem", CERTS / "localhost.key", CERTS / "stranger.pem"
OTHER, OTHER_KEY = CERTS / "otherhost.pem", CERTS / "otherhost.key"


def _secure(uri: str) -> str:
    return uri.replace("ws://", "wss://", 1)


def test_a_whole_game_is_played_over_wss_by_clients_that_trust_the_certificate(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path, seats=("open", "open"), tls_cert=CERT,
                                  tls_key=KEY) as (_, uri):
            clients = await join(_secure(uri), ["Ann", "Bob"], tls_ca=CERT)
            try:
                assert all(c.conn is not None and c.conn.transport.get_extra_info("ssl_object")
                           for c in clients)  # the connection is encrypted
                results = await play_out(clients)
                assert any(r.finished for r in results)
                assert sum(r.refused for r in results) == 0
            finally:
                await close_all(clients)
    run(scenario(), timeout=120)


def test_the_trusted_file_may_come_from_the_environment(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(tls.TRUST_ENV, str(CERT))

    async def scenario() -> None:
        async with running_server(tmp_path, tls_cert=CERT, tls_key=KEY) as (_, uri):
            clients = await join(_secure(uri), ["Ann"])
            await close_all(clients)
    run(scenario())


def test_an_untrusted_certificate_is_refused_with_words_a_player_reads(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path, tls_cert=CERT, tls_key=KEY) as (_, uri):
            for trusted in (None, STRANGER):
                client = NetClient(_secure(uri), "Eve", tls_ca=trusted)
                with pytest.raises(ssl.SSLCertVerificationError) as caught:
                    await client.connect(timeout=5)
                assert "certificate is not trusted" in _why(caught.value)
                assert tls.TRUST_ENV in _why(caught.value)
            # the server is unharmed: a trusting client still joins
            clients = await join(_secure(uri), ["Ann"], tls_ca=CERT)
            await close_all(clients)
    run(scenario())


def test_a_plain_client_cannot_talk_to_an_encrypted_server_nor_the_reverse(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path, tls_cert=CERT, tls_key=KEY) as (_, uri):
            with pytest.raises((InvalidHandshake, InvalidMessage, OSError, EOFError)):
                await NetClient(uri, "Plain").connect(timeout=5)
        async with running_server(tmp_path / "plain") as (_, uri):
            with pytest.raises(tls.HandshakeFailed) as caught:
                await NetClient(_secure(uri), "Secure", tls_ca=CERT).connect(timeout=5)
            assert "is the server using wss://" in _why(caught.value)
            assert "()" not in _why(caught.value)  # a reason, not an empty one
    run(scenario())


def test_a_certificate_made_for_another_name_is_refused_as_such(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path, tls_cert=OTHER, tls_key=OTHER_KEY) as (_, uri):
            client = NetClient(_secure(uri), "Eve", tls_ca=OTHER)  # trusted, but not for this
            with pytest.raises(ssl.SSLCertVerificationError) as caught:
                await client.connect(timeout=5)
            assert "certificate is for another address" in _why(caught.value)
    run(scenario())


def test_a_window_told_a_malformed_address_says_so_at_once(tmp_path: Path) -> None:
    bridge = NetBridge()
    try:
        bridge.join("wss://[games.example.org:443]:8765", "Ann", None)
        note = wait_note(bridge, ("failed", "refused", "joined"), timeout=5)
        assert note is not None and note.kind == "failed"
        assert note.data["reason"] == "that is not an address"
    finally:
        bridge.close()


def test_certificate_files_that_cannot_be_used_are_named(tmp_path: Path) -> None:
    with pytest.raises(tls.TlsError, match="no such file"):
        tls.server_context(tmp_path / "missing.pem")
    with pytest.raises(tls.TlsError, match="cannot be used"):
        tls.server_context(STRANGER)  # a certificate without its key
    with pytest.raises(tls.TlsError, match="passphrase"):  # refused, never a prompt
        tls.server_context(CERT, CERTS / "localhost-protected.key")
    garbage = tmp_path / "garbage.pem"
    garbage.write_text("not a certificate")
    with pytest.raises(tls.TlsError, match="cannot be read"):
        tls.client_context("wss://example.org:8765", garbage)
    with pytest.raises(tls.TlsError, match="does not exist"):
        tls.client_context("wss://example.org:8765", tmp_path / "nothing.pem")
    assert tls.client_context("ws://example.org:8765", garbage) is None  # plain: nothing read


def test_serve_takes_a_certificate_and_refuses_a_bad_one_before_listening(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = build_parser().parse_args(["--serve", "--tls-cert", str(CERT), "--tls-key", str(KEY),
                                      "--saves-dir", str(tmp_path)])
    config = config_from_args(args)
    assert (config.tls_cert, config.tls_key) == (CERT, KEY)
    bad = build_parser().parse_args(["--serve", "--tls-cert", str(tmp_path / "none.pem"),
                                     "--saves-dir", str(tmp_path)])
    assert serve_run(bad) == 2
    assert "no such file" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())  # nothing was saved or locked
    lone_key = build_parser().parse_args(["--serve", "--tls-key", str(KEY)])
    assert serve_run(lone_key) == 2
    assert "--tls-key needs --tls-cert" in capsys.readouterr().err


def test_the_join_form_reads_a_wss_address() -> None:
    assert server_uri("wss://games.example.org", 8765) == "wss://games.example.org:8765"
    assert server_uri("WSS://games.example.org/", 443) == "wss://games.example.org:443"
    assert server_uri("ws://10.0.0.2", 8765) == "ws://10.0.0.2:8765"
    assert server_uri("10.0.0.2", 8765) == "ws://10.0.0.2:8765"
    assert server_uri("wss://::1", 8765) == "wss://[::1]:8765"
    # a port written in the address is taken, as a browser would
    assert server_uri("wss://games.example.org:443", 8765) == "wss://games.example.org:443"
    assert server_uri("[::1]:9000", 8765) == "ws://[::1]:9000"
    assert server_uri("10.0.0.2:9000", 8765) == "ws://10.0.0.2:9000"
    for bad in ("wss://host/path", "host:99999", "host:port", "wss://", "two words"):
        with pytest.raises(ValueError):
            server_uri(bad, 8765)
