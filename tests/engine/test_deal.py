"""Tests for engine.deal: validation, PBN hand strings and reproducible dealing."""

import hashlib
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import FULL_DECK, Card, Seat, Suit, parse_cards
from engine.deal import Deal, deal_from_seed, parse_pbn_deal
from engine.errors import DealError

# A deal written by hand: N holds all the spades, E all the hearts, and so on.
SUITED = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def _suited_hands() -> dict[Seat, list[Card]]:
    order = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    return {seat: [c for c in FULL_DECK if c.suit is order[seat]] for seat in Seat}


def test_deal_parse_pbn_reads_seats_clockwise_from_the_first():
    deal = parse_pbn_deal(SUITED)
    assert all(card.suit is Suit.SPADES for card in deal.hand(Seat.N))
    assert all(card.suit is Suit.HEARTS for card in deal.hand(Seat.E))
    assert all(card.suit is Suit.CLUBS for card in deal.hand(Seat.W))
    rotated = parse_pbn_deal(
        "E:.AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432 AKQJT98765432..."
    )
    assert rotated == deal


def test_deal_parse_pbn_accepts_dash_for_a_void_and_ten_as_10():
    deal = parse_pbn_deal(
        "S:-.-.-.AKQJ1098765432 AKQJT98765432.-.-.- -.AKQJT98765432.-.- -.-.AKQJT98765432.-"
    )
    assert len(deal.hand(Seat.S)) == 13 and Card.parse("TC") in deal.hand(Seat.S)
    assert all(card.suit is Suit.SPADES for card in deal.hand(Seat.W))


def test_deal_to_pbn_writes_voids_empty_and_ranks_high_to_low():
    deal = Deal.from_hands(_suited_hands())
    assert deal.to_pbn() == SUITED
    assert deal.to_pbn(Seat.W).startswith("W:...AKQJT98765432 AKQJT98765432...")


def test_deal_refuses_a_card_twice():
    hands = _suited_hands()
    hands[Seat.W][0] = Card.parse("7H")
    with pytest.raises(DealError, match="^7H appears twice$"):
        Deal.from_hands(hands)


def test_deal_refuses_a_short_hand_and_names_the_missing_card():
    hands = _suited_hands()
    hands[Seat.W].remove(Card.parse("8C"))
    with pytest.raises(DealError, match="^W holds 12 cards; 8C is missing$"):
        Deal.from_hands(hands)


def test_deal_refuses_hands_of_the_wrong_size_even_with_every_card():
    hands = _suited_hands()
    hands[Seat.E].append(hands[Seat.W].pop())
    with pytest.raises(DealError, match="E holds 14 cards; W holds 12 cards"):
        Deal.from_hands(hands)


def test_deal_refuses_a_missing_seat_and_bad_pbn():
    hands = _suited_hands()
    del hands[Seat.S]
    with pytest.raises(DealError, match="no hand given for S"):
        Deal.from_hands(hands)
    for text, message in (
        ("AKQ.J.T.9", "seat and a colon"),
        ("X:" + SUITED[2:], "not a seat"),
        ("N:AKQJT98765432... .AKQJT98765432..", "four hands"),
        ("N:AKQJT98765432.. .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432", "four suits"),
        ("N:AKQJT9876543X... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432", "'X'"),
    ):
        with pytest.raises(DealError, match=message):
            parse_pbn_deal(text)


def test_deal_knows_who_holds_each_card():
    deal = parse_pbn_deal(SUITED)
    assert deal.holder(Card.parse("2S")) is Seat.N and deal.holder(Card.parse("AC")) is Seat.W
    counts = deal.suit_counts()
    assert counts[Seat.N * 4 + Suit.SPADES] == 13 and counts[Seat.N * 4 + Suit.HEARTS] == 0


def test_deal_with_different_turned_cards_differ():
    hands = _suited_hands()
    assert Deal.from_hands(hands, Card.parse("2S")) != Deal.from_hands(hands)


# --- Seeded dealing -------------------------------------------------------------------------


def _reference_deal(seed: str, dealer: Seat) -> tuple[dict[Seat, set[str]], str]:
    """The documented algorithm, written again from engine/README.md without engine code."""
    words: list[int] = []
    counter = 0

    def word() -> int:
        nonlocal counter
        if not words:
            digest = hashlib.sha256(b"tenace-deal-v1:" + seed.encode() + struct.pack(">Q", counter))
            words.extend(reversed(struct.unpack(">8I", digest.digest())))
            counter += 1
        return words.pop()

    pack = [rank + suit for suit in "CDHS" for rank in "23456789TJQKA"]
    for i in range(51, 0, -1):
        bound = i + 1
        while True:
            w = word()
            if w < 2**32 - 2**32 % bound:
                break
        j = w % bound
        pack[i], pack[j] = pack[j], pack[i]
    hands: dict[Seat, set[str]] = {seat: set() for seat in Seat}
    for k, card in enumerate(pack):
        hands[Seat((dealer + 1 + k) % 4)].add(card)
    return hands, pack[-1]


