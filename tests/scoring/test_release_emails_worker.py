"""Through Redis to a live worker: a release's results emails are written and sent by the
worker (its console backend), once. Skipped without REDIS_URL (see tests/conftest.py)."""

from __future__ import annotations

import time

import pytest

from scoring.models import ReleaseEmail
from scoring.tasks import release_emails_send_task
from tests.scoring.test_release_emails import _world
from tournaments import services as event_services


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
    scheduled, _people = _world()
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
