"""A section's schedule: save a validated movement as seatings and board plays, choose
the section's board set."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import selectors
from tournaments.errors import LockedError, ScheduleError
from tournaments.models import (
    STATUSES_STARTED,
    Board,
    BoardPlay,
    BoardSet,
    Entry,
    Seating,
    Section,
)


def schedule_has_results(section: Section) -> bool:
    """Whether any result stands on the section's schedule (then it is locked)."""
    return BoardPlay.objects.filter(seating__section=section, result__isnull=False).exists()


def _check_unlocked(section: Section, what: str) -> None:
    if section.session.tournament.status in STATUSES_STARTED:
        raise LockedError(
            _(
                "The event has started: %(what)s is no longer possible. Substitute a player "
                "or withdraw a pair instead."
            )
            % {"what": what}
        )
    if schedule_has_results(section):
        raise LockedError(
            _("Results stand on this section's schedule: %(what)s is no longer possible.")
            % {"what": what}
        )


def _schedule_clear(section: Section) -> None:
    if section.movement:
        if schedule_has_results(section):
            raise LockedError(
                _("Results stand on this section's schedule: it can no longer change.")
            )
        BoardPlay.objects.filter(seating__section=section).delete()
        Seating.objects.filter(section=section).delete()
        section.movement, section.movement_type = {}, ""
        section.save(update_fields=["movement", "movement_type"])


@transaction.atomic
def section_schedule_save(
    *, section: Section, movement: Mapping[str, Any], board_set: BoardSet | None = None
) -> Section:
    """Save a movement (its JSON, already validated) as the section's schedule rows."""
    _check_unlocked(section, _("replacing the schedule"))
    board_set = board_set or section.board_set
    if board_set is None:
        raise ScheduleError(_("Choose or create the board set first."))
    entries = {e.number: e for e in Entry.objects.filter(section=section)}
    boards = {b.number: b for b in Board.objects.filter(board_set=board_set)}
    individual = movement.get("type") in ("individual", "rubber3")
    _schedule_clear(section)
    seatings, plays = [], []
    for round_ in movement.get("rounds", []):
        for table in round_["tables"]:
            keys = ("north", "south", "east", "west") if individual else ("ns", "ew")
            try:
                seats = {k: entries[table[k]] for k in keys}
            except KeyError as missing:
                raise ScheduleError(
                    _("The movement needs entry %(n)s, which this section does not have.")
                    % {"n": table.get(missing.args[0], missing.args[0])}
                ) from None
            seating = Seating(
                section=section,
                round=round_["round"],
                table=table["table"],
                ns=seats["north" if individual else "ns"],
                ew=seats["east" if individual else "ew"],
                south=seats.get("south"),
                west=seats.get("west"),
                arrow_switch=bool(table.get("arrow_switch")),
            )
            seatings.append(seating)
            for number in table["boards"]:
                if number not in boards:
                    raise ScheduleError(
                        _("The movement uses board %(n)s but the board set has %(count)s boards.")
                        % {"n": number, "count": len(boards)}
                    )
                plays.append((seating, boards[number]))
    Seating.objects.bulk_create(seatings)
    BoardPlay.objects.bulk_create(BoardPlay(seating=s, board=b) for s, b in plays)
    directions = selectors.movement_directions(movement)
    for number, direction in directions.items():
        if number in entries and entries[number].direction != direction:
            Entry.objects.filter(pk=entries[number].pk).update(direction=direction)
    section.movement, section.movement_type = dict(movement), movement.get("type", "")
    section.board_set = board_set
    section.save(update_fields=["movement", "movement_type", "board_set"])
    return section


@transaction.atomic
def section_board_set_choose(*, section: Section, board_set: BoardSet) -> Section:
    """Use ``board_set`` for the section (clearing a schedule made with another set)."""
    if section.board_set_id != board_set.pk:
        _check_unlocked(section, _("changing the boards"))
        _schedule_clear(section)
        section.board_set = board_set
        section.save(update_fields=["board_set"])
    return section
