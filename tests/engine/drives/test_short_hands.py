"""A hand cut short by the bell (drives.md §4: "all tables stopping at the bell, the side
'ahead in the count' winning an unfinished game" [TIO2]): the ``short_hands`` setting."""

import pytest

from engine.drives.drive import Entry, check_tricks
from engine.drives.errors import DriveError
from engine.drives.movement import Side, round_winner
from engine.drives.run import run_drive, tricks_from_rows
from engine.drives.settings import DriveSettings


def code_of(call) -> str:
    with pytest.raises(DriveError) as refused:
        call()
    return refused.value.code


def test_a_hall_that_plays_every_hand_out_still_needs_thirteen():
    assert code_of(lambda: check_tricks(5, 3)) == "drive_tricks_not_thirteen"


def test_a_hand_stopped_by_the_bell_counts_the_tricks_played():
    assert check_tricks(5, 3, short_hands=True) == Entry(5, 3)
    assert check_tricks(8, 5, short_hands=True) == Entry(8, 5)  # a whole hand still counts
    assert code_of(lambda: check_tricks(8, 6, short_hands=True)) == "drive_tricks_too_many"
    # the side ahead in the count wins: with neither ahead there is no winner to move
    assert code_of(lambda: check_tricks(4, 4, short_hands=True)) == "drive_tricks_short_tied"


def test_the_side_ahead_in_the_count_wins_the_unfinished_hand():
    assert round_winner([5], [3]) is Side.A
    assert round_winner([2], [6]) is Side.B
    # four hands, two cut short: 7+3+5+6 = 21 v 6+1+9+5 = 21 tricks; hands won 3 v 1: A
    assert round_winner([7, 3, 5, 6], [6, 1, 9, 5]) is Side.A


def test_a_short_hand_on_the_cards_and_in_the_movement():
    """One table: hand 1 stopped at 5 v 3 (pair A of ladies 1 and gent 3 ahead), hand 2
    played out 4 v 9. The winners of hand 1 split, so hand 2 seats lady 2 with gent 3.
    Ladies: 1 scores 5 + 9 = 14, 2 scores 3 + 4 = 7; gents: 3 scores 5 + 4 = 9, 4: 3 + 9."""
    settings = DriveSettings(hands=2, half_time_after=1, short_hands=True)
    run = run_drive(settings, [1, 2], [3, 4], tricks_from_rows([[[5, 3]], [4]]))
    second = run.hands[1][0]
    assert (second.pair_a, second.pair_b) == ((2, 3), (1, 4))
    assert {p: c.total for p, c in run.cards.items()} == {1: 14, 2: 7, 3: 9, 4: 12}
    wins = run_drive(
        settings.override(scoring="wins"), [1, 2], [3, 4], tricks_from_rows([[[5, 3]], [4]])
    )
    assert {p: c.total for p, c in wins.cards.items()} == {1: 2, 2: 0, 3: 1, 4: 1}


def test_without_the_setting_the_drive_refuses_a_short_hand():
    settings = DriveSettings(hands=2, half_time_after=1)
    with pytest.raises(DriveError) as refused:
        run_drive(settings, [1, 2], [3, 4], tricks_from_rows([[[5, 3]], [4]]))
    assert refused.value.code == "drive_tricks_not_thirteen"
