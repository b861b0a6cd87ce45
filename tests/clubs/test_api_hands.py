"""Entering a hand through the API: 201, 400 with the engine's message, 409 with what is
stored, 403 for a player at another table; two phones at once on PostgreSQL."""

from __future__ import annotations

import datetime as dt
import os
import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from clubs.models import (
    Club,
    ClubNight,
    Member,
    Membership,
    Role,
    RubberRecord,
    RubberTable,
    TableSeat,
    User,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup():
    club = Club.objects.create(name="Casino", slug="casino")
    night = ClubNight.objects.create(club=club, date=dt.date(2026, 3, 5), rule_profile="short")
    table = RubberTable.objects.create(club_night=night, number=1)
    rubber = RubberRecord.objects.create(table=table, number=1, first_dealer="N")
    users = {}
    for i, seat in enumerate(["N", "E", "S", "W", "X"]):
        user = User.objects.create_user(f"p{i}")
        member = Member.objects.create(name=f"Player {i}", user=user)
        Membership.objects.create(
            club=club, member=member, role=Role.PLAYER, valid_from=dt.date(2020, 1, 1)
        )
        if seat != "X":
            TableSeat.objects.create(table=table, seat=seat, member=member)
        users[seat] = user
    return rubber, users


def _post(user, rubber, **data):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client.post(f"/api/clubs/casino/rubbers/{rubber.pk}/hands/", data, format="json")


def test_api_hand_entry_by_seated_player_is_created(setup):
    rubber, users = setup
    response = _post(users["E"], rubber, number=1, ns_tricks=9)
    assert response.status_code == 201, response.content
    assert response.json()["dealer"] == "N"


def test_api_hand_entry_second_phone_gets_409_with_stored_hand(setup):
    rubber, users = setup
    _post(users["N"], rubber, number=1, ns_tricks=9)
    response = _post(users["S"], rubber, number=1, ns_tricks=4)
    assert response.status_code == 409
    assert response.json()["stored"]["ns_tricks"] == 9


def test_api_hand_entry_impossible_hand_is_400_with_message(setup):
    rubber, users = setup
    response = _post(users["N"], rubber, number=1, ns_tricks=7, honours_side="NS", honours_count=2)
    assert response.status_code == 400
    assert response.json()["detail"]


def test_api_hand_entry_player_not_at_table_or_anonymous_is_refused(setup):
    rubber, users = setup
    assert _post(users["X"], rubber, number=1, ns_tricks=9).status_code == 403
    assert _post(None, rubber, number=1, ns_tricks=9).status_code in (401, 403)
    assert rubber.hands.count() == 0


def test_api_rubber_read_by_anyone_lists_hands(setup):
    rubber, users = setup
    _post(users["N"], rubber, number=1, ns_tricks=9)
    response = APIClient().get(f"/api/clubs/casino/rubbers/{rubber.pk}/")
    assert response.status_code == 200
    assert [h["ns_tricks"] for h in response.json()["hands"]] == [9]


@pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgres"), reason="needs PostgreSQL"
)
@pytest.mark.django_db(transaction=True)
def test_api_hand_entry_two_phones_at_once_one_201_and_one_409_with_it(setup):
    rubber, users = setup
    barrier = threading.Barrier(2)
    answers: dict[int, object] = {}

    def phone(user, tricks: int) -> None:
        try:
            barrier.wait()
            answers[tricks] = _post(user, rubber, number=1, ns_tricks=tricks)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=phone, args=(users[seat], tricks))
        for seat, tricks in (("N", 8), ("E", 5))
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    codes = sorted(a.status_code for a in answers.values())
    assert codes == [201, 409]
    stored = rubber.hands.get()
    loser = next(a for a in answers.values() if a.status_code == 409)
    assert loser.json()["stored"]["ns_tricks"] == stored.ns_tricks


def _post_keyed(user, rubber, key, **data):
    client = APIClient()
    client.force_authenticate(user)
    url = f"/api/clubs/casino/rubbers/{rubber.pk}/hands/"
    return client.post(url, data, format="json", HTTP_IDEMPOTENCY_KEY=key)


def test_api_hand_answer_carries_the_rubbers_new_score(setup):
    rubber, users = setup
    first = _post(users["E"], rubber, number=1, ns_tricks=9)  # NS 3 by cards
    assert first.json()["state"]["score"] == [3, 0]
    second = _post(users["E"], rubber, number=2, ns_tricks=8)  # NS 2 more: game, a treble
    state = second.json()["state"]
    assert state["games_won"] == [1, 0] and state["score"] == [0, 0]
    assert state["games"][0]["value"] == 3


def test_api_hand_retried_with_the_same_key_is_answered_as_the_first_time(setup):
    rubber, users = setup
    first = _post_keyed(users["E"], rubber, "phone-1-hand-1", number=1, ns_tricks=9)
    again = _post_keyed(users["E"], rubber, "phone-1-hand-1", number=1, ns_tricks=9)
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json() and again["Idempotent-Replay"] == "true"
    assert rubber.hands.count() == 1
    different = _post_keyed(users["E"], rubber, "phone-1-hand-1", number=1, ns_tricks=4)
    assert different.status_code == 422


