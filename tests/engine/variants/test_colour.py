"""Colour whist, kleurenwiezen (variants.md §3): the ladder, troel, the club's points grid,
the 2 v 2 and 1 v 3 settlement."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Card, Suit
from engine.variants.colour import (
    JOIN,
    PASS_COLOUR,
    WAIT,
    ColourAuction,
    ColourCall,
    ColourContract,
    ColourKind,
    PointsGrid,
    colour_rules,
    settle_colour,
    suit_rank,
    troel_partner,
)
from engine.variants.common import VariantError

RULES = colour_rules("club_grid")
GRID = PointsGrid.from_dict(
    {
        "name": "test",
        "contracts": {
            k.value: {"base": 2 + i, "over": 1, "under": 1} for i, k in enumerate(ColourKind)
        },
        "all_tricks": 2,
    }
)
H, D, C, S = Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES


def ask(suit, level=8):
    return ColourCall("bid", ColourKind.ASK_JOIN, level, suit)


def test_suits_rank_hearts_diamonds_clubs_spades_or_dafkes_order():
    assert [suit_rank(RULES, s) for s in (H, D, C, S)] == [3, 2, 1, 0]
    dafke = colour_rules("dafke")
    assert suit_rank(dafke, S) > suit_rank(dafke, C)


def test_two_against_two_each_player_wins_or_loses_the_grid_amount():
    contract = ColourContract(ColourKind.ASK_JOIN, (0, 2), 8, H)
    assert settle_colour(RULES, GRID, contract, (10,)) == (4, -4, 4, -4)
    assert settle_colour(RULES, GRID, contract, (7,)) == (-3, 3, -3, 3)


def test_one_against_three_the_lone_player_wins_three_times():
    contract = ColourContract(ColourKind.ABONDANCE, (1,), 9, S)
    assert settle_colour(RULES, GRID, contract, (9,)) == (-7, 21, -7, -7)


def test_all_thirteen_multiplies_and_troel_doubles():
    contract = ColourContract(ColourKind.ALONE, (0,), 5, H)
    assert settle_colour(RULES, GRID, contract, (13,))[0] == 3 * (3 + 8) * 2
    troel = ColourContract(ColourKind.TROEL, (0, 3), 8, C)
    assert settle_colour(RULES, GRID, troel, (8,)) == (18, -18, -18, 18)


def test_piccolo_needs_exactly_one_trick():
    contract = ColourContract(ColourKind.PICCOLO, (2,))
    assert settle_colour(RULES, GRID, contract, (1,))[2] > 0
    assert settle_colour(RULES, GRID, contract, (0,))[2] < 0


def test_several_players_may_play_small_misery_each_settled_alone():
    contract = ColourContract(ColourKind.SMALL_MISERY, (0, 1))
    amounts = settle_colour(RULES, GRID, contract, (0, 2))
    assert amounts == (3 * 4 + 4, -4 - 3 * 4, 0, 0) and sum(amounts) == 0


def test_the_empty_grid_refuses_with_the_missing_contracts_name():
    with pytest.raises(VariantError) as error:
        settle_colour(
            RULES,
            PointsGrid.from_dict({"name": "club"}),
            ColourContract(ColourKind.SOLO_SLIM, (0,)),
            (13,),
        )
    assert error.value.code == "no_price" and error.value.params["contract"] == "solo_slim"


def test_a_bad_grid_entry_is_named():
    with pytest.raises(VariantError) as error:
        PointsGrid.from_dict({"name": "x", "contracts": {"ask_join": {"base": "two"}}})
    assert error.value.params["entry"] == "ask_join"


def test_piccolo_can_be_switched_off():
    with pytest.raises(VariantError):
        settle_colour(
            colour_rules("club_grid", piccolo=False),
            GRID,
            ColourContract(ColourKind.PICCOLO, (2,)),
            (1,),
        )


def hands_with(*cards_for_zero: str) -> list[list[Card]]:
    """Player 0 holds ``cards_for_zero``; the rest of the pack dealt round to 1, 2, 3."""
    mine = [Card.parse(c) for c in cards_for_zero]
    rest = [c for c in sorted(Card.from_index(i) for i in range(52)) if c not in mine]
    return [mine, rest[0::3], rest[1::3], rest[2::3]]


def test_troel_three_aces_partner_the_fourth():
    hands = hands_with("AH", "AD", "AC")
    holder = next(p for p in range(4) if Card.parse("AS") in hands[p])
    assert troel_partner(RULES, hands) == (0, holder)


@pytest.mark.parametrize(("setting", "card"), [("KD_then_down", "KD"), ("QH", "QH")])
def test_troel_four_aces_and_the_king_of_hearts_next_card_by_setting(setting, card):
    hands = hands_with("AH", "AD", "AC", "AS", "KH")
    rules = colour_rules("club_grid", troel_4aces_next=setting)
    holder = next(p for p in range(4) if Card.parse(card) in hands[p])
    assert troel_partner(rules, hands) == (0, holder)


def test_auction_ask_join_makes_a_partnership():
    auction = ColourAuction(RULES, dealer=3)
    auction.call_all([ask(D), JOIN, PASS_COLOUR, PASS_COLOUR])
    assert auction.contract == ColourContract(ColourKind.ASK_JOIN, (0, 1), 8, D)


def test_auction_ask_nobody_joins_the_asker_chooses_alone_or_pass():
    """[LODIGE]: "If it is clear that no player will go with him …, a player who has
    proposed a suit may bid solo immediately when he comes to the floor again"."""
    auction = ColourAuction(RULES, dealer=3)
    auction.call_all([ask(S), PASS_COLOUR, PASS_COLOUR, PASS_COLOUR])
    assert not auction.is_over and auction.turn == 0  # the asker has the floor again
    assert auction.refusal(0, ask(S, 9)).code == "unjoined_ask_choice"
    assert auction.refusal(0, JOIN).code == "nothing_to_join"
    auction.call(0, ColourCall("bid", ColourKind.ALONE, 6, S))
    assert auction.contract == ColourContract(ColourKind.ALONE, (0,), 6, S)


