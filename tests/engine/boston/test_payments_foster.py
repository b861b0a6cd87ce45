"""Foster's two Boston failure tables, checked against the printed page.

Source: R. F. Foster, *Foster's Complete Hoyle*, "Boston", p.168 (page scan:
https://bitlit.ru/page/en/r-f-foster/fosters-complete-hoyle-an-encyclopedia-of-games-including-all-indoor-games-played-to-day-with-suggestions-for-good-play-illustrative-hands-and-all-off/168).
The rows below are copied from that page as printed, one string per bid (tricks bid, then
the payment to each adversary for 1, 2, 3 … tricks short), independently of the engine's
tuples; each price is checked through ``settle`` (what the seats pay and receive).
"""

import pytest

from engine.boston.auction import Contract, Level
from engine.boston.contracts import ladder
from engine.boston.payments import (
    FOSTER_COMPLETE,
    FOSTER_DECIMAL,
    FOSTER_ORIGINAL,
    PAYMENT_TABLES,
    POKERWINER,
    settle,
)
from engine.boston.variants import ANGLO_AMERICAN, FONTAINEBLEAU, SPANISH
from engine.cards import Seat
from engine.errors import BostonError

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W

# "Tricks bid by the player. | Number of tricks by which the player falls short of his
# declaration." (the original table, p.168)
PRINTED_ORIGINAL = """
Five 11 21 31 41 50
Six 15 24 35 45 55 66
Seven 19 29 40 50 60 72 82
Eight 23 34 46 56 67 78 89 110
Nine 33 44 57 68 82 92 103 115 127
Ten 44 56 70 82 94 107 119 132 145 157
Eleven 67 80 95 109 123 138 151 165 180 194 208
Twelve 113 130 148 165 182 200 217 234 252 270 286 304
Thirteen 177 198 222 241 262 284 305 326 348 369 390 412 433
"""
# "We give the same table reduced to the American decimal system, in which form it is
# commonly found in the clubs." "Tricks bid. | Number of tricks bidder is 'put in for.'"
PRINTED_DECIMAL = """
Five 10 20 30 40 50
Six 15 25 35 45 55 65
Seven 20 30 40 50 60 70 80
Eight 25 35 45 55 70 85 100 115
Nine 35 45 55 65 80 95 110 125 140
Ten 45 55 70 80 95 110 125 140 155 170
Eleven 70 80 95 110 125 140 155 170 185 200 220
Twelve 120 130 145 160 180 200 220 240 260 280 300 320
Thirteen 180 200 220 240 260 280 300 320 340 360 390 420 450
"""
WORDS = ["Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven", "Twelve", "Thirteen"]
LEVELS = [Level.FIVE, Level.SIX, Level.SEVEN, Level.EIGHT, Level.NINE, Level.TEN]
LEVELS += [Level.ELEVEN, Level.TWELVE, Level.THIRTEEN]


def _cases(printed):
    for line in printed.strip().splitlines():
        word, *prices = line.split()
        bid = WORDS.index(word) + 5
        assert len(prices) == bid  # a bid of n can be put in for 1 … n tricks
        for short, price in enumerate(prices, start=1):
            yield bid, short, int(price)


@pytest.mark.parametrize(
    "table,printed", [(FOSTER_ORIGINAL, PRINTED_ORIGINAL), (FOSTER_DECIMAL, PRINTED_DECIMAL)]
)
def test_foster_failure_tables_as_printed_on_page_168(table, printed):
    cases = list(_cases(printed))
    assert len(cases) == sum(range(5, 14))  # 81 prices in each table
    for bid, short, price in cases:
        s = settle(Contract(N, LEVELS[bid - 5], None), bid - short, table, pool=0)
        assert s.seats == {N: -3 * price, E: price, S: price, W: price}, (bid, short)


def test_foster_tables_are_presets_by_name():
    assert PAYMENT_TABLES["foster_decimal"] is FOSTER_DECIMAL
    assert PAYMENT_TABLES["foster_original"] is FOSTER_ORIGINAL
    assert PAYMENT_TABLES["foster"] is FOSTER_DECIMAL  # tables stored under the old name


@pytest.mark.parametrize("table", [FOSTER_DECIMAL, FOSTER_ORIGINAL])
def test_foster_prints_no_success_table_so_a_made_bid_is_refused_not_invented(table):
    with pytest.raises(BostonError, match="no price for making 5 tricks"):
        settle(Contract(N, Level.FIVE, None), 5, table, pool=0)


def test_pokerwiner_failures_are_foster_decimal_divided_by_five():
    # the reason FOSTER_COMPLETE takes pokerwiner's made scale ×5
    for bid, row in POKERWINER.failed.items():
        assert [5 * p for p in row] == list(FOSTER_DECIMAL.failed[bid][: len(row)])


@pytest.mark.parametrize("profile", [SPANISH, ANGLO_AMERICAN, FONTAINEBLEAU])
def test_foster_complete_prices_every_contract_of_every_ladder(profile):
    for level in ladder(profile):
        supporters = [None, S] if level.supportable else [None]
        for supporter in supporters:
            contract = Contract(N, level, None, supporter)
            for tricks in range(level.tricks_played + 1):
                s = settle(contract, tricks, FOSTER_COMPLETE, pool=20)
                assert sum(s.seats.values()) + s.pool == 0


def test_foster_complete_made_and_failed_spanish_contracts():
    made_pido = settle(Contract(N, Level.PIDO, None), 5, FOSTER_COMPLETE, pool=0)
    assert made_pido.seats[E] == -10  # pokerwiner 5 → 2, in Foster's units ×5
    # a failed pido + sostengo (8 together, 2 short): Foster decimal "Eight" row, 35 each
    failed = settle(Contract(N, Level.PIDO, None, S), 6, FOSTER_COMPLETE, pool=0)
    assert failed.seats == {N: -70, S: -70, E: 70, W: 70}
    aces = settle(Contract(N, Level.MISERIA_CUATRO_ASES), 0, FOSTER_COMPLETE, pool=0)
    assert aces.seats[E] == -80
