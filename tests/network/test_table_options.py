"""The options of a local game's set-up are a network game's too, on the Host form and the
dedicated server's command line: two seats have the neutral player a local two-player game has by
default (the host may say No, or --no-neutral; three seats or more never have one), and a US
Short game may be won with fewer headquarters (HQS TO WIN, --hqs-to-win)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.cli import build_parser
from game.net.serve import config_from_args
from game.net.server import ServerConfig
from tests.network.support import join, play_out, run, running_server, wait_for_views


def _host_form(app: Any, monkeypatch: Any) -> tuple[Any, list[ServerConfig]]:
    """The Host form on screen; what its OK would serve is kept instead of served."""
    from game.scenes.network.host import HostNetworkScene

    form = HostNetworkScene(app)
    app.scenes.push(form)
    app.scenes.apply_pending()
    served: list[ServerConfig] = []
    monkeypatch.setattr(form, "_serve", lambda config, local: served.append(config))
    return form, served


def _neutral_territories(view: dict[str, Any]) -> int:
    neutral = next((i for i, p in enumerate(view["players"]) if p.get("is_neutral")), None)
    return 0 if neutral is None else sum(1 for o in view["owner"].values() if o == neutral)


@pytest.mark.parametrize("game_type", ["uk_short", "us_full"])
def test_two_seats_play_with_a_neutral_player_by_default(saves: Path, game_type: str) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "easy"), game_type=game_type,
                                  seed=6) as (server, uri):
            (ada,) = await join(uri, ["Ada"])
            await wait_for_views([ada])
            game = server.tables["1"].game
            assert game is not None and game.config.neutral and len(game.players) == 3
            assert ada.view is not None and len(ada.view["players"]) == 3
            assert _neutral_territories(ada.view) > 0 or game_type == "us_full"  # (US: claimed)
            (result,) = await play_out([ada], "standard")
            assert result.finished and result.refused == 0
            assert server.counters.errors == 0
            assert ada.view["winner"] in (0, 1)  # the neutral never wins
            await ada.close()
    run(scenario(), timeout=120)


def test_no_neutral_when_the_host_says_no_or_three_seats_play(saves: Path) -> None:
    async def scenario() -> None:
        for seats, neutral in ((("open", "easy"), False), (("open", "easy", "easy"), True)):
            async with running_server(saves, seats=seats, game_type="uk_full", seed=6,
                                      neutral=neutral, autosave=False) as (server, uri):
                (ada,) = await join(uri, ["Ada"])
                await wait_for_views([ada])
                game = server.tables["1"].game
                assert game is not None and not game.config.neutral
                assert len(game.players) == len(seats)
                await ada.close()
    run(scenario(), timeout=60)


def test_the_serve_option_and_the_host_form_choose_it(app: Any, monkeypatch: Any) -> None:
    assert config_from_args(build_parser().parse_args(["--serve"])).neutral
    assert not config_from_args(build_parser().parse_args(["--serve", "--no-neutral"])).neutral
    from game.scenes.network.host import HostNetworkScene

    form, served = _host_form(app, monkeypatch)
    form._set_count(3)
    assert not any(b.visible for b in form.neutral_row.buttons)  # only asked of two players
    form._set_count(2)
    assert all(b.visible for b in form.neutral_row.buttons) and form.neutral
    form.neutral_row.buttons[1].press()  # No
    form.confirm()
    assert len(served) == 1 and not served[0].neutral and len(served[0].seats) == 2
    again = HostNetworkScene(app)  # the choice is remembered with the others
    assert not again.neutral


def test_a_headquarters_game_can_be_won_with_fewer_headquarters(saves: Path) -> None:
    async def scenario() -> None:
        async with running_server(saves, seats=("open", "easy", "easy"), game_type="us_short",
                                  seed=6, hq_to_win=2, autosave=False) as (server, uri):
            (ada,) = await join(uri, ["Ada"])
            await wait_for_views([ada])
            game = server.tables["1"].game
            assert game is not None and game.config.hq_to_win == 2
            assert ada.view is not None and ada.view["config"]["hq_to_win"] == 2
            await ada.close()
    run(scenario(), timeout=60)


def test_the_headquarters_option_from_the_command_line_and_the_host_form(
        app: Any, monkeypatch: Any) -> None:
    assert config_from_args(build_parser().parse_args(["--serve"])).hq_to_win is None
    args = build_parser().parse_args(["--serve", "--type", "us_short", "--hqs-to-win", "3"])
    assert config_from_args(args).hq_to_win == 3
    with pytest.raises(ValueError):
        ServerConfig(hq_to_win=7)

    form, served = _host_form(app, monkeypatch)
    form._set_count(4)
    assert not any(b.visible for b in form.hq_row.buttons)  # only for US Short
    form._set_type("us_short")
    assert all(b.visible for b in form.hq_row.buttons)
    assert [b.enabled for b in form.hq_row.buttons] == [True, True, True, False, False]
    form.hq_row.buttons[1].press()  # 3 of the 4
    form.confirm()
    assert served[-1].hq_to_win == 3 and served[-1].game_type == "us_short"
    form._set_type("uk_full")
    form.confirm()
    assert served[-1].hq_to_win is None


def test_the_variants_are_chosen_when_hosting_and_the_game_is_played_with_them(
        saves: Path, app: Any, monkeypatch: Any) -> None:
    from game.engine.config import Variants
    from game.net.config import variants_from_text
    from game.scenes.network.host import HostNetworkScene
    from game.scenes.network.variants import NetworkVariantsScene

    chosen = variants_from_text("supply_lines, army_limit=12")
    assert chosen == Variants(supply_lines=True, army_limit=12)
    for bad in ("wizard", "army_limit=3", "supply_lines=1"):
        with pytest.raises(ValueError):
            variants_from_text(bad)
    args = build_parser().parse_args(["--serve", "--variants", "attack_advantage"])
    assert config_from_args(args).variants == Variants(attack_advantage=True)

    async def scenario() -> None:
        async with running_server(saves, seats=("open", "easy", "easy"), game_type="uk_full",
                                  seed=6, variants=chosen, autosave=False) as (server, uri):
            (ada,) = await join(uri, ["Ada"])
            await wait_for_views([ada])
            game = server.tables["1"].game
            assert game is not None and game.variants == chosen
            assert ada.mirror().variants == chosen  # the menu shows them ticked
            await ada.close()
    run(scenario(), timeout=60)

    form, served = _host_form(app, monkeypatch)
    from game.input import Command, CommandEvent, Device
    for device in (Device.PAD, Device.KEYBOARD):  # reached without the mouse: right of PORT
        form.dialog.focus(form.port)
        form.handle(CommandEvent(Command.RIGHT, (0, 0), device))
        assert form.dialog.focused is form.variants_button
    form.handle(CommandEvent(Command.CONFIRM, (0, 0), Device.KEYBOARD))
    app.scenes.apply_pending()
    dialog = app.scenes.top
    assert isinstance(dialog, NetworkVariantsScene)
    dialog.rows[1].buttons[0].press()  # SUPPLY LINES: Yes
    dialog.limit.set_text("3")
    dialog.confirm()  # refused: the limit is out of range
    app.scenes.apply_pending()
    assert type(app.scenes.top).__name__ == "MessageDialogScene"
    app.scenes.pop()
    app.scenes.apply_pending()
    dialog.limit.set_text("12")
    dialog.confirm()
    app.scenes.apply_pending()
    assert app.scenes.top is form and form.variants_button.label == "VARIANTS: 2 ON"
    form.confirm()
    assert served[-1].variants == chosen
    assert HostNetworkScene(app).variants == chosen  # remembered with the other answers


def test_choices_that_do_not_go_together_are_refused_before_anything_listens(
        app: Any, monkeypatch: Any) -> None:
    from game.engine.config import Variants

    low = Variants(low_exchange_rate=True)  # needs set values that increase: US games only
    with pytest.raises(ValueError, match="Low Exchange Rate"):
        ServerConfig(game_type="uk_full", variants=low)
    assert ServerConfig(game_type="us_full", variants=low).variants == low
    form, served = _host_form(app, monkeypatch)
    form._set_type("uk_full")
    form.open_variants()
    app.scenes.apply_pending()
    dialog = app.scenes.top
    dialog.rows[0].buttons[0].press()  # LOW EXCHANGE RATE: Yes
    dialog.confirm()
    app.scenes.apply_pending()
    told = app.scenes.top
    assert type(told).__name__ == "MessageDialogScene"
    assert "Low Exchange Rate needs set values that increase (UK Full)" in " ".join(
        getattr(w, "text", "") for w in told.dialog.widgets)
    app.scenes.pop()
    app.scenes.pop()  # (the variants dialog, cancelled)
    app.scenes.apply_pending()
    form._set_type("us_full")
    form.open_variants()
    app.scenes.apply_pending()
    app.scenes.top.rows[0].buttons[0].press()
    app.scenes.top.confirm()
    app.scenes.apply_pending()
    assert app.scenes.top is form and form.variants == low
    form._set_type("uk_short")  # changed after: OK says why, and nothing is served
    form.confirm()
    app.scenes.apply_pending()
    assert type(app.scenes.top).__name__ == "MessageDialogScene" and not served


def test_an_army_limit_written_with_other_digits_is_refused_not_a_crash(app: Any) -> None:
    from game.engine.config import Variants
    from game.net.config import variants_from_text
    from game.scenes.network.variants import NetworkVariantsScene

    with pytest.raises(ValueError):
        variants_from_text("army_limit=²")  # a key of its own on French keyboards
    with pytest.raises(ValueError):
        ServerConfig(variants=Variants(army_limit=3))
    got: list[Variants] = []
    dialog = NetworkVariantsScene(app, Variants(), got.append)
    app.scenes.push(dialog)
    app.scenes.apply_pending()
    dialog.limit.set_text("1²")
    dialog.confirm()
    app.scenes.apply_pending()
    assert type(app.scenes.top).__name__ == "MessageDialogScene" and not got
