"""Every payment rules.md §10.3–10.5 publishes, checked through settle (numbers from rules.md).

Each case: the rules.md wording, then what a seat receives (+) or pays (−).
"""

import pytest

from engine.boston.auction import Contract, Level
from engine.boston.payments import (
    FONTAINEBLEAU_STAKES,
    FONTAINEBLEAU_STAKES_WIKIPEDIA,
    FOSTER,
    OLD_ENGLISH_STAKES,
    POKERWINER,
    SPANISH_STAKES,
    PaymentTable,
    ante,
    settle,
)
from engine.cards import Seat

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W

# rules.md §10.3: "made bids 5→2, 6→3, 7→4, 8→5, 9→7, 10→9, 11→13, 12→21, 13→34 from each player"
POKERWINER_MADE = "5→2, 6→3, 7→4, 8→5, 9→7, 10→9, 11→13, 12→21, 13→34"
# rules.md §10.3: "failures 5: 2,4,6,8,10 …; 6: 3,5,7,9,11 …"
POKERWINER_FAILED = {5: "2,4,6,8,10", 6: "3,5,7,9,11"}
# rules.md §10.3: "little misère 20, grand misère 40, little spread 80, grand spread 160"
FOSTER_MISERES = {
    Level.LITTLE_MISERE: 20,
    Level.GRAND_MISERE: 40,
    Level.LITTLE_SPREAD: 80,
    Level.GRAND_SPREAD: 160,
}
ANGLO_TRICKS = {
    5: Level.FIVE,
    6: Level.SIX,
    7: Level.SEVEN,
    8: Level.EIGHT,
    9: Level.NINE,
    10: Level.TEN,
    11: Level.ELEVEN,
    12: Level.TWELVE,
    13: Level.THIRTEEN,
}


def _pairs(text):
    return [tuple(int(x) for x in part.split("→")) for part in text.split(", ")]


@pytest.mark.parametrize("tricks,price", _pairs(POKERWINER_MADE))
def test_pokerwiner_made_bid_is_paid_by_each_player(tricks, price):
    contract = Contract(N, ANGLO_TRICKS[tricks], None)
    s = settle(contract, tricks, POKERWINER, pool=0)
    assert s.seats == {N: 3 * price, E: -price, S: -price, W: -price} and s.pool == 0


@pytest.mark.parametrize(
    "bid,short,price",
    [
        (b, i, int(p))
        for b, row in POKERWINER_FAILED.items()
        for i, p in enumerate(row.split(","), 1)
    ],
)
def test_pokerwiner_failure_is_paid_to_each_player(bid, short, price):
    s = settle(Contract(W, ANGLO_TRICKS[bid], None), bid - short, POKERWINER, pool=12)
    assert s.seats == {W: -3 * price, N: price, E: price, S: price}
    assert s.pool == 0  # pokerwiner: no pool rule


@pytest.mark.parametrize("level,price", FOSTER_MISERES.items())
@pytest.mark.parametrize("made", [True, False])
def test_foster_misere_won_from_or_lost_to_each_adversary(level, price, made):
    tricks = 0 if made else 1
    s = settle(Contract(E, level), tricks, FOSTER, pool=0)
    sign = 1 if made else -1
    assert s.seats == {E: sign * 3 * price, N: -sign * price, S: -sign * price, W: -sign * price}


def test_foster_misere_has_no_overtricks():
    # "no over-tricks": losing by 3 tricks costs what losing by 1 does
    one = settle(Contract(E, Level.GRAND_MISERE), 1, FOSTER, 0)
    three = settle(Contract(E, Level.GRAND_MISERE), 3, FOSTER, 0)
    assert one == three


def test_foster_boston_doubles_the_pool_on_failure():
    # rules.md §10.3: "Foster's Boston doubles the pool on failure"
    s = settle(Contract(N, Level.FIVE, None), 4, FOSTER, pool=40)
    assert s.pool == 40 and s.seats[N] == -30 - 40


def test_fontainebleau_failing_player_pays_the_pool_what_he_pays_each_other():
    # rules.md §10.3: "the failing player instead pays into the pool the same amount he pays
    # each other player"
    table = PaymentTable.from_dict({**FOSTER.to_dict(), "pool_on_failure": "pay_same"})
    s = settle(Contract(N, Level.FIVE, None), 4, table, pool=40)
    assert s.pool == 10 and s.seats == {N: -40, E: 10, S: 10, W: 10}


@pytest.mark.parametrize(
    "stakes,dealer,others,plate",
    [
        (SPANISH_STAKES, 8, 4, 20),  # §10.2: plate of 20 chips, dealer 8, others 4 each
        (OLD_ENGLISH_STAKES, 12, 8, 36),  # §10.4: 8 fish each, dealer 4 more
        (FONTAINEBLEAU_STAKES, 5, 0, 5),  # §10.5: each dealer pays five counters (Foster)
        (FONTAINEBLEAU_STAKES_WIKIPEDIA, 50, 0, 50),  # §10.5: one short counter of fifty
    ],
)
def test_stakes_each_seat_puts_in(stakes, dealer, others, plate):
    a = ante(S, stakes)
    assert a.seats == {S: -dealer, N: -others, E: -others, W: -others}
    assert a.pool == plate == stakes.initial_plate
