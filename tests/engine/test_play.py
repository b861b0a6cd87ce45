"""Tests for engine.play: following suit, trick winners, revokes and replaying a record."""

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.cards import FULL_DECK, Card, Seat, Side, Suit, parse_cards
from engine.deal import Deal, parse_pbn_deal
from engine.errors import PlayError
from engine.play import Claim, RevokeSeen, is_revoke, legal_cards, replay, trick_winner

# N holds all the spades, E all the hearts, S all the diamonds, W all the clubs.
SUITED = parse_pbn_deal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")


def _suited_record(tricks: int = 13) -> list[Card]:
    """N leads spades from the top; the others follow with their lowest card."""
    record = []
    for k in range(tricks):
        rank = "AKQJT98765432"[k]
        low = "23456789TJQKA"[k]
        record += parse_cards(f"{rank}S {low}H {low}D {low}C")
    return record


# --- legal cards, revoke, trick winner -------------------------------------------------------


def test_legal_cards_must_follow_suit_when_able():
    hand = parse_cards("AS 2H 5H KD")
    assert set(legal_cards(hand, Suit.HEARTS)) == set(parse_cards("2H 5H"))


def test_legal_cards_any_card_when_void_or_leading():
    hand = parse_cards("AS 2H 5H KD")
    assert set(legal_cards(hand, Suit.CLUBS)) == set(hand)
    assert set(legal_cards(hand, None)) == set(hand)


def test_is_revoke_only_when_holding_the_suit_led():
    hand = parse_cards("AS 2H KD")
    assert is_revoke(hand, Suit.HEARTS, Card.parse("AS"))
    assert not is_revoke(hand, Suit.HEARTS, Card.parse("2H"))
    assert not is_revoke(hand, Suit.CLUBS, Card.parse("AS"))  # void: trumping or discarding


def test_trick_winner_highest_of_the_suit_led_when_no_trump_played():
    # A higher card of another suit does not win: the ace of spades is a discard.
    assert trick_winner(parse_cards("5D AS 2D 3D"), Seat.N, Suit.HEARTS) is Seat.N
    assert trick_winner(parse_cards("5D AS 2D KD"), Seat.E, None) is Seat.N


def test_trick_winner_highest_trump_when_any_trump_played():
    assert trick_winner(parse_cards("5D AS 2C 3C"), Seat.N, Suit.CLUBS) is Seat.W
    assert trick_winner(parse_cards("AD 2C KD QD"), Seat.S, Suit.CLUBS) is Seat.W


def test_trick_winner_leading_a_trump():
    assert trick_winner(parse_cards("2H AS 3H KC"), Seat.W, Suit.HEARTS) is Seat.E


def test_trick_winner_refuses_an_empty_trick():
    with pytest.raises(PlayError):
        trick_winner([], Seat.N, None)


# --- replay: hand-checked records -------------------------------------------------------------


def test_replay_suited_deal_in_spades_north_takes_every_trick():
    outcome = replay(SUITED, Seat.W, Suit.SPADES, _suited_record())
    assert outcome.tricks == (13, 0) and outcome.trick_winners == (Seat.N,) * 13
    assert outcome.revokes == ()


def test_replay_suited_deal_in_hearts_east_ruffs_and_takes_every_trick():
    # N leads the ace of spades, E trumps, then E leads hearts and nobody can follow.
    record = parse_cards("AS 2H 2D 2C")
    hearts = "3456789TJQKA"
    for k in range(12):
        record += parse_cards(f"{hearts[k]}H {'3456789TJQKA'[k]}D {'3456789TJQKA'[k]}C")
        record.append(Card.parse("KQJT98765432"[k] + "S"))
    outcome = replay(SUITED, Seat.W, Suit.HEARTS, record)
    assert outcome.tricks == (0, 13)
    assert outcome.trick_winners == (Seat.E,) * 13


def test_replay_left_of_dealer_leads_the_first_trick():
    with pytest.raises(PlayError, match="^E played 2H but it was N's turn$"):
        replay(SUITED, Seat.W, None, parse_cards("2H AS 2D 2C"))
    with pytest.raises(PlayError, match="^N played AS but it was E's turn$"):
        replay(SUITED, Seat.N, None, parse_cards("AS 2H 2D 2C"))


