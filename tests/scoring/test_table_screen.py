"""The table screen on a player's own phone: the login lands there, it shows the round, the
table, the opponents and the boards (number, dealer, trump — never a deal), NS enter and EW
confirm, the round completes and the next one follows; a fixed number of queries."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.models import Result, ResultStatus
from tests.scoring.factories import mitchell_section, person_make
from tournaments.models import Seating

pytestmark = pytest.mark.django_db
NOW = "/results/table/"


def _cells(page) -> dict:
    return {f"cell-{b.board_play_id}": "8" for b in page.context["current"].boards}


def _enter_round(client, user, round_: int = 1):
    client.force_login(user)
    page = client.get(NOW)
    assert page.context["current"].round == round_
    form = {"action": "enter", "round": round_, "idempotency_key": f"r{round_}", **_cells(page)}
    assert client.post(NOW, form).status_code == 302


def test_the_login_lands_a_seated_player_on_their_table_and_others_on_my_page(client, seated, club):
    _scheduled, ns_user, _ew = seated
    answer = client.post("/login/", {"username": ns_user.username, "password": "pw"})
    assert answer.status_code == 302 and answer.url == NOW
    client.logout()
    other = person_make(club)[0]
    answer = client.post("/login/", {"username": other.username, "password": "pw"})
    assert answer.url == "/me/"
    client.logout()
    answer = client.post("/login/?next=/me/", {"username": ns_user.username, "password": "pw"})
    assert answer.url == "/me/"  # a page asked for wins


def test_ns_see_their_round_opponents_boards_with_dealer_and_trump_but_no_deal(client, seated):
    scheduled, ns_user, _ew = seated
    client.force_login(ns_user)
    page = client.get(NOW)
    screen, current = page.context["screen"], page.context["current"]
    assert (current.round, current.table, screen.side) == (1, 1, "NS")
    assert [e.number for e in screen.opponents] == [4]
    assert [b.number for b in current.boards] == scheduled.boards_at(1, 1)
    text = page.content.decode()
    assert "Round 1 · Table 1" in text and "You sit <strong>North–South</strong>" in text
    board = scheduled.boards[1]
    assert f"Dealer {board.dealer}" in text and 'class="suit suit-H"' in text
    for number in scheduled.boards_at(1, 1):
        hands = scheduled.boards[number].deal.split(":", 1)[1].split()
        assert not any(hand in text for hand in hands)  # fair play: never a card
    assert page.context["can_enter"] and not page.context["can_confirm"]
    assert "Next round: table 1, NS, boards 3–4" in text


def test_ew_are_told_where_they_go_next_and_see_the_page_in_spanish(client, seated):
    _scheduled, _ns, ew_user = seated
    client.force_login(ew_user)
    client.cookies.load({"django_language": "es"})
    text = client.get(NOW, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Se sienta en <strong>Este–Oeste</strong>" in text
    assert "Próxima ronda: mesa 2, EO, tableros 5–6" in text


def test_ns_enter_ew_confirm_then_the_round_is_complete_and_the_next_one_shows(client, seated):
    scheduled, ns_user, ew_user = seated
    _enter_round(client, ns_user)
    assert Result.objects.filter(status=ResultStatus.ENTERED).count() == 2
    waiting = client.get(NOW)
    assert "Waiting for East–West to confirm." in waiting.content.decode()
    client.force_login(ew_user)
    page = client.get(NOW)
    assert page.context["can_confirm"] and not page.context["can_enter"]
    state = client.get(f"{NOW}state/").json()["state"]
    assert state == page.context["state"]
    form = {"action": "confirm", "round": 1, **_cells(page)}
    assert client.post(NOW, form).status_code == 302
    assert Result.objects.filter(status=ResultStatus.CONFIRMED).count() == 2
    client.force_login(ns_user)
    assert client.get(f"{NOW}state/").json()["state"] != state  # the page reloads itself
    after = client.get(NOW)
    assert after.context["current"].round == 2
    assert "Round 1 is complete." in after.content.decode()
    # A round asked for by number: the one just played, complete.
    done = client.get(f"{NOW}?round=1")
    assert "Round 1 is complete: every board is confirmed." in done.content.decode()


def test_a_retry_after_a_dropped_signal_stores_nothing_twice(client, seated):
    _scheduled, ns_user, _ew = seated
    client.force_login(ns_user)
    page = client.get(NOW)
    form = {"action": "enter", "round": 1, "idempotency_key": "once", **_cells(page)}
    assert client.post(NOW, form).status_code == 302
    assert client.post(NOW, form).status_code == 302
    assert Result.objects.count() == 2


def test_ew_cannot_enter_for_ns(client, seated):
    _scheduled, ns_user, ew_user = seated
    client.force_login(ns_user)
    cells = _cells(client.get(NOW))
    client.force_login(ew_user)
    answer = client.post(NOW, {"action": "enter", "round": 1, "idempotency_key": "x", **cells})
    assert answer.status_code == 400 and not Result.objects.exists()


def test_nothing_is_entered_once_the_event_is_finished(client, seated):
    scheduled, ns_user, _ew = seated
    client.force_login(ns_user)
    cells = _cells(client.get(NOW))
    scheduled.tournament.status = "finished"
    scheduled.tournament.save()
    answer = client.post(NOW, {"action": "enter", "round": 1, "idempotency_key": "y", **cells})
    # Finished: no longer "running now", so the player has no table screen any more.
    assert answer.status_code == 200 and "no table in an event running now" in (
        answer.content.decode()
    )
    assert not Result.objects.exists()


def test_a_player_with_no_running_seat_is_told_so_with_a_link_to_my_page(client, club):
    user = person_make(club)[0]
    client.force_login(user)
    page = client.get(NOW)
    assert page.status_code == 200 and b'href="/me/"' in page.content


def _queries(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_table_screen_reads_a_fixed_number_of_queries(client, club):
    counts = []
    for tables in (3, 7):
        user, member = person_make(club)
        partner = person_make(club)[1]
        mitchell_section(tables=tables, club=club, members={1: (member, partner)})
        client.force_login(user)
        counts.append(_queries(client, NOW))
        client.get(NOW)  # warm caches
        counts[-1] = _queries(client, NOW)
    assert counts[0] == counts[1]


def test_an_arrow_switched_round_says_so_on_the_screen(client, seated):
    scheduled, ns_user, _ew = seated
    Seating.objects.filter(section=scheduled.section, round=3).update(arrow_switch=True)
    client.force_login(ns_user)
    assert "Arrow switch" not in client.get(NOW).content.decode()
    switched = client.get(f"{NOW}?round=3")
    assert switched.context["current"].arrow_switch
    text = switched.content.decode()
    assert "Arrow switch" in text and "plays the East–West cards" in text
    # Pair 1 sits NS but holds the EW cards: it confirms, pair 5 (sitting EW) enters.
    assert switched.context["screen"].cards == "EW" and not switched.context["can_enter"]
    assert "This is the last round." in text
