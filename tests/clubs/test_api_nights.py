"""The clubs API for club nights: creating nights and seating tables, rubbers with the
engine's running state, hands entered with their deal, the three-rubber match, and hand
corrections (reason required, before/after, the history)."""

from __future__ import annotations

import pytest

from clubs.models import ClubNight, HandCorrection, RubberTable
from clubs.rubbers import hand_enter
from tests.clubs.api_world import World, person, world_make

pytestmark = pytest.mark.django_db

# North holds every spade, East every heart, South every diamond, West every club.
ONE_SUIT_EACH = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


@pytest.fixture
def world() -> World:
    return world_make()


def test_api_night_create_takes_the_clubs_profile_unless_told(world):
    world.club.rule_overrides = {"game_target": 7}
    world.club.save()
    client = world.client("organiser")
    response = client.post(world.base + "nights/", {"date": "2026-04-02"}, format="json")
    assert response.status_code == 201, response.content
    night = ClubNight.objects.get(pk=response.json()["id"])
    assert (night.club, night.rule_profile, night.rule_overrides) == (
        world.club,
        "short",
        {"game_target": 7},
    )
    body = {"date": "2026-04-09", "rule_profile": "long", "rule_overrides": {"game_target": -1}}
    response = client.post(world.base + "nights/", body, format="json")
    assert response.status_code == 400 and response.json()["detail"]
    assert ClubNight.objects.count() == 2


def test_api_table_of_four_is_seated_as_cut_with_rubber_one_started(world):
    players = [person(world.club, login=False) for _ in range(4)]
    body = {"club_night": world.night.pk, "members": [m.pk for m in players], "first_dealer": "E"}
    response = world.client("organiser").post(world.base + "tables/", body, format="json")
    assert response.status_code == 201, response.content
    data = response.json()
    assert data["number"] == 2 and data["dummy"] is False
    assert [(s["seat"], s["member"]) for s in data["seats"]] == list(
        zip("NESW", [m.pk for m in players], strict=True)
    )
    rubber = world.client("anonymous").get(world.base + f"rubbers/{data['rubbers'][0]}/").json()
    assert rubber["number"] == 1 and rubber["first_dealer"] == "E" and rubber["hands"] == []


