"""The live standings stream reads its parameters before it takes one of the process's
stream places, and always gives the place back: bad requests never switch streams off."""

from __future__ import annotations

import pytest

from scoring import views
from tests.scoring.factories import mitchell_section


def _free_places() -> int:
    """How many stream places are free now (taken and given back to count them)."""
    taken = 0
    while views._streams.acquire(blocking=False):
        taken += 1
    for _ in range(taken):
        views._streams.release()
    return taken


@pytest.mark.django_db
@pytest.mark.parametrize("seconds", ["²", "٣", "-1", "1.5", "abc", "9" * 5000])
def test_a_bad_seconds_parameter_is_a_styled_400_naming_it(client, seconds):
    scheduled = mitchell_section(tables=3, released=True)
    url = f"/results/sections/{scheduled.section.pk}/standings/stream/?seconds={seconds}"
    response = client.get(url)
    assert response.status_code == 400
    html = response.content.decode()
    assert "<h1>Bad request</h1>" in html and "seconds" in html


@pytest.mark.django_db
def test_eight_bad_requests_leave_every_stream_place_free(client):
    scheduled = mitchell_section(tables=3, released=True)
    held_back = mitchell_section(tables=3)
    base = f"/results/sections/{scheduled.section.pk}/standings/stream/"
    before = _free_places()
    assert before == views.STREAMS_PER_PROCESS
    bad = [f"{base}?seconds=²"] * 4 + [
        f"{base}?seconds=-5",
        "/results/sections/999999/standings/stream/",
        f"/results/sections/{held_back.section.pk}/standings/stream/",
        f"{base}?seconds=1e3",
    ]
    assert [client.get(url).status_code for url in bad] == [400] * 5 + [404, 403, 400]
    assert _free_places() == before
    response = client.get(f"{base}?seconds=0")
    assert response.status_code == 200 and response["Content-Type"] == "text/event-stream"
    b"".join(response.streaming_content)
    assert _free_places() == before


@pytest.mark.django_db
def test_a_stream_closed_before_its_first_byte_gives_its_place_back(client):
    scheduled = mitchell_section(tables=3, released=True)
    url = f"/results/sections/{scheduled.section.pk}/standings/stream/?seconds=0"
    response = client.get(url)
    assert response.status_code == 200
    response.close()  # a client gone before the first byte gives its place back too
    assert _free_places() == views.STREAMS_PER_PROCESS
