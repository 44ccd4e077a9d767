"""The classic board as data: counts, borders, cards."""

from collections import Counter

from tests.engine.builders import BOARD

CROSS_CONTINENT = {
    frozenset(p) for p in [
        ("alaska", "kamchatka"), ("greenland", "iceland"), ("central_america", "venezuela"),
        ("brazil", "north_africa"), ("north_africa", "western_europe"),
        ("north_africa", "southern_europe"), ("egypt", "southern_europe"),
        ("egypt", "middle_east"), ("east_africa", "middle_east"),
        ("southern_europe", "middle_east"), ("ukraine", "middle_east"),
        ("ukraine", "afghanistan"), ("ukraine", "ural"), ("siam", "indonesia"),
    ]
}


def test_board_has_42_territories_in_six_continents_with_classic_bonuses():
    sizes = {c.id: (len(c.territories), c.bonus) for c in BOARD.continents.values()}
    assert sizes == {
        "north_america": (9, 5), "south_america": (4, 2), "europe": (7, 5),
        "africa": (6, 3), "asia": (12, 7), "australia": (4, 2),
    }
    assert len(BOARD.territories) == 42


def test_board_has_83_distinct_borders_and_adjacency_is_symmetric():
    assert len({frozenset(b) for b in BOARD.borders}) == 83
    for a, near in BOARD.neighbours.items():
        for b in near:
            assert a in BOARD.neighbours[b]


def test_exactly_the_fourteen_cross_continent_borders_of_the_design():
    crossing = {
        frozenset((a, b)) for a, b in BOARD.borders
        if BOARD.territories[a].continent != BOARD.territories[b].continent
    }
    assert crossing == CROSS_CONTINENT


def test_deck_has_44_cards_14_of_each_suit_and_two_wilds():
    kinds = Counter(BOARD.card_kind(c) for c in BOARD.card_ids)
    assert kinds == {"infantry": 14, "cavalry": 14, "artillery": 14, "wild": 2}
    assert len(set(BOARD.card_ids)) == 44


def test_every_territory_is_connected_to_the_rest_of_the_world():
    seen, todo = {"alaska"}, ["alaska"]
    while todo:
        for n in BOARD.neighbours[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert len(seen) == 42
