"""One rule for who may enter what result, where and when (issue #22, "fair play, closed"),
driven through every surface: the API, the table screen on a player's own phone
(``/results/table/``), a table device (``/results/device/``) and the traveller grid of NS's
phone (``…/tables/<t>/rounds/<r>/``).

The event: a running 3-table Mitchell, two boards a round. Pair 1 sits NS at table 1 all
evening (boards 1–2 in round 1, 3–4 in round 2, 5–6 in round 3) against pair 4 in round 1.

* a pair enters a result only for a board of its current round or an earlier one: pair 1,
  with round 1 open, cannot enter board 5 (round 3);
* players and devices enter tricks only: ``A+`` and ``NP`` are the directors';
* a round is stored all or nothing, and a refused cell names its board;
* EW confirm exactly what NS entered: any other figure is a dispute.
"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from clubs.models import Role
from scoring import devices
from scoring.checks import ResultInput
from scoring.models import Adjusted, Result, ResultKind, ResultStatus
from scoring.services import result_confirm, result_record
from tests.scoring.factories import person_make

pytestmark = pytest.mark.django_db

SURFACES = ["api", "table screen", "device", "grid"]
NOW, DEVICE = "/results/table/", "/results/device/"


@pytest.fixture
def director(club, seated):
    user, member = person_make(club, Role.ORGANISER)
    seated[0].tournament.directors.add(member)
    return user


def _api_body(scheduled, round_: int, table: int, board: int, text: str) -> dict:
    ns, ew = scheduled.pairs_at(round_, table)
    body = {"section": scheduled.section.pk, "round": round_, "table": table, "board": board}
    body.update(ns=ns, ew=ew)
    if text == "A+":
        return {**body, "kind": "adjusted", "adjusted_ns": "A+", "adjusted_ew": "A-"}
    if text == "NP":
        return {**body, "kind": "not_played"}
    return {**body, "ns_tricks": int(text)}


def _device_client(client, director, scheduled, table: int):
    issued = devices.device_create(section=scheduled.section, table=table, by=director)
    assert client.get(f"/results/device/open/{issued.key}/").status_code == 302
    return client


def enter(surface, client, seated, director, *, round_: int, cells: dict[int, str]):
    """NS of table 1 (pair 1's phone, or the table's device) send ``cells`` (board number →
    typed text) for ``round_``; returns (status, the answer's text)."""
    scheduled, ns_user, _ew = seated
    plays = {board: scheduled.play(round_, 1, board).pk for board in cells}
    form = {f"cell-{plays[board]}": text for board, text in cells.items()}
    if surface == "api":
        api = APIClient()
        api.force_authenticate(ns_user)
        bodies = [_api_body(scheduled, round_, 1, board, text) for board, text in cells.items()]
        answer = api.post("/api/results/", bodies[0], format="json")
        return answer.status_code, answer.content.decode()
    if surface == "device":
        _device_client(client, director, scheduled, table=1)
        answer = client.post(DEVICE, {"action": "enter", "round": round_, **form})
    elif surface == "table screen":
        client.force_login(ns_user)
        answer = client.post(NOW, {"action": "enter", "round": round_, **form})
    else:
        client.force_login(ns_user)
        url = f"/results/sections/{scheduled.section.pk}/tables/1/rounds/{round_}/"
        answer = client.post(url, {"idempotency_key": f"k{round_}", **form})
    return answer.status_code, answer.content.decode()


def _fill_round(seated, round_: int) -> None:
    scheduled, ns_user, _ew = seated
    for board in scheduled.boards_at(round_, 1):
        play = scheduled.play(round_, 1, board)
        result_record(board_play_id=play.pk, given=ResultInput(ns_tricks=8), by=ns_user)


# --- 1. Results round by round -----------------------------------------------------------


@pytest.mark.parametrize("surface", SURFACES)
def test_a_pair_cannot_enter_a_board_of_a_later_round(client, seated, director, surface):
    """Round 1 is still open at table 1: board 5 (round 3) is refused, nothing stored."""
    status, text = enter(surface, client, seated, director, round_=3, cells={5: "9"})
    assert status in (400, 403), text
    assert "Board 5 is played in round 3, and North–South are still in round 1" in text
    assert not Result.objects.exists()
    if surface == "api":
        assert '"code":"round_not_reached"' in text.replace(" ", "")


@pytest.mark.parametrize("surface", SURFACES)
def test_once_its_round_has_results_a_pair_enters_the_next(client, seated, director, surface):
    _fill_round(seated, 1)
    status, text = enter(surface, client, seated, director, round_=2, cells={3: "9"})
    assert status in (201, 302), text
    assert Result.objects.get(board_number=3).ns_tricks == 9


def test_a_director_enters_any_round(client, seated, director):
    scheduled = seated[0]
    client.force_login(director)
    play = scheduled.play(3, 1, 5)
    url = f"/results/sections/{scheduled.section.pk}/enter/tables/1/rounds/3/"
    assert client.post(url, {f"cell-{play.pk}": "9"}).status_code == 302
    assert Result.objects.get(board_number=5).status == ResultStatus.CONFIRMED


# --- 2. Tricks only, for players and devices ---------------------------------------------


@pytest.mark.parametrize("surface", SURFACES)
@pytest.mark.parametrize("cell", ["A+", "NP"])
def test_a_player_or_device_cannot_give_an_adjusted_score_or_not_played(
    client, seated, director, surface, cell
):
    status, text = enter(surface, client, seated, director, round_=1, cells={1: cell})
    assert status in (400, 403), text
    assert "Adjusted scores and “not played” are set by the event" in text.replace("&#x27;", "'")
    assert not Result.objects.exists()


# --- 3. All or nothing -------------------------------------------------------------------


@pytest.mark.parametrize("surface", ["table screen", "device", "grid"])
@pytest.mark.parametrize("bad", ["14", "A+", "x"])
def test_a_round_with_one_bad_cell_stores_nothing_and_names_the_board(
    client, seated, director, surface, bad
):
    status, text = enter(surface, client, seated, director, round_=1, cells={1: "8", 2: bad})
    assert status == 400, text
    assert "Board 2" in text
    assert not Result.objects.exists()


# --- EW confirm exactly what NS entered --------------------------------------------------


def _waiting(seated) -> tuple[Result, Result]:
    """Board 1: NS entered 8 tricks; board 2: an A+ left waiting for EW (stored by a path
    that skipped the rule, as before it)."""
    scheduled, ns_user, _ew = seated
    plays = [scheduled.play(1, 1, board) for board in (1, 2)]
    played = result_record(board_play_id=plays[0].pk, given=ResultInput(ns_tricks=8), by=ns_user)
    adjusted = result_record(
        board_play_id=plays[1].pk,
        given=ResultInput(
            kind=ResultKind.ADJUSTED,
            adjusted_ns=Adjusted.AVERAGE_PLUS,
            adjusted_ew=Adjusted.AVERAGE_MINUS,
        ),
        by=ns_user,
    )
    return played, adjusted


def confirm(surface, client, seated, director, figures: dict[Result, str]):
    """EW of table 1 in round 1 answer ``figures`` (result → typed text; "" agrees)."""
    scheduled, _ns, ew_user = seated
    form = {f"cell-{result.board_play_id}": text for result, text in figures.items()}
    if surface == "api":
        api = APIClient()
        api.force_authenticate(ew_user)
        answers = [
            api.post(
                f"/api/results/{result.pk}/confirm/",
                {"ns_tricks": int(text)} if text else {},
                format="json",
            )
            for result, text in figures.items()
        ]
        return max(a.status_code for a in answers), " ".join(a.content.decode() for a in answers)
    if surface == "device":
        _device_client(client, director, scheduled, table=1)
        answer = client.post(DEVICE, {"action": "confirm", "round": 1, **form})
    elif surface == "table screen":
        client.force_login(ew_user)
        answer = client.post(NOW, {"action": "confirm", "round": 1, **form})
    else:
        client.force_login(ew_user)
        url = f"/results/sections/{scheduled.section.pk}/tables/1/rounds/1/confirm/"
        answer = client.post(url, form)
    return answer.status_code, answer.content.decode()


@pytest.mark.parametrize("surface", SURFACES)
def test_ew_typing_a_figure_for_an_adjusted_score_dispute_it(client, seated, director, surface):
    played, adjusted = _waiting(seated)
    status, text = confirm(surface, client, seated, director, {played: "8", adjusted: "5"})
    assert status in (200, 302), text
    adjusted.refresh_from_db()
    played.refresh_from_db()
    assert (adjusted.status, adjusted.contested_ns_tricks) == (ResultStatus.DISPUTED, 5)
    assert played.status == ResultStatus.CONFIRMED


@pytest.mark.parametrize("surface", SURFACES)
def test_ew_agreeing_confirm_what_ns_entered(client, seated, director, surface):
    played, adjusted = _waiting(seated)
    status, text = confirm(surface, client, seated, director, {played: "8", adjusted: ""})
    assert status in (200, 302), text
    assert set(Result.objects.values_list("status", flat=True)) == {ResultStatus.CONFIRMED}


@pytest.mark.parametrize("surface", ["table screen", "device", "grid"])
@pytest.mark.parametrize("bad", ["A+", "x", "14"])
def test_ew_typing_no_figure_confirm_nothing_and_are_told_which_board(
    client, seated, director, surface, bad
):
    played, adjusted = _waiting(seated)
    status, text = confirm(surface, client, seated, director, {adjusted: "", played: bad})
    assert status == 400, text
    assert "Board 1: enter the tricks NS took (0 to 13)." in text
    assert set(Result.objects.values_list("status", flat=True)) == {ResultStatus.ENTERED}


@pytest.mark.parametrize("surface", ["table screen", "device", "grid"])
def test_confirming_the_rest_of_a_round_leaves_a_disputed_board_to_the_director(
    client, seated, director, surface
):
    """Board 1 is disputed (EW said 7, NS 8); board 2 is entered later and EW confirm it:
    board 1 stays disputed, with both figures, for the director."""
    scheduled, ns_user, ew_user = seated
    first = result_record(
        board_play_id=scheduled.play(1, 1, 1).pk, given=ResultInput(ns_tricks=8), by=ns_user
    )
    result_confirm(result_id=first.pk, by=ew_user, ns_tricks=7)
    second = result_record(
        board_play_id=scheduled.play(1, 1, 2).pk, given=ResultInput(ns_tricks=9), by=ns_user
    )
    status, text = confirm(surface, client, seated, director, {second: ""})
    assert status in (200, 302), text
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, first.contested_ns_tricks) == (ResultStatus.DISPUTED, 7)
    assert second.status == ResultStatus.CONFIRMED
