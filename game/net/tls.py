"""Encrypted network games (wss://): the server's certificate and what a client trusts. No pygame.

Over the internet a plain ws:// connection shows the game password and every seat's token to
anyone on the way. A dedicated server given a certificate (`--tls-cert`, `--tls-key`) speaks
wss:// instead; websockets does the TLS through Python's `ssl` module. A client trusts what the
operating system trusts (a certificate from a public authority, such as Let's Encrypt's), and
also the certificates in the file named by `CONQUEST_TLS_CA`: friends running a server with a
certificate they made themselves hand its .pem file round and point that variable at it.
"""

from __future__ import annotations

import os
import ssl
from pathlib import Path

TRUST_ENV = "CONQUEST_TLS_CA"  # a file of extra certificates a client trusts (PEM)
# OpenSSL's X509_V_ERR_HOSTNAME_MISMATCH and X509_V_ERR_IP_ADDRESS_MISMATCH
ADDRESS_MISMATCH = frozenset({62, 64})


class TlsError(ValueError):
    """A certificate, key or trust file that cannot be used; the text says which and why."""


class HandshakeFailed(OSError):
    """A wss:// connection whose TLS handshake broke off: most often a server without TLS."""


def is_secure(uri: str) -> bool:
    return uri.lower().startswith("wss://")


def server_context(cert: Path, key: Path | None = None) -> ssl.SSLContext:
    """The server's TLS set-up from a PEM certificate (chain) and its private key (`key`
    None: the key is in the certificate's file). TlsError if either cannot be used."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    for path in (cert, key):
        if path is not None:
            try:
                _checked(path, "certificate or key")
            except FileNotFoundError:
                raise TlsError(f"no such file: {path}") from None
    try:
        # OpenSSL reads the two files itself (there is no way to hand it a key from memory):
        # each was checked just now as the game checks every file it reads
        context.load_cert_chain(cert, key, password=_no_passphrase)
    except FileNotFoundError as exc:
        raise TlsError(f"no such file: {exc.filename or cert}") from None
    except (ssl.SSLError, OSError) as exc:
        raise TlsError(f"the certificate {cert} and key {key or cert} cannot be used "
                       f"({_reason(exc)})") from None
    return context


MAX_PEM_BYTES = 1024 * 1024  # a certificate chain is a few kilobytes


def _checked(path: Path, what: str) -> bytes:
    """The bytes of a certificate, key or trust file, read as every file the game reads is
    (game/jsonfile.py: a regular file, not a FIFO that would block the server's start, nor a
    link to a device that never ends); TlsError saying what is wrong with it (FileNotFoundError
    passes through)."""
    from game.jsonfile import FileRefused, read_bytes  # noqa: PLC0415

    try:
        return read_bytes(path, MAX_PEM_BYTES, what)
    except FileRefused as exc:
        raise TlsError(f"{str(exc).rstrip('.')} ({path})") from None


def _no_passphrase() -> str:
    """Asked for only when the key is encrypted: the server never stops to prompt for one."""
    raise TlsError("the private key is protected by a passphrase; give the server a key "
                   "without one (openssl pkey -in KEY -out PLAIN_KEY)")


def client_context(uri: str, trusted: Path | None = None) -> ssl.SSLContext | None:
    """What a client checks the server's certificate against: None for a plain ws:// address,
    else the system's authorities plus `trusted` (or the file in $CONQUEST_TLS_CA)."""
    if not is_secure(uri):
        return None
    context = ssl.create_default_context(ssl.Purpose.SERVER_AUTH)
    extra = trusted or (Path(os.environ[TRUST_ENV]) if os.environ.get(TRUST_ENV) else None)
    if extra is not None:
        try:
            text = _checked(extra, "trusted certificates file").decode("ascii")
        except FileNotFoundError:
            raise TlsError(f"the trusted certificates file {extra} does not exist") from None
        except UnicodeDecodeError:
            raise TlsError(f"the trusted certificates file {extra} is not a PEM file") from None
        try:
            context.load_verify_locations(cadata=text)
        except (ssl.SSLError, OSError, ValueError) as exc:
            raise TlsError(f"the trusted certificates in {extra} cannot be read "
                           f"({_reason(exc)})") from None
    return context


def describe_failure(exc: BaseException) -> str | None:
    """A player's words for a failed secure connection, or None if `exc` is not about TLS."""
    if isinstance(exc, ssl.SSLCertVerificationError):
        if exc.verify_code in ADDRESS_MISMATCH:
            return ("the server's certificate is for another address: join with the name or "
                    "number its certificate was made for")
        return (f"the server's certificate is not trusted ({exc.verify_message or 'unknown'}); "
                f"if the host made it, set {TRUST_ENV} to its .pem file")
    if isinstance(exc, (ssl.SSLError, HandshakeFailed)):
        return f"the secure connection failed ({_reason(exc)}): is the server using wss://?"
    if isinstance(exc, TlsError):
        return str(exc)
    return None


def _reason(exc: BaseException) -> str:
    if isinstance(exc, ssl.SSLError) and exc.reason:
        return str(exc.reason).replace("_", " ").lower()
    if isinstance(exc, HandshakeFailed) and exc.__cause__ is not None:
        return _reason(exc.__cause__)
    if isinstance(exc, ConnectionResetError):
        return "the server closed the connection"
    return str(getattr(exc, "strerror", None) or exc or type(exc).__name__)
