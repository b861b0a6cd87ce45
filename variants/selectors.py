"""Reads for the whist-family pages and the API: tables with what their pages need, the
running totals, a night's summary per player, a player's results. Query counts do not grow
with hands or tables."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet, Sum

from clubs.models import ClubNight, Member, Season
from variants.models import (
    VariantHand,
    VariantHandCorrection,
    VariantHandLine,
    VariantSeat,
    VariantTable,
)


def tables_with_hands() -> QuerySet[VariantTable]:
    """Tables with their night, club, seated members, and hands with their lines."""
    return VariantTable.objects.select_related("club_night__club").prefetch_related(
        Prefetch("seats", queryset=VariantSeat.objects.select_related("member")),
        Prefetch(
            "hands",
            queryset=VariantHand.objects.order_by("number").prefetch_related(
                Prefetch("lines", queryset=VariantHandLine.objects.order_by("position"))
            ),
        ),
    )


def table_get(table_id: int, *, club_slug: str | None = None) -> VariantTable | None:
    tables = tables_with_hands()
    if club_slug is not None:
        tables = tables.filter(club_night__club__slug=club_slug)
    return tables.filter(pk=table_id).first()


def night_tables(night: ClubNight) -> list[VariantTable]:
    return list(tables_with_hands().filter(club_night=night).order_by("number"))


def night_get(night_id: int, *, club_slug: str) -> ClubNight | None:
    return (
        ClubNight.objects.select_related("club").filter(pk=night_id, club__slug=club_slug).first()
    )


def corrections_of(table: VariantTable) -> QuerySet[VariantHandCorrection]:
    return (
        VariantHandCorrection.objects.filter(hand__table=table)
        .select_related("hand", "corrected_by")
        .order_by("corrected_at", "pk")
    )


@dataclass(frozen=True)
class RunningRow:
    """A hand with every player's line and running total after it."""

    hand: VariantHand
    lines: tuple[VariantHandLine, ...]
    totals: tuple[int, ...]


def running_totals(table: VariantTable) -> list[RunningRow]:
    """Each hand (prefetched) with the running total per seat after it."""
    players = len(table.seats.all())
    totals = [0] * players
    rows = []
    for hand in table.hands.all():
        lines = tuple(hand.lines.all())
        for line in lines:
            totals[line.position] += line.score
        rows.append(RunningRow(hand, lines, tuple(totals)))
    return rows


def seat_totals(table: VariantTable) -> list[int]:
    """Each seat's total over the table's (prefetched) hands."""
    rows = running_totals(table)
    return list(rows[-1].totals) if rows else [0] * len(table.seats.all())


@dataclass(frozen=True)
class SummaryRow:
    member: Member
    game: str
    total: int
    hands: int
    tables: tuple[int, ...]


def night_summary(tables: Sequence[VariantTable]) -> list[SummaryRow]:
    """Per player and game over ``tables`` (from :func:`night_tables`), best total first.
    Games are never added together: their units differ."""
    totals: dict[tuple[int, str], int] = defaultdict(int)
    played: dict[tuple[int, str], int] = defaultdict(int)
    sat_at: dict[tuple[int, str], list[int]] = defaultdict(list)
    members: dict[int, Member] = {}
    for table in tables:
        by_seat = seat_totals(table)
        for seat in table.seats.all():
            key = (seat.member_id, table.game)
            members[seat.member_id] = seat.member
            totals[key] += by_seat[seat.position]
            played[key] += len(table.hands.all())
            sat_at[key].append(table.number)
    rows = [
        SummaryRow(members[m], g, totals[(m, g)], played[(m, g)], tuple(sat_at[(m, g)]))
        for m, g in totals
    ]
    return sorted(rows, key=lambda r: (r.game, -r.total, r.member.name))


def season_of(night: ClubNight) -> Season | None:
    return (
        Season.objects.filter(club_id=night.club_id, starts__lte=night.date, ends__gte=night.date)
        .order_by("-starts")
        .first()
    )


@dataclass(frozen=True)
class PlayerResult:
    """A player's total at one table (for the player page)."""

    table_id: int
    night_id: int
    date: object
    club_slug: str
    game: str
    total: int


def player_variant_results(member: Member) -> list[PlayerResult]:
    """Every whist-family table ``member`` sat at, newest first, with their total there.
    Two queries, however many tables."""
    seats = list(
        VariantSeat.objects.filter(member=member)
        .select_related("table__club_night__club")
        .order_by("-table__club_night__date", "table__number")
    )
    sums = {
        (row["hand__table_id"], row["position"]): row["total"]
        for row in VariantHandLine.objects.filter(hand__table__seats__member=member)
        .values("hand__table_id", "position")
        .annotate(total=Sum("score"))
    }
    return [
        PlayerResult(
            s.table_id,
            s.table.club_night_id,
            s.table.club_night.date,
            s.table.club_night.club.slug,
            s.table.game,
            sums.get((s.table_id, s.position), 0),
        )
        for s in seats
    ]


def results_by_game(results: Iterable[PlayerResult]) -> dict[str, list[PlayerResult]]:
    grouped: dict[str, list[PlayerResult]] = defaultdict(list)
    for result in results:
        grouped[result.game].append(result)
    return dict(grouped)
