"""A club's own payment table as data: round trip and clear errors for every mistake."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.boston.auction import Contract, Level
from engine.boston.payments import FOSTER, POKERWINER, PaymentTable, settle
from engine.cards import Seat
from engine.errors import BostonError

CLUB = {
    "name": "Club Tenace",
    "made": {"5": 10, "6": 15, "8": 25},
    "per_overtrick": 2,
    "failed": {"5": [10, 20, 30, 40, 50], "8": [20, None, 60]},
    "misere": {"PEQUENA_MISERIA": 30, "MISERIA_CUATRO_ASES": 90},
    "pool_on_failure": "pay_same",
    "misere_partout_unit": 5,
}


def test_club_table_from_json_settles_hands():
    table = PaymentTable.from_json(json.dumps(CLUB))
    assert table.name == "Club Tenace"
    made = settle(Contract(Seat.N, Level.PIDO, None, Seat.S), 10, table, pool=0)
    assert made.seats[Seat.N] == 2 * (25 + 2 * 2)
    aces = settle(Contract(Seat.E, Level.MISERIA_CUATRO_ASES), 0, table, 0)
    assert aces.seats[Seat.E] == 270
    with pytest.raises(BostonError, match="no price for 8 tricks bid and 2 short"):
        settle(Contract(Seat.N, Level.PIDO, None, Seat.S), 6, table, pool=0)


@pytest.mark.parametrize("table", [FOSTER, POKERWINER, PaymentTable.from_dict(CLUB)])
def test_tables_round_trip_through_json(table):
    assert PaymentTable.from_json(json.dumps(table.to_dict())) == table


@pytest.mark.parametrize(
    "change,message",
    [
        ({"name": ""}, "needs a name"),
        ({"colour": "red"}, "no field 'colour'"),
        ({"made": {"14": 3}}, r"made: '14' is not a number of tricks from 1 to 13"),
        ({"made": {"five": 3}}, "'five' is not a number of tricks"),
        ({"made": {"5": -1}}, r"made\[5\]: -1 is not a whole number"),
        ({"made": {"5": 2.5}}, r"made\[5\]: 2.5 is not a whole number"),
        ({"made": {"5": True}}, r"made\[5\]: True is not a whole number"),
        ({"made": [1, 2]}, "made must be an object"),
        ({"failed": {"5": 10}}, r"failed\[5\] must be a list"),
        ({"failed": {"5": [1, 2, 3, 4, 5, 6]}}, "6 prices but 5 tricks bid"),
        ({"failed": {"6": [1, "x"]}}, r"failed\[6\]\[1\]: 'x'"),
        ({"misere": {"PIDO": 3}}, "'PIDO' is not a misère"),
        ({"pool_on_failure": "triple"}, "pool_on_failure must be one of none, double, pay_same"),
        ({"per_overtrick": -2}, "per_overtrick: -2"),
        ({"misere_partout_unit": "1"}, "misere_partout_unit: '1'"),
    ],
)
def test_club_table_mistakes_are_refused_with_the_field(change, message):
    with pytest.raises(BostonError, match=message):
        PaymentTable.from_dict({**CLUB, **change})


def test_club_table_not_an_object_or_not_json():
    with pytest.raises(BostonError, match="is a JSON object"):
        PaymentTable.from_dict(["foster"])
    with pytest.raises(BostonError, match="not valid JSON"):
        PaymentTable.from_json("{name: foster")


def test_older_stored_tables_without_the_partout_unit_still_load():
    data = POKERWINER.to_dict()
    del data["misere_partout_unit"]
    assert PaymentTable.from_dict(data).misere_partout_unit == 1


prices = st.integers(0, 500)


@settings(max_examples=100, deadline=None)
@given(
    made=st.dictionaries(st.integers(1, 13), prices, max_size=13),
    failed=st.dictionaries(
        st.integers(1, 13), st.lists(st.one_of(st.none(), prices), max_size=1), max_size=13
    ),
    over=prices,
)
def test_any_valid_table_round_trips(made, failed, over):
    table = PaymentTable(
        name="x", made=made, per_overtrick=over, failed={k: tuple(v) for k, v in failed.items()}
    )
    assert PaymentTable.from_json(json.dumps(table.to_dict())) == table


FULL = PaymentTable(
    name="full",
    made={k: 2 * k for k in range(1, 14)},
    per_overtrick=1,
    failed={k: tuple(range(3, 3 + k)) for k in range(1, 14)},
    misere={name: 30 for name in (lv.name for lv in Level if lv.is_misere)},
)


@settings(max_examples=300, deadline=None)
@given(
    level=st.sampled_from(list(Level)),
    declarer=st.sampled_from(list(Seat)),
    partner=st.booleans(),
    data=st.data(),
    pool=st.integers(0, 300),
)
def test_every_contract_settles_zero_sum_and_made_means_paid(level, declarer, partner, data, pool):
    supporter = declarer.partner if partner and level.supportable else None
    contract = Contract(declarer, level, None, supporter)
    tricks = data.draw(st.integers(0, level.tricks_played))
    s = settle(contract, tricks, FULL, pool)
    assert sum(s.seats.values()) + s.pool == 0
    made = tricks == 0 if level.is_misere else tricks >= contract.tricks
    assert (s.seats[declarer] > 0) == made
