"""The variants app's part of a person's data (registered in ``VariantsConfig.ready``): the
whist-family tables the person sat at, with their score hand by hand. Seats point at the
member by key; correction reasons are free text (a copied name is replaced on erasure)."""

from __future__ import annotations

from collections import defaultdict

from clubs.models import Member
from clubs.people_parts import reasons_rename
from variants.models import VariantHandCorrection, VariantHandLine, VariantSeat


def export(member: Member) -> list[dict]:
    seats = list(
        VariantSeat.objects.filter(member=member)
        .select_related("table__club_night__club")
        .order_by("table__club_night__date", "table__number")
    )
    scores: dict[tuple[int, int], list] = defaultdict(list)
    for table_id, position, number, score in VariantHandLine.objects.filter(
        hand__table_id__in=[seat.table_id for seat in seats]
    ).values_list("hand__table_id", "position", "hand__number", "score"):
        scores[(table_id, position)].append([number, score])
    return [
        {
            "club": seat.table.club_night.club.name,
            "date": seat.table.club_night.date.isoformat(),
            "game": seat.table.game,
            "table": seat.table.number,
            "seat": seat.position,
            "hands": sorted(scores[(seat.table_id, seat.position)]),
        }
        for seat in seats
    ]


def erase(member: Member, former_name: str) -> None:
    tables = VariantSeat.objects.filter(member=member).values("table_id")
    reasons_rename(
        VariantHandCorrection.objects.filter(hand__table_id__in=tables), former_name, member.name
    )
