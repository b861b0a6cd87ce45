"""A side game ends when it is decided, under every preset, and takes no more hands
(variants.md §4.4, §5): bid whist at ±target or, in the Columbus tournament form, at a
side's second set, which also gives the opponents 5 extra points ([COLUMBUS]); Minnesota
at the target. Each case is worked out by hand from the rule text."""

from __future__ import annotations

import pytest

from clubs.errors import HandRefused
from variants.models import VariantHand
from variants.services import HandEntry, hand_enter
from variants.status import table_status

pytestmark = pytest.mark.django_db


def scores(hand: VariantHand) -> list[int]:
    return [line.score for line in hand.lines.all()]


def enter(table, number: int, entry: HandEntry) -> VariantHand:
    return hand_enter(table=table, expected_number=number, entry=entry, by=None)


def test_bid_whist_parlett_ends_at_seven_and_refuses_a_further_hand(make_table):
    table = make_table("bid", preset="parlett")
    # N bids 4 uptown; 10 tricks in play + the kitty's book = 11 books: 5 odd ≥ 4, N–S +4.
    assert scores(enter(table, 1, HandEntry(declarer=0, level=4, contract="uptown", tricks=10)))
    assert scores(table.hands.get(number=1)) == [4, 0, 4, 0]
    assert table_status(table).over is False
    # Again 4 uptown, 9 in play = 10 books: made, N–S 8 ≥ 7 wins.
    enter(table, 2, HandEntry(declarer=2, level=4, contract="uptown", tricks=9))
    status = table_status(table)
    assert (status.over, status.winning_side) == (True, 0)
    with pytest.raises(HandRefused) as refused:
        enter(table, 3, HandEntry(declarer=1, level=4, contract="uptown", tricks=9))
    assert "North–South won the game" in str(refused.value)
    assert table.hands.count() == 2


def test_columbus_second_set_loses_the_game_and_pays_the_opponents_five(make_table):
    # Target raised to 10 so that only the two-sets rule can decide this game.
    table = make_table("bid", preset="tournament_columbus", overrides={"target": 10})
    # E bids 3 uptown, takes 8 of 13 (no kitty): 2 odd < 3, set: E–W −3; N–S took 5, no book.
    first = enter(table, 1, HandEntry(declarer=1, level=3, contract="uptown", tricks=8))
    assert scores(first) == [0, -3, 0, -3]
    assert table_status(table).over is False
    # W bids 3 downtown, takes 7: set again. E–W −3; the second set gives N–S 5 extra points.
    second = enter(table, 2, HandEntry(declarer=3, level=3, contract="downtown", tricks=7))
    assert scores(second) == [5, -3, 5, -3]
    status = table_status(table)
    assert (status.over, status.winning_side) == (True, 0)
    with pytest.raises(HandRefused):
        enter(table, 3, HandEntry(declarer=0, level=3, contract="uptown", tricks=9))


def test_parlett_has_no_two_sets_rule_and_no_bonus(make_table):
    table = make_table("bid", preset="parlett")
    # E bids 5 uptown, 11 in play + the kitty's book = 12 books: 6 odd ≥ 5, E–W +5.
    enter(table, 1, HandEntry(declarer=1, level=5, contract="uptown", tricks=11))
    enter(table, 2, HandEntry(declarer=1, level=4, contract="uptown", tricks=8))
    third = enter(table, 3, HandEntry(declarer=3, level=4, contract="uptown", tricks=8))
    # 9 books: 3 odd < 4, set −4 each time; N–S took 4, no books over six; no bonus.
    assert scores(third) == [0, -4, 0, -4]
    status = table_status(table)
    assert (status.over, status.winning_side) == (False, None)  # E–W at −3, set twice


def test_minnesota_ends_at_thirteen(make_table):
    table = make_table("minnesota", preset="pagat")
    # N grands, N–S take 13: +7 a hand (pagat: granders + (t − 6)).
    enter(table, 1, HandEntry(grander=0, tricks=13))
    assert table_status(table).over is False
    enter(table, 2, HandEntry(grander=0, tricks=12))
    status = table_status(table)
    assert (status.over, status.winning_side) == (True, 0)
    with pytest.raises(HandRefused) as refused:
        enter(table, 3, HandEntry(grander=1, tricks=3))
    assert "The game is over" in str(refused.value)