def test_replay_the_winner_leads_the_next_trick():
    # N wins trick 1 with AS, so E may not lead trick 2.
    record = parse_cards("AS 2H 2D 2C 3H KS 3D 3C")
    with pytest.raises(PlayError, match="E played 3H but it was N's turn"):
        replay(SUITED, Seat.W, Suit.SPADES, record)


def test_replay_refuses_a_card_played_twice():
    record = parse_cards("AS 2H 2D 2C AS")
    record += parse_cards("3H 3D 3C")
    with pytest.raises(PlayError, match="^AS was already played in trick 1$"):
        replay(SUITED, Seat.W, Suit.SPADES, record)


def test_replay_refuses_a_record_stopped_inside_a_trick():
    with pytest.raises(PlayError, match="middle of trick 2"):
        replay(SUITED, Seat.W, Suit.SPADES, _suited_record()[:6], Claim(Side.NS, 12))


def test_replay_record_stopped_early_needs_a_claim():
    with pytest.raises(PlayError, match="without a claim for the remaining 11 tricks"):
        replay(SUITED, Seat.W, Suit.SPADES, _suited_record(2))


def test_replay_claim_adds_the_remaining_tricks():
    outcome = replay(SUITED, Seat.W, Suit.SPADES, _suited_record(2), Claim(Side.NS, 11))
    assert outcome.tricks == (13, 0) and outcome.tricks_played == 2
    outcome = replay(SUITED, Seat.W, Suit.SPADES, _suited_record(2), Claim(Side.EW, 3))
    assert outcome.tricks == (10, 3) and outcome.tricks_of(Side.EW) == 3
    assert outcome.claim == Claim(Side.EW, 3)


def test_replay_claim_of_the_whole_hand_before_any_play():
    outcome = replay(SUITED, Seat.W, Suit.SPADES, [], Claim(Side.NS, 13))
    assert outcome.tricks == (13, 0) and outcome.trick_winners == ()


def test_replay_refuses_impossible_claims():
    with pytest.raises(PlayError, match="only 11 remain"):
        replay(SUITED, Seat.W, Suit.SPADES, _suited_record(2), Claim(Side.NS, 12))
    with pytest.raises(PlayError, match="nothing left to claim"):
        replay(SUITED, Seat.W, Suit.SPADES, _suited_record(), Claim(Side.NS, 0))


def test_replay_refuses_more_than_52_cards():
    with pytest.raises(PlayError, match="13 tricks"):
        replay(SUITED, Seat.W, Suit.SPADES, _suited_record() * 2)


def test_replay_flags_a_revoke_and_plays_on():
    deal = parse_pbn_deal("N:AKQJT9876543...2 2.AKQJT9876543.. ..AKQJT98765432. .2..AKQJT9876543")
    # N leads AS; E holds the 2S but plays a heart: a revoke. N still wins the trick.
    record = parse_cards("AS AH 2D 3C")
    outcome = replay(deal, Seat.W, None, record, Claim(Side.NS, 0))
    assert outcome.revokes == (RevokeSeen(Seat.E, 1, Card.parse("AH"), Suit.SPADES),)
    assert outcome.trick_winners == (Seat.N,)
    assert "E revoked in trick 1" in str(outcome.revokes[0])


# --- properties --------------------------------------------------------------------------------


def _oracle_winner(trick: list[tuple[Seat, Card]], trump: Suit | None) -> Seat:
    """Written independently of engine.play: trumps beat the suit led beat the rest."""
    led = trick[0][1].suit
    trumps = [(card.rank, seat) for seat, card in trick if card.suit is trump]
    if trumps:
        return max(trumps)[1]
    return max((card.rank, seat) for seat, card in trick if card.suit is led)[1]


