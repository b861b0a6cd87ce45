"""Reads for pages and the API, each with the joins its caller needs."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from clubs.permissions import member_id_of
from scoring.models import Result, ResultStatus, StandingsSnapshot
from tournaments.models import Entry, Section, Tournament


def results_for_api() -> QuerySet[Result]:
    return Result.objects.select_related("ns", "ew", "latest_version").order_by(
        "section_id", "board_number", "table"
    )


def section_get(section_id: int) -> Section | None:
    return Section.objects.select_related("session__tournament__club").filter(pk=section_id).first()


def club_id_of(section: Section) -> int:
    return section.session.tournament.club_id


def tournament_of(section: Section) -> Tournament:
    return section.session.tournament


def tournament_get(tournament_id: int) -> Tournament | None:
    return Tournament.objects.select_related("club").filter(pk=tournament_id).first()


def session_get(session_id: int):
    from tournaments.models import Session

    return Session.objects.select_related("tournament__club").filter(pk=session_id).first()


def tournament_sections(tournament: Tournament, session=None) -> list[Section]:
    sections = Section.objects.filter(session__tournament=tournament).select_related("session")
    if session is not None:
        sections = sections.filter(session=session)
    return list(sections.order_by("session__number", "name"))


def snapshot_latest(section_id: int) -> StandingsSnapshot | None:
    return StandingsSnapshot.objects.filter(section_id=section_id).order_by("-version").first()


def section_results(section_id: int) -> QuerySet[Result]:
    return Result.objects.filter(section_id=section_id).select_related(
        "ns", "ew", "entered_by", "confirmed_by"
    )


def results_waiting(section_id: int) -> QuerySet[Result]:
    return section_results(section_id).filter(status=ResultStatus.ENTERED)


def results_disputed(section_id: int) -> QuerySet[Result]:
    return section_results(section_id).filter(status=ResultStatus.DISPUTED)


def board_numbers(section: Section) -> list[int]:
    """The board numbers of the section's board set, in order."""
    from tournaments.models import Board

    return list(
        Board.objects.filter(board_set_id=section.board_set_id)
        .order_by("number")
        .values_list("number", flat=True)
    )


def my_entry_ids(user, section_ids) -> frozenset[int]:
    """The entries (pairs) of the logged-in ``user``'s member in those sections, so that a
    page can mark the reader's own rows (one query; none when logged out)."""
    member_id = member_id_of(user)
    if member_id is None:
        return frozenset()
    return frozenset(
        Entry.objects.filter(section_id__in=list(section_ids))
        .filter(Q(member1_id=member_id) | Q(member2_id=member_id))
        .values_list("pk", flat=True)
    )
