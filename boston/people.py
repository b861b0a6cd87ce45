"""The boston app's part of a person's data (registered in ``BostonConfig.ready``): the
Boston tables the person sat at, with their seat's counters hand by hand. Seats point at the
member by key; correction reasons are free text (a copied name is replaced on erasure)."""

from __future__ import annotations

from boston.models import BostonHandCorrection, BostonSeat
from clubs.models import Member
from clubs.people_parts import reasons_rename


def export(member: Member) -> list[dict]:
    seats = (
        BostonSeat.objects.filter(member=member)
        .select_related("table__club_night__club")
        .prefetch_related("table__hands")
        .order_by("table__club_night__date", "table__number")
    )
    return [
        {
            "club": seat.table.club_night.club.name,
            "date": seat.table.club_night.date.isoformat(),
            "table": seat.table.number,
            "seat": seat.seat,
            "hands": [
                {
                    "number": hand.number,
                    "change": getattr(hand, f"change_{seat.seat.lower()}", None),
                }
                for hand in seat.table.hands.all()
            ],
        }
        for seat in seats
    ]


def erase(member: Member, former_name: str) -> None:
    tables = BostonSeat.objects.filter(member=member).values("table_id")
    reasons_rename(
        BostonHandCorrection.objects.filter(hand__table_id__in=tables), former_name, member.name
    )
