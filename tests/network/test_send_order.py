"""The order in which the server queues one action's updates: those who wait for them first."""

from __future__ import annotations

from game.net.server import _first_waited
from game.net.table import Seat


def _seats(count: int) -> list[Seat]:
    return [Seat(index, "open") for index in range(count)]


def test_the_sender_is_told_first_then_the_seat_to_move_then_the_rest_in_seat_order() -> None:
    order = [s.index for s in _first_waited(_seats(6), answered=3, to_move=4)]
    assert order == [3, 4, 0, 1, 2, 5]


def test_the_sender_who_moves_again_is_first_and_the_others_keep_their_order() -> None:
    order = [s.index for s in _first_waited(_seats(5), answered=2, to_move=2)]
    assert order == [2, 0, 1, 3, 4]


def test_a_computer_move_tells_the_seat_to_move_first() -> None:
    order = [s.index for s in _first_waited(_seats(4), answered=None, to_move=1)]
    assert order == [1, 0, 2, 3]


def test_every_listening_seat_is_told_exactly_once() -> None:
    seats = _seats(6)[1:5]  # seats 0 and 5 are away
    told = _first_waited(seats, answered=None, to_move=0)
    assert sorted(s.index for s in told) == [1, 2, 3, 4]
