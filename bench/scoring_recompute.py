"""Recompute standings from the database: a 100-table Mitchell session of 26 boards (2,600
results) and a three-session event of 500 tables (3 × 13,000 = 39,000 results).

Run on PostgreSQL (targets: ≤ 0.5 s and ≤ 5 s):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tenace_bench .venv/bin/python \
        bench/scoring_recompute.py

The database named is migrated and filled with synthetic results (bulk inserts); each
timing is the full ``standings_publish`` (consistent read of results and entries, compute,
snapshot write), best of 3 after one warm-up.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
os.environ.setdefault("DEBUG", "0")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402

DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def section_fill(*, tables: int, boards: int, name: str, results: bool = True):
    """A section with ``tables`` tables each playing ``boards`` boards (one result each)."""
    from clubs.models import Club
    from scoring.models import Result, SectionScoring
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

    club, _ = Club.objects.get_or_create(slug="bench", defaults={"name": "Bench"})
    tournament = Tournament.objects.create(
        club=club, name=name, slug=f"{name}-{time.time_ns()}".replace(" ", "-"), starts="2026-11-22"
    )
    session = Session.objects.create(tournament=tournament)
    board_set = BoardSet.objects.create(club=club)
    section = Section.objects.create(
        session=session, movement={"type": "mitchell"}, board_set=board_set
    )
    board_rows = Board.objects.bulk_create(
        Board(board_set=board_set, number=n, dealer="N", trump="H", deal=DEAL)
        for n in range(1, boards + 1)
    )
    entries = Entry.objects.bulk_create(
        Entry(section=section, number=n, guest1=f"A{n}", guest2=f"B{n}")
        for n in range(1, 2 * tables + 1)
    )
    seatings = Seating.objects.bulk_create(
        Seating(section=section, round=1, table=t, ns=entries[t - 1], ew=entries[tables + t - 1])
        for t in range(1, tables + 1)
    )
    plays = BoardPlay.objects.bulk_create(
        BoardPlay(seating=seating, board=board) for seating in seatings for board in board_rows
    )
    rows = []
    for index, play in enumerate(plays if results else ()):
        seating = seatings[index // boards]
        board = board_rows[index % boards]
        tricks = (index * 7 + board.number) % 14
        rows.append(
            Result(
                board_play=play,
                section=section,
                board=board,
                board_number=board.number,
                round=1,
                table=seating.table,
                ns=seating.ns,
                ew=seating.ew,
                ns_tricks=tricks,
                ns_score=tricks,
                source="import",
                status="confirmed",
            )
        )
    Result.objects.bulk_create(rows, batch_size=2000)
    SectionScoring.objects.create(section=section)
    return section


def best_of(sections, repeat: int = 3) -> float:
    from scoring.standings import standings_publish

    for section in sections:  # warm-up
        standings_publish(section_id=section.pk, force=True)
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        for section in sections:
            standings_publish(section_id=section.pk, force=True)
        timings.append(time.perf_counter() - start)
    return min(timings)


def main() -> None:
    print(f"database: {connection.vendor} {connection.settings_dict['NAME']}")
    call_command("migrate", verbosity=0)
    small, big = (5, 10) if os.environ.get("BENCH_TINY") == "1" else (100, 500)  # CI smoke
    with transaction.atomic():
        session = section_fill(tables=small, boards=26, name=f"bench {small} tables")
        event = [section_fill(tables=big, boards=26, name=f"bench {big} s{n}") for n in (1, 2, 3)]
    one = best_of([session])
    print(
        f"{small}-table Mitchell session, 26 boards ({small * 26:,} results): {one:.3f} s  "
        "(target 0.5 s for 100 tables)"
    )
    three = best_of(event)
    print(
        f"{big}-table event, three sessions ({3 * big * 26:,} results):     {three:.3f} s  "
        "(target 5 s for 500 tables)"
    )


if __name__ == "__main__":
    main()
