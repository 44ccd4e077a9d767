"""The computer-driven clients' rules for a server message (game/net/bots.py `reply_to`), which
both `play` and `LeanBot` follow: a reply is matched to the action waiting by its request id."""

from game.net.bots import Reply, reply_to


def test_the_answer_to_the_action_waiting_lets_the_bot_choose_again() -> None:
    assert reply_to({"type": "update", "id": 7}, 7) is Reply.ANSWERED


def test_someone_elses_update_is_not_an_answer() -> None:
    assert reply_to({"type": "update", "id": 3}, 7) is Reply.OTHER
    assert reply_to({"type": "update"}, 7) is Reply.OTHER


def test_a_whole_view_always_answers() -> None:
    assert reply_to({"type": "state"}, 7) is Reply.ANSWERED
    assert reply_to({"type": "state"}, None) is Reply.ANSWERED


def test_a_rate_refusal_asks_to_slow_down_and_any_other_refusal_is_counted() -> None:
    assert reply_to({"type": "error", "id": 7, "code": "rate"}, 7) is Reply.SLOW_DOWN
    assert reply_to({"type": "error", "id": 7, "code": "illegal"}, 7) is Reply.REFUSED


def test_an_error_for_another_request_is_not_this_actions_refusal() -> None:
    assert reply_to({"type": "error", "id": 2, "code": "illegal"}, 7) is Reply.OTHER


def test_bye_stops_the_bot() -> None:
    assert reply_to({"type": "bye"}, None) is Reply.BYE
