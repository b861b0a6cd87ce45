"""Reads for Boston pages and the API: tables with what their pages need, running totals,
a club night's summary per player. Query counts do not grow with hands or tables."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet

from boston.models import BostonHand, BostonHandCorrection, BostonSeat, BostonTable
from clubs.models import ClubNight, Member, Season
from engine.boston.night import night_totals
from engine.boston.payments import Settlement
from engine.cards import Seat

SEATS = "NESW"


def tables_with_hands() -> QuerySet[BostonTable]:
    """Boston tables with their night, club, seated members and hands in order."""
    return BostonTable.objects.select_related("club_night__club").prefetch_related(
        Prefetch("seats", queryset=BostonSeat.objects.select_related("member").order_by("seat")),
        Prefetch("hands", queryset=BostonHand.objects.order_by("number")),
    )


def table_get(table_id: int, *, club_slug: str | None = None) -> BostonTable | None:
    """One table ready for its page, or None (also when it is not ``club_slug``'s)."""
    tables = tables_with_hands()
    if club_slug is not None:
        tables = tables.filter(club_night__club__slug=club_slug)
    return tables.filter(pk=table_id).first()


def corrections_of(table: BostonTable) -> QuerySet[BostonHandCorrection]:
    """Every correction at the table, oldest first, with who made it."""
    return (
        BostonHandCorrection.objects.filter(hand__table=table)
        .select_related("hand", "corrected_by")
        .order_by("corrected_at", "pk")
    )


@dataclass(frozen=True)
class RunningRow:
    """A hand with the totals of each seat (N, E, S, W order) and the pool after it."""

    hand: BostonHand
    changes: tuple[int, int, int, int]
    totals: tuple[int, int, int, int]
    pool: int


def settlement_of(hand: BostonHand) -> Settlement:
    """A stored hand's payments as the engine's :class:`Settlement`."""
    return Settlement({Seat[seat]: hand.change_of(seat) for seat in SEATS}, hand.change_pool)


def running_totals(hands: Iterable[BostonHand]) -> list[RunningRow]:
    """The running totals after each of ``hands`` (in hand order), added up by
    :func:`engine.boston.night.night_totals`."""
    hands = list(hands)
    night = night_totals(settlement_of(h) for h in hands)
    return [
        RunningRow(
            hand,
            tuple(hand.change_of(seat) for seat in SEATS),  # type: ignore[arg-type]
            tuple(after.seats[Seat[seat]] for seat in SEATS),  # type: ignore[arg-type]
            after.pool,
        )
        for hand, after in zip(hands, night.running, strict=True)
    ]


def seat_totals(hands: Iterable[BostonHand]) -> dict[str, int]:
    """Each seat's total over ``hands``."""
    return {seat: sum(h.change_of(seat) for h in hands) for seat in SEATS}


@dataclass(frozen=True)
class SummaryRow:
    """One player's night: total over every Boston table they sat at, hands played."""

    member: Member
    total: int
    hands: int
    tables: tuple[int, ...]


def night_tables(night: ClubNight) -> list[BostonTable]:
    return list(tables_with_hands().filter(club_night=night).order_by("number"))


def night_pool(tables: Sequence[BostonTable]) -> int:
    """What the night's pools hold after every hand of ``tables``: the players' totals (of
    :func:`night_summary`) plus this add up to zero."""
    return sum(hand.change_pool for table in tables for hand in table.hands.all())


def night_summary(tables: Sequence[BostonTable]) -> list[SummaryRow]:
    """Per player over ``tables`` (from :func:`night_tables`), best total first."""
    totals: dict[int, int] = defaultdict(int)
    played: dict[int, int] = defaultdict(int)
    sat_at: dict[int, list[int]] = defaultdict(list)
    members: dict[int, Member] = {}
    for table in tables:
        hands = list(table.hands.all())
        by_seat = seat_totals(hands)
        for seat in table.seats.all():
            members[seat.member_id] = seat.member
            totals[seat.member_id] += by_seat[seat.seat]
            played[seat.member_id] += len(hands)
            sat_at[seat.member_id].append(table.number)
    rows = [SummaryRow(members[m], totals[m], played[m], tuple(sat_at[m])) for m in members]
    return sorted(rows, key=lambda r: (-r.total, r.member.name))


def night_get(night_id: int, *, club_slug: str) -> ClubNight | None:
    """A club night of the club ``club_slug``, with its club."""
    return (
        ClubNight.objects.select_related("club").filter(pk=night_id, club__slug=club_slug).first()
    )


def season_of(night: ClubNight) -> Season | None:
    """The club's season that the night falls in, if any (for the Boston ladder's link)."""
    return (
        Season.objects.filter(club_id=night.club_id, starts__lte=night.date, ends__gte=night.date)
        .order_by("-starts")
        .first()
    )
