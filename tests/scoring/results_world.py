"""A finished, released Mitchell with every result entered and the standings published, for
the tests of the public pages and the exports."""

from __future__ import annotations

from clubs.models import Member, Role
from scoring.checks import ResultInput
from scoring.services import result_record
from scoring.standings import standings_publish
from tests.scoring.factories import Scheduled, club_make, mitchell_section, person_make


def tricks_for(board: int, table: int) -> int:
    return (board * 3 + table) % 14


def played_mitchell(*, tables: int = 3, released: bool = True, **kwargs) -> Scheduled:
    """Every board of a ``tables``-table Mitchell played (one adjusted score: board 1 at
    table 1), the event finished and, with ``released``, its standings released."""
    scheduled = mitchell_section(tables=tables, released=released, **kwargs)
    for round_ in range(1, tables + 1):
        for table in range(1, tables + 1):
            for board in scheduled.boards_at(round_, table):
                play = scheduled.play(round_, table, board)
                if (board, table) == (1, 1):
                    given = ResultInput(kind="adjusted", adjusted_ns="A+", adjusted_ew="A-")
                else:
                    given = ResultInput(ns_tricks=tricks_for(board, table))
                result_record(board_play_id=play.pk, given=given, by=None, confirmed=True)
    standings_publish(section_id=scheduled.section.pk, force=True)
    scheduled.tournament.status = "released" if released else "finished"
    scheduled.tournament.save(update_fields=["status"])
    return scheduled


def public_session_url(scheduled: Scheduled) -> str:
    tournament = scheduled.tournament
    number = scheduled.section.session.number
    return f"/results/public/{tournament.club.slug}/{tournament.slug}/{number}/"


def emailed_player(club, name: str, *, email: str | None = "", login: bool = True) -> Member:
    """A member of ``club``; ``email`` "" makes one from the name, None leaves none."""
    user, member = person_make(club, Role.PLAYER, name=name)
    address = f"{name.lower()}@example.org" if email == "" else (email or "")
    if login:
        user.email = address
        user.save()
    else:
        member.user = None
        member.email = address
        member.save()
        user.delete()
    return member


def emails_world(*, language: str = "en"):
    """A finished 3-table Mitchell: pair 1 two players with an email and a login, pair 2
    one with a login but no email and one with an email but no login, pair 3 one who
    turned the emails off and one who reads Czech; the other pairs guests."""
    club = club_make()
    club.language = language
    club.save()
    people = {
        "ana": emailed_player(club, "Ana"),
        "bea": emailed_player(club, "Bea"),
        "cid": emailed_player(club, "Cid", email=None),
        "dan": emailed_player(club, "Dan", login=False),
        "eva": emailed_player(club, "Eva"),
        "fil": emailed_player(club, "Fil"),
    }
    Member.objects.filter(pk=people["eva"].pk).update(results_by_email=False)
    Member.objects.filter(pk=people["fil"].pk).update(language="cs")
    members = {
        1: (people["ana"], people["bea"]),
        2: (people["cid"], people["dan"]),
        3: (people["eva"], people["fil"]),
    }
    scheduled = played_mitchell(tables=3, released=False, club=club, members=members)
    return scheduled, people
