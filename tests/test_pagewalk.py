"""The page-walk helper finds what it is there to find: a repeated title, a missing h1, an
empty table header, a link to a missing page."""

from __future__ import annotations

import pytest

from tests.pagewalk import WalkedPage, page_problems, page_walk, text_repeats


@pytest.mark.parametrize(
    "text",
    [
        "Dashboard — Thursday Howell Thursday Howell — session 1 — A",
        "Tuesday Pairs — Section Tuesday Pairs — session 1 — A",
        "Howell · Howell · Tenace",
    ],
)
def test_a_title_that_says_something_twice_is_found(text):
    assert text_repeats(text)


@pytest.mark.parametrize(
    "text",
    [
        "Score card · Demo Player 19 – Demo Player 20 · Tenace",
        "Table 1, round 1 · Tenace",
        "Club night 19/11/2026 · Club de Whist Tenace · Tenace",
        "Travellers — Thursday Howell, Session 1, section A",
    ],
)
def test_names_that_share_words_are_not_repetition(text):
    assert not text_repeats(text)


def test_a_page_without_h1_or_with_an_empty_header_is_a_problem():
    page = WalkedPage("/x/", 200, "/", title="X · Tenace", h1=[], empty_headers=2, links=["/"])
    problems = page_problems(page)
    assert any("0 h1" in p for p in problems) and any("2 table header" in p for p in problems)


@pytest.mark.django_db
def test_the_walk_follows_links_and_reports_a_link_to_a_missing_page(client):
    from clubs.models import Club

    Club.objects.create(name="Casino", slug="casino")
    pages = {page.url: page for page in page_walk(client)}
    assert pages["/clubs/casino/"].status == 200 and pages["/clubs/casino/"].referrer
    missing = WalkedPage("/clubs/nowhere/", 404, "/clubs/")
    assert page_problems(missing) == ["/clubs/nowhere/ (linked from /clubs/): answered 404"]
