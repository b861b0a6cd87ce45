"""Club-night pages: the nights, a night, the table page on a phone (entering hands, the
409 when two phones enter the same hand, the match, the next rubber), corrections; who may
do what; query counts constant in tables and hands."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from clubs.matches import rubber_start_next
from clubs.models import (
    Club,
    ClubNight,
    HandCorrection,
    HandRecord,
    Member,
    Membership,
    Role,
    RubberTable,
    User,
)
from clubs.nights import night_create, table_add
from clubs.rubbers import hand_correct, hand_enter

pytestmark = pytest.mark.django_db
DAY = dt.date(2026, 3, 5)
SUITED = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


@pytest.fixture
def club():
    return Club.objects.create(name="Casino", slug="casino")


def _person(club: Club, name: str, role: str = Role.PLAYER, login: bool = True) -> Member:
    user = User.objects.create_user(username=name.lower(), password="pw") if login else None
    member = Member.objects.create(name=name, user=user)
    Membership.objects.create(club=club, member=member, role=role, valid_from=dt.date(2026, 1, 1))
    return member


def _players(club: Club, count: int, prefix: str = "P") -> list[Member]:
    return [_person(club, f"{prefix}{k:02d}", login=False) for k in range(count)]


def _login(client, member: Member) -> None:
    client.force_login(member.user)


def _table_url(table: RubberTable, name: str = "clubs:table_detail", **extra) -> str:
    kwargs = {"slug": table.club_night.club.slug, "night_id": table.club_night_id}
    return reverse(name, kwargs=kwargs | {"number": table.number} | extra)


@pytest.fixture
def seated(club):
    """A night with one table: Ana (a player with a login) sits North."""
    ana = _person(club, "Ana")
    night = night_create(club=club, date=DAY)
    table = table_add(night=night, members=[ana, *_players(club, 3)], first_dealer="E")
    return ana, table


def test_night_list_and_detail_are_public(client, seated):
    _ana, table = seated
    response = client.get(reverse("clubs:night_list", kwargs={"slug": "casino"}))
    assert response.status_code == 200 and b"1 table" in response.content
    response = client.get(
        reverse("clubs:night_detail", kwargs={"slug": "casino", "night_id": table.club_night_id})
    )
    assert response.status_code == 200
    assert "Ana" in response.content.decode()
    boston_night = reverse("boston:night", args=["casino", table.club_night_id])
    assert f'href="{boston_night}"' in response.content.decode()


def test_night_create_organiser_yes_player_no(client, club):
    url = reverse("clubs:night_create", kwargs={"slug": "casino"})
    _login(client, _person(club, "Paco"))
    assert client.post(url, {"date": "2026-03-12"}).status_code == 403
    _login(client, _person(club, "Olga", Role.ORGANISER))
    response = client.post(url, {"date": "2026-03-12"})
    night = ClubNight.objects.get()
    assert response.status_code == 302 and night.rule_profile == "short"


def test_table_add_page_seats_four_and_refuses_a_player_seated_twice(client, club):
    _login(client, _person(club, "Olga", Role.ORGANISER))
    night = night_create(club=club, date=DAY)
    players = _players(club, 7)
    url = reverse("clubs:table_add", kwargs={"slug": "casino", "night_id": night.pk})
    data = {f"player_{k + 1}": players[k].pk for k in range(4)} | {"first_dealer": "S"}
    response = client.post(url, data)
    table = RubberTable.objects.get()
    assert response.status_code == 302 and table.rubbers.get().first_dealer == "S"
    data = {f"player_{k + 1}": players[k + 3].pk for k in range(4)} | {"first_dealer": "N"}
    response = client.post(url, data)
    assert response.status_code == 200
    assert "Already seated tonight: P03 (table 1)" in response.content.decode()
    # Three players: a dummy table.
    data = {f"player_{k + 1}": players[k + 4].pk for k in range(3)} | {"first_dealer": "N"}
    assert client.post(url, data).status_code == 302
    assert RubberTable.objects.get(number=2).dummy


def test_dummy_table_seats_the_cut_order_south_west_east_as_the_form_and_guide_say(client, club):
    """docs/club-nights.md and engine.dummy: the first in the cut holds Dummy (South, Dummy
    North), the second sits West, the third East; the form's labels say the same."""
    _login(client, _person(club, "Olga", Role.ORGANISER))
    night = night_create(club=club, date=DAY)
    first, second, third = _players(club, 3)
    url = reverse("clubs:table_add", kwargs={"slug": "casino", "night_id": night.pk})
    form = client.get(url).content.decode()
    assert "dummy whist: second in the cut, sits West" in form
    assert "dummy whist: third, sits East" in form
    data = {"player_1": first.pk, "player_2": second.pk, "player_3": third.pk}
    assert client.post(url, data | {"first_dealer": "N"}).status_code == 302
    seats = {s.seat: s.member for s in RubberTable.objects.get().seats.all()}
    assert seats == {"S": first, "W": second, "E": third}


