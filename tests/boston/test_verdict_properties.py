"""Properties of judging a hand (no database): any legal auction of any variant, replayed
from its stored calls, gives the engine's contract, and the payments with the pool always sum
to zero without taking more out of the pool than it holds."""

from __future__ import annotations

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from boston.models import BostonTable
from boston.verdict import HandEntry, call_parse, call_text, hand_verdict, table_profile
from clubs.models import Club, ClubNight
from engine.boston.auction import Auction, Level
from engine.cards import Seat, Suit

#: A price for everything, so no hand is refused for a missing price.
EVERY_PRICE = {
    "name": "every price",
    "made": {str(n): n - 3 for n in range(5, 14)},
    "per_overtrick": 1,
    "failed": {str(n): [n + k for k in range(n)] for n in range(5, 14)},
    "misere": {level.name: 10 + level for level in Level if level.is_misere},
    "pool_on_failure": "double",
}
VARIANTS = ["boston_es", "boston_anglo", "boston_fontainebleau"]


def _table(variant: str) -> BostonTable:
    night = ClubNight(club=Club(name="Casino"), date=dt.date(2026, 3, 5))
    return BostonTable(
        club_night=night,
        number=1,
        variant=variant,
        payment_table="own",
        own_payment_table=EVERY_PRICE,
        stake_dealer=8,
        stake_others=4,
        first_dealer="N",
    )


@st.composite
def played_hands(draw):
    variant = draw(st.sampled_from(VARIANTS))
    table = _table(variant)
    dealer = draw(st.sampled_from(list(Seat)))
    turned = draw(st.sampled_from(list(Suit)))
    first_turned = draw(st.sampled_from(list(Suit)))  # the bueno
    auction = Auction(dealer, table_profile(table), turned=turned, first_turned=first_turned)
    calls = []
    while not auction.is_over:
        call = draw(st.sampled_from(auction.legal_calls()))
        auction.call(auction.turn, call)
        calls.append(call_text(call))
    tricks = draw(st.integers(0, 13))
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    each = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]
    entry = HandEntry(
        calls=tuple(calls),
        turned=turned.letter,
        tricks=tricks if auction.contract is not None else None,
        tricks_each=tuple(zip("NESW", each, strict=True)) if auction.misere_partout else (),
    )
    return table, dealer, entry, auction, first_turned.letter


@settings(max_examples=200, deadline=None)
@given(played_hands(), st.integers(0, 500))
def test_hand_verdict_replays_the_auction_and_payments_sum_to_zero(hand, pool):
    table, dealer, entry, auction, first_turned = hand
    contract, paid = hand_verdict(table, dealer, entry, pool, first_turned=first_turned)
    assert contract == auction.contract
    assert sum(paid.seats.values()) + paid.pool == 0
    assert pool + paid.pool >= 0


@given(st.sampled_from(VARIANTS), st.data())
def test_call_text_round_trips(variant, data):
    auction = Auction(Seat.N, table_profile(_table(variant)), turned=Suit.HEARTS)
    call = data.draw(st.sampled_from(auction.legal_calls()))
    assert call_parse(call_text(call)) == call