@pytest.mark.parametrize("seed,dealer", [("golden-1", Seat.N), ("0", Seat.S), ("42", Seat.W)])
def test_deal_from_seed_matches_an_independent_implementation(seed, dealer):
    hands, turned = _reference_deal(seed, dealer)
    deal = deal_from_seed(seed, dealer)
    assert {seat: {str(c) for c in deal.hand(seat)} for seat in Seat} == hands
    assert str(deal.turned) == turned


# Pinned forever: these deals must come out the same on every machine and Python version.
GOLDEN = [
    (
        "golden-1",
        Seat.N,
        "N:KQJ987.A87.72.K3 642.K96.J64.QJ97 3.J53.KQT9853.85 AT5.QT42.A.AT642",
        "7S",
    ),
    (0, Seat.S, "N:AKQ.KJ6.K32.Q974 J87652.7.T9.6532 T3.QT943.A8765.J 94.A852.QJ4.AKT8", "9H"),
    (
        b"\x00\xff",
        Seat.N,
        "N:765.3.K754.JT954 AQJT8.985.J8.A87 932.AKT642.T93.6 K4.QJ7.AQ62.KQ32",
        "3H",
    ),
]


@pytest.mark.parametrize("seed,dealer,pbn,turned", GOLDEN)
def test_deal_from_seed_golden_deals_never_change(seed, dealer, pbn, turned):
    deal = deal_from_seed(seed, dealer)
    assert deal.to_pbn() == pbn and str(deal.turned) == turned


def test_deal_from_seed_integer_and_string_seeds_agree():
    assert deal_from_seed(42) == deal_from_seed("42")


def test_deal_from_seed_refuses_other_seed_types():
    with pytest.raises(DealError):
        deal_from_seed(1.5)  # type: ignore[arg-type]
    with pytest.raises(DealError):
        deal_from_seed(True)


def test_deal_from_seed_deals_one_at_a_time_from_the_dealers_left():
    # The dealer receives the last card, so the turned card is always the dealer's.
    for dealer in Seat:
        deal = deal_from_seed("rotation", dealer)
        assert deal.holder(deal.turned) is dealer


@given(
    st.one_of(st.integers(), st.text(max_size=20), st.binary(max_size=20)), st.sampled_from(Seat)
)
@settings(max_examples=100)
def test_deal_from_seed_same_seed_same_deal(seed, dealer):
    first = deal_from_seed(seed, dealer)
    assert first == deal_from_seed(seed, dealer)
    assert first.holder(first.turned) is dealer


@given(st.lists(st.integers(min_value=0, max_value=10**12), min_size=2, max_size=5, unique=True))
@settings(max_examples=50)
def test_deal_from_seed_different_seeds_give_valid_deals(seeds):
    deals = [deal_from_seed(seed) for seed in seeds]
    for deal in deals:
        assert sorted(card for hand in deal.hands for card in hand) == list(FULL_DECK)
        assert all(len(hand) == 13 for hand in deal.hands)
    assert len({deal.to_pbn() for deal in deals}) == len(deals)


@given(st.permutations(FULL_DECK), st.sampled_from(Seat))
@settings(max_examples=100)
def test_deal_pbn_round_trip(pack, first):
    deal = Deal.from_hands({seat: pack[seat * 13 : seat * 13 + 13] for seat in Seat})
    assert parse_pbn_deal(deal.to_pbn(first)) == deal


def test_deal_turned_card_must_be_a_card():
    with pytest.raises(DealError):
        Deal.from_hands(_suited_hands(), turned="AS")  # type: ignore[arg-type]
    assert parse_cards("AS")[0] in Deal.from_hands(_suited_hands()).hand(Seat.N)


def test_deal_hands_are_kept_sorted_whatever_order_they_come_in():
    hands = _suited_hands()
    shuffled = tuple(tuple(reversed(hands[seat])) for seat in Seat)
    deal = Deal(shuffled)  # type: ignore[arg-type]
    assert deal == Deal.from_hands(hands) and hash(deal) == hash(Deal.from_hands(hands))
    assert list(deal.hand(Seat.N)) == sorted(deal.hand(Seat.N))


def test_keyed_seed_is_the_hmac_of_the_seed_under_the_secret():
    """Pinned: HMAC-SHA-256(b"k", b"tenace-deal-key-v1:tuesday"), and the board it deals."""
    from engine.boards import board_set
    from engine.deal import keyed_seed

    seed = keyed_seed("tuesday", b"k")
    assert seed == "657e88716c210bdfeca7b1943670b467b416062db0196852cfd46d35557b8a15"
    assert board_set(1, seed)[0].deal.to_pbn() == (
        "N:A.T2.J984.KQT972 QT975.AK8.T5.A64 K832.QJ953.K32.J J64.764.AQ76.853"
    )
    # The seed alone deals other cards; another secret, others again.
    assert board_set(1, "tuesday")[0].deal.to_pbn() == (
        "N:KT4.A42.KT43.K86 AJ6.KJ983.J87.Q7 Q9732.T7.A5.T942 85.Q65.Q962.AJ53"
    )
    assert keyed_seed("tuesday", b"j") != seed