def test_table_add_page_seats_a_guest_typed_at_the_door(client, club):
    _login(client, _person(club, "Olga", Role.ORGANISER))
    night = night_create(club=club, date=DAY)
    players = _players(club, 3)
    url = reverse("clubs:table_add", kwargs={"slug": "casino", "night_id": night.pk})
    assert "or a guest" in client.get(url).content.decode()
    data = {"player_1": players[0].pk, "guest_2": "Visiting Vera", "player_3": players[1].pk}
    data |= {"player_4": players[2].pk, "first_dealer": "N"}
    assert client.post(url, data).status_code == 302
    seat = RubberTable.objects.get().seats.get(seat="E")
    assert seat.guest and seat.member.name == "Visiting Vera"
    both = {"player_1": players[0].pk, "guest_1": "Somebody", "first_dealer": "N"}
    assert "not both" in client.post(url, both).content.decode()


def test_table_page_form_for_seated_player_not_for_others(client, club, seated):
    ana, table = seated
    _login(client, ana)
    page = client.get(_table_url(table)).content.decode()
    assert 'name="expected_number"' in page and "Dealer: <strong>P00</strong> (E)" in page
    _login(client, _person(club, "Bea"))
    page = client.get(_table_url(table)).content.decode()
    assert 'name="expected_number"' not in page
    response = client.post(
        _table_url(table, "clubs:hand_add"), {"expected_number": 1, "ns_tricks": 8}
    )
    assert response.status_code == 403 and not HandRecord.objects.exists()


def test_hand_entry_then_second_phone_same_hand_gets_409_with_stored_hand(client, seated):
    ana, table = seated
    _login(client, ana)
    url = _table_url(table, "clubs:hand_add")
    response = client.post(url, {"expected_number": 1, "ns_tricks": 9, "honours": "NS3"})
    assert response.status_code == 302
    hand = HandRecord.objects.get()
    assert (hand.dealer, hand.honours_side, hand.honours_count) == ("E", "NS", 3)
    response = client.post(url, {"expected_number": 1, "ns_tricks": 4})
    assert response.status_code == 409
    assert "North–South took 9 tricks" in response.content.decode()
    assert HandRecord.objects.count() == 1


def test_hand_entry_impossible_hand_is_400_with_engine_message(client, seated):
    ana, table = seated
    _login(client, ana)
    response = client.post(
        _table_url(table, "clubs:hand_add"),
        {"expected_number": 1, "ns_tricks": 7, "revoke_side": "NS"},
    )
    assert response.status_code == 400
    assert not HandRecord.objects.exists()


def test_hand_entry_with_deal_counts_honours_and_refuses_a_wrong_claim(client, seated):
    ana, table = seated
    _login(client, ana)
    url = _table_url(table, "clubs:hand_add")
    response = client.post(
        url, {"expected_number": 1, "ns_tricks": 7, "deal": SUITED, "trump": "S", "honours": "EW3"}
    )
    assert response.status_code == 400 and "do not match the deal" in response.content.decode()
    hands = {
        "hand_n": "AKQJT98765432...",
        "hand_e": ".AKQJT98765432..",
        "hand_s": "..AKQJT98765432.",
    }
    response = client.post(url, {"expected_number": 1, "ns_tricks": 7, "trump": "S", **hands})
    assert response.status_code == 400 and "W 0 cards" in response.content.decode()
    hands["hand_w"] = "...AKQJT98765432"
    response = client.post(url, {"expected_number": 1, "ns_tricks": 7, "trump": "S", **hands})
    assert response.status_code == 302
    hand = HandRecord.objects.get()
    assert (hand.honours_side, hand.honours_count, hand.deal) == ("NS", 4, SUITED)


def test_next_rubber_button_and_match_view(client, seated):
    ana, table = seated
    _login(client, ana)
    url = _table_url(table, "clubs:hand_add")
    for number in (1, 2):
        client.post(url, {"expected_number": number, "ns_tricks": 13})
    page = client.get(_table_url(table)).content.decode()
    assert "Start the next rubber" in page and 'name="expected_number"' not in page
    assert client.post(_table_url(table, "clubs:rubber_next")).status_code == 302
    page = client.get(_table_url(table)).content.decode()
    assert "Hand 1 of rubber 2" in page
    # Rubber 2's seat of each player appears in the match table; Ana stayed North or moved.
    assert page.count("<th>Rubber ") == 2


