"""Demo events: a finished 6-table Mitchell and a running 4-table Howell (safe to run again)."""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from clubs.demo import DemoOptions
from clubs.models import Club, Member, Membership, Role
from tournaments import schedule, services, visibility
from tournaments.models import Section, Tournament, TournamentStatus


def _demo_event(
    club: Club,
    *,
    name: str,
    starts: dt.date,
    pairs: list[tuple[Member, Member]],
    kind: str,
    boards_per_round: int,
    boards: int,
    seed: str,
    status: str,
    option: str = "",
) -> Tournament:
    existing = Tournament.objects.filter(club=club, name=name).first()
    if existing is not None:
        return existing
    tournament = services.tournament_create(club=club, name=name, starts=starts)
    # The club's organisers and secretaries direct (they do not play: tournaments.models).
    services.tournament_directors_set(
        tournament=tournament, members=visibility.directors_eligible(tournament)
    )
    section = Section.objects.get(session__tournament=tournament)
    for first, second in pairs:
        services.entry_add(section=section, member1=first, member2=second)
    board_set = services.board_set_generate(
        club=club, count=boards, seed=seed, name=f"{name} boards"
    )
    services.section_board_set_choose(section=section, board_set=board_set)
    schedule.section_generate(
        section=section, kind=kind, boards_per_round=boards_per_round, option=option
    )
    for step in (
        TournamentStatus.READY,
        TournamentStatus.RUNNING,
        TournamentStatus.FINISHED,
    ):
        # The results come after (the scoring app's demo enters them): the demo finishes
        # play anyway, and says so in the event's history.
        services.tournament_set_status(
            tournament=tournament,
            status=step,
            anyway=True,
            reason="Demo: the results are entered after play is finished."
            if step == TournamentStatus.FINISHED
            else "",
        )
        if step == status:
            break
    return tournament


@transaction.atomic
def demo_tournaments_load(club: Club, *, today: dt.date | None = None) -> list[Tournament]:
    """A finished 6-table Mitchell with a relay and bye stand (12 pairs, 18 boards; the results demo fills it) and a running 4-table Howell
    (8 pairs, 14 boards), with board sets dealt from recorded seeds."""
    today = today or dt.date.today()
    # The players: the club's members who neither organise nor keep the books (those direct).
    staff = Membership.objects.filter(club=club, role__in=(Role.ORGANISER, Role.SECRETARY))
    members = list(
        Member.objects.filter(memberships__club=club)
        .exclude(pk__in=staff.values("member_id"))
        .distinct()
        .order_by("pk")
    )
    needed = 24
    for n in range(len(members), needed):
        # Players come from the club's members: looked up by name, so a second run adds
        # nobody.
        member = Member.objects.get_or_create(name=f"Demo Player {n + 1}")[0]
        Membership.objects.get_or_create(
            club=club,
            member=member,
            role=Role.PLAYER,
            defaults={"valid_from": today - dt.timedelta(days=365)},
        )
        members.append(member)
    pairs = [(members[2 * k], members[2 * k + 1]) for k in range(needed // 2)]
    mitchell = _demo_event(
        club,
        name="Tuesday Pairs (Mitchell)",
        starts=today - dt.timedelta(days=7),
        pairs=pairs[:12],
        kind="mitchell",
        boards_per_round=3,
        boards=18,
        seed="demo-mitchell",
        status=TournamentStatus.FINISHED,
        option="relay",
    )
    howell = _demo_event(
        club,
        name="Thursday Howell",
        starts=today,
        pairs=pairs[:8],
        kind="howell",
        boards_per_round=2,
        boards=14,
        seed="demo-howell",
        status=TournamentStatus.RUNNING,
    )
    return [mitchell, howell]


def demo_load(club: Club, options: DemoOptions) -> list[str]:
    """The demo command's part (named in TournamentsConfig): the events, a line each."""
    return [
        f"  event: {event.name} ({event.get_status_display()})"
        for event in demo_tournaments_load(club)
    ]