def test_auction_ask_nobody_joins_and_the_asker_passes_is_redealt():
    auction = ColourAuction(RULES, dealer=3)
    auction.call_all([ask(S), PASS_COLOUR, PASS_COLOUR, PASS_COLOUR, PASS_COLOUR])
    assert auction.is_over and auction.contract is None


def test_auction_ask_nobody_joins_plays_alone_at_five_under_the_house_rule():
    rules = colour_rules("club_grid", unjoined_ask="plays_alone")
    auction = ColourAuction(rules, dealer=3)
    auction.call_all([ask(S), PASS_COLOUR, PASS_COLOUR, PASS_COLOUR])
    assert auction.is_over
    assert auction.contract == ColourContract(ColourKind.ALONE, (0,), 5, S)


def test_auction_only_the_first_speaker_waits_then_only_joins():
    auction = ColourAuction(RULES, dealer=3)
    auction.call(0, WAIT)
    assert auction.refusal(1, WAIT).code == "wait_first_only"
    auction.call_all([ask(H), PASS_COLOUR, PASS_COLOUR])
    assert auction.refusal(0, ask(H, 9)).code == "waited_join_only"
    auction.call(0, JOIN)
    assert auction.contract.players == (1, 0)


def test_auction_lower_suit_must_bid_one_trick_more():
    auction = ColourAuction(RULES, dealer=3)
    auction.call(0, ask(H))
    assert auction.refusal(1, ask(S)).code == "bid_too_low"
    assert auction.refusal(1, ask(S, 9)) is None


TROEL = ColourCall("bid", ColourKind.TROEL)


def test_troel_is_declared_not_bid():
    assert ColourAuction(RULES, 0).refusal(1, ColourCall("bid", ColourKind.TROEL, 8, H)).code == (
        "troel_not_bid"
    )


def test_troel_through_the_calls_the_fourth_aces_holder_joins():
    """[DAFKE]: three aces make troel; "de speler met de 4de aas vormt dan automatisch team
    met hem"; only open misery and solo slim go above it."""
    auction = ColourAuction(RULES, dealer=3)
    auction.call_all([ask(H), TROEL])  # N asks hearts; E holds three aces
    assert auction.refusal(2, ColourCall("bid", ColourKind.ABONDANCE, 9, S)).code == "bid_too_low"
    auction.call_all([PASS_COLOUR, PASS_COLOUR])  # S passes; W, not N, must hold the ace
    assert auction.turn == 0
    auction.call(0, JOIN)  # N holds the fourth ace
    assert auction.contract == ColourContract(ColourKind.TROEL, (1, 0))


