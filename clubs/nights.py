"""Services and selectors of club nights: create a night, seat a table, read a night.

Services are keyword-only and atomic, call ``full_clean()`` before saving, and raise
:class:`clubs.errors.ClubError` with a message for the secretary. Permissions (organisers and
secretaries create nights and tables) are checked by the caller with
:func:`clubs.permissions.require`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Prefetch, Q, QuerySet
from django.utils.translation import gettext as _

from clubs.errors import ClubError
from clubs.matches import DUMMY_SEATS, is_dummy_hand, match_state
from clubs.models import (
    Club,
    ClubNight,
    HandCorrection,
    HandRecord,
    Member,
    Membership,
    RubberRecord,
    RubberTable,
    SeatName,
    TableSeat,
)
from clubs.rubbers import dealer_due
from clubs.rulings import ruling_text
from engine.cards import Seat
from engine.errors import EngineError
from engine.profiles import get_profile
from engine.rubber import Rubber, RubberResult
from engine.scoring import HandScore

FOUR_SEATS = ("N", "E", "S", "W")


@transaction.atomic
def night_create(
    *,
    club: Club,
    date: dt.date,
    rule_profile: str = "",
    rule_overrides: dict | None = None,
) -> ClubNight:
    """A club night on ``date`` under the club's profile (or ``rule_profile``) with
    overrides; the engine must accept the profile."""
    night = ClubNight(
        club=club,
        date=date,
        rule_profile=rule_profile or club.rule_profile,
        rule_overrides=club.rule_overrides if rule_overrides is None else rule_overrides,
    )
    try:
        night.full_clean()
        get_profile(night.rule_profile, **(night.rule_overrides or {}))
    except ValidationError as error:
        raise ClubError("; ".join(error.messages)) from None
    except EngineError as error:
        raise ClubError(ruling_text(error)) from None
    night.save()
    return night


@transaction.atomic
def table_add(
    *, night: ClubNight, members: Sequence[Member | str], first_dealer: str = "N"
) -> RubberTable:
    """Seat a new table at ``night`` and start its rubber 1.

    Four players sit North, East, South, West in the order given (as cut), and rubber 1
    starts with ``first_dealer`` (as cut). Three players make a dummy table: they sit South,
    West and East in the order given (their cut order), South holding Dummy in rubber 1, and
    Dummy (North) deals first. A player given by name (a ``str``) is a **guest**, as at a
    tournament: a person is recorded for them, without a membership, and the seat is marked
    ``guest``. Refused with a clear message: fewer than three or more than four players, a
    member twice, a member not in the club on the night's date, a member already seated at
    another table that night, a guest without a name.
    """
    players = list(members)
    names = [p.strip() for p in players if isinstance(p, str)]
    if any(not name for name in names):
        raise ClubError(_("Give each guest's name."))
    club_members = [p for p in players if not isinstance(p, str)]
    _check_players(night, club_members, total=len(players))
    dummy = len(players) == 3
    seats = DUMMY_SEATS if dummy else FOUR_SEATS
    if dummy:
        first_dealer = "N"
    elif first_dealer not in SeatName.values:
        raise ClubError(_("The first dealer must be North, East, South or West."))
    # Lock the night so two tables added at once get different numbers.
    ClubNight.objects.select_for_update().filter(pk=night.pk).first()
    last = night.tables.order_by("-number").values_list("number", flat=True).first()
    table = RubberTable(club_night=night, number=(last or 0) + 1, dummy=dummy)
    table.full_clean()
    table.save()
    seated = [
        (Member.objects.create(name=p.strip()), True) if isinstance(p, str) else (p, False)
        for p in players
    ]
    TableSeat.objects.bulk_create(
        TableSeat(table=table, seat=seat, member=member, guest=guest)
        for seat, (member, guest) in zip(seats, seated, strict=True)
    )
    rubber = RubberRecord(table=table, number=1, first_dealer=first_dealer)
    rubber.full_clean()
    rubber.save()
    return table


def _check_players(night: ClubNight, members: list[Member], *, total: int) -> None:
    """``members``: the club members among the ``total`` players (the others are guests)."""
    if total < 3:
        raise ClubError(
            _("A table needs four players, or three for dummy whist; %(n)d given.") % {"n": total}
        )
    if total > 4:
        raise ClubError(_("A whist table seats four players at most."))
    ids = [m.pk for m in members]
    twice = {m.name for m in members if ids.count(m.pk) > 1}
    if twice:
        raise ClubError(
            _("%(names)s cannot sit twice at one table.") % {"names": ", ".join(sorted(twice))}
        )
    current = set(
        Membership.objects.filter(
            club_id=night.club_id, member_id__in=ids, valid_from__lte=night.date
        )
        .filter(Q(valid_to__isnull=True) | Q(valid_to__gte=night.date))
        .values_list("member_id", flat=True)
    )
    outsiders = sorted(m.name for m in members if m.pk not in current)
    if outsiders:
        raise ClubError(
            _("Not members of the club on %(date)s: %(names)s.")
            % {"date": night.date.isoformat(), "names": ", ".join(outsiders)}
        )
    seated = (
        TableSeat.objects.filter(table__club_night=night, member_id__in=ids)
        .select_related("member", "table")
        .order_by("table__number")
    )
    if seated:
        raise ClubError(
            _("Already seated tonight: %(names)s.")
            % {
                "names": ", ".join(
                    _("%(name)s (table %(n)d)") % {"name": s.member.name, "n": s.table.number}
                    for s in seated
                )
            }
        )


def nights_of(club: Club) -> QuerySet[ClubNight]:
    """The club's nights, newest first, with how many tables each had."""
    return club.club_nights.annotate(table_count=Count("tables")).order_by("-date", "pk")


