"""Typed codes are throttled per address even when the guesses come all at once: a try is
counted before the code is checked (``clubs.guesses.GuessCounter``), so 30 wrong codes sent
together get exactly the limit of checks (10) and 20 refusals, on every surface that reads
a code: a drive's table page and its API, a table device's code. Threads against the real
database (``transaction=True``): SQLite with the local-memory cache, or PostgreSQL with the
Redis cache when ``DATABASE_URL`` and ``REDIS_URL`` are set."""

from __future__ import annotations

import threading
from collections import Counter

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client

from drives.codes import ALPHABET
from drives.models import DriveTable
from drives.running import drive_start
from tests.drives.conftest import new_drive, person, seat

GUESSES = 30


@pytest.fixture(autouse=True)
def _no_guesses_counted():
    cache.clear()
    yield
    cache.clear()


def _wrong_code(n: int) -> str:
    return "ZZZZZZ" + ALPHABET[n // len(ALPHABET)] + ALPHABET[n % len(ALPHABET)]


def _all_at_once(send) -> Counter:
    """``send(client, n)`` from ``GUESSES`` threads released together: their statuses."""
    barrier = threading.Barrier(GUESSES)
    statuses: list[int] = []

    def guess(n: int) -> None:
        client = Client(REMOTE_ADDR="203.0.113.9")
        try:
            barrier.wait()
            statuses.append(send(client, n).status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(GUESSES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return Counter(statuses)


SURFACES = {
    "drive table page": lambda client, n: client.get(f"/drives/t/{_wrong_code(n)}/"),
    "drive table API": lambda client, n: client.get(f"/api/drive-tables/{_wrong_code(n)}/"),
    "table device code": lambda client, n: client.post(
        "/results/device/join/", {"code": _wrong_code(n)}
    ),
}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("surface", SURFACES)
def test_thirty_wrong_codes_at_once_get_ten_checks(surface):
    statuses = _all_at_once(SURFACES[surface])
    assert statuses == Counter({404: 10, 429: 20})


@pytest.mark.django_db
def test_a_right_code_gives_its_try_back(client):
    """Right codes never use up the address's tries (a hall's phones share one address)."""
    drive = new_drive(None, person(None, "Mia"))
    seat(drive, 2, 2)
    drive_start(drive=drive)
    code = DriveTable.objects.get(drive=drive).code
    for _ in range(25):
        assert client.get(f"/drives/t/{code}/").status_code == 200
    for n in range(10):
        assert client.get(f"/drives/t/{_wrong_code(n)}/").status_code == 404
    assert client.get(f"/drives/t/{code}/").status_code == 429
