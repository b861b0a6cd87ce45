"""rules.md §1 (cards, cutting, the deal, trumps, play) and §6 (leads are not enforced).

Expectations come from the rule texts quoted in rules.md (Enquire Within rule ii, Club law
13, old Hoyle p.90, Club law 71, the whistportal/paloaltobridge play rules).
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import FULL_DECK, Card, Rank, Seat, Suit, parse_cards
from engine.deal import deal_from_seed
from engine.errors import RotationError
from engine.play import legal_cards, trick_winner
from engine.rotation import cut_for_table, cut_rank, cutter

# -- the pack and the cut --------------------------------------------------------------------


def test_s1_fifty_two_cards_ace_high_in_play():
    assert len(FULL_DECK) == 52 and len(set(FULL_DECK)) == 52
    # A high ... 2 low: of one suit, the ace beats the king beats ... the two
    order = parse_cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S")
    for higher, lower in zip(order, order[1:], strict=False):
        assert trick_winner([lower, higher], Seat.N, None) is Seat.E
        assert trick_winner([higher, lower], Seat.N, None) is Seat.N


def test_s1_ace_is_the_lowest_card_when_cutting():
    # Club law 13 / old Hoyle: "In cutting, the ace is accounted the lowest."
    ranks = [cut_rank(card) for card in parse_cards("AH 2H 9C TD JS QC KD")]
    assert ranks == sorted(ranks)
    assert cut_rank(parse_cards("AS")[0]) < cut_rank(parse_cards("2C")[0])


def test_s1_cut_two_highest_against_two_lowest_lowest_deals():
    # Old Hoyle p.90: "those who cut the two highest cards are partners against the two
    # lowest, and the person who cuts the lowest card is entitled to the deal".
    cuts = dict(zip(("ana", "bo", "cy", "di"), parse_cards("KH AD 5C 9S"), strict=True))
    seating = cut_for_table(cuts)
    assert seating[Seat.N] == "bo"  # the ace is the lowest: bo deals
    assert seating.partner_of("bo") == "cy"  # the two lowest: ace and five
    assert {seating[Seat.E], seating[Seat.W]} == {"ana", "di"}


def test_s1_equal_cuts_that_decide_deal_or_partners_cut_again():
    with pytest.raises(RotationError, match="cut again"):
        cut_for_table(dict(zip("abcd", parse_cards("3H 3S 9C KD"), strict=True)))
    with pytest.raises(RotationError, match="cut again"):
        cut_for_table(dict(zip("abcd", parse_cards("2H 9S 9C KD"), strict=True)))
    # the two highest equal decide nothing: no new cut (Club law 13)
    seating = cut_for_table(dict(zip("abcd", parse_cards("2H 5S KC KD"), strict=True)))
    assert seating.partner_of("a") == "b"


@pytest.mark.parametrize("dealer", list(Seat))
def test_s1_the_pack_is_cut_by_the_dealers_right_hand_adversary(dealer):
    # Enquire Within rule ii: cut by the dealer's right-hand adversary.
    assert cutter(dealer).left is dealer
    assert cutter(dealer).side is not dealer.side


# -- the deal ---------------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.integers(0, 10**12), st.text(max_size=12)), st.sampled_from(list(Seat)))
def test_s1_deal_from_seed_is_a_permutation_dealt_one_at_a_time_from_the_left(seed, dealer):
    deal = deal_from_seed(seed, dealer)
    cards = [card for hand in deal.hands for card in hand]
    assert sorted(card.index for card in cards) == list(range(52))  # a permutation of the pack
    assert all(len(hand) == 13 for hand in deal.hands)
    # the last card is turned for trumps and belongs to the dealer
    assert deal.turned in deal.hand(dealer)
    # one at a time clockwise from the dealer's left: the same shuffled pack dealt by another
    # dealer gives the same hands, turned by as many seats
    from_north = deal_from_seed(seed, Seat.N)
    for k in range(4):
        assert deal.hand(Seat((dealer + 1 + k) % 4)) == from_north.hand(Seat((1 + k) % 4))
    assert deal.turned is from_north.turned


# -- play --------------------------------------------------------------------------------------


def test_s1_must_follow_suit_if_able():
    hand = parse_cards("2H KH 3S 4C")
    assert set(legal_cards(hand, Suit.HEARTS)) == set(parse_cards("2H KH"))


def test_s1_void_may_trump_or_discard_trumping_is_never_compulsory():
    hand = parse_cards("3S 4C 9D")
    assert set(legal_cards(hand, Suit.HEARTS)) == set(hand)  # trump (S) or discard (C, D)


@pytest.mark.parametrize(
    ("trick", "trump", "winner"),
    [
        ("KH AH 2S QH", Suit.SPADES, Seat.S),  # the only trump wins
        ("KH AH 2S 3S", Suit.SPADES, Seat.W),  # the highest trump wins
        ("KH AH 2S QH", Suit.CLUBS, Seat.E),  # no trump played: highest of the suit led
        ("2H AD KC AS", Suit.HEARTS, Seat.N),  # a two of the suit led beats off-suit aces
        ("2H AD KC AS", None, Seat.N),  # no-trump board
    ],
)
def test_s1_highest_trump_wins_else_highest_of_the_suit_led(trick, trump, winner):
    assert trick_winner(parse_cards(trick), Seat.N, trump) is winner


def test_s1_rank_order_is_the_same_in_every_suit():
    for suit in Suit:
        ranks = [Card(suit, rank).rank for rank in Rank]
        assert ranks == sorted(ranks)


# -- §6: opening-lead conventions are not enforced --------------------------------------------


@settings(max_examples=100, deadline=None)
@given(st.permutations(FULL_DECK))
def test_s6_any_card_may_be_led(pack):
    # "Do not enforce leads in the rules engine": e.g. the ace from A K Q J is legal.
    hand = tuple(sorted(pack[:13]))
    assert set(legal_cards(hand, None)) == set(hand)


def test_s1_every_player_cuts_from_the_same_pack():
    with pytest.raises(RotationError, match="cut twice"):
        cut_for_table(dict(zip("abcd", parse_cards("2H 2H 9C KD"), strict=True)))
    with pytest.raises(RotationError, match="not a card"):
        cut_for_table({"a": "2H", "b": "3H", "c": "4H", "d": "5H"})


@settings(max_examples=200, deadline=None)
@given(st.permutations(FULL_DECK))
def test_s1_property_cut_for_table_lowest_deals_two_lowest_partners(pack):
    cuts = dict(zip("abcd", pack[:4], strict=True))

    def low(card):  # the ace is the lowest card in cutting
        return 1 if card.rank is Rank.ACE else int(card.rank)

    ranked = sorted(cuts, key=lambda player: low(cuts[player]))
    values = [low(cuts[player]) for player in ranked]
    if values[0] == values[1] or values[1] == values[2]:
        with pytest.raises(RotationError, match="cut again"):
            cut_for_table(cuts)
        return
    seating = cut_for_table(cuts)
    assert sorted(seating.players) == list("abcd")
    assert seating[Seat.N] == ranked[0]  # the lowest deals
    assert seating.partner_of(ranked[0]) == ranked[1]  # the two lowest are partners
    assert {seating[Seat.E], seating[Seat.W]} == set(ranked[2:])
