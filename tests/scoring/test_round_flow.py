"""The round page leads on (issue #23): after NS send the round they read what happens next
(EW's confirmation, then the next table, direction and boards); no form is offered with
nothing left in it; a refusal is shown right above the button the player just tapped; a
disputed board is said to go to the director."""

from __future__ import annotations

import pytest

from scoring.models import Result, ResultStatus
from tournaments.table_codes import confirmation_code

pytestmark = pytest.mark.django_db
NOW = "/results/table/"


def _cells(page, value: str = "8") -> dict:
    return {f"cell-{b.board_play_id}": value for b in page.context["current"].boards}


def _send(client, user, cells=None, key: str = "r1"):
    client.force_login(user)
    page = client.get(NOW)
    form = {"action": "enter", "round": 1, "idempotency_key": key, **(cells or _cells(page))}
    return client.post(NOW, form, follow=True)


def _before(text: str, first: str, then: str) -> bool:
    return -1 < text.index(first) < text.index(then)


def test_after_sending_ns_read_that_ew_confirm_then_where_they_go(client, seated):
    _scheduled, ns_user, _ew = seated
    page = _send(client, ns_user)
    text = page.content.decode()
    assert not page.context["can_enter"] and "Send the round" not in text
    assert "Sent. Waiting for East–West to confirm." in text
    # Pair 1 stays NS at table 1 in a Mitchell; round 2 plays boards 3–4 there.
    assert "Then go to table 1, NS, boards 3–4." in text


def test_a_refused_figure_is_shown_above_the_button_and_the_round_waits_whole(client, seated):
    """Issue #22: a round is stored all or nothing, so with one refused figure nothing is
    stored, both boards are offered again, and the refusal names the board, above the
    button where the player is looking."""
    scheduled, ns_user, _ew = seated
    client.force_login(ns_user)
    page = client.get(NOW)
    first, second = page.context["current"].boards
    cells = {f"cell-{first.board_play_id}": "8", f"cell-{second.board_play_id}": "X9"}
    answer = client.post(NOW, {"action": "enter", "round": 1, "idempotency_key": "k", **cells})
    assert answer.status_code == 400
    assert not Result.objects.filter(board_play_id=first.board_play_id).exists()
    text = answer.content.decode()
    assert [b.number for b in answer.context["current"].to_enter] == [first.number, second.number]
    assert _before(text, 'id="round-errors"', "Send the round")
    assert _before(text, f'name="cell-{second.board_play_id}"', 'id="round-errors"')
    assert f"Board {second.number}: “X9” is not a result" in text


def test_ew_disputing_a_board_read_that_it_goes_to_the_director(client, seated):
    _scheduled, ns_user, ew_user = seated
    _send(client, ns_user)
    client.force_login(ew_user)
    page = client.get(NOW)
    first = page.context["current"].boards[0]
    cells = {**_cells(page), f"cell-{first.board_play_id}": "6"}
    answer = client.post(NOW, {"action": "confirm", "round": 1, **cells}, follow=True)
    text = answer.content.decode()
    assert (
        f"Round 1: board {first.number} is disputed and goes to the director, who decides "
        "its score." in text
    )
    assert "is confirmed. Thank you" not in text
    assert "Round 1 is complete. Board" in text and "goes to the director" in text
    assert Result.objects.filter(status=ResultStatus.DISPUTED).count() == 1


def test_ew_agreeing_read_that_the_round_is_confirmed(client, seated):
    _scheduled, ns_user, ew_user = seated
    _send(client, ns_user)
    client.force_login(ew_user)
    page = client.get(NOW)
    answer = client.post(NOW, {"action": "confirm", "round": 1, **_cells(page)}, follow=True)
    assert "Round 1 is confirmed. Thank you!" in answer.content.decode()


def test_confirming_with_the_code_on_ns_phone_leaves_no_empty_code_field(client, seated):
    scheduled, ns_user, _ew = seated
    _send(client, ns_user)
    confirm = f"/results/sections/{scheduled.section.pk}/tables/1/rounds/1/confirm/"
    page = client.get(confirm)
    text = page.content.decode()
    assert 'name="code"' in text
    assert "the director will decide" in text and "secretary" not in text
    cells = {f"cell-{row['line'].board_play_id}": "8" for row in page.context["rows"]}
    wrong = client.post(confirm, {"code": "XXXXXX", **cells})
    text = wrong.content.decode()
    assert wrong.status_code == 403
    # The refusal sits between the code field the player typed in and the button.
    assert _before(text, 'id="ew-code"', 'id="round-errors"')
    assert _before(text, 'id="round-errors"', ">Confirm</button>")
    assert 'aria-invalid="true"' in text
    code = confirmation_code(section_id=scheduled.section.pk, round=1, table=1)
    done = client.post(confirm, {"code": code, **cells}, follow=True)
    text = done.content.decode()
    assert "Round 1 is confirmed. Thank you!" in text
    assert 'name="code"' not in text and ">Confirm</button>" not in text
    assert "Nothing in this round waits for East–West's confirmation." in text


def test_a_disputed_board_is_not_confirmed_by_answering_the_rest_of_the_round(client, seated):
    scheduled, ns_user, ew_user = seated
    client.force_login(ns_user)
    page = client.get(NOW)
    first, second = page.context["current"].boards
    client.post(
        NOW,
        {"action": "enter", "round": 1, "idempotency_key": "a", f"cell-{first.board_play_id}": "8"},
    )
    client.force_login(ew_user)
    client.post(NOW, {"action": "confirm", "round": 1, f"cell-{first.board_play_id}": "6"})
    client.force_login(ns_user)
    client.post(
        NOW,
        {
            "action": "enter",
            "round": 1,
            "idempotency_key": "b",
            f"cell-{second.board_play_id}": "7",
        },
    )
    confirm = f"/results/sections/{scheduled.section.pk}/tables/1/rounds/1/confirm/"
    client.force_login(ew_user)
    rows = client.get(confirm).context["rows"]
    # The confirm page shows EW's own figure on the disputed board: sent back as it is, it
    # stays disputed while the other board is confirmed.
    cells = {
        f"cell-{row['line'].board_play_id}": (
            str(row["result"].contested_ns_tricks)
            if row["result"].status == ResultStatus.DISPUTED
            else str(row["result"].ns_tricks)
        )
        for row in rows
    }
    assert 'value="6"' in client.get(confirm).content.decode()
    client.post(confirm, cells)
    statuses = dict(Result.objects.values_list("board_number", "status"))
    assert statuses == {first.number: ResultStatus.DISPUTED, second.number: ResultStatus.CONFIRMED}
