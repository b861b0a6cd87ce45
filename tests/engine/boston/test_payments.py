import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.boston.auction import Contract, Level
from engine.boston.payments import (
    FOSTER,
    POKERWINER,
    PaymentTable,
    PoolOnFailure,
    ante,
    hand_result,
    settle,
)
from engine.cards import Seat
from engine.errors import BostonError

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def test_hand_result_partnership_needs_eight():
    c = Contract(E, Level.PIDO, None, supporter=S)
    assert hand_result(c, 8).made and not hand_result(c, 7).made
    assert hand_result(c, 7).short == 1 and hand_result(c, 10).over == 2


def test_hand_result_misere_fails_on_any_trick():
    c = Contract(E, Level.GRAN_MISERIA)
    assert hand_result(c, 0).made and not hand_result(c, 1).made


@pytest.mark.parametrize(
    "tricks,price", [(5, 2), (6, 3), (7, 4), (8, 5), (9, 7), (10, 9), (11, 13), (12, 21), (13, 34)]
)
def test_pokerwiner_made_scale(tricks, price):
    assert POKERWINER.made[tricks] == price  # rules.md §10.3, pokerwiner scale


def test_pokerwiner_failures_bid_five_and_six():
    solo5 = Contract(E, Level.PIDO)
    for short, price in enumerate((2, 4, 6, 8, 10), start=1):
        assert settle(solo5, 5 - short, POKERWINER, 0).seats[E] == -3 * price
    assert POKERWINER.failed[6] == (3, 5, 7, 9, 11)


def test_foster_misere_prices_paid_by_each_adversary():
    for level, price in [
        (Level.PEQUENA_MISERIA, 20),
        (Level.GRAN_MISERIA, 40),
        (Level.MISERIA_EN_LA_MESA, 160),
    ]:
        s = settle(Contract(N, level), 0, FOSTER, 0)
        assert s.seats == {N: 3 * price, E: -price, S: -price, W: -price}


def test_foster_bid_five_short_one_pays_ten_and_doubles_pool():
    s = settle(Contract(N, Level.PIDO), 4, FOSTER, pool=36)
    assert s.seats[E] == 10 and s.seats[N] == -30 - 36 and s.pool == 36


def test_fontainebleau_pool_rule_pays_same_as_each_adversary():
    table = PaymentTable.from_dict({**FOSTER.to_dict(), "pool_on_failure": "pay_same"})
    assert table.pool_on_failure is PoolOnFailure.PAY_SAME
    s = settle(Contract(N, Level.PIDO), 4, table, pool=36)
    assert s.pool == 10 and s.seats[N] == -40


def test_unknown_price_is_refused_not_invented():
    with pytest.raises(BostonError, match="miseria de cuatro ases"):
        settle(Contract(N, Level.MISERIA_CUATRO_ASES), 0, FOSTER, 0)


def test_made_contract_takes_the_pool():
    s = settle(Contract(E, Level.PIDO, None, S), 8, POKERWINER, pool=36)
    assert s.pool == -36 and s.seats[E] == 2 * 5 + 18 and s.seats[S] == 2 * 5 + 18


def test_ante_spanish_stakes_dealer_eight_others_four():
    a = ante(N)
    assert a.seats == {N: -8, E: -4, S: -4, W: -4} and a.pool == 20


def test_table_round_trips_through_dict():
    assert PaymentTable.from_dict(POKERWINER.to_dict()) == POKERWINER


@settings(max_examples=300, deadline=None)
@given(
    declarer=st.sampled_from(list(Seat)),
    partner=st.booleans(),
    tricks=st.integers(0, 13),
    pool=st.integers(0, 500),
    pool_rule=st.sampled_from(list(PoolOnFailure)),
)
def test_settle_is_zero_sum_with_the_pool(declarer, partner, tricks, pool, pool_rule):
    table = PaymentTable(
        name="club",
        made={k: k for k in range(5, 14)},
        per_overtrick=1,
        failed={k: tuple(range(1, 14)) for k in range(5, 14)},
        pool_on_failure=pool_rule,
    )
    supporter = declarer.left if partner else None
    s = settle(Contract(declarer, Level.PIDO, None, supporter), tricks, table, pool)
    assert sum(s.seats.values()) + s.pool == 0