def test_correction_secretary_only_reason_required_history_shown(client, club, seated):
    ana, table = seated
    hand = hand_enter(rubber=table.rubbers.get(), expected_number=1, ns_tricks=9, by=None)
    url = _table_url(table, "clubs:hand_correct", hand_id=hand.pk)
    _login(client, ana)
    assert client.get(url).status_code == 403
    _login(client, _person(club, "Sara", Role.SECRETARY))
    response = client.post(url, {"ns_tricks": 8, "reason": ""})
    assert response.status_code == 400 and not HandCorrection.objects.exists()
    response = client.post(url, {"ns_tricks": 8, "reason": "Scorer misread the tricks"})
    assert response.status_code == 302
    hand.refresh_from_db()
    assert hand.ns_tricks == 8
    page = client.get(_table_url(table)).content.decode()
    assert "Scorer misread the tricks" in page and "sara" in page and "ns_tricks=9" in page


def test_dummy_table_page_shows_dummy_and_refuses_revoke_by_dummy(client, club):
    olga = _person(club, "Olga", Role.ORGANISER)
    night = night_create(club=club, date=DAY)
    table = table_add(night=night, members=_players(club, 3))
    _login(client, olga)
    page = client.get(_table_url(table)).content.decode()
    assert "Dealer: <strong>Dummy</strong> (N)" in page
    response = client.post(
        _table_url(table, "clubs:hand_add"),
        {
            "expected_number": 1,
            "ns_tricks": 6,
            "revoke_side": "NS",
            "revoke_penalty": "take_tricks",
            "revoke_by_dummy": "on",
        },
    )
    assert response.status_code == 400
    assert "dummy is not liable to the revoke penalty" in response.content.decode()


def _night_with(club: Club, tables: int) -> ClubNight:
    night = night_create(club=club, date=DAY)
    for t in range(tables):
        table = table_add(night=night, members=_players(club, 4, prefix=f"T{t}-"))
        rubber = table.rubbers.get()
        for number in (1, 2):
            hand_enter(rubber=rubber, expected_number=number, ns_tricks=13, by=None)
        rubber_start_next(table=table)
    return night


@pytest.mark.parametrize("tables", [2, 6])
def test_night_page_queries_constant_in_tables(client, club, tables, django_assert_num_queries):
    night = _night_with(club, tables)
    _login(client, _person(club, "Olga", Role.ORGANISER))
    url = reverse("clubs:night_detail", kwargs={"slug": "casino", "night_id": night.pk})
    client.get(url)  # sessions and roles warm up
    with django_assert_num_queries(9):
        response = client.get(url)
    assert response.content.decode().count("Table ") >= tables


def _hands(rubber, count: int) -> None:
    # One odd trick to each side in turn: a short-whist game of 9 hands, then a second game.
    for number in range(1, count + 1):
        hand_enter(rubber=rubber, expected_number=number, ns_tricks=7 if number % 2 else 6, by=None)


@pytest.mark.parametrize("hands", [3, 15])
def test_table_page_queries_constant_in_hands(
    client, club, seated, hands, django_assert_num_queries
):
    ana, table = seated
    _hands(table.rubbers.get(), hands)
    first = HandRecord.objects.order_by("number").first()

    hand_correct(hand=first, by=User.objects.first(), reason="typo", ns_tricks=7)
    _login(client, ana)
    url = _table_url(table)
    client.get(url)
    with django_assert_num_queries(10):
        response = client.get(url)
    assert response.status_code == 200


@pytest.mark.parametrize("count", [1, 5])
def test_night_list_queries_constant_in_nights(client, club, count, django_assert_num_queries):
    for k in range(count):
        night_create(club=club, date=DAY + dt.timedelta(days=7 * k))
    url = reverse("clubs:night_list", kwargs={"slug": "casino"})
    with django_assert_num_queries(2):
        response = client.get(url)
    assert response.content.decode().count("0 tables") == count


def test_table_page_anonymous_reads_without_the_form(client, seated):
    _ana, table = seated
    page = client.get(_table_url(table)).content.decode()
    assert "The three-rubber match" in page and 'name="expected_number"' not in page
    assert client.post(_table_url(table, "clubs:rubber_next")).status_code == 302  # to login
    assert table.rubbers.count() == 1