def night_get(club: Club, night_id: int) -> ClubNight | None:
    """The night with its tables, seats (and members), rubbers and hands: everything the night
    page shows, in a fixed number of queries."""
    return (
        ClubNight.objects.filter(club=club, pk=night_id)
        .select_related("club")
        .prefetch_related(
            Prefetch("tables", RubberTable.objects.order_by("number")),
            Prefetch("tables__seats", TableSeat.objects.select_related("member")),
            "tables__rubbers__hands",
        )
        .first()
    )


def table_get(club: Club, night_id: int, number: int) -> RubberTable | None:
    """A table with its night, seats, rubbers, hands and the hands' corrections."""
    return (
        RubberTable.objects.filter(club_night__club=club, club_night_id=night_id, number=number)
        .select_related("club_night__club")
        .prefetch_related(
            Prefetch("seats", TableSeat.objects.select_related("member")),
            Prefetch(
                "rubbers__hands",
                HandRecord.objects.select_related("entered_by").order_by("number"),
            ),
        )
        .first()
    )


def corrections_of(table: RubberTable) -> QuerySet[HandCorrection]:
    """Every correction made at ``table``, oldest first, with who made it."""
    return (
        HandCorrection.objects.filter(hand__rubber__table=table)
        .select_related("corrected_by", "hand__rubber")
        .order_by("corrected_at", "pk")
    )


def club_members(club: Club, on: dt.date) -> QuerySet[Member]:
    """Members of ``club`` on ``on`` (each once), by name: who may be seated that night."""
    return (
        Member.objects.filter(memberships__club=club, memberships__valid_from__lte=on)
        .filter(Q(memberships__valid_to__isnull=True) | Q(memberships__valid_to__gte=on))
        .distinct()
        .order_by("name")
    )


def hand_get(table: RubberTable, hand_id: int) -> HandRecord | None:
    """A hand played at ``table``."""
    return (
        HandRecord.objects.filter(rubber__table=table, pk=hand_id)
        .select_related("rubber__table__club_night")
        .first()
    )


# -- What the night and table pages show (plain values, computed by the engine) ------------


@dataclass(frozen=True)
class HandLine:
    """A stored hand and its score as the engine gives it (pairs are NS, EW)."""

    row: HandRecord
    dealer_name: str
    score: HandScore


@dataclass(frozen=True)
class RubberView:
    record: RubberRecord
    seats: tuple[tuple[str, str], ...]  # (seat letter, who sits there) N, E, S, W
    lines: tuple[HandLine, ...]
    state: Rubber

    @property
    def games_won(self) -> tuple[int, int]:
        return self.state.games_won

    @property
    def result(self) -> RubberResult | None:
        return self.state.result() if self.state.is_over else None


@dataclass(frozen=True)
class PlayerLine:
    """A player's seat in each rubber of the match and total over the finished rubbers."""

    member_id: int
    name: str
    seats: tuple[str, ...]
    total: int


@dataclass(frozen=True)
class TableView:
    table: RubberTable
    rubbers: tuple[RubberView, ...]
    players: tuple[PlayerLine, ...]
    next_number: int | None  # the hand to enter next; None once the rubber is over
    dealer_seat: str
    dealer_name: str

    @property
    def current(self) -> RubberView | None:
        return self.rubbers[-1] if self.rubbers else None

    @property
    def can_start_next(self) -> bool:
        current = self.current
        return current is not None and current.state.is_over and len(self.rubbers) < 3


def _seat_label(seating, seat: Seat, names: dict) -> str:
    player = seating[seat]
    return str(_("Dummy")) if is_dummy_hand(player) else names.get(player, "?")


def table_view(table: RubberTable) -> TableView:
    """Everything the table page shows, from the prefetched table (no further queries)."""
    names = {s.member_id: s.member.name for s in table.seats.all()}
    match = match_state(table)
    rubbers = []
    for (record, hands, state), seating in zip(match.rubbers, match.seatings, strict=False):
        lines = tuple(
            HandLine(row, _seat_label(seating, Seat[row.dealer], names), score)
            for row, score in zip(hands, state.hands, strict=True)
        )
        seats = tuple((seat.name, _seat_label(seating, seat, names)) for seat in Seat)
        rubbers.append(RubberView(record, seats, lines, state))
    players = tuple(
        PlayerLine(
            member_id,
            names.get(member_id, "?"),
            tuple(s.seat_of(member_id).name for s in match.seatings),
            match.totals.get(member_id, 0),
        )
        for member_id in sorted(names, key=lambda m: (-match.totals.get(m, 0), names[m]))
    )
    next_number, dealer_seat, dealer_name = None, "", ""
    if rubbers and not rubbers[-1].state.is_over:
        record, hands, _state = match.rubbers[-1]
        next_number = len(hands) + 1
        seat = dealer_due(record, hands)
        dealer_seat, dealer_name = seat.name, _seat_label(match.seatings[-1], seat, names)
    return TableView(table, tuple(rubbers), players, next_number, dealer_seat, dealer_name)
