"""drives.md §7, §10.8–9: the ordered prize list, one prize per player, eligibility, and
ties by cut (recorded), share and countback."""

from engine.drives.cards import Card, CardRow, RowKind
from engine.drives.prizes import AwardStatus, DecidedBy, award_prizes, countback_spans
from engine.drives.settings import DriveSettings, PrizeSpec, Role

HANDS = 4


def card(player, role, scores, *, absent=0, tricks=None):
    rows, total = [], 0
    for hand, score in enumerate(scores, start=1):
        total += score
        kind = RowKind.ABSENT if hand <= absent else RowKind.PLAYED
        rows.append(
            CardRow(
                hand=hand,
                trump="H",
                kind=kind,
                score=score,
                total=total,
                tricks=(tricks or scores)[hand - 1],
            )
        )
    present = len(scores) - absent
    return Card(
        player,
        Role(role),
        tuple(rows),
        half_time=sum(scores[:2]),
        present=present,
        present_first_half=max(0, 2 - absent),
        big_hands=sum(t >= 10 for t in (tricks or scores)),
    )


def rules(*prizes, **changes):
    return DriveSettings(
        hands=HANDS, half_time_after=2, prizes=tuple(PrizeSpec.parse(p) for p in prizes), **changes
    )


def cards_of(*cards):
    return {c.player: c for c in cards}


def winners(awards):
    return [a.winners for a in awards]


def test_ladies_first_to_third_and_the_booby():
    cards = cards_of(
        card(1, "lady", [9, 9, 9, 9]),
        card(2, "lady", [8, 8, 8, 8]),
        card(3, "lady", [7, 7, 7, 7]),
        card(4, "lady", [5, 5, 5, 5]),
        card(11, "gent", [10, 10, 10, 10]),
    )
    awards = award_prizes(
        rules("lady:total", "lady:total", "lady:total", "lady:total:lowest"), cards
    )
    assert winners(awards) == [(1,), (2,), (3,), (4,)]
    assert [a.place for a in awards] == [1, 2, 3, 1] and awards[0].value == 36


def test_one_prize_per_player_passes_a_second_prize_down():
    cards = cards_of(
        card(1, "lady", [13, 13, 0, 0]),
        card(2, "lady", [12, 12, 0, 0]),
        card(11, "gent", [1, 1, 11, 11]),
    )
    prizes = ("lady:total", "all:half_time")
    assert winners(award_prizes(rules(*prizes), cards)) == [(1,), (2,)]
    both = award_prizes(rules(*prizes, one_prize_per_player=False), cards)
    assert winners(both) == [(1,), (1,)]


def test_a_short_card_wins_no_prize_unless_the_drive_allows_it():
    cards = cards_of(card(1, "lady", [13, 13, 13, 0], absent=1), card(2, "lady", [6, 6, 6, 6]))
    assert winners(award_prizes(rules("lady:total"), cards)) == [(2,)]
    assert winners(award_prizes(rules("lady:total", min_hands_for_prizes=3), cards)) == [(1,)]


def test_a_tie_waits_for_the_cut_and_so_do_the_prizes_it_decides():
    cards = cards_of(
        card(1, "lady", [7, 7, 7, 7]),
        card(2, "lady", [7, 7, 7, 7]),
        card(3, "lady", [6, 6, 6, 6]),
        card(11, "gent", [6, 6, 6, 6]),
    )
    prizes = rules("lady:total", "lady:total", "gent:total")
    awards = award_prizes(prizes, cards)
    assert awards[0].status is AwardStatus.CUT_NEEDED and awards[0].tied == (1, 2)
    assert awards[1].status is AwardStatus.WAITING  # the loser of the cut is 2nd
    assert awards[2].status is AwardStatus.AWARDED  # no lady can change the gents' prize
    cut = award_prizes(prizes, cards, cuts={1: 2})
    assert winners(cut) == [(2,), (1,), (11,)]
    assert cut[0].decided_by is DecidedBy.CUT and cut[1].decided_by is DecidedBy.SCORE
    stale = award_prizes(prizes, cards, cuts={1: 3})  # 3 is not tied: the cut is ignored
    assert stale[0].status is AwardStatus.CUT_NEEDED


def test_a_tie_in_one_series_holds_up_others_when_one_prize_per_player():
    cards = cards_of(
        card(1, "lady", [7, 7, 7, 7]), card(2, "lady", [7, 7, 7, 7]), card(11, "gent", [6, 6, 6, 6])
    )
    awards = award_prizes(rules("lady:total", "all:total"), cards)
    assert [a.status for a in awards] == [AwardStatus.CUT_NEEDED, AwardStatus.WAITING]
    free = award_prizes(rules("lady:total", "gent:total"), cards)
    assert free[1].winners == (11,)


