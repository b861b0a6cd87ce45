"""Entries, ghosts, late arrivals and leavers, and the cards derived from the tables
(drives.md §6, §8, §10.6–7, §10.10)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.drives.cards import RowKind, ranking
from engine.drives.drive import (
    Entry,
    Holding,
    check_tricks,
    empty_seat,
    hand_tables,
    holder_map,
    round_winners,
)
from engine.drives.errors import DriveError
from engine.drives.movement import Side, TableKind, first_seating
from engine.drives.run import Arrival, Leave, run_drive, tricks_from_rows
from engine.drives.settings import DriveSettings, Role


def test_a_hand_needs_two_counts_making_thirteen():
    assert check_tricks(8, 5) == Entry(8, 5)
    for a, b, code in [
        (8, 6, "drive_tricks_not_thirteen"),
        (14, -1, "drive_tricks_range"),
        ("7", 6, "drive_tricks_range"),
        (True, 12, "drive_tricks_range"),
    ]:
        with pytest.raises(DriveError) as refused:
            check_tricks(a, b)
        assert refused.value.code == code
    with pytest.raises(DriveError) as sum_wrong:
        check_tricks(7, 7)
    assert sum_wrong.value.params == {"a": 7, "b": 7, "total": 14}


def _two_tables(holdings, entries=None, rules=None):
    return hand_tables(
        rules or DriveSettings(hands=4, half_time_after=2),
        [first_seating(2)],
        holdings,
        entries or {},
    )


def test_a_sit_out_table_never_records_tricks():
    holdings = [Holding(p, t) for t, p in enumerate(range(100, 105))]  # tokens 5-7 ghosts
    rows = _two_tables(holdings)
    assert [th.kind for th in rows[0]] == [TableKind.PLAYED, TableKind.SIT_OUT]
    with pytest.raises(DriveError) as refused:
        _two_tables(holdings, {(1, 2): Entry(7, 6)})
    assert refused.value.code == "drive_sit_out_no_tricks"
    with pytest.raises(DriveError) as no_table:
        _two_tables(holdings, {(1, 3): Entry(7, 6)})
    assert no_table.value.code == "drive_no_such_table"
    with pytest.raises(DriveError) as no_hand:
        _two_tables(holdings, {(2, 1): Entry(7, 6)})
    assert no_hand.value.code == "drive_no_such_hand"


def test_the_sit_out_deemed_winners_score_seven_losers_six():
    # Table 2: lady A (token 4) real, the other three ghosts: pair A is the deemed winner.
    holdings = [Holding(p, t) for t, p in enumerate(range(100, 105))]
    rows = _two_tables(holdings, {(1, 1): Entry(9, 4)})
    sit_out = rows[0][1]
    assert sit_out.deemed is Side.A and sit_out.score(Side.A, DriveSettings()) == 7
    assert sit_out.score(Side.B, DriveSettings()) == 6
    assert sit_out.score(Side.A, DriveSettings(scoring="wins")) == 1
    assert round_winners(DriveSettings(hands=4, half_time_after=2), rows, 1) == [Side.A, Side.A]


def test_a_round_is_not_over_until_every_played_table_entered():
    holdings = [Holding(p, t) for t, p in enumerate(range(100, 108))]
    rows = _two_tables(holdings, {(1, 1): Entry(9, 4)})
    with pytest.raises(DriveError) as waiting:
        round_winners(DriveSettings(hands=4, half_time_after=2), rows, 1)
    assert waiting.value.code == "drive_round_incomplete"
    assert waiting.value.params["tables"] == "2"


def test_a_late_arrival_takes_the_seat_that_makes_a_table_whole():
    seating = first_seating(3)
    # Table 2 has one ghost lady (token 6); table 3 has two ghosts (ladies 8 and 10).
    holders = {t: 100 + t for t in range(12) if t not in (6, 8, 10)}
    assert empty_seat(seating, holders, Role.LADY) == 6
    with pytest.raises(DriveError) as none:
        empty_seat(seating, holders, Role.GENT)
    assert none.value.code == "drive_no_empty_seat"


def test_two_players_on_one_seat_are_refused():
    with pytest.raises(DriveError) as twice:
        holder_map([Holding(1, 0), Holding(2, 0, first_round=2)], 2)
    assert twice.value.code == "drive_seat_taken"


def test_late_arrival_scores_nothing_before_arriving_leaver_nothing_after():
    rules = DriveSettings(hands=6, half_time_after=2, min_hands_for_prizes=0)
    rng = random.Random(7)
    run = run_drive(
        rules,
        ladies=[1, 2, 3, 4],
        gents=[11, 12, 13],  # one ghost gent: table 2 plays a dummy
        tricks_for=lambda th: rng.randint(0, 13),
        arrivals=[Arrival(14, Role.GENT, 3)],
        leaves=[Leave(2, 4)],
    )
    late = run.cards[14]
    assert [r.kind for r in late.rows[:2]] == [RowKind.ABSENT, RowKind.ABSENT]
    assert all(r.kind is not RowKind.ABSENT for r in late.rows[2:4])
    assert late.present == 4 and sum(r.score for r in late.rows[:2]) == 0
    gone = run.cards[2]
    assert [r.kind for r in gone.rows[4:]] == [RowKind.ABSENT, RowKind.ABSENT]
    assert gone.total == gone.rows[3].total
    # Round 2 still had the ghost; from round 3 the arrival took it; from round 5 the
    # leaver's seat is a ghost.
    kinds = [[th.kind for th in row] for row in run.hands]
    assert TableKind.DUMMY in kinds[1] and TableKind.DUMMY not in kinds[2]
    assert TableKind.DUMMY in kinds[4]


def test_a_card_shows_trumps_table_partner_tricks_running_total_and_half_time():
    rules = DriveSettings(hands=4, half_time_after=2)
    rows = [[8, 5], [6, 13], [7, 7], [10, 3]]
    run = run_drive(rules, [1, 2, 3, 4], [11, 12, 13, 14], tricks_from_rows(rows))
    card = run.cards[1]  # lady A at table 1
    first = card.rows[0]
    assert (first.hand, first.trump, first.table, first.partner, first.tricks) == (1, "H", 1, 11, 8)
    assert [r.trump for r in card.rows] == ["H", "D", "S", "C"]
    assert card.total == sum(r.score for r in card.rows)
    assert card.half_time == card.rows[1].total
    assert [r.total for r in card.rows] == [
        sum(r.score for r in card.rows[: i + 1]) for i in range(4)
    ]


def test_ranking_shares_equal_totals():
    rules = DriveSettings(hands=2, half_time_after=1)
    run = run_drive(rules, [1, 2], [11, 12], tricks_from_rows([[7], [6]]))
    ranks = [(rank, card.player) for rank, card in ranking(list(run.cards.values()))]
    # Hand 1: 1+11 take 7 v 2+12; the winners split at the single table, so hand 2 is
    # 2+11 (6) v 1+12 (7): totals 1: 14, 11: 13, 12: 13, 2: 12.
    assert ranks == [(1, 1), (2, 11), (2, 12), (4, 2)]


SETTINGS = st.fixed_dictionaries(
    {
        "movement": st.sampled_from(["progressive", "semi_partner", "couple", "head_table"]),
        "mover": st.sampled_from(["winners", "losers"]),
        "change_partners": st.booleans(),
        "hands_per_round": st.sampled_from([1, 2, 4]),
        "scoring": st.sampled_from(["tricks", "wins"]),
        "incomplete_table": st.sampled_from(["dummy", "sit_out"]),
        "trumps": st.sampled_from([("H", "D", "S", "C"), ("NT", "S", "H", "D", "C")]),
    }
)


@settings(max_examples=150, deadline=None)
@given(
    options=SETTINGS,
    ladies=st.integers(2, 18),
    gents=st.integers(2, 18),
    seed=st.integers(0, 10**6),
    late=st.booleans(),
    leaver=st.booleans(),
)
def test_any_drive_seats_everyone_once_and_cards_come_from_the_tables(
    options, ladies, gents, seed, late, leaver
):
    tables = max(-(-(ladies + gents) // 4), -(-max(ladies, gents) // 2))
    rules = DriveSettings(hands=8, half_time_after=4, **options)
    rng = random.Random(seed)
    lady_ids = list(range(1, ladies + 1))
    gent_ids = list(range(101, gents + 101))
    ghosts_lady = 2 * tables - ladies
    arrivals = (
        [Arrival(999, Role.LADY, 2 + (8 // rules.hands_per_round > 2))]
        if (late and ghosts_lady)
        else []
    )
    leaves = [Leave(1, 1)] if leaver and rules.rounds > 1 else []
    run = run_drive(
        rules,
        lady_ids,
        gent_ids,
        lambda th: rng.randint(0, 13),
        arrivals=arrivals,
        leaves=leaves,
        tables=tables,
    )
    for row in run.hands:
        seen = [p for th in row for p in (*th.pair_a, *th.pair_b) if p is not None]
        assert len(seen) == len(set(seen))  # each hand seats every player at most once
        tokens = sorted(t for th in row for t in th.seating.tokens)
        assert tokens == list(range(4 * tables))  # and every seat once
        for th in row:
            if th.kind is TableKind.SIT_OUT:
                assert th.entry is None
            else:
                assert th.entry.tricks_a + th.entry.tricks_b == 13
    present = {p for row in run.hands for th in row for p in (*th.pair_a, *th.pair_b) if p}
    assert present <= set(run.cards)
    for card in run.cards.values():
        assert card.total == sum(r.score for r in card.rows)
        for row in card.rows:
            if row.kind is RowKind.ABSENT:
                assert row.score == 0
                continue
            th = run.hands[row.hand - 1][row.table - 1]
            assert th.score(row.side, rules) == row.score  # derived, never re-keyed
            if row.tricks is not None:
                other = th.tricks(row.side.other)
                assert row.tricks + other == 13
