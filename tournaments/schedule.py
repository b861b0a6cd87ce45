"""The one bridge between the organiser's pages and the pure movement generators in
``tournaments.movements``: suggestions, generation, validation, then saving the schedule."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.rulings import ruling_text
from tournaments import services
from tournaments.errors import ScheduleError
from tournaments.models import Entry, Section


def suggestions(
    *, entries: int, boards: int | None, minutes: int | None, individual: bool
) -> list[Any]:
    """The movements that suit this many entries and the boards and time available."""
    from tournaments.movements import suggest_movements

    if entries < 2:
        return []
    try:
        return list(
            suggest_movements(
                entries, boards_available=boards, minutes=minutes, individual=individual
            )
        )
    except ValueError:
        return []


def movement_build(
    *, kind: str, entries: int, boards_per_round: int, option: str = ""
) -> dict[str, Any]:
    """Generate and validate a movement for ``entries`` entries; its JSON."""
    from tournaments import movements

    try:
        if kind == "mitchell":
            tables, odd = divmod(entries, 2)
            if odd:
                raise ScheduleError(
                    _(
                        "A Mitchell needs an even number of pairs (add a pair, or use a Howell with a sit-out)."
                    )
                )
            movement = movements.mitchell(
                tables,
                boards_per_round=boards_per_round,
                even=option if option in ("skip", "relay") else None,
                arrow_switch=option == "arrow",
            )
        elif kind == "howell":
            movement = movements.howell(entries, boards_per_round=boards_per_round)
        elif kind == "individual":
            movement = movements.individual(entries, boards_per_round=boards_per_round)
        else:
            raise ScheduleError(_("Unknown movement: %(kind)s") % {"kind": kind})
        movements.validate_or_raise(movement)
    except movements.MovementError as error:
        raise ScheduleError(ruling_text(error)) from error
    return movement.to_json()


def section_generate(
    *, section: Section, kind: str, boards_per_round: int, option: str = ""
) -> Section:
    """Generate the section's schedule for its entries and save it."""
    entries = Entry.objects.filter(section=section, withdrawn=False).count()
    movement = movement_build(
        kind=kind, entries=entries, boards_per_round=boards_per_round, option=option
    )
    if section.board_set is None:
        raise ScheduleError(_("Choose or create the board set first."))
    needed = max(b for r in movement["rounds"] for t in r["tables"] for b in t["boards"])
    available = section.board_set.boards.count()
    if needed > available:
        raise ScheduleError(
            _("This movement needs %(needed)s boards; the board set has %(available)s.")
            % {"needed": needed, "available": available}
        )
    return services.section_schedule_save(section=section, movement=movement)


@dataclass(frozen=True)
class MovementChoice:
    """A suggested movement for a section, in the reader's language: ``title``, ``why`` it
    fits (boards, time, winners, sit-outs), and what "use it" generates."""

    kind: str
    option: str
    boards_per_round: int
    tables: int
    rounds: int
    boards: int
    minutes: int
    winners: int
    sit_outs: bool
    title: str
    why: str


def _choice_title(s: Any) -> str:
    names = {
        ("mitchell", ""): _("Mitchell, %(tables)s tables"),
        ("mitchell", "arrow"): _("Mitchell with an arrow switch, %(tables)s tables"),
        ("mitchell", "relay"): _("Mitchell with a relay and bye stand, %(tables)s tables"),
        ("mitchell", "skip"): _("Mitchell with a skip, %(tables)s tables"),
        ("howell", ""): _("Howell, %(tables)s tables"),
        ("individual", ""): _("Individual, %(tables)s tables"),
    }
    return names.get((s.type, s.option), "%(tables)s") % {"tables": s.tables}


def _choice_why(s: Any, *, boards: int | None, minutes: int | None) -> str:
    parts = [
        ngettext(
            "%(rounds)s round of %(per)s boards: %(boards)s boards, about %(minutes)s minutes.",
            "%(rounds)s rounds of %(per)s boards: %(boards)s boards, about %(minutes)s minutes.",
            s.rounds,
        )
        % {
            "rounds": s.rounds,
            "per": s.boards_per_round,
            "boards": s.boards,
            "minutes": round(s.minutes),
        }
    ]
    if boards is not None and s.boards <= boards:
        parts.append(
            _("Fits your board set (%(used)s of its %(boards)s boards).")
            % {"used": s.boards, "boards": boards}
        )
    elif boards is not None:
        parts.append(
            _("Your board set has only %(boards)s boards: a new set of %(needed)s is dealt.")
            % {"boards": boards, "needed": s.boards}
        )
    else:
        parts.append(_("A board set of %(boards)s boards is dealt for it.") % {"boards": s.boards})
    if minutes is not None:
        parts.append(_("Fits in your %(minutes)s minutes.") % {"minutes": minutes})
    if s.type == "individual":
        parts.append(_("Everyone partners everyone once; one winner."))
    elif s.type == "howell":
        parts.append(_("Everyone meets everyone; one winner."))
    elif s.winners == 1:
        parts.append(_("The last round's boards are turned round: one winner."))
    else:
        parts.append(_("Two winners: North–South and East–West."))
    if s.sit_outs:
        parts.append(_("An odd number of pairs: one pair sits out each round."))
    return " ".join(parts)


#: The time of play the suggestions fit when the director has not said.
EVENING_MINUTES = 180


def section_choices(section: Section, *, minutes: int | None = None) -> list[MovementChoice]:
    """The suggested movements for the section's entries (withdrawn ones aside), best
    first, fitted to its board set (when it has one; else a set is dealt for the movement)
    and to ``minutes`` of play (:data:`EVENING_MINUTES` when not given)."""
    minutes = minutes or EVENING_MINUTES
    entries = Entry.objects.filter(section=section, withdrawn=False).count()
    boards = section.board_set.boards.count() if section.board_set_id else None
    individual = section.session.tournament.individual
    found = suggestions(entries=entries, boards=boards, minutes=minutes, individual=individual)
    if not found and boards is not None:
        # Nothing fits the set (too few boards for this many entries): a new set is dealt.
        found = suggestions(entries=entries, boards=None, minutes=minutes, individual=individual)
    return [
        MovementChoice(
            kind=s.type,
            option=s.option,
            boards_per_round=s.boards_per_round,
            tables=s.tables,
            rounds=s.rounds,
            boards=s.boards,
            minutes=round(s.minutes),
            winners=s.winners,
            sit_outs=s.sit_outs,
            title=_choice_title(s),
            why=_choice_why(s, boards=boards, minutes=minutes),
        )
        for s in found
    ]


@transaction.atomic
def section_movement_use(
    *, section: Section, kind: str, boards_per_round: int, option: str = ""
) -> Section:
    """One click on a suggestion: deal a board set for it when the section has none, or one
    with too few boards (from a new recorded seed, with the event's trumps), then generate
    and save the schedule."""
    entries = Entry.objects.filter(section=section, withdrawn=False).count()
    movement = movement_build(
        kind=kind, entries=entries, boards_per_round=boards_per_round, option=option
    )
    needed = max(b for r in movement["rounds"] for t in r["tables"] for b in t["boards"])
    if section.board_set_id is None or section.board_set.boards.count() < needed:
        board_set = services.board_set_generate(
            club=section.session.tournament.club,
            count=needed,
            trump_scheme=section.session.tournament.trump_scheme,
        )
        services.section_board_set_choose(section=section, board_set=board_set)
    return section_generate(
        section=section, kind=kind, boards_per_round=boards_per_round, option=option
    )