def test_share_gives_the_prize_to_every_tied_player():
    cards = cards_of(
        card(1, "lady", [7, 7, 7, 7]), card(2, "lady", [7, 7, 7, 7]), card(3, "lady", [6, 6, 6, 6])
    )
    awards = award_prizes(rules("lady:total", "lady:total", tie_break="share"), cards)
    assert awards[0].status is AwardStatus.SHARED and awards[0].winners == (1, 2)
    assert awards[1].winners == (3,)


def test_countback_halves_then_quarters_then_cut():
    assert countback_spans(24) == [12, 6, 3, 2, 1]
    assert countback_spans(20) == [10, 5, 3, 2, 1]
    assert countback_spans(1) == []
    # Same total 28; over the last 2 hands 2 has 15 v 14.
    cards = cards_of(card(1, "lady", [7, 7, 7, 7]), card(2, "lady", [6, 7, 8, 7]))
    awards = award_prizes(rules("lady:total", tie_break="countback"), cards)
    assert awards[0].winners == (2,) and awards[0].decided_by is DecidedBy.COUNTBACK
    # Same last two (14) but the last hand: 1 has 8.
    cards = cards_of(card(1, "lady", [7, 7, 6, 8]), card(2, "lady", [7, 7, 7, 7]))
    assert award_prizes(rules("lady:total", tie_break="countback"), cards)[0].winners == (1,)
    # The booby by countback: the lower last half loses.
    low = award_prizes(
        rules("lady:total:lowest", tie_break="countback"),
        cards_of(card(1, "lady", [7, 7, 6, 8]), card(2, "lady", [8, 8, 6, 6])),
    )
    assert low[0].winners == (2,)
    same = cards_of(card(1, "lady", [7, 7, 7, 7]), card(2, "lady", [7, 7, 7, 7]))
    assert award_prizes(rules("lady:total", tie_break="countback"), same)[0].status is (
        AwardStatus.CUT_NEEDED
    )


def test_half_time_big_hands_and_mystery():
    cards = cards_of(
        card(1, "lady", [10, 11, 0, 0]),
        card(2, "lady", [3, 3, 12, 12]),
        card(11, "gent", [10, 3, 10, 10]),
    )
    awards = award_prizes(
        rules("all:half_time", "all:big_hands", "all:mystery", mystery_number=24), cards
    )
    assert winners(awards) == [(1,), (11,), (2,)]  # 21 at half time; 3 big hands; |30−24|
    assert award_prizes(rules("all:mystery"), cards)[0].status is AwardStatus.NO_NUMBER


def test_couples_win_together():
    cards = cards_of(
        card(1, "lady", [8, 8, 8, 8]),
        card(11, "gent", [8, 8, 8, 8]),
        card(2, "lady", [5, 5, 5, 5]),
        card(12, "gent", [5, 5, 5, 5]),
    )
    prizes = rules("couple:total", "couple:total:lowest", movement="couple")
    awards = award_prizes(prizes, cards, couples=[(1, 11), (2, 12)])
    assert winners(awards) == [(1, 11), (2, 12)]


def test_no_candidate_when_nobody_qualifies():
    awards = award_prizes(rules("gent:total"), cards_of(card(1, "lady", [7, 7, 7, 7])))
    assert awards[0].status is AwardStatus.NO_CANDIDATE


def card_leaving_at_half_time(player, role, scores):
    """Played the first half (two of four hands), then left: absent rows after the half."""
    full = card(player, role, [*scores, 0, 0])
    rows = tuple(
        r if r.hand <= 2 else CardRow(hand=r.hand, trump="H", kind=RowKind.ABSENT, total=r.total)
        for r in full.rows
    )
    return Card(player, Role(role), rows, sum(scores), 2, 2, 0)


def test_the_half_time_prize_needs_the_first_half_or_the_full_card_as_set():
    """GOA gives the half-time prize at the tea break, from the first half's cards; a hall
    whose every prize needs a full card sets ``full_card``. Hand-worked: lady 1 scored
    13 + 13 in the first half and went home; lady 2 scored 8 + 8 then 6 + 6."""
    cards = cards_of(card_leaving_at_half_time(1, "lady", [13, 13]), card(2, "lady", [8, 8, 6, 6]))
    at_tea = award_prizes(rules("all:half_time"), cards)
    assert winners(at_tea) == [(1,)] and at_tea[0].value == 26
    full = award_prizes(rules("all:half_time", half_time_prize_card="full_card"), cards)
    assert winners(full) == [(2,)] and full[0].value == 16
