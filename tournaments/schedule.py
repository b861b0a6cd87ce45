"""The one bridge between the organiser's pages and the pure movement generators in
``tournaments.movements``: suggestions, generation, validation, then saving the schedule."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

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
