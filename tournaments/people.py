"""The tournaments app's part of a person's data (registered in ``TournamentsConfig.ready``
with :func:`clubs.people.person_part_register`): the person's entries.

Entries point at the member by key; an entry change keeps member ids in its before/after
JSON (rewritten on a merge) and a free-text reason (a copied name is replaced on erasure)."""

from __future__ import annotations

from django.db.models import Q

from clubs.models import Member
from clubs.people_parts import reasons_rename
from tournaments.models import Entry, EntryChange


def _entries(member: Member):
    return Entry.objects.filter(Q(member1=member) | Q(member2=member))


def export(member: Member) -> list[dict]:
    """Each entry of the member: event, date, section, pair number and partner."""
    entries = _entries(member).select_related(
        "section__session__tournament__club", "member1", "member2"
    )
    rows = []
    for entry in entries.order_by("section__session__tournament__starts", "pk"):
        tournament = entry.section.session.tournament
        partner = entry.member2 if entry.member1_id == member.pk else entry.member1
        guest = entry.guest2 if entry.member1_id == member.pk else entry.guest1
        rows.append(
            {
                "club": tournament.club.name,
                "event": tournament.name,
                "starts": tournament.starts.isoformat(),
                "session": entry.section.session.number,
                "section": entry.section.name,
                "pair": entry.label,
                "partner": partner.name if partner else guest,
                "withdrawn": entry.withdrawn,
            }
        )
    return rows


def erase(member: Member, former_name: str) -> None:
    """Reasons of the member's entry changes no longer name them."""
    reasons_rename(EntryChange.objects.filter(entry__in=_entries(member)), former_name, member.name)


def merge(source: Member, target: Member) -> None:
    """Entry changes that recorded ``source``'s id record ``target``'s."""
    changes = EntryChange.objects.filter(entry__in=_entries(source))
    for change in changes:
        before, after = _moved(change.before, source, target), _moved(change.after, source, target)
        if (before, after) != (change.before, change.after):
            change.before, change.after = before, after
            change.save(update_fields=["before", "after"])


def _moved(state, source: Member, target: Member):
    if not isinstance(state, dict):
        return state
    return {
        key: target.pk if key in ("member1", "member2") and value == source.pk else value
        for key, value in state.items()
    }