def _play_out(deal: Deal, dealer: Seat, trump, rng: random.Random, revoke_at: int | None = None):
    """Random legal play; at the ``revoke_at``-th chance to revoke, revoke instead.
    Returns the record, the oracle's winners and the injected revoke (or None)."""
    hands = {seat: set(deal.hand(seat)) for seat in Seat}
    record, winners, injected, chances = [], [], None, 0
    leader = dealer.left
    for number in range(1, 14):
        trick: list[tuple[Seat, Card]] = []
        for position in range(4):
            seat = Seat((leader + position) % 4)
            hand = sorted(hands[seat])
            if trick:
                led = trick[0][1].suit
                follow = [c for c in hand if c.suit is led]
                other = [c for c in hand if c.suit is not led]
                if follow and other and injected is None and revoke_at is not None:
                    chances += 1
                    if chances > revoke_at:
                        card = rng.choice(other)
                        injected = RevokeSeen(seat, number, card, led)
                        follow = [card]
                choices = follow or hand
            else:
                choices = hand
            card = rng.choice(choices)
            hands[seat].discard(card)
            trick.append((seat, card))
        record += [card for _, card in trick]
        leader = _oracle_winner(trick, trump)
        winners.append(leader)
    return record, winners, injected


deals = st.permutations(FULL_DECK).map(
    lambda pack: Deal.from_hands({seat: pack[seat * 13 : seat * 13 + 13] for seat in Seat})
)
trumps = st.sampled_from([None, *Suit])


@given(deals, st.sampled_from(Seat), trumps, st.randoms(use_true_random=False))
@settings(max_examples=150, deadline=None)
def test_replay_random_legal_play_has_13_tricks_each_with_one_winner(deal, dealer, trump, rng):
    record, winners, _ = _play_out(deal, dealer, trump, rng)
    outcome = replay(deal, dealer, trump, record)
    assert len(outcome.trick_winners) == 13
    assert list(outcome.trick_winners) == winners
    assert sum(outcome.tricks) == 13
    assert outcome.tricks[Side.NS] == sum(1 for seat in winners if seat.side is Side.NS)
    assert outcome.revokes == ()


@given(deals, st.sampled_from(Seat), trumps, st.randoms(use_true_random=False), st.integers(0, 8))
@settings(max_examples=150, deadline=None)
def test_replay_always_flags_an_injected_revoke(deal, dealer, trump, rng, revoke_at):
    record, winners, injected = _play_out(deal, dealer, trump, rng, revoke_at)
    assume(injected is not None)
    outcome = replay(deal, dealer, trump, record)
    assert injected in outcome.revokes
    assert list(outcome.trick_winners) == winners


@given(deals, st.sampled_from(Seat), trumps, st.randoms(use_true_random=False), st.integers(0, 12))
@settings(max_examples=100, deadline=None)
def test_replay_claim_after_any_trick_adds_up_to_13(deal, dealer, trump, rng, stop):
    record, winners, _ = _play_out(deal, dealer, trump, rng)
    claimed = rng.randint(0, 13 - stop)
    outcome = replay(deal, dealer, trump, record[: 4 * stop], Claim(Side.EW, claimed))
    assert sum(outcome.tricks) == 13
    assert outcome.tricks[Side.EW] == claimed + sum(1 for s in winners[:stop] if s.side is Side.EW)


def test_revokes_found_in_play_become_the_claims_scoring_takes():
    from engine.profiles import get_profile
    from engine.scoring import Revoke as RevokeClaim
    from engine.scoring import RevokePenalty, revokes_from_play, score_hand

    seen = (
        RevokeSeen(Seat.E, 1, Card.parse("AH"), Suit.SPADES),
        RevokeSeen(Seat.W, 5, Card.parse("2C"), Suit.DIAMONDS),
    )
    claims = revokes_from_play(seen, "take_tricks")
    assert claims == (RevokeClaim(Side.EW, RevokePenalty.TAKE_TRICKS),) * 2
    # each revoke is claimable (law 72): EW took 7, lose 6 of them to NS
    scored = score_hand(get_profile("short"), (0, 0), 6, revokes=claims)
    assert scored.tricks == (12, 1)
    dummy = revokes_from_play(seen[:1], RevokePenalty.ADD, dummy=Seat.E)
    assert dummy == (RevokeClaim(Side.EW, RevokePenalty.ADD, by_dummy=True),)
