"""The prize list (drives.md §7, §10.8–9): the settings' ordered prizes awarded in order.

Prizes of one series (group, metric, lowest) are its 1st, 2nd, 3rd … in list order: a
winner of one is out of the series' later places, and with ``one_prize_per_player`` out of
every later prize. Only players with enough hands on their card compete
(``min_hands_for_prizes``; for half-time prizes, of the first half's hands unless
``half_time_prize_card`` asks for the full card).

Ties: ``share`` — every tied player (or couple) wins the prize; ``countback`` — the score
over the last ceil(n/2), ceil(n/4) … 1 hands of the span decides, then the cut; ``cut`` —
the MC cuts the cards among the tied and records the winner (``cuts``: prize number →
the winner; a couple is named by its lady). Until a tie is cut, the prize waits
(``cut_needed``), and so does every later prize whose players its winner could change
(``waiting``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.drives.cards import Card
from engine.drives.settings import (
    DriveSettings,
    HalfTimeCard,
    Metric,
    PrizeGroup,
    PrizeSpec,
    Role,
    TieBreak,
)


class AwardStatus(StrEnum):
    AWARDED = "awarded"
    SHARED = "shared"
    CUT_NEEDED = "cut_needed"
    WAITING = "waiting"  # an earlier tie must be cut first
    NO_CANDIDATE = "no_candidate"
    NO_NUMBER = "no_number"  # the mystery number has not been given


class DecidedBy(StrEnum):
    SCORE = "score"
    COUNTBACK = "countback"
    CUT = "cut"
    SHARE = "share"
    NONE = ""


@dataclass(frozen=True)
class Award:
    number: int  # position in the list, from 1
    spec: PrizeSpec
    place: int  # 1st, 2nd … of its series
    status: AwardStatus
    winners: tuple[int, ...] = ()  # players (a couple: both)
    value: int | None = None  # the winning score (mystery: the total)
    tied: tuple[int, ...] = ()  # the representatives tied for it (a cut chooses one)
    decided_by: DecidedBy = DecidedBy.NONE


Party = tuple[int, ...]  # a player, or a couple (lady first)


def countback_spans(hands: int) -> list[int]:
    """The countback's spans for ``hands`` hands: ceil(n/2), ceil(n/4) … 1."""
    spans = []
    span = hands
    while span > 1:
        span = math.ceil(span / 2)
        spans.append(span)
    return spans


class _Judge:
    def __init__(self, settings: DriveSettings, cards: Mapping[int, Card], couples):
        self.settings = settings
        self.cards = cards
        self.couples = couples

    def parties(self, group: PrizeGroup) -> list[Party]:
        if group is PrizeGroup.COUPLE:
            return [c for c in self.couples if all(p in self.cards for p in c)]
        roles = {PrizeGroup.LADY: {Role.LADY}, PrizeGroup.GENT: {Role.GENT}}.get(
            group, {Role.LADY, Role.GENT}
        )
        return [(p,) for p, card in sorted(self.cards.items()) if card.role in roles]

    def eligible(self, party: Party, spec: PrizeSpec) -> bool:
        need = self.settings.min_hands_for_prizes
        if (
            spec.metric is Metric.HALF_TIME
            and self.settings.half_time_prize_card is HalfTimeCard.FIRST_HALF
        ):
            half = self.settings.half_time_after
            return all(
                self.cards[p].half_time is not None
                and self.cards[p].present_first_half >= min(need, half)  # type: ignore[type-var]
                for p in party
            )
        return all(self.cards[p].present >= need for p in party)  # type: ignore[operator]

    def key(self, party: Party, spec: PrizeSpec) -> int:
        """Smaller is better."""
        card = self.cards[party[0]]
        if spec.metric is Metric.MYSTERY:
            return abs(card.total - self.settings.mystery_number)  # type: ignore[operator]
        value = {
            Metric.TOTAL: card.total,
            Metric.HALF_TIME: card.half_time or 0,
            Metric.BIG_HANDS: card.big_hands,
        }[spec.metric]
        return value if spec.lowest else -value

    def value(self, party: Party, spec: PrizeSpec) -> int:
        card = self.cards[party[0]]
        return {
            Metric.TOTAL: card.total,
            Metric.MYSTERY: card.total,
            Metric.HALF_TIME: card.half_time or 0,
            Metric.BIG_HANDS: card.big_hands,
        }[spec.metric]

    def countback(self, tied: list[Party], spec: PrizeSpec) -> list[Party]:
        if spec.metric not in (Metric.TOTAL, Metric.HALF_TIME):
            return tied
        end = (
            self.settings.half_time_after
            if spec.metric is Metric.HALF_TIME
            else len(self.cards[tied[0][0]].rows)
        )
        for span in countback_spans(end):

            def score(party: Party, span=span) -> int:
                value = sum(self.cards[party[0]].scores()[end - span : end])
                return value if spec.lowest else -value

            best = min(score(p) for p in tied)
            tied = [p for p in tied if score(p) == best]
            if len(tied) == 1:
                break
        return tied


