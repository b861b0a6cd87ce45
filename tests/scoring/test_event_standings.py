"""Session and event standings: sections added up per pair of players."""

from __future__ import annotations

import pytest

from scoring.checks import ResultInput
from scoring.services import result_record
from scoring.standings import standings_publish
from tests.scoring.factories import mitchell_section, person_make


def _board_one(scheduled, tricks_by_round):
    """Board 1 at table 1 (round 1), table 3 (round 2), table 2 (round 3)."""
    for round_, tricks in tricks_by_round.items():
        table = next(t for t in (1, 2, 3) if 1 in scheduled.boards_at(round_, t))
        play = scheduled.play(round_, table, 1)
        result_record(board_play_id=play.pk, given=ResultInput(ns_tricks=tricks), by=None)
    standings_publish(section_id=scheduled.section.pk, force=True)


@pytest.mark.django_db
def test_event_standings_add_two_sessions_for_the_same_players(client, club):
    a, b = person_make(club)[1], person_make(club)[1]
    first = mitchell_section(tables=3, club=club, members={1: (a, b)}, released=True)
    second = mitchell_section(tables=3, tournament=first.tournament, members={2: (a, b)})
    _board_one(first, {1: 13, 2: 7, 3: 7})  # pair 1 = a & b: top, 100 %
    _board_one(second, {1: 7, 2: 7, 3: 13})  # pair 2 = a & b at table 2 in round 3: top
    response = client.get(f"/results/events/{first.tournament.pk}/")
    rows = response.context["rows"]
    ours = next(row for row in rows if row["name"] == str(first.entries[1]))
    assert (ours["rank_label"], ours["percentage"], ours["boards"]) == ("1", 100.0, 2)
    session = client.get(f"/results/sessions/{second.section.session_id}/")
    assert session.status_code == 200
    assert len(session.context["rows"]) == 6  # one board: three NS and three EW pairs


@pytest.mark.django_db
def test_event_standings_held_back_until_released(client):
    scheduled = mitchell_section(tables=3)
    assert client.get(f"/results/events/{scheduled.tournament.pk}/").status_code == 403


@pytest.mark.django_db
def test_a_two_winner_mitchell_ranks_each_direction_apart_as_the_score_cards_do(client):
    """Board 1 of a released 3-table Mitchell: NS 1 v EW 4 make 13, NS 3 v EW 5 make 7,
    NS 2 v EW 6 make 8. North–South: 1 (100 %), 2 (50 %), 3 (0 %); East–West: 5, 6, 4.
    Merged, pairs 2 and 6 would both be "3=" while their score cards say "2"."""
    scheduled = mitchell_section(tables=3, released=True)
    _board_one(scheduled, {1: 13, 2: 7, 3: 8})
    page = client.get(f"/results/events/{scheduled.tournament.pk}/")
    rows = page.context["rows"]
    got = [(row["field"], row["number"], row["rank_label"], row["percentage"]) for row in rows]
    assert got == [
        ("NS", 1, "1", 100.0),
        ("NS", 2, "2", 50.0),
        ("NS", 3, "3", 0.0),
        ("EW", 5, "1", 100.0),
        ("EW", 6, "2", 50.0),
        ("EW", 4, "3", 0.0),
    ]
    for row in rows:
        card = client.get(
            f"/results/sections/{scheduled.section.pk}/entries/{row['entry'].pk}/"
        ).context["card"]
        assert card["standing"]["rank_label"] == row["rank_label"]
    text = page.content.decode()
    assert "North–South" in text and "East–West" in text
    assert '<td class="num">50.00</td>' in text and '<td class="num">0.00</td>' in text
    assert '<th class="num">Pair</th>' in text