def test_api_table_of_three_is_a_dummy_table(world):
    players = [person(world.club, login=False) for _ in range(3)]
    body = {"club_night": world.night.pk, "members": [m.pk for m in players]}
    response = world.client("secretary").post(world.base + "tables/", body, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["dummy"] is True
    assert {s["seat"] for s in response.json()["seats"]} == {"S", "W", "E"}


def test_api_table_refusals_say_why_and_seat_nobody(world):
    client = world.client("organiser")
    stranger = person(world.other, login=False)
    locals_ = [person(world.club, login=False) for _ in range(3)]
    cases = [
        {"club_night": world.night.pk, "members": [stranger.pk] + [m.pk for m in locals_]},
        {"club_night": world.night.pk, "members": [m.pk for m in locals_[:2]]},
        {"club_night": world.night.pk, "members": [999999] + [m.pk for m in locals_]},
        {
            "club_night": world.night.pk,
            "members": [world.members["player"].pk] + [m.pk for m in locals_],
        },
    ]
    for body in cases:
        response = client.post(world.base + "tables/", body, format="json")
        assert response.status_code == 400, (body, response.content)
    other_night = ClubNight.objects.create(
        club=world.other, date="2026-03-05", rule_profile="short"
    )
    body = {"club_night": other_night.pk, "members": [m.pk for m in locals_]}
    assert client.post(world.base + "tables/", body, format="json").status_code == 400
    assert RubberTable.objects.count() == 1


def test_api_tables_filtered_by_night(world):
    night = ClubNight.objects.create(club=world.club, date="2026-03-12", rule_profile="short")
    client = world.client("anonymous")
    rows = client.get(world.base + f"tables/?night={night.pk}").json()["results"]
    assert rows == []
    rows = client.get(world.base + f"tables/?night={world.night.pk}").json()["results"]
    assert [t["id"] for t in rows] == [world.table.pk]


def test_api_rubber_shows_each_hands_score_and_the_running_state(world):
    data = world.client("anonymous").get(world.base + f"rubbers/{world.rubber.pk}/").json()
    first, second = data["hands"]
    assert (first["dealer"], second["dealer"]) == ("N", "E")
    assert first["score"]["after"] == [3, 0] and first["score"]["trick_points"] == [3, 0]
    assert second["score"]["before"] == [3, 0] and second["score"]["after"] == [3, 2]
    state = data["state"]
    assert state["score"] == [3, 2] and state["games_won"] == [0, 0]
    assert state["is_over"] is False and state["winner"] is None and state["points"] is None


def test_api_rubber_over_shows_winner_and_points(world):
    for n in (3, 4):
        hand_enter(rubber=world.rubber, expected_number=n, ns_tricks=13, by=None)
    state = world.client("anonymous").get(world.base + f"rubbers/{world.rubber.pk}/").json()
    state = state["state"]
    assert state["is_over"] is True and state["winner"] == "NS"
    assert state["games_won"] == [2, 0] and [g["winner"] for g in state["games"]] == ["NS", "NS"]
    assert state["points"] == state["games"][0]["value"] + state["games"][1]["value"] + 2


def test_api_hand_with_its_deal_gets_honours_from_the_cards(world):
    client = world.client("player")
    url = world.base + f"rubbers/{world.rubber.pk}/hands/"
    body = {"number": 3, "ns_tricks": 7, "deal": ONE_SUIT_EACH, "trump": "S"}
    body["honours_claimed"] = False
    response = client.post(url, body, format="json")
    assert response.status_code == 201, response.content
    hand = response.json()
    assert (hand["honours_side"], hand["honours_count"], hand["trump"]) == ("NS", 4, "S")
    body = {"number": 4, "ns_tricks": 7, "deal": ONE_SUIT_EACH, "trump": "H"}
    body |= {"honours_side": "NS", "honours_count": 4}  # East holds the heart honours
    response = client.post(url, body, format="json")
    assert response.status_code == 400 and response.json()["detail"]
    assert world.rubber.hands.count() == 3


def test_api_match_tells_seats_and_totals_and_next_rubber_follows(world):
    client = world.client("player")
    url = world.base + f"tables/{world.table.pk}/next-rubber/"
    response = client.post(url)
    assert response.status_code == 400 and "not over" in response.json()["detail"]
    for n in (3, 4):
        hand_enter(rubber=world.rubber, expected_number=n, ns_tricks=13, by=None)
    response = client.post(url)
    assert response.status_code == 201, response.content
    assert response.json()["number"] == 2
    match = client.get(world.base + f"tables/{world.table.pk}/match/").json()
    assert [r["number"] for r in match["rubbers"]] == [1, 2]
    seat_of_player = {
        r["number"]: next(
            s["seat"] for s in r["seats"] if s["member"] == world.members["player"].pk
        )
        for r in match["rubbers"]
    }
    assert seat_of_player[1] == "N"
    totals = {t["member"]: t["points"] for t in match["totals"]}
    assert totals[world.members["player"].pk] > 0 and sum(totals.values()) == 0
    assert len(totals) == 4


def test_api_correction_needs_a_reason_and_returns_before_and_after(world):
    client = world.client("secretary")
    url = world.base + f"hands/{world.hand.pk}/corrections/"
    response = client.post(url, {"ns_tricks": 8}, format="json")
    assert response.status_code == 400
    response = client.post(url, {"reason": "   ", "ns_tricks": 8}, format="json")
    assert response.status_code == 400
    response = client.post(url, {"reason": "NS took 8", "ns_tricks": 8}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["before"]["ns_tricks"] == 9 and body["after"]["ns_tricks"] == 8
    assert body["corrected_by"] == world.users["secretary"].username
    rubber = world.client("anonymous").get(world.base + f"rubbers/{world.rubber.pk}/").json()
    assert rubber["state"]["score"] == [2, 2]  # re-scored by the engine


def test_api_corrections_history_lists_every_change_oldest_first(world):
    client = world.client("secretary")
    url = world.base + f"hands/{world.hand.pk}/corrections/"
    client.post(url, {"reason": "first", "ns_tricks": 8}, format="json")
    client.post(url, {"reason": "second", "honours_side": "EW", "honours_count": 4}, format="json")
    history = world.client("anonymous").get(url).json()
    assert [c["reason"] for c in history] == ["first", "second"]
    assert history[1]["before"]["honours_side"] == "" and history[1]["after"]["honours_count"] == 4


def test_api_correction_the_engine_refuses_changes_nothing(world):
    for n in (3, 4):  # NS wins the rubber 2-0 in hands 3 and 4
        hand_enter(rubber=world.rubber, expected_number=n, ns_tricks=13, by=None)
    hand3 = world.rubber.hands.get(number=3)
    response = world.client("secretary").post(
        world.base + f"hands/{world.hand.pk}/corrections/",
        {"reason": "game already in hand 1", "ns_tricks": 13},
        format="json",
    )
    assert response.status_code == 400 and response.json()["detail"]
    assert HandCorrection.objects.count() == 0
    world.hand.refresh_from_db()
    assert world.hand.ns_tricks == 9 and hand3.ns_tricks == 13


def test_api_table_seats_a_guest_by_name(world):
    players = [person(world.club, login=False) for _ in range(3)]
    members = [players[0].pk, None, players[1].pk, players[2].pk]
    body = {"club_night": world.night.pk, "members": members, "guests": ["", "Visiting Vera"]}
    response = world.client("organiser").post(world.base + "tables/", body, format="json")
    assert response.status_code == 201, response.content
    east = next(s for s in response.json()["seats"] if s["seat"] == "E")
    assert east["guest"] is True and east["member_name"] == "Visiting Vera"
    nameless = {"club_night": world.night.pk, "members": [None, None, None]}
    refused = world.client("organiser").post(world.base + "tables/", nameless, format="json")
    assert refused.status_code == 400 and "guest" in refused.json()["detail"]