def award_prizes(
    settings: DriveSettings,
    cards: Mapping[int, Card],
    cuts: Mapping[int, int] | None = None,
    couples: Sequence[Party] = (),
) -> list[Award]:
    """The prize list of ``settings.prizes`` from the final ``cards``. ``cuts`` holds the
    recorded cuts (prize number → winner); a cut naming someone no longer tied is ignored."""
    cuts = dict(cuts or {})
    judge = _Judge(settings, cards, list(couples))
    won_any: set[int] = set()
    won_series: dict[tuple, set[int]] = {}
    unsettled: list[tuple[tuple, set[int]]] = []
    places: dict[tuple, int] = {}
    awards = []
    for number, spec in enumerate(settings.prizes, start=1):
        place = places[spec.series] = places.get(spec.series, 0) + 1
        taken = won_series.setdefault(spec.series, set())

        def out(party: Party, taken=taken) -> bool:
            return any(
                p in taken or (settings.one_prize_per_player and p in won_any) for p in party
            )

        pool = [p for p in judge.parties(spec.group) if judge.eligible(p, spec) and not out(p)]
        members = {p for party in pool for p in party}
        blocked = any(
            (settings.one_prize_per_player or series == spec.series) and players & members
            for series, players in unsettled
        )
        if blocked:
            unsettled.append((spec.series, members))
            awards.append(Award(number, spec, place, AwardStatus.WAITING))
            continue
        if spec.metric is Metric.MYSTERY and settings.mystery_number is None:
            awards.append(Award(number, spec, place, AwardStatus.NO_NUMBER))
            continue
        if not pool:
            awards.append(Award(number, spec, place, AwardStatus.NO_CANDIDATE))
            continue
        best = min(judge.key(p, spec) for p in pool)
        tied = [p for p in pool if judge.key(p, spec) == best]
        decided = DecidedBy.SCORE
        if len(tied) > 1 and settings.tie_break is TieBreak.COUNTBACK:
            tied = judge.countback(tied, spec)
            decided = DecidedBy.COUNTBACK
        value = judge.value(tied[0], spec)
        if len(tied) > 1 and settings.tie_break is TieBreak.SHARE:
            winners = tuple(p for party in tied for p in party)
            awards.append(
                Award(
                    number,
                    spec,
                    place,
                    AwardStatus.SHARED,
                    winners,
                    value,
                    tuple(p[0] for p in tied),
                    DecidedBy.SHARE,
                )
            )
        elif len(tied) > 1:
            heads = tuple(p[0] for p in tied)
            chosen = cuts.get(number)
            if chosen not in heads:
                unsettled.append((spec.series, {p for party in tied for p in party}))
                awards.append(Award(number, spec, place, AwardStatus.CUT_NEEDED, (), value, heads))
                continue
            winners = next(p for p in tied if p[0] == chosen)
            awards.append(
                Award(
                    number, spec, place, AwardStatus.AWARDED, winners, value, heads, DecidedBy.CUT
                )
            )
        else:
            winners = tied[0]
            awards.append(
                Award(number, spec, place, AwardStatus.AWARDED, winners, value, (), decided)
            )
        taken.update(awards[-1].winners)
        won_any.update(awards[-1].winners)
    return awards