def test_troel_nobody_joins_is_refused_by_name():
    auction = ColourAuction(RULES, dealer=3)
    auction.call_all([TROEL, PASS_COLOUR, PASS_COLOUR, PASS_COLOUR])
    with pytest.raises(VariantError) as error:
        auction.contract  # noqa: B018 - the property refuses
    assert error.value.code == "troel_partner_needed"


def test_open_misery_overrules_troel():
    auction = ColourAuction(RULES, dealer=3)
    auction.call_all([TROEL, ColourCall("bid", ColourKind.OPEN_MISERY)])
    auction.call_all([PASS_COLOUR, PASS_COLOUR, PASS_COLOUR])
    assert auction.contract == ColourContract(ColourKind.OPEN_MISERY, (1,))


@pytest.mark.parametrize(
    ("setting", "facts", "aim"),
    [
        # [DAFKE]: "Speelt de speler-met-de-vierde-aas z'n aas, dan wordt er naar 8 slagen
        # gespeeld, anders naar 9."
        ("dafke_ace_led", {"fourth_ace_led": True}, 8),
        ("dafke_ace_led", {"fourth_ace_led": False}, 9),
        ("dafke_ace_led", {"fourth_ace_led": False, "trump_in_ace_suit": True}, 9),
        # [JEUX-WALC]: 8 if the partner's shown trump card is in his ace's suit, else 9.
        ("jeux_trump_in_ace_suit", {"trump_in_ace_suit": True}, 8),
        ("jeux_trump_in_ace_suit", {"trump_in_ace_suit": False, "fourth_ace_led": True}, 9),
    ],
)
def test_troel_target_reads_the_setting(setting, facts, aim):
    from engine.variants.colour import troel_target

    assert troel_target(colour_rules("club_grid", troel_target=setting), **facts) == aim


@pytest.mark.parametrize(
    ("setting", "code"),
    [
        ("dafke_ace_led", "troel_ace_led_needed"),
        ("jeux_trump_in_ace_suit", "troel_trump_suit_needed"),
    ],
)
def test_troel_target_needs_the_fact_its_setting_asks_about(setting, code):
    from engine.variants.colour import troel_target

    rules = colour_rules("club_grid", troel_target=setting)
    with pytest.raises(VariantError) as error:
        troel_target(rules, fourth_ace_led=None, trump_in_ace_suit=None)
    assert error.value.code == code


def test_undertricks_and_overtricks_are_priced_apart():
    """A grid with different prices: ask and join at 8, base 4, +1 an overtrick, −3 an
    undertrick. 10 tricks: 4 + 2×1 = 6 each; 6 tricks: −(4 + 2×3) = −10 each."""
    grid = PointsGrid.from_dict(
        {"name": "apart", "contracts": {"ask_join": {"base": 4, "over": 1, "under": 3}}}
    )
    contract = ColourContract(ColourKind.ASK_JOIN, (0, 1), 8, H)
    assert settle_colour(RULES, grid, contract, (10,)) == (6, 6, -6, -6)
    assert settle_colour(RULES, grid, contract, (6,)) == (-10, -10, 10, 10)


@settings(max_examples=80, deadline=None)
@given(dealer=st.integers(0, 3), data=st.data())
def test_property_any_legal_auction_gives_a_contract_that_settles_to_zero(dealer, data):
    auction = ColourAuction(RULES, dealer)
    for _ in range(60):
        if auction.is_over:
            break
        auction.call(auction.turn, data.draw(st.sampled_from(auction.legal_calls())))
    assert auction.is_over
    try:
        contract = auction.contract
    except VariantError as error:  # a troel nobody joined
        assert error.code == "troel_partner_needed"
        return
    if contract is None:
        return
    if contract.kind is ColourKind.TROEL:
        contract = ColourContract(ColourKind.TROEL, contract.players, 8, H)
    most = 12 if contract.kind is ColourKind.SMALL_MISERY else 13
    tricks = (data.draw(st.integers(0, most)),)
    assert sum(settle_colour(RULES, GRID, contract, tricks)) == 0
