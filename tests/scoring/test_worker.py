"""Through Redis to a live worker: a burst of results gives few recomputes, and the last
snapshot reflects the last result; a release's results emails are sent once. Skipped
without REDIS_URL (see tests/conftest.py).

(The worker fixture turns eager tasks off for the rest of the session: worker tests live
in this file, which runs after the other scoring tests.)"""

from __future__ import annotations

import time

import pytest
from django.core.cache import cache

from scoring import live
from scoring.checks import ResultInput
from scoring.models import ReleaseEmail, Result, SectionScoring, StandingsSnapshot
from scoring.services import result_record
from scoring.tasks import release_emails_send_task
from tests.scoring.factories import mitchell_section
from tests.scoring.results_world import emails_world
from tournaments import services as event_services


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_burst_of_results_is_published_by_the_worker_in_few_recomputes(celery_worker_process):
    scheduled = mitchell_section(tables=5, boards_per_round=2)
    cache.delete(live.ANALYSIS_KEY.format(scheduled.section.board_set_id))
    count = 0
    for round_ in range(1, 6):
        for table in range(1, 6):
            for board in scheduled.boards_at(round_, table):
                play = scheduled.play(round_, table, board)
                result_record(board_play_id=play.pk, given=ResultInput(ns_tricks=7), by=None)
                count += 1
    deadline = time.monotonic() + 30
    state = None
    while time.monotonic() < deadline:
        # The worker creates the state row with its first recompute (later on a busy box).
        state = SectionScoring.objects.filter(section=scheduled.section).first()
        if state and state.published_version == live.data_version(state.section_id) == count:
            break
        time.sleep(0.1)
    assert state is not None and state.published_version == count == 50
    snapshots = StandingsSnapshot.objects.filter(section=scheduled.section)
    assert snapshots.count() < count  # coalesced
    latest = snapshots.order_by("-version").first()
    assert latest.data["results"] == Result.objects.count() == count
    # The worker also filled in the boards' double-dummy tables (it has the solver).
    board = scheduled.boards[1]
    while time.monotonic() < deadline + 30 and not board.dd_tricks:
        time.sleep(0.2)
        board.refresh_from_db()
    assert board.dd_tricks


def _settled(release, deadline: float) -> dict[str, str]:
    statuses: dict[str, str] = {}
    while time.monotonic() < deadline:
        statuses = dict(release.release_emails.values_list("member__name", "status"))
        if len(statuses) == 6 and "queued" not in statuses.values():
            break
        time.sleep(0.2)
    return statuses


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_the_worker_sends_a_releases_emails_once(celery_worker_process):
    scheduled, _people = emails_world()
    event_services.tournament_set_status(tournament=scheduled.tournament, status="released")
    release = scheduled.tournament.status_changes.latest("pk")
    statuses = _settled(release, time.monotonic() + 60)
    assert statuses == {
        "Ana": "sent",
        "Bea": "sent",
        "Cid": "no_address",
        "Dan": "no_address",
        "Eva": "opted_out",
        "Fil": "sent",
    }
    sent = dict(ReleaseEmail.objects.filter(status="sent").values_list("pk", "sent_at"))

    # The job again, through the worker: nothing new, nothing sent twice.
    release_emails_send_task.delay(release.pk)
    time.sleep(3)
    assert dict(ReleaseEmail.objects.filter(status="sent").values_list("pk", "sent_at")) == sent
    assert ReleaseEmail.objects.filter(release=release).count() == 6
