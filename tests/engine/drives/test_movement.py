"""drives.md §5: each movement moved by hand from the text's description, then properties
over random drives under every movement setting."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.drives.errors import DriveError
from engine.drives.movement import (
    Side,
    TableKind,
    TableSeating,
    check_seating,
    deemed_winner,
    first_holders,
    first_seating,
    next_seating,
    round_winner,
    table_kind,
    tables_for,
    token_role,
)
from engine.drives.settings import DriveSettings, Role

A, B = Side.A, Side.B


def named(tables: int):
    """Round 1 of ``tables`` tables and a name for each token: "L2a" is the lady of pair A
    at table 2, "G3b" the gent of pair B at table 3."""
    seating = first_seating(tables)
    names = {}
    for number, table in enumerate(seating, start=1):
        names[table.lady_a], names[table.gent_a] = f"L{number}a", f"G{number}a"
        names[table.lady_b], names[table.gent_b] = f"L{number}b", f"G{number}b"
    return seating, names


def show(seating, names):
    return [
        ((names[t.lady_a], names[t.gent_a]), (names[t.lady_b], names[t.gent_b])) for t in seating
    ]


# Three tables; A won at tables 1 and 3, B won at table 2.
WINNERS = [A, B, A]


def test_progressive_winners_move_lady_up_gent_down_goa():
    seating, n = named(3)
    moved = next_seating(seating, WINNERS, DriveSettings())
    # Table 1: its losers (b) stay; the winning lady of table 3 (down, wrapping) arrives and
    # partners the losing gent; the winning gent of table 2 (up) partners the losing lady.
    assert show(moved, n) == [
        (("L1b", "G2b"), ("L3a", "G1b")),
        (("L2a", "G3a"), ("L1a", "G2a")),
        (("L3b", "G1a"), ("L2b", "G3b")),
    ]


def test_progressive_losers_move_winners_stay_and_split_wd():
    seating, n = named(3)
    moved = next_seating(seating, WINNERS, DriveSettings(mover="losers"))
    assert show(moved, n) == [
        (("L1a", "G2a"), ("L3b", "G1a")),
        (("L2b", "G3b"), ("L1b", "G2b")),
        (("L3a", "G1b"), ("L2a", "G3a")),
    ]


def test_semi_partner_winners_stay_together_losers_split():
    seating, n = named(3)
    moved = next_seating(seating, WINNERS, DriveSettings(movement="semi_partner"))
    # Losing ladies go up one table, losing gents down one.
    assert show(moved, n) == [
        (("L1a", "G1a"), ("L3b", "G2a")),
        (("L2b", "G2b"), ("L1b", "G3b")),
        (("L3a", "G3a"), ("L2a", "G1b")),
    ]


def test_couple_winners_move_up_together_partners_kept():
    seating, n = named(3)
    moved = next_seating(seating, WINNERS, DriveSettings(movement="couple"))
    assert show(moved, n) == [
        (("L1b", "G1b"), ("L3a", "G3a")),
        (("L2a", "G2a"), ("L1a", "G1a")),
        (("L3b", "G3b"), ("L2b", "G2b")),
    ]


def test_couple_losers_move_partners_divided_fdw():
    seating, n = named(3)
    moved = next_seating(
        seating, WINNERS, DriveSettings(movement="couple", mover="losers", change_partners=True)
    )
    # Staying pair at 1 = its winners (L1a G1a); arriving = losers of table 3 (L3b G3b).
    assert show(moved, n) == [
        (("L1a", "G3b"), ("L3b", "G1a")),
        (("L2b", "G1b"), ("L1b", "G2b")),
        (("L3a", "G2a"), ("L2a", "G3a")),
    ]


def test_head_table_winners_stay_at_one_losers_to_the_foot_tio2():
    seating, n = named(3)
    moved = next_seating(
        seating, WINNERS, DriveSettings(movement="head_table", change_partners=False)
    )
    # Table 1 keeps its winners (a) and receives table 2's winners (b); table 2 keeps its
    # losers (a) and receives table 3's winners (a); table 3 keeps its losers (b) and
    # receives table 1's losers (b).
    assert show(moved, n) == [
        (("L1a", "G1a"), ("L2b", "G2b")),
        (("L2a", "G2a"), ("L3a", "G3a")),
        (("L3b", "G3b"), ("L1b", "G1b")),
    ]
    divided = next_seating(seating, WINNERS, DriveSettings(movement="head_table"))
    assert show(divided, n)[0] == (("L1a", "G2b"), ("L2b", "G1a"))


def test_round_winner_tricks_then_hands_won_then_last_hand():
    assert round_winner([7]) is A and round_winner([6]) is B
    assert round_winner([8, 6, 7, 5]) is B  # 26 v 26 tricks; hands 2-2; B won the last
    assert round_winner([13, 0, 7, 6]) is B  # 26 v 26; hands 2-2; last hand B
    assert round_winner([9, 4, 6, 7]) is A  # 26 v 26; 2-2; last hand A (7)
    assert round_winner([10, 3, 5]) is B  # 18 v 21 tricks
    assert round_winner([7, 6, 7, 6]) is B and round_winner([6, 7, 6, 7]) is A


def test_tables_are_a_quarter_of_the_players_rounded_up_roles_two_a_table():
    assert tables_for(19, 18) == 10
    assert tables_for(2, 2) == 1
    with pytest.raises(DriveError) as many:
        tables_for(22, 15)
    assert many.value.code == "drive_too_many_in_role"
    assert many.value.params == {"role": "lady", "count": 22, "seats": 20}
    assert tables_for(22, 15, tables=11) == 11
    with pytest.raises(DriveError) as few:
        tables_for(10, 10, tables=4)
    assert few.value.code == "drive_tables"
    with pytest.raises(DriveError) as alone:
        tables_for(1, 1)
    assert alone.value.code == "drive_too_few_players"


def test_first_holders_leave_the_ghosts_at_the_last_table():
    holders = first_holders(range(100, 119), range(200, 218), 10)
    last = first_seating(10)[-1]
    assert [last.tokens[i] in holders for i in range(4)] == [True, False, False, False]
    assert all(token_role(t) is Role.LADY for t, p in holders.items() if p < 200)


def test_incomplete_tables_dummy_with_one_ghost_sit_out_with_two():
    table = TableSeating(0, 1, 2, 3)
    dummy, sit_out = DriveSettings(), DriveSettings(incomplete_table="sit_out")
    assert table_kind(table, set(), dummy) is TableKind.PLAYED
    assert table_kind(table, {3}, dummy) is TableKind.DUMMY
    assert table_kind(table, {3}, sit_out) is TableKind.SIT_OUT
    assert table_kind(table, {1, 3}, dummy) is TableKind.SIT_OUT


def test_deemed_winner_fewer_ghosts_then_a_real_lady_then_smaller_seat():
    table = TableSeating(0, 1, 2, 3)
    assert deemed_winner(table, {0, 1, 3}) is B  # B has one ghost, A two
    assert deemed_winner(table, {1, 2}) is A  # one each; A has the real lady
    assert deemed_winner(table, {2, 1}) is A
    assert deemed_winner(table, {0, 3}) is B  # one each; B has the real lady
    assert deemed_winner(table, {1, 3}) is A  # both real ladies: the smaller seat
    assert deemed_winner(table, {0, 1, 2, 3}) is A


def test_a_seating_missing_a_seat_is_refused():
    broken = (TableSeating(0, 1, 2, 3), TableSeating(4, 5, 6, 6))
    with pytest.raises(DriveError) as refused:
        check_seating(broken, 2, 3)
    assert refused.value.code == "drive_seating_invalid"
    swapped = (TableSeating(1, 0, 2, 3),)
    with pytest.raises(DriveError):
        check_seating(swapped, 1)


MOVEMENTS = st.sampled_from(
    [
        {"movement": "progressive", "mover": "winners"},
        {"movement": "progressive", "mover": "losers"},
        {"movement": "semi_partner"},
        {"movement": "couple", "mover": "winners", "change_partners": False},
        {"movement": "couple", "mover": "losers", "change_partners": False},
        {"movement": "couple", "mover": "winners", "change_partners": True},
        {"movement": "couple", "mover": "losers", "change_partners": True},
        {"movement": "head_table", "change_partners": True},
        {"movement": "head_table", "change_partners": False},
    ]
)


@settings(max_examples=300, deadline=None)
@given(
    movement=MOVEMENTS,
    tables=st.integers(1, 14),
    data=st.data(),
)
def test_every_round_seats_every_token_once_one_lady_and_one_gent_in_and_out(
    movement, tables, data
):
    rules = DriveSettings(**movement)
    seating = first_seating(tables)
    for round_number in range(2, 8):
        winners = data.draw(st.lists(st.sampled_from([A, B]), min_size=tables, max_size=tables))
        moved = next_seating(seating, winners, rules)
        check_seating(moved, tables, round_number)
        if tables >= 2:
            for before, after in zip(seating, moved, strict=True):
                came = set(after.tokens) - set(before.tokens)
                went = set(before.tokens) - set(after.tokens)
                for changed in (came, went):
                    assert sorted(token_role(t) for t in changed) == [Role.GENT, Role.LADY]
        if rules.fixed_partners:
            pairs = lambda s: {frozenset(t.pair(x).__dict__.values()) for t in s for x in Side}  # noqa: E731
            assert pairs(moved) == pairs(seating)
        seating = moved