def test_api_hand_idempotency_key_is_per_user(setup):
    # Two players' phones happen to send the same key: each gets its own answer. W's is the
    # conflict (the hand is already entered), not E's stored 201.
    rubber, users = setup
    east = _post_keyed(users["E"], rubber, "same-key", number=1, ns_tricks=9)
    west = _post_keyed(users["W"], rubber, "same-key", number=1, ns_tricks=9)
    assert east.status_code == 201 and west.status_code == 409
    assert "Idempotent-Replay" not in west
    assert west.json()["stored"]["id"] == east.json()["id"]


@pytest.mark.parametrize(
    "data,field",
    [
        ({"honours_count": 4}, "honours_side"),  # honours without a side
        ({"honours_side": "NS"}, "honours_count"),  # a side without honours
        ({"revoke_by_dummy": True}, "revoke_side"),  # a dummy revoke without a side
        ({"revoke_side": "EW"}, "revoke_penalty"),
    ],
)
def test_api_hand_incomplete_honours_or_revoke_is_a_400_naming_the_field(setup, data, field):
    # Before, the database refused the row at the insert and the phone was told to "enter
    # the hands before it first" (a 409 it retried for ever).
    rubber, users = setup
    response = _post(users["E"], rubber, number=1, ns_tricks=7, **data)
    assert response.status_code == 400, response.content
    assert field in response.json()["detail"]
    assert rubber.hands.count() == 0


def test_api_hand_correction_clearing_the_honours_works(setup):
    from clubs.models import Role as R

    rubber, users = setup
    first = _post(users["E"], rubber, number=1, ns_tricks=7, honours_side="NS", honours_count=4)
    assert first.status_code == 201
    secretary = users["X"]
    secretary.member.memberships.update(role=R.SECRETARY)
    client = APIClient()
    client.force_authenticate(secretary)
    url = f"/api/clubs/casino/hands/{first.json()['id']}/corrections/"
    cleared = client.post(
        url, {"reason": "no honours after all", "honours_side": ""}, format="json"
    )
    assert cleared.status_code == 201, cleared.content
    hand = rubber.hands.get()
    assert (hand.honours_side, hand.honours_count) == ("", 0)
    wrong = client.post(url, {"reason": "typo", "honours_count": 3}, format="json")
    assert wrong.status_code == 400 and "honours_side" in wrong.json()["detail"]


@pytest.mark.parametrize("policy", ["neither_wins_game", "new_deal"])
def test_api_both_sides_revoking_is_entered_under_the_nights_both_revoke_setting(setup, policy):
    rubber, users = setup
    night = rubber.table.club_night
    night.rule_overrides = {"both_revoke": policy}
    night.save()
    both = {"revoke_side": "NS", "revoke_penalty": "add", "other_revoke_penalty": "add"}
    first = _post(users["E"], rubber, number=1, ns_tricks=7, **both)
    assert first.status_code == 201, first.content
    hand = first.json()
    assert hand["other_revoke_penalty"] == "add"
    if policy == "new_deal":
        # old Hoyle: "there must be a new deal" — nothing scored, the same dealer deals again
        assert hand["state"]["score"] == [0, 0]
        assert _post(users["E"], rubber, number=2, ns_tricks=7).json()["dealer"] == "N"
    else:
        # Club law 81: each side punished, neither can win the game: +3 each, 1 by cards to NS
        assert hand["state"]["score"] == [4, 3]
        assert _post(users["E"], rubber, number=2, ns_tricks=7).json()["dealer"] == "E"


def test_api_other_sides_revoke_without_a_first_is_a_400_naming_the_field(setup):
    rubber, users = setup
    response = _post(users["E"], rubber, number=1, ns_tricks=7, other_revoke_penalty="add")
    assert response.status_code == 400 and "revoke_side" in response.json()["detail"]


FOURTEEN = "A hand has 13 tricks: North–South cannot have won more than 13 (ns_tricks)."


def test_fourteen_tricks_is_a_sentence_not_a_constraint_name(setup):
    rubber, users = setup
    response = _post(users["N"], rubber, number=1, ns_tricks=14)
    assert response.status_code == 400
    assert response.json()["detail"] == FOURTEEN
    assert "clubs_hand_tricks_in_range" not in response.content.decode()
    client = APIClient()
    client.force_authenticate(users["N"])
    spanish = client.post(
        f"/api/clubs/casino/rubbers/{rubber.pk}/hands/",
        {"number": 1, "ns_tricks": 14},
        format="json",
        HTTP_ACCEPT_LANGUAGE="es",
    )
    assert spanish.json()["detail"] == (
        "Una mano tiene 13 bazas: Norte–Sur no puede haber ganado más de 13 (ns_tricks)."
    )


def test_a_correction_to_fourteen_tricks_gets_the_same_sentence(setup):
    from clubs.models import Role as R

    rubber, users = setup
    first = _post(users["E"], rubber, number=1, ns_tricks=7)
    users["X"].member.memberships.update(role=R.SECRETARY)
    client = APIClient()
    client.force_authenticate(users["X"])
    url = f"/api/clubs/casino/hands/{first.json()['id']}/corrections/"
    wrong = client.post(url, {"reason": "typo", "ns_tricks": 14}, format="json")
    assert wrong.status_code == 400 and wrong.json()["detail"] == FOURTEEN
