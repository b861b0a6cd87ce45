"""The clubs app's own part of a person's data (:mod:`clubs.people`): club-night tables.

Seats point at the member by key (they show the pseudonym after an erasure, and move with
a merge); only free-text correction reasons may have copied a name."""

from __future__ import annotations

from django.db.models import Q

from clubs.models import HandCorrection, Member, TableSeat


def name_replaced(text: str, old: str, new: str) -> str:
    """``text`` with every occurrence of the name ``old`` replaced by ``new``."""
    return text.replace(old, new) if old and old in text else text


def reasons_rename(queryset, old: str, new: str, field: str = "reason") -> int:
    """Replace ``old`` by ``new`` in the free-text ``field`` of the rows of ``queryset``
    that contain it; returns how many rows changed."""
    changed = 0
    for row in queryset.filter(**{f"{field}__contains": old}):
        setattr(row, field, name_replaced(getattr(row, field), old, new))
        row.save(update_fields=[field])
        changed += 1
    return changed


def club_nights_export(member: Member) -> list[dict]:
    """Each club-night table the member sat at, with the hands entered there."""
    seats = (
        TableSeat.objects.filter(member=member)
        .select_related("table__club_night__club")
        .prefetch_related("table__rubbers__hands")
        .order_by("table__club_night__date", "table__number")
    )
    return [
        {
            "club": seat.table.club_night.club.name,
            "date": seat.table.club_night.date.isoformat(),
            "table": seat.table.number,
            "seat": seat.seat,
            "rubbers": [
                {
                    "number": rubber.number,
                    "hands": [
                        {
                            "number": hand.number,
                            "dealer": hand.dealer,
                            "ns_tricks": hand.ns_tricks,
                            "honours": f"{hand.honours_side} {hand.honours_count}".strip(),
                        }
                        for hand in rubber.hands.all()
                    ],
                }
                for rubber in seat.table.rubbers.all()
            ],
        }
        for seat in seats
    ]


def club_nights_erase(member: Member, former_name: str) -> None:
    """Correction reasons of the tables the member sat at no longer name them."""
    tables = TableSeat.objects.filter(member=member).values("table_id")
    reasons_rename(
        HandCorrection.objects.filter(Q(hand__rubber__table_id__in=tables)),
        former_name,
        member.name,
    )
