"""Building blocks for the scoring tests: clubs, people with roles and a scheduled Mitchell.

:func:`mitchell_section` is the one place that knows the tournaments schedule models: it
creates an event with one section of ``tables`` tables (odd), NS pairs 1…T staying, EW pairs
T+1…2T moving up a table each round and board groups moving down, so that every pair plays
every board group once.
"""

from __future__ import annotations

import datetime as dt
import itertools
from dataclasses import dataclass, field

from clubs.models import Club, Member, Membership, Role, User
from engine.boards import TrumpScheme, board_dealer, board_trump
from engine.deal import deal_from_seed

_counter = itertools.count(1)


def club_make(name: str = "Club") -> Club:
    n = next(_counter)
    return Club.objects.create(name=f"{name} {n}", slug=f"club-{n}")


def person_make(
    club: Club, role: str = Role.PLAYER, name: str | None = None
) -> tuple[User, Member]:
    n = next(_counter)
    user = User.objects.create_user(username=f"user{n}", password="pw")
    member = Member.objects.create(name=name or f"Player {n}", user=user)
    Membership.objects.create(club=club, member=member, role=role, valid_from=dt.date(2020, 1, 1))
    return user, member


@dataclass
class Scheduled:
    club: Club
    tournament: object
    section: object
    entries: dict[int, object] = field(default_factory=dict)
    boards: dict[int, object] = field(default_factory=dict)
    tables: int = 0
    boards_per_round: int = 0

    def play(self, round: int, table: int, board: int):
        from tournaments.models import BoardPlay

        return BoardPlay.objects.get(
            seating__section=self.section,
            seating__round=round,
            seating__table=table,
            board__number=board,
        )

    def pairs_at(self, round: int, table: int) -> tuple[int, int]:
        """(NS number, EW number) at ``table`` in ``round``."""
        return table, self.tables + (table - round) % self.tables + 1

    def boards_at(self, round: int, table: int) -> list[int]:
        group = (table - 1 + round - 1) % self.tables
        first = group * self.boards_per_round + 1
        return list(range(first, first + self.boards_per_round))


def mitchell_section(
    *,
    tables: int = 3,
    boards_per_round: int = 2,
    club: Club | None = None,
    members=None,
    released: bool = False,
    method: str = "matchpoints",
    tournament=None,
) -> Scheduled:
    """A scheduled Mitchell; ``members`` optionally maps pair number → (member, member)."""
    from tournaments.models import (
        Board,
        BoardPlay,
        BoardSet,
        Entry,
        Seating,
        Section,
        Session,
        Tournament,
    )

    club = club or (tournament.club if tournament else club_make())
    tournament = tournament or Tournament.objects.create(
        club=club,
        name="Pairs",
        slug=f"pairs-{next(_counter)}",
        starts=dt.date(2026, 11, 22),
        scoring_method=method,
        status="released" if released else "running",
    )
    session = Session.objects.create(tournament=tournament, number=tournament.sessions.count() + 1)
    board_set = BoardSet.objects.create(club=club)
    section = Section.objects.create(
        session=session,
        movement_type="mitchell",
        movement={"type": "mitchell"},
        board_set=board_set,
    )
    scheduled = Scheduled(
        club, tournament, section, tables=tables, boards_per_round=boards_per_round
    )
    for number in range(1, tables * boards_per_round + 1):
        dealer = board_dealer(number)
        trump = board_trump(number, TrumpScheme.HDSC)
        scheduled.boards[number] = Board.objects.create(
            board_set=board_set,
            number=number,
            dealer=dealer.name,
            trump=trump.letter if trump is not None else "",
            deal=deal_from_seed(f"scoring-test/{number}", dealer).to_pbn(),
        )
    for number in range(1, 2 * tables + 1):
        pair = (members or {}).get(number, (None, None))
        scheduled.entries[number] = Entry.objects.create(
            section=section,
            number=number,
            direction="NS" if number <= tables else "EW",
            member1=pair[0],
            member2=pair[1],
            guest1="" if pair[0] else f"Guest {number}a",
            guest2="" if pair[1] else f"Guest {number}b",
        )
    for round_ in range(1, tables + 1):
        for table in range(1, tables + 1):
            ns, ew = scheduled.pairs_at(round_, table)
            seating = Seating.objects.create(
                section=section,
                round=round_,
                table=table,
                ns=scheduled.entries[ns],
                ew=scheduled.entries[ew],
            )
            for board in scheduled.boards_at(round_, table):
                BoardPlay.objects.create(seating=seating, board=scheduled.boards[board])
    return scheduled
