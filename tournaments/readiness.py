"""Is the event ready to start? The checks a director sees before "Ready" and "Start".

:func:`tournament_checks` lists, for every section of the event, what must be in place
before play: the entries, the boards, a schedule (movement) made for those entries and
those boards. Each :class:`Check` says what it checks, whether it passes, what is missing
and where to fix it. The same list guards the lifecycle in
:func:`tournaments.services.events.tournament_set_status` (ready and running are refused
while a check fails) and is shown on the control room and given by the API.

Reads only, in one query however many sections, entries or boards (each count is a
subquery, so no join multiplies the rows).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Func, OuterRef, Subquery
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Board, BoardPlay, Entry, Seating, Section, Tournament


@dataclass(frozen=True)
class Check:
    """One thing an event needs before play: ``code`` (entries, boards, movement,
    movement_boards), the section it is about, ``ok``, a ``label`` saying what is checked,
    ``missing`` (empty when ok) and ``fix_url`` (where to put it right)."""

    code: str
    section_id: int
    section_label: str
    ok: bool
    label: str
    missing: str
    fix_url: str

    def as_dict(self) -> dict:
        return {
            "code": self.code,
            "section": self.section_id,
            "section_label": self.section_label,
            "ok": self.ok,
            "label": self.label,
            "missing": self.missing,
            "fix_url": self.fix_url,
        }


def _count(queryset, field: str = "pk"):
    """A subquery counting ``queryset``'s rows for each section (no join multiplies)."""
    return Coalesce(
        Subquery(
            queryset.order_by().values(field).annotate(n=Func("pk", function="COUNT")).values("n")
        ),
        0,
    )


def _sections(tournament: Tournament) -> list[Section]:
    section = OuterRef("pk")
    return list(
        Section.objects.filter(session__tournament=tournament)
        .select_related("session")
        .annotate(
            active_entries=_count(
                Entry.objects.filter(section=section, withdrawn=False), "section"
            ),
            board_count=_count(Board.objects.filter(board_set=OuterRef("board_set")), "board_set"),
            seatings_count=_count(Seating.objects.filter(section=section), "section"),
            last_board=Subquery(
                BoardPlay.objects.filter(seating__section=section)
                .order_by("-board__number")
                .values("board__number")[:1]
            ),
        )
        .order_by("session__number", "name")
    )


def _section_checks(section: Section, individual: bool) -> list[Check]:
    url = reverse("tournaments:section", args=[section.pk])
    label = str(section.label)
    least = 4 if individual else 2
    checks = []

    def add(code: str, ok: bool, what: str, missing: str, anchor: str) -> None:
        checks.append(
            Check(code, section.pk, label, ok, what, "" if ok else missing, f"{url}#{anchor}")
        )

    entries = section.active_entries
    add(
        "entries",
        entries >= least,
        ngettext("%(n)s entry", "%(n)s entries", entries) % {"n": entries},
        ngettext("At least %(n)s entry is needed.", "At least %(n)s entries are needed.", least)
        % {"n": least},
        "entries",
    )
    boards = section.board_count if section.board_set_id else 0
    add(
        "boards",
        boards > 0,
        ngettext("%(n)s board", "%(n)s boards", boards) % {"n": boards},
        _("Deal or import the boards."),
        "boards",
    )
    scheduled = bool(section.movement) and section.seatings_count > 0
    add(
        "movement",
        scheduled,
        _("Movement: %(kind)s") % {"kind": section.movement_type.title()}
        if scheduled
        else _("Movement"),
        _("Choose a movement for these entries (adding or removing a pair clears it)."),
        "movement",
    )
    if scheduled and boards:
        needed = section.last_board or 0
        add(
            "movement_boards",
            needed <= boards,
            _("The movement's boards are in the set"),
            _("The movement needs %(needed)s boards; the board set has %(boards)s.")
            % {"needed": needed, "boards": boards},
            "boards",
        )
    return checks


def tournament_checks(tournament: Tournament) -> list[Check]:
    """Every check of every section of the event, section by section."""
    return [
        check
        for section in _sections(tournament)
        for check in _section_checks(section, tournament.individual)
    ]


def tournament_missing(tournament: Tournament) -> list[Check]:
    """The checks that fail (empty: the event may be marked ready and started)."""
    return [check for check in tournament_checks(tournament) if not check.ok]
