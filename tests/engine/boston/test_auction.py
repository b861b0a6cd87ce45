import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.boston.auction import PASS, SOSTENGO, Auction, Call, Level, bid, ladder
from engine.boston.variants import ANGLO_AMERICAN, FONTAINEBLEAU, SPANISH
from engine.cards import Seat, Suit
from engine.errors import BostonError

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def test_auction_starts_left_of_dealer():
    assert Auction(N, SPANISH).turn == E
    assert Auction(W, SPANISH).turn == N


def test_auction_all_pass_is_redeal_in_spanish():
    a = Auction(N, SPANISH)
    for seat in (E, S, W, N):
        a.call(seat, PASS)
    assert a.is_over and a.redeal and a.contract is None


def test_auction_all_pass_is_misere_partout_in_anglo_american():
    a = Auction(N, ANGLO_AMERICAN, turned=Suit.CLUBS)
    for seat in (E, S, W, N):
        a.call(seat, PASS)
    assert a.misere_partout and not a.redeal


def test_auction_sostengo_makes_partnership_of_eight_and_ends():
    a = Auction(N, SPANISH)
    a.call(E, bid(Level.PIDO, Suit.HEARTS))
    a.call(S, SOSTENGO)
    assert a.is_over
    c = a.contract
    assert (c.declarer, c.supporter, c.suit, c.tricks) == (E, S, Suit.HEARTS, 8)


def test_auction_player_who_passed_before_pido_may_support_it():
    a = Auction(N, SPANISH)
    a.call(E, PASS)
    a.call(S, bid(Level.PIDO, Suit.CLUBS))
    a.call(W, PASS)
    a.call(N, PASS)
    a.call(E, SOSTENGO)
    assert a.contract.supporter == E


def test_auction_passed_player_cannot_bid_again():
    a = Auction(N, SPANISH, names={E: "Ana"})
    a.call(E, PASS)
    a.call(S, bid(Level.PIDO, Suit.CLUBS))
    a.call(W, PASS)
    a.call(N, PASS)
    with pytest.raises(BostonError, match="Ana passed and cannot bid again"):
        a.call(E, bid(Level.PEQUENA_INDEPENDENCIA, Suit.SPADES))


def test_auction_lower_contract_does_not_outrank():
    a = Auction(N, SPANISH)
    a.call(E, bid(Level.GRAN_MISERIA))
    with pytest.raises(BostonError, match="pequeña independencia .*does not outrank gran miseria"):
        a.call(S, bid(Level.PEQUENA_INDEPENDENCIA, Suit.SPADES))


def test_auction_ladder_order_follows_the_seed():
    # seed: pequeña miseria between pequeña and gran independencia; gran miseria over gran
    # independencia; cuatro ases above that; en la mesa the highest.
    order = [
        Level.PEQUENA_INDEPENDENCIA,
        Level.PEQUENA_MISERIA,
        Level.GRAN_INDEPENDENCIA,
        Level.GRAN_MISERIA,
        Level.MISERIA_CUATRO_ASES,
        Level.MISERIA_EN_LA_MESA,
    ]
    assert order == sorted(order)


def test_auction_equal_level_ranks_by_suit():
    a = Auction(N, SPANISH)
    a.call(E, bid(Level.PIDO, Suit.HEARTS))
    with pytest.raises(BostonError):
        a.call(S, bid(Level.PIDO, Suit.DIAMONDS))
    a.call(S, bid(Level.PIDO, Suit.SPADES))
    assert a.high[0] == S


def test_auction_out_of_turn_is_refused():
    a = Auction(N, SPANISH)
    with pytest.raises(BostonError, match="turn"):
        a.call(S, PASS)


def test_auction_solo_ends_when_others_pass():
    a = Auction(N, SPANISH)
    a.call(E, bid(Level.GRAN_INDEPENDENCIA, Suit.HEARTS))
    for seat in (S, W, N):
        a.call(seat, PASS)
    assert a.contract.declarer == E and a.contract.tricks == 8


def test_auction_anglo_passed_player_may_come_back_with_misere_only():
    a = Auction(N, ANGLO_AMERICAN, names={E: "Ann"}, turned=Suit.CLUBS)
    a.call(E, PASS)
    a.call(S, bid(Level.SIX, Suit.CLUBS))
    a.call(W, PASS)
    a.call(N, PASS)
    assert a.turn == E
    with pytest.raises(BostonError, match="Ann passed and may come back only with a misère"):
        a.call(E, bid(Level.EIGHT, Suit.CLUBS))
    a.call(E, bid(Level.GRAND_MISERE))
    assert a.high[0] == E


def _state(a):
    return (a.turn, set(a.passed), a.high, a.supporter, list(a.history), set(a._since))


EVERY_CALL = [PASS, SOSTENGO, Call("double")] + [
    Call("bid", level, suit) for level in Level for suit in [*Suit, None]
]


