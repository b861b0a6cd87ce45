"""Who may write a result, and when (issue #12, "permissions"): the one place scoring
decides it, for the pages and the API alike.

* **A player's phone enters tricks, nothing else**: a player seated at the table (NS to
  enter, EW to confirm) — or the table's device — enters a played board's tricks while the
  event is **running** (:data:`~tournaments.models.STATUSES_PLAYERS_ENTER`), and NS only
  for a board of their current round or an earlier one (:mod:`tournaments.rounds`: a
  result must not open a deal still to be played).
* **Adjusted scores (A+, A, A−) and "not played"** are set by the event's **directors**
  only (:func:`tournaments.visibility.is_director`: never someone playing in it).
* **Directors** enter and correct any result while the event is running, finished or
  released (:data:`~tournaments.models.STATUSES_DIRECTORS_CORRECT`); once it is closed,
  nobody does (a secretary reopens it first).

Each refusal has a ``code`` (the API sends it with the ``detail``) and a reason that the
pages show.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from clubs.permissions import Action, can, member_id_of
from scoring.models import ResultKind
from tournaments.models import (
    STATUSES_DIRECTORS_CORRECT,
    STATUSES_PLAYERS_ENTER,
    Section,
    Tournament,
)
from tournaments.rounds import reached
from tournaments.visibility import directors_only_message, is_director

NOT_AT_YOUR_TABLE = "not_at_your_table"
DIRECTORS_ONLY = "directors_only"
NOT_RUNNING = "event_not_running"
CLOSED = "event_closed"
ROUND_NOT_REACHED = "round_not_reached"


class Refusal(Exception):
    """A write refused: ``code`` for programs, ``message`` for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message

    def __str__(self) -> str:
        return self.message

    def as_json(self) -> dict[str, str]:
        return {"detail": self.message, "code": self.code}


def _tournament(tournament_id: int, club_id: int) -> Tournament:
    return Tournament(pk=tournament_id, club_id=club_id)


def directs(user, *, tournament_id: int, club_id: int) -> bool:
    """Whether ``user`` directs the event (:func:`tournaments.visibility.is_director`)."""
    return is_director(user, _tournament(tournament_id, club_id))


def directs_section(user, section: Section) -> bool:
    return is_director(user, section.session.tournament)


def _closed() -> Refusal:
    return Refusal(
        CLOSED, _("The event is closed: its results no longer change (a secretary reopens it).")
    )


def director_refusal(user, *, tournament_id: int, club_id: int, status: str) -> Refusal | None:
    """Why ``user`` may not enter or correct results as a director now (None: they may)."""
    if not directs(user, tournament_id=tournament_id, club_id=club_id):
        return Refusal(
            DIRECTORS_ONLY,
            directors_only_message(),
        )
    if status not in STATUSES_DIRECTORS_CORRECT:
        return _closed() if status == "closed" else _not_running()
    return None


def _not_running() -> Refusal:
    return Refusal(
        NOT_RUNNING,
        _("Results are entered at the tables only while the event is running."),
    )


def device_refusal(device, facts) -> Refusal | None:
    """Why a table ``device`` may not write at the board play of ``facts`` (None: it is
    that table's device)."""
    if (device.section_id, device.table) != (facts.section_id, facts.table):
        return Refusal(NOT_AT_YOUR_TABLE, _("This device belongs to another table."))
    return None


def _round_refusal(facts) -> Refusal | None:
    """NS enter the boards of their current round or an earlier one, never a later one
    (:mod:`tournaments.rounds`): a result must not open a deal they have yet to play."""
    if reached(facts.round, facts.ns_round_now):
        return None
    return Refusal(
        ROUND_NOT_REACHED,
        _(
            "Board %(board)s is played in round %(round)s, and North–South are still in "
            "round %(now)s (a board of it has no result yet): results are entered round by "
            "round."
        )
        % {"board": facts.board.number, "round": facts.round, "now": facts.ns_round_now},
    )


def _seated(user, facts, side: str, device) -> bool:
    """Whether the writer sits ``side`` at that table: the player logged in, or the
    table's device (:func:`device_refusal` first)."""
    if device is not None:
        if refusal := device_refusal(device, facts):
            raise refusal
        return True
    seated = facts.ns_members if side == "NS" else facts.ew_members
    member_id = member_id_of(user)
    return (
        member_id is not None
        and member_id in seated
        and can(user, Action.ENTER_SCORES, facts.club_id, seated=seated)
    )


def entry_check(
    user, facts, *, kind: str = ResultKind.PLAYED, side: str = "NS", device=None
) -> bool:
    """May ``user`` (or the table's ``device``) enter (``side`` NS) or confirm (EW) a
    ``kind`` of result for the board play of ``facts`` (:class:`scoring.schedule.
    PlayFacts`) now? True as a director (their results need no confirmation, and they
    enter any round), False at the table: tricks only, while the event runs, and NS only
    for a board of their current round or an earlier one; :class:`Refusal` with the reason
    otherwise. The same answer on every surface: the API, the table screen, a table device
    and the traveller grid. A seated player entering tricks costs no query."""
    at_table = _seated(user, facts, side, device)
    if at_table and kind == ResultKind.PLAYED and facts.status in STATUSES_PLAYERS_ENTER:
        if side == "NS" and (refusal := _round_refusal(facts)):
            raise refusal
        return False
    if device is None and directs(user, tournament_id=facts.tournament_id, club_id=facts.club_id):
        if facts.status in STATUSES_DIRECTORS_CORRECT:
            return True
        raise _closed() if facts.status == "closed" else _not_running()
    if at_table and kind != ResultKind.PLAYED:
        raise Refusal(
            DIRECTORS_ONLY,
            _("Adjusted scores and “not played” are set by the event's directors only."),
        )
    if at_table:
        raise _closed() if facts.status == "closed" else _not_running()
    if side == "EW":
        raise Refusal(NOT_AT_YOUR_TABLE, _("Only EW at this table can confirm this result."))
    raise Refusal(
        NOT_AT_YOUR_TABLE,
        _("NS at that table, and the event's directors, enter results."),
    )


def section_director_refusal(user, section: Section | None) -> Refusal | None:
    """Why ``user`` may not enter, import or correct results of ``section`` as a director
    now (None: they may; a missing section is refused the same way)."""
    if section is None:
        return Refusal(DIRECTORS_ONLY, _("No such section."))
    tournament = section.session.tournament
    return director_refusal(
        user, tournament_id=tournament.pk, club_id=tournament.club_id, status=tournament.status
    )


def import_refusal(user, section: Section | None) -> Refusal | None:
    """Importing travellers enters results: the event's directors, until it is closed."""
    return section_director_refusal(user, section)
