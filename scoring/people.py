"""The scoring app's part of a person's data (registered in ``ScoringConfig.ready``): the
results at the person's tables and their standings, and the results emails sent to them
(:func:`emails_export`; an erasure deletes them, a merge moves them to the kept record).

Stored standings snapshots copy each pair's name: an erasure or a merge rewrites the name
of the person's pairs in every snapshot (figures untouched), so published standings show
the pseudonym (or the kept record's name). Results and versions point at entries by key;
version reasons are free text (a copied name is replaced)."""

from __future__ import annotations

from django.db.models import Q

from clubs.models import Member
from clubs.people_parts import reasons_rename
from scoring.models import (
    IdempotencyKey,
    ReleaseEmail,
    Result,
    ResultVersion,
    StandingsSnapshot,
)
from tournaments.models import Entry

SEPARATOR = " – "  # between the two names of a pair, as tournaments.Entry.__str__ writes it


def _entries(member: Member):
    return Entry.objects.filter(Q(member1=member) | Q(member2=member))


def export(member: Member) -> list[dict]:
    """The results of the member's pairs, board by board (one query)."""
    entries = set(_entries(member).values_list("pk", flat=True))
    results = (
        Result.objects.filter(Q(ns_id__in=entries) | Q(ew_id__in=entries))
        .select_related("section__session__tournament")
        .order_by("section__session__tournament__starts", "section_id", "board_number", "pk")
    )
    return [
        {
            "event": r.section.session.tournament.name,
            "section": r.section.name,
            "board": r.board_number,
            "round": r.round,
            "table": r.table,
            "side": "NS" if r.ns_id in entries else "EW",
            "kind": r.kind,
            "ns_tricks": r.ns_tricks,
            "adjusted": f"{r.adjusted_ns}/{r.adjusted_ew}".strip("/"),
            "status": r.status,
        }
        for r in results
    ]


def snapshot_names_replace(entry_ids: set[int], old: str, new: str) -> int:
    """In every stored snapshot of those entries' sections, the pair names of ``entry_ids``
    with the name ``old`` replaced by ``new``; returns the snapshots rewritten."""
    sections = Entry.objects.filter(pk__in=entry_ids).values("section_id")
    rewritten = 0
    for snapshot in StandingsSnapshot.objects.filter(section_id__in=sections):
        changed = False
        for field in snapshot.data.get("fields", []):
            for row in field.get("rows", []):
                if row.get("entry") in entry_ids:
                    names = [new if name == old else name for name in row["name"].split(SEPARATOR)]
                    renamed = SEPARATOR.join(names)
                    changed |= renamed != row["name"]
                    row["name"] = renamed
        if changed:
            snapshot.save(update_fields=["data"])
            rewritten += 1
    return rewritten


def erase(member: Member, former_name: str) -> None:
    entries = set(_entries(member).values_list("pk", flat=True))
    snapshot_names_replace(entries, former_name, member.name)
    results = Result.objects.filter(Q(ns_id__in=entries) | Q(ew_id__in=entries))
    reasons_rename(ResultVersion.objects.filter(result__in=results), former_name, member.name)
    if member.user_id is not None:
        IdempotencyKey.objects.filter(user_id=member.user_id).delete()


def merge(source: Member, target: Member) -> None:
    entries = set(_entries(source).values_list("pk", flat=True))
    snapshot_names_replace(entries, source.name, target.name)


def emails_export(member: Member) -> list[dict]:
    """The results emails of the member: event, release, address, status, when (one query)."""
    rows = (
        ReleaseEmail.objects.filter(member=member)
        .select_related("tournament", "release")
        .order_by("created", "pk")
    )
    return [
        {
            "event": row.tournament.name,
            "released": row.release.changed_at.isoformat(),
            "address": row.address,
            "language": row.language,
            "status": row.status,
            "sent": row.sent_at.isoformat() if row.sent_at else None,
            "result": row.figures,
        }
        for row in rows
    ]


def emails_erase(member: Member, former_name: str) -> None:
    """The log of emails sent to an erased person holds their address: deleted."""
    ReleaseEmail.objects.filter(member=member).delete()


def emails_merge(source: Member, target: Member) -> None:
    """The kept record takes the source's results emails, except for a release it was
    emailed for itself (one row per release and person)."""
    taken = ReleaseEmail.objects.filter(member=target).values("release_id")
    ReleaseEmail.objects.filter(member=source).exclude(release_id__in=taken).update(member=target)