@pytest.mark.parametrize("profile", [SPANISH, ANGLO_AMERICAN, FONTAINEBLEAU])
@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    dealer=st.sampled_from(list(Seat)),
    turned=st.sampled_from(list(Suit)),
    first=st.sampled_from(list(Suit)),
)
def test_auction_legal_calls_end_in_one_contract_or_redeal(profile, seed, dealer, turned, first):
    rng = random.Random(seed)
    a = Auction(dealer, profile, turned=turned, first_turned=first)
    for _ in range(300):
        if a.is_over:
            break
        calls = a.legal_calls()
        assert calls, "a running auction always offers a call"
        # an illegal call by anyone is refused with a reason and changes nothing
        seat, wrong = rng.choice(list(Seat)), rng.choice(EVERY_CALL)
        if a.refusal(seat, wrong) is not None:
            before = _state(a)
            with pytest.raises(BostonError, match=r"\w"):
                a.call(seat, wrong)
            assert _state(a) == before
        a.call(a.turn, rng.choice(calls))
    assert a.is_over and a.legal_calls() == []
    assert (a.contract is not None) + a.redeal + a.misere_partout == 1
    if a.contract is not None:
        assert a.contract.level in ladder(profile)
        assert a.contract.supporter is None or a.contract.level.supportable
    with pytest.raises(BostonError, match="the auction is over"):
        a.call(a.turn, PASS)


@pytest.mark.parametrize("profile", [SPANISH, ANGLO_AMERICAN, FONTAINEBLEAU])
@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    dealer=st.sampled_from(list(Seat)),
    turned=st.sampled_from(list(Suit)),
)
def test_auction_a_player_who_passed_does_not_speak_again(profile, seed, dealer, turned):
    """Spanish seed: "passed player cannot re-enter" (he may only support a pido with
    sostengo, or pass again); Anglo-American: back only with a misère. The turn never comes
    back to a passed player otherwise, and he never bids again, whatever legal calls the
    others make."""
    rng = random.Random(seed)
    a = Auction(dealer, profile, turned=turned, first_turned=turned)
    passed: set[Seat] = set()
    while not a.is_over:
        high = a.high[1] if a.high else None
        may_return = profile.passed_may_bid_misere or (
            high is not None and high.level is not None and high.level.supportable
        )
        assert a.turn not in passed or may_return, f"{a.turn} passed but is asked to speak"
        call = rng.choice(a.legal_calls())
        if a.turn in passed:  # asked again: pass again, support, or (Anglo) a misère
            misere = call.level is not None and call.level.is_misere
            assert call.kind != "bid" or (profile.passed_may_bid_misere and misere)
        if call.kind == "pass":
            passed.add(a.turn)
        a.call(a.turn, call)
    speakers_after_pass = [
        (seat, call)
        for i, (seat, call) in enumerate(a.history)
        if any(s == seat and c.kind == "pass" for s, c in a.history[:i])
    ]
    for _seat, call in speakers_after_pass:
        misere = call.level is not None and call.level.is_misere
        assert call.kind != "bid" or (profile.passed_may_bid_misere and misere)


def test_calls_are_read_strictly_and_written_one_way():
    from engine.boston.contracts import call_text, parse_call

    assert call_text(parse_call("pido:h")) == "PIDO:H"
    assert call_text(parse_call(" Paso ")) == "pass"
    assert call_text(parse_call("gran_miseria")) == "GRAN_MISERIA"
    assert parse_call("SOSTENGO") == SOSTENGO
    for wrong, code in [
        ("GRAN_MISERIA:H", "boston_misere_has_no_trump"),  # was silently dropped
        ("PIDO:X", "boston_call_unreadable"),
        ("PIDO:", "boston_call_unreadable"),
        ("double", "boston_call_unreadable"),
    ]:
        with pytest.raises(BostonError) as caught:
            parse_call(wrong)
        assert caught.value.code == code


def test_contract_check_refuses_what_the_variant_does_not_allow():
    from engine.boston.contracts import contract_check

    assert contract_check(SPANISH, Level.PIDO, E, Suit.HEARTS, W).tricks == 8
    assert contract_check(FONTAINEBLEAU, Level.DEMANDE, E).suit is None  # grand
    for args, code in [
        ((SPANISH, Level.FIVE, E, Suit.HEARTS), "boston_contract_not_in_ladder"),
        ((SPANISH, Level.GRAN_MISERIA, E, Suit.HEARTS), "boston_misere_has_no_trump"),
        ((SPANISH, Level.PIDO, E), "boston_bid_needs_trump"),
        ((SPANISH, Level.GRAN_INDEPENDENCIA, E, Suit.HEARTS, W), "boston_support_invalid"),
        ((SPANISH, Level.PIDO, E, Suit.HEARTS, E), "boston_support_invalid"),
    ]:
        with pytest.raises(BostonError) as caught:
            contract_check(*args)
        assert caught.value.code == code
