"""Pages and API of the tournaments app: permissions for every role, constant query counts."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.factories import (
    ROLES,
    ClubFactory,
    club_member,
    section_with_pairs,
    user_with_role,
)
from tournaments import services
from tournaments.models import Entry, Section

pytestmark = pytest.mark.django_db


def mitchell_movement(tables: int) -> dict:
    """A plain Mitchell for an odd number of tables, one board a round (built for the test)."""
    rounds = []
    for r in range(tables):
        rounds.append(
            {
                "round": r + 1,
                "tables": [
                    {
                        "table": t + 1,
                        "ns": t + 1,
                        "ew": tables + (t - r) % tables + 1,
                        "boards": [(t - r) % tables + 1],
                    }
                    for t in range(tables)
                ],
            }
        )
    return {"type": "mitchell", "rounds": rounds}


def scheduled_section(club, tables: int) -> Section:
    section = section_with_pairs(club, 2 * tables, name=f"Pairs {tables}")
    services.section_board_set_choose(
        section=section, board_set=services.board_set_generate(club=club, count=tables, seed="q")
    )
    services.section_schedule_save(section=section, movement=mitchell_movement(tables))
    return section


@pytest.fixture
def club_people():
    club = ClubFactory(slug="home")
    other = ClubFactory(slug="away")
    users = {name: user_with_role(club, role, name) for name, role in ROLES.items()}
    users["other_secretary"] = user_with_role(other, ROLES["secretary"], "other_secretary")
    return club, users


WRITERS = {"secretary", "organiser"}
ALL = ["anonymous", "player", "organiser", "secretary", "other_secretary"]


def as_user(client, users, who):
    if who != "anonymous":
        client.force_login(users[who])
    return client


@pytest.mark.parametrize("who", ALL)
def test_pages_everyone_reads_only_organisers_and_secretaries_change(client, club_people, who):
    club, users = club_people
    section = scheduled_section(club, 3)
    as_user(client, users, who)
    reads = [
        reverse("tournaments:list", args=[club.slug]),
        reverse("tournaments:detail", args=[section.session.tournament_id]),
        reverse("tournaments:section", args=[section.pk]),
        reverse("tournaments:table_cards", args=[section.pk]),
        reverse("tournaments:guide_cards", args=[section.pk]),
        reverse("tournaments:session_print", args=[section.session_id]),
        reverse("tournaments:session_table_cards", args=[section.session_id]),
        reverse("tournaments:session_guide_cards", args=[section.session_id]),
        reverse("tournaments:session_traveller_slips", args=[section.session_id]),
    ]
    for url in reads:
        assert client.get(url).status_code == 200, url
    # The session's hand records show the deals: the club's organisers and secretaries
    # only, until the results are released (tests/tournaments/test_printouts.py).
    deals = client.get(reverse("tournaments:session_hand_records", args=[section.session_id]))
    assert deals.status_code == (200 if who in WRITERS else 403)
    # Deals: the event's directors only before the release (tests/test_deal_visibility.py).
    for url in (
        reverse("tournaments:hand_records", args=[section.board_set_id]),
        reverse("tournaments:board_set_pbn", args=[section.board_set_id]),
    ):
        assert client.get(url).status_code == (200 if who in WRITERS else 403), url
    directors = client.get(reverse("tournaments:directors", args=[section.session.tournament_id]))
    assert directors.status_code == (302 if who == "anonymous" else 200 if who in WRITERS else 403)
    entry = Entry.objects.filter(section=section).first()
    writes = [
        (
            reverse("tournaments:create", args=[club.slug]),
            {
                "name": "X",
                "starts": "2026-12-01",
                "scoring_method": "matchpoints",
                "trump_scheme": "hdsc",
                "sessions": 1,
            },
        ),
        (reverse("tournaments:entry_add", args=[section.pk]), {"guest1": "A", "guest2": "B"}),
        (
            reverse("tournaments:section_boards", args=[section.pk]),
            {"count": 3, "trump_scheme": "hdsc"},
        ),
        (
            reverse("tournaments:generate", args=[section.pk]),
            {"kind": "howell", "boards_per_round": 2},
        ),
        (
            reverse("tournaments:status", args=[section.session.tournament_id]),
            {"status": "ready"},
        ),
        (
            reverse("tournaments:entry_withdraw", args=[entry.pk]),
            {"from_round": 2, "reason": "ill"},
        ),
        (
            reverse("tournaments:entry_substitute", args=[entry.pk]),
            {"position": 1, "guest": "Z", "reason": "late"},
        ),
        (
            reverse("tournaments:movement_use", args=[section.pk]),
            {"kind": "mitchell", "boards_per_round": 1},
        ),
        (reverse("tournaments:entries_list", args=[section.pk]), {"text": "A & B"}),
        (
            reverse("tournaments:entry_late_pair", args=[entry.pk]),
            {"from_round": 2, "guest1": "L", "guest2": "P", "reason": "late"},
        ),
        (
            reverse("tournaments:section_late_pair", args=[section.pk]),
            {"from_round": 2, "guest1": "L", "guest2": "Q", "reason": "late"},
        ),
        (reverse("tournaments:entry_remove", args=[entry.pk]), {}),
        (reverse("tournaments:control_room", args=[section.session_id]), None),
        (
            reverse("tournaments:live_standings", args=[section.session.tournament_id]),
            {"live_standings": "players", "live_hidden_rounds": 1},
        ),
    ]
    for url, data in writes:
        response = client.post(url, data) if data is not None else client.get(url)
        if who == "anonymous":
            assert response.status_code == 302 and "/login/" in response["Location"], url
        elif who in WRITERS:
            assert response.status_code in (200, 302), url
        else:
            assert response.status_code == 403, url


def test_every_tournaments_page_is_in_the_permission_matrix():
    from tournaments.urls import urlpatterns

    tested = {
        "list",
        "detail",
        "section",
        "table_cards",
        "guide_cards",
        "hand_records",
        "board_set_pbn",
        "create",
        "entry_add",
        "section_boards",
        "generate",
        "status",
        "entry_withdraw",
        "entry_substitute",
        "board_deal",  # tests/tournaments/test_board_deal.py
        "session_print",
        "session_table_cards",
        "session_guide_cards",
        "session_traveller_slips",
        "session_hand_records",
        "movement_use",
        "entries_list",
        "entry_late_pair",
        "section_late_pair",
        "entry_remove",
        "directors",
        "live_standings",
    }
    assert {p.name for p in urlpatterns} == tested


@pytest.mark.parametrize("who", ALL)
def test_api_everyone_reads_only_organisers_and_secretaries_write(client, club_people, who):
    club, users = club_people
    section = scheduled_section(club, 3)
    as_user(client, users, who)
    for url in [
        "/api/tournaments/",
        f"/api/sessions/{section.session_id}/",
        f"/api/sections/{section.pk}/",
        f"/api/entries/?section={section.pk}",
    ]:
        assert client.get(url).status_code == 200, url
    # Board sets: listed to the club's organisers and secretaries; deals to the directors.
    board_set = client.get(f"/api/board-sets/{section.board_set_id}/")
    assert board_set.status_code == (200 if who in WRITERS else 404)
    pbn = client.get(f"/api/board-sets/{section.board_set_id}/pbn/")
    assert pbn.status_code == (200 if who in WRITERS else 404)
    expected = 201 if who in WRITERS else 403
    response = client.post(
        "/api/tournaments/",
        {"club": club.pk, "name": "Cup", "starts": "2026-12-01"},
        content_type="application/json",
    )
    assert response.status_code == expected
    response = client.post(
        "/api/entries/",
        {"section": section.pk, "guest1": "A", "guest2": "B"},
        content_type="application/json",
    )
    assert response.status_code == (201 if who in WRITERS else 403)  # before the start: allowed
    response = client.post(
        "/api/board-sets/",
        {"club": club.pk, "count": 2, "seed": "s"},
        content_type="application/json",
    )
    assert response.status_code == (201 if who in WRITERS else 403)


def test_api_entry_add_clears_the_schedule_and_section_shows_movement_json(client, club_people):
    club, users = club_people
    section = scheduled_section(club, 3)
    client.force_login(users["organiser"])
    movement = client.get(f"/api/sections/{section.pk}/").json()["movement"]
    assert movement["type"] == "mitchell" and movement["rounds"][0]["tables"][0] == {
        "table": 1,
        "ns": 1,
        "ew": 4,
        "boards": [1],
    }
    response = client.post(
        "/api/entries/",
        {"section": section.pk, "member1": club_member(club).pk, "guest2": "Guest"},
        content_type="application/json",
    )
    assert response.status_code == 201
    assert client.get(f"/api/sections/{section.pk}/").json()["movement"] == {}


def test_api_board_set_refuses_a_bad_pbn_with_the_reason(client, club_people):
    club, users = club_people
    client.force_login(users["secretary"])
    response = client.post(
        "/api/board-sets/",
        {"club": club.pk, "pbn": '[Board "1"]\n[Deal "N:AK"]\n'},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert "four hands" in response.json()["detail"]


@pytest.mark.parametrize(
    "page", ["tournaments:table_cards", "tournaments:guide_cards", "tournaments:section"]
)
def test_schedule_pages_use_the_same_number_of_queries_for_3_and_11_tables(
    client, club_people, page, django_assert_max_num_queries
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    club, users = club_people
    client.force_login(users["organiser"])
    counts = []
    for tables in (3, 11):
        section = scheduled_section(club, tables)
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(reverse(page, args=[section.pk])).status_code == 200
        counts.append(len(ctx))
    assert counts[0] == counts[1], counts


def test_hand_records_show_every_board_with_trump_and_dealer(client, club_people):
    club, users = club_people
    section = scheduled_section(club, 3)
    client.force_login(users["organiser"])  # directs the event (nobody named, not playing)
    page = client.get(
        reverse("tournaments:hand_records", args=[section.board_set_id])
    ).content.decode()
    import re

    found = re.findall(
        r"Board (\d+)</h2>.*?<p>Dealer: (\w) · Trumps: <strong><span class=\"suit suit-(\w+)\"",
        page,
        re.DOTALL,
    )
    assert found == [("1", "N", "H"), ("2", "E", "D"), ("3", "S", "S")]


def test_three_table_howell_is_saved_and_its_table_cards_show_both_half_sets(client, club_people):
    import re

    from tournaments import schedule

    club, users = club_people
    section = section_with_pairs(club, 6, name="Three tables")
    services.section_board_set_choose(
        section=section, board_set=services.board_set_generate(club=club, count=10, seed="h3")
    )
    schedule.section_generate(section=section, kind="howell", boards_per_round=2)
    assert section.seatings.count() == 15 and section.movement["rounds"][1]["tables"][1] == {
        "table": 2,
        "ns": 3,
        "ew": 1,
        "boards": [3, 8],
    }
    client.force_login(users["organiser"])
    page = client.get(reverse("tournaments:table_cards", args=[section.pk])).content.decode()
    text = " ".join(re.sub(r"<[^>]+>", " ", page).split())
    pair = r"Player \d+ – Player \d+"
    rounds = re.findall(rf"(\d) (\d) {pair} (\d) {pair} (\d+) ♠ spades (\d+) ♣ clubs", text)
    assert ("2", "3", "1", "3", "8") in rounds
    assert page.count('data-label="Round"') == 15
