"""The club's public results: the embeddable session page, the event and club pages, the
Atom feed — released results only, no login, constant query counts."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from clubs.models import Role
from tests.scoring.factories import person_make
from tests.scoring.results_world import played_mitchell, public_session_url

pytestmark = pytest.mark.django_db


def test_released_session_page_shows_standings_travellers_and_hand_records(client):
    scheduled = played_mitchell(tables=3)
    page = client.get(public_session_url(scheduled))
    assert page.status_code == 200
    body = page.content.decode()
    assert "North–South" in body and "East–West" in body and "Guest 1a" in body
    assert f'id="s{scheduled.section.pk}-b6"' in body  # every board, with its anchor
    assert "A+/A-" in body  # the adjusted score on board 1
    assert body.count('class="compass"') == 6  # the hand records
    assert "<script" not in body  # light: no script at all


def test_session_page_may_sit_in_any_sites_frame_and_other_pages_may_not(client):
    scheduled = played_mitchell(tables=3)
    page = client.get(public_session_url(scheduled))
    assert "X-Frame-Options" not in page
    assert page["Content-Security-Policy"] == "frame-ancestors *"
    other = client.get(f"/results/sections/{scheduled.section.pk}/standings/")
    assert other["X-Frame-Options"] == "DENY"
    event = client.get(public_session_url(scheduled).rsplit("/", 2)[0] + "/")
    assert event["X-Frame-Options"] == "DENY"


@pytest.mark.parametrize(("released", "status"), [(False, "finished"), (True, "running")])
def test_unreleased_results_are_not_published_to_the_public(client, released, status):
    scheduled = played_mitchell(tables=3, released=released)
    scheduled.tournament.status = status
    scheduled.tournament.save()
    url = public_session_url(scheduled)
    for address in (url, url + "files/usebio/", url + "files/pbn/", url.rsplit("/", 2)[0] + "/"):
        page = client.get(address)
        assert page.status_code == 404
        assert "These results are not published" in page.content.decode()
    feed = client.get(f"/results/public/{scheduled.club.slug}/feed.atom").content.decode()
    assert "<entry>" not in feed


def test_organisers_preview_unreleased_results(client):
    scheduled = played_mitchell(tables=3, released=False)
    organiser, _ = person_make(scheduled.club, Role.ORGANISER)
    client.force_login(organiser)
    page = client.get(public_session_url(scheduled))
    assert page.status_code == 200 and "Preview" in page.content.decode()
    assert client.get(public_session_url(scheduled) + "files/usebio/").status_code == 200


def test_the_page_speaks_the_language_the_embedding_site_asks_for(client):
    scheduled = played_mitchell(tables=3)
    page = client.get(public_session_url(scheduled) + "?lang=cs")
    body = page.content.decode()
    assert page["Content-Language"] == "cs" and 'lang="cs"' in body
    assert "Pořadí" in body
    unknown = client.get(public_session_url(scheduled) + "?lang=xx")
    assert unknown.status_code == 200 and 'lang="en"' in unknown.content.decode()


def test_unknown_files_and_addresses_are_404(client):
    scheduled = played_mitchell(tables=3)
    url = public_session_url(scheduled)
    assert client.get(url + "files/excel/").status_code == 404
    assert (
        client.get(url.replace(f"/{scheduled.section.session.number}/", "/9/")).status_code == 404
    )
    assert client.get("/results/public/no-club/").status_code == 404


def test_club_page_lists_released_events_and_links_the_feed(client):
    released = played_mitchell(tables=3)
    hidden = played_mitchell(tables=3, released=False, club=released.club)
    page = client.get(f"/results/public/{released.club.slug}/").content.decode()
    assert f"/{released.tournament.slug}/" in page and f"/{hidden.tournament.slug}/" not in page
    assert 'type="application/atom+xml"' in page


def test_the_feed_has_one_entry_per_released_session_with_its_winners(client):
    scheduled = played_mitchell(tables=3)
    played_mitchell(tables=3, released=False, club=scheduled.club)
    answer = client.get(f"/results/public/{scheduled.club.slug}/feed.atom")
    assert answer["Content-Type"].startswith("application/atom+xml")
    root = ET.fromstring(answer.content)
    ns = {"a": "http://www.w3.org/2005/Atom"}
    entries = root.findall("a:entry", ns)
    assert len(entries) == 1
    link = entries[0].find("a:link", ns).get("href")
    assert link.endswith(public_session_url(scheduled))
    assert "Won by" in entries[0].find("a:summary", ns).text


def test_public_pages_query_counts_do_not_grow_with_tables(client, django_assert_max_num_queries):
    small = played_mitchell(tables=3)
    big = played_mitchell(tables=7, club=small.club)
    for scheduled in (small, big):
        with django_assert_max_num_queries(9):
            assert client.get(public_session_url(scheduled)).status_code == 200
        with django_assert_max_num_queries(8):
            assert (
                client.get(public_session_url(scheduled).rsplit("/", 2)[0] + "/").status_code == 200
            )
    with django_assert_max_num_queries(4):
        assert client.get(f"/results/public/{small.club.slug}/feed.atom").status_code == 200
    with django_assert_max_num_queries(3):
        assert client.get(f"/results/public/{small.club.slug}/").status_code == 200
