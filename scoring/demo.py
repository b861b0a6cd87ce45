"""Demo results (safe to run again): the club's finished events get every result, confirmed
and released; a running event is half played — earlier rounds confirmed, the current round
with results waiting for EW's confirmation and one disagreement for the secretary.

Tricks are reproducible: the double-dummy tricks when the board has them (± a trick or two
from a seeded stream), else a seeded draw around 6–7. Double-dummy analysis of the demo
board sets runs here when the ``analysis`` extra is installed (skipped otherwise).
"""

from __future__ import annotations

import logging
import random

from django.db import transaction

from clubs.demo import DemoOptions
from clubs.models import Club, Membership, Role
from engine.errors import EngineError
from scoring.checks import ResultInput
from scoring.errors import ScoringError
from scoring.models import Result, ResultSource, ResultStatus
from scoring.presenters import _dd
from scoring.schedule import board_facts
from scoring.services import result_confirm, result_record
from scoring.standings import standings_publish
from tournaments.models import BoardPlay, Section, Tournament, TournamentStatus
from tournaments.services import tournament_set_status

logger = logging.getLogger(__name__)


def _secretary(club: Club):
    membership = (
        Membership.objects.filter(club=club, role=Role.SECRETARY, member__user__isnull=False)
        .select_related("member__user")
        .first()
    )
    return membership.member.user if membership else None


def _analyse(section: Section) -> None:
    from scoring.analysis_jobs import board_set_analyse

    if section.board_set_id is None:
        return
    try:
        board_set_analyse(board_set_id=section.board_set_id)
    except EngineError as error:  # AnalysisUnavailable: the extra is not installed
        logger.info("demo: no double-dummy analysis (%s)", error)


def _tricks(play: BoardPlay, rng: random.Random) -> int:
    dd = _dd(play.board, board_facts(play.board))
    base = dd[0] if dd else 6 + rng.randint(0, 1)
    return max(0, min(13, base + rng.choice((-2, -1, -1, 0, 0, 0, 0, 1, 1, 2))))


def _fill(section: Section, *, by, last_round: int | None) -> None:
    """Results for every board play of ``section`` up to ``last_round`` (None: all)."""
    rng = random.Random(f"demo-results/{section.pk}")
    plays = (
        BoardPlay.objects.filter(seating__section=section)
        .select_related("board", "seating")
        .order_by("seating__round", "seating__table", "board__number")
    )
    done = set(Result.objects.filter(section=section).values_list("board_play_id", flat=True))
    current = last_round
    for play in plays:
        tricks = _tricks(play, rng)
        if play.pk in done or (last_round is not None and play.seating.round > current):
            continue
        pending = last_round is not None and play.seating.round == current
        given = ResultInput(kind="not_played") if play.not_played else ResultInput(ns_tricks=tricks)
        try:
            result = result_record(
                board_play_id=play.pk,
                given=given,
                by=by,
                source=ResultSource.TABLE if pending else ResultSource.SECRETARY,
                confirmed=not pending,
            )
        except ScoringError as error:
            logger.warning("demo: %s", error)
            continue
        if pending and play.seating.table == 1 and result.ns_tricks is not None:
            # One disagreement for the secretary's dashboard: EW say one trick fewer (one
            # more when NS took none).
            claimed = result.ns_tricks - 1 if result.ns_tricks else 1
            result_confirm(result_id=result.pk, by=by, ns_tricks=claimed)


@transaction.atomic
def demo_results_load(club: Club, *, analyse: bool = True) -> list[int]:
    """Enter the demo results of ``club``'s finished and running events; returns the ids of
    the sections whose standings were published. ``analyse`` False leaves the double-dummy
    tables for later (the tricks are then drawn from the seeded stream)."""
    by = _secretary(club)
    published = []
    tournaments = Tournament.objects.filter(
        club=club, status__in=[TournamentStatus.FINISHED, TournamentStatus.RUNNING]
    )
    for tournament in tournaments:
        finished = tournament.status == TournamentStatus.FINISHED
        for section in Section.objects.filter(session__tournament=tournament):
            rounds = sorted(
                set(
                    BoardPlay.objects.filter(seating__section=section).values_list(
                        "seating__round", flat=True
                    )
                )
            )
            if not rounds:
                continue
            if analyse:
                _analyse(section)
            current = None if finished else rounds[len(rounds) // 2]
            _fill(section, by=by, last_round=current)
            standings_publish(section_id=section.pk, force=True)
            published.append(section.pk)
        if finished and not tournament.standings_released:
            tournament_set_status(tournament=tournament, status=TournamentStatus.RELEASED)
    return published


def demo_waiting(section: Section) -> int:
    """How many demo results wait for confirmation (for the demo command's summary)."""
    return Result.objects.filter(section=section, status=ResultStatus.ENTERED).count()


def demo_load(club: Club, options: DemoOptions) -> list[str]:
    """The demo command's part (named in ScoringConfig): results, standings and (unless
    ``options.analyse`` is False) the double-dummy tables of the club's events."""
    sections = demo_results_load(club, analyse=options.analyse)
    waiting = sum(demo_waiting(section) for section in Section.objects.filter(pk__in=sections))
    return [
        f"  results: standings published for {len(sections)} sections;"
        f" {waiting} results wait for the opponents' confirmation"
    ]
