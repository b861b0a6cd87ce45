"""Fixtures of the scoring tests."""

from __future__ import annotations

import pytest

import scoring.models
import tournaments.models
from clubs.models import Role

# The scoring tests need the tournaments schedule (Seating, BoardPlay) and the scoring models;
# until both are in the tree they are not collected.
if not (hasattr(tournaments.models, "BoardPlay") and hasattr(scoring.models, "Result")):
    collect_ignore_glob = ["test_*.py"]
from tests.scoring.factories import club_make, mitchell_section, person_make  # noqa: E402


@pytest.fixture
def club(db):
    return club_make()


@pytest.fixture
def secretary(club):
    return person_make(club, Role.SECRETARY)[0]


@pytest.fixture
def seated(club):
    """A Mitchell of 3 tables where pairs 1 (NS at table 1) and 4 (EW at table 1 in round 1)
    are members with logins; returns (scheduled, ns_user, ew_user)."""
    ns_user, ns_member = person_make(club)
    ns_partner = person_make(club)[1]
    ew_user, ew_member = person_make(club)
    ew_partner = person_make(club)[1]
    members = {1: (ns_member, ns_partner), 4: (ew_member, ew_partner)}
    scheduled = mitchell_section(tables=3, boards_per_round=2, club=club, members=members)
    return scheduled, ns_user, ew_user


@pytest.fixture(autouse=True)
def _forget_published_versions(request):
    """Section ids come back in a new test database, but the cache (Redis when REDIS_URL is
    set) outlives it: forget the live keys of every section a test made."""
    yield
    if "django_db_setup" not in request.fixturenames:
        return
    from django.core.cache import cache

    from scoring import live
    from tournaments.models import Section

    try:
        ids = list(Section.objects.values_list("pk", flat=True))
    except Exception:  # noqa: BLE001 - the database may already be gone
        return
    cache.delete_many(
        [key.format(pk) for pk in ids for key in (live.QUEUED_KEY, live.PUBLISHED_KEY)]
    )
