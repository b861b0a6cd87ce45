"""EW's confirmation code: six characters per table and round, derived from the site's key;
wrong codes counted per table and round and locked after five until a director lifts the
lock; who confirmed ("code at table T") kept in the audit trail — through the service, the
API and the pages."""

from __future__ import annotations

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from clubs.models import Role
from scoring.checks import ResultInput
from scoring.confirmation import CODE_TRIES, code_check, code_lock_lift, code_locks
from scoring.errors import CodeLocked, ConfirmationRefused
from scoring.models import ConfirmationCodeTries, Result, ResultStatus
from scoring.services import result_confirm, result_record, round_confirm
from tests.scoring.factories import club_make, person_make
from tournaments.table_codes import ALPHABET, code_matches, confirmation_code

pytestmark = pytest.mark.django_db


def _entered(scheduled, ns_user, *, round_=1, table=1, tricks=8) -> list[Result]:
    """NS's figures for every board of ``table`` in ``round_``, waiting for EW."""
    return [
        result_record(
            board_play_id=scheduled.play(round_, table, board).pk,
            given=ResultInput(ns_tricks=tricks),
            by=ns_user,
        )
        for board in scheduled.boards_at(round_, table)
    ]


def _code(scheduled, round_=1, table=1) -> str:
    return confirmation_code(section_id=scheduled.section.pk, round=round_, table=table)


def _wrong(scheduled, round_=1, table=1) -> str:
    right = _code(scheduled, round_, table)
    return "".join(ALPHABET[(ALPHABET.index(c) + 1) % len(ALPHABET)] for c in right)


# --- the code ------------------------------------------------------------------------


def test_a_code_is_six_characters_without_look_alikes_per_table_and_round(seated):
    scheduled, _ns, _ew = seated
    codes = {
        (round_, table): _code(scheduled, round_, table)
        for round_ in (1, 2, 3)
        for table in (1, 2, 3)
    }
    for code in codes.values():
        assert len(code) == 6 and not set(code) & set("01OIL") and set(code) <= set(ALPHABET)
    assert len(set(codes.values())) == 9  # every table and round its own
    assert _code(scheduled) == _code(scheduled)  # derived, the same on every page


def test_the_code_depends_on_the_sites_secret_key(seated):
    scheduled, _ns, _ew = seated
    ours = _code(scheduled)
    with override_settings(SECRET_KEY="another site's key, quite long enough " * 2):
        assert _code(scheduled) != ours


def test_typing_the_code_is_forgiving_of_case_spaces_and_dashes(seated):
    scheduled, _ns, _ew = seated
    code = _code(scheduled)
    where = {"section_id": scheduled.section.pk, "round": 1, "table": 1}
    assert code_matches(f" {code[:3].lower()}-{code[3:]} ", **where)
    assert not code_matches(code, **{**where, "table": 2})
    assert not code_matches("", **where)


# --- the service ---------------------------------------------------------------------


def test_ew_confirm_on_ns_phone_with_the_code_and_the_trail_says_code_at_table(seated):
    scheduled, ns_user, _ew = seated
    first, second = _entered(scheduled, ns_user)
    # NS's login is on the phone: without the code NS cannot confirm their own figure.
    with pytest.raises(ConfirmationRefused, match="Only EW at this table"):
        result_confirm(result_id=first.pk, by=ns_user, ns_tricks=8)
    confirmed = result_confirm(result_id=first.pk, by=ns_user, ns_tricks=8, code=_code(scheduled))
    assert confirmed.status == ResultStatus.CONFIRMED
    assert (confirmed.confirmed_by, confirmed.confirmed_by_code) == (None, True)
    version = confirmed.latest_version
    assert (version.action, version.by, version.by_code) == ("confirmed", None, True)


def test_ew_logged_in_confirm_as_themselves(seated):
    scheduled, ns_user, ew_user = seated
    first, _second = _entered(scheduled, ns_user)
    confirmed = result_confirm(result_id=first.pk, by=ew_user, ns_tricks=8)
    assert (confirmed.confirmed_by, confirmed.confirmed_by_code) == (ew_user, False)
    assert confirmed.latest_version.by == ew_user and not confirmed.latest_version.by_code


def test_another_tables_code_is_a_wrong_code(seated):
    scheduled, ns_user, _ew = seated
    first, _second = _entered(scheduled, ns_user)
    with pytest.raises(ConfirmationRefused, match="4 tries left"):
        result_confirm(result_id=first.pk, by=None, ns_tricks=8, code=_code(scheduled, 1, 2))


def test_five_wrong_codes_lock_the_table_until_a_director_lifts_the_lock(seated, club):
    """The brute-force test: after CODE_TRIES wrong codes even the right one is refused;
    EW logged in still confirm; a director lifts the lock and the code works again."""
    scheduled, ns_user, ew_user = seated
    where = {"section_id": scheduled.section.pk, "round": 1, "table": 1}
    for attempt in range(1, CODE_TRIES):
        with pytest.raises(ConfirmationRefused, match=f"{CODE_TRIES - attempt} tr") as refused:
            code_check(**where, code=_wrong(scheduled))
        assert not isinstance(refused.value, CodeLocked)
    with pytest.raises(CodeLocked, match="the code is locked"):
        code_check(**where, code=_wrong(scheduled))
    with pytest.raises(CodeLocked):
        code_check(**where, code=_code(scheduled))  # the right code too, now
    tries = ConfirmationCodeTries.objects.get(seating__round=1, seating__table=1)
    assert tries.failures == CODE_TRIES and tries.locked_at is not None
    # Other tables are not locked; EW logged in still confirm at this one.
    code_check(**{**where, "table": 2}, code=_code(scheduled, 1, 2))
    first, _second = _entered(scheduled, ns_user)
    assert result_confirm(result_id=first.pk, by=ew_user, ns_tricks=8).status == "confirmed"
    assert [
        (lock.seating.round, lock.seating.table) for lock in code_locks(where["section_id"])
    ] == [(1, 1)]

    player = person_make(club)[0]
    other_secretary = person_make(club_make(), Role.SECRETARY)[0]
    for nobody in (player, other_secretary, ns_user):
        with pytest.raises(ConfirmationRefused, match="directors"):
            code_lock_lift(**where, club_id=club.pk, by=nobody)
    director = person_make(club, Role.ORGANISER)[0]
    assert code_lock_lift(**where, club_id=club.pk, by=director) is True
    tries.refresh_from_db()
    assert (tries.failures, tries.locked_at, tries.lifted_by) == (0, None, director)
    code_check(**where, code=_code(scheduled))  # accepted again
    assert code_locks(where["section_id"]) == []
    assert code_lock_lift(**where, club_id=club.pk, by=director) is False


def test_round_confirm_answers_the_whole_round_with_one_code(seated):
    scheduled, ns_user, _ew = seated
    first, second = _entered(scheduled, ns_user)
    answered = round_confirm(
        section_id=scheduled.section.pk,
        round=1,
        table=1,
        by=None,
        figures={first.board_play_id: None, second.board_play_id: 7},
        code=_code(scheduled),
    )
    assert [(r.status, r.contested_ns_tricks) for r in answered] == [
        ("confirmed", None),
        ("disputed", 7),
    ]
    assert all(r.latest_version.by_code for r in answered)


# --- the API -------------------------------------------------------------------------


def _client(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_api_confirm_with_the_code_from_ns_phone_and_the_versions_say_so(seated, secretary):
    scheduled, ns_user, _ew = seated
    first, _second = _entered(scheduled, ns_user)
    url = f"/api/results/{first.pk}/confirm/"
    refused = _client(ns_user).post(url, {"ns_tricks": 8}, format="json")
    assert refused.status_code == 403 and "Only EW" in refused.json()["detail"]
    answer = _client(ns_user).post(
        url, {"ns_tricks": 8, "code": _code(scheduled).lower()}, format="json"
    )
    assert answer.status_code == 200 and answer.json()["status"] == "confirmed"
    versions = _client(secretary).get(f"/api/results/{first.pk}/versions/").json()
    assert [(v["action"], v["by"], v["by_code"]) for v in versions] == [
        ("recorded", ns_user.username, False),
        ("confirmed", None, True),
    ]


def test_api_brute_force_is_locked_after_five_wrong_codes_and_a_director_lifts_it(
    seated, club, secretary
):
    scheduled, ns_user, _ew = seated
    first, _second = _entered(scheduled, ns_user)
    url = f"/api/results/{first.pk}/confirm/"
    phone = _client(ns_user)
    answers = [
        phone.post(url, {"ns_tricks": 8, "code": f"WRONG{n}"}, format="json").status_code
        for n in range(CODE_TRIES + 2)
    ]
    assert answers == [403] * (CODE_TRIES - 1) + [429, 429, 429]
    locked = phone.post(url, {"ns_tricks": 8, "code": _code(scheduled)}, format="json")
    assert locked.status_code == 429 and "locked" in locked.json()["detail"]

    section = scheduled.section.pk
    assert _client(ns_user).get(f"/api/code-locks/?section={section}").status_code == 403
    assert _client().get(f"/api/code-locks/?section={section}").status_code in (401, 403)
    assert _client(secretary).get("/api/code-locks/?section=²").status_code == 400
    listed = _client(secretary).get(f"/api/code-locks/?section={section}").json()
    assert [(x["round"], x["table"], x["failures"]) for x in listed] == [(1, 1, CODE_TRIES)]
    lift = {"section": section, "round": 1, "table": 1}
    assert _client(ns_user).post("/api/code-locks/lift/", lift, format="json").status_code == 403
    assert (
        _client(secretary).post("/api/code-locks/lift/", [lift], format="json").status_code == 400
    )
    lifted = _client(secretary).post("/api/code-locks/lift/", lift, format="json")
    assert lifted.status_code == 200 and lifted.json() == {"lifted": True}
    answer = phone.post(url, {"ns_tricks": 8, "code": _code(scheduled)}, format="json")
    assert answer.status_code == 200 and answer.json()["status"] == "confirmed"


# --- the pages -----------------------------------------------------------------------


def _confirm_page(client, scheduled, cells: dict, code: str):
    url = f"/results/sections/{scheduled.section.pk}/tables/1/rounds/1/confirm/"
    return client.post(url, {"code": code, **cells})


def test_page_brute_force_locks_and_the_director_lifts_it_from_the_dashboard(client, seated, club):
    scheduled, ns_user, _ew = seated
    results = _entered(scheduled, ns_user)
    cells = {f"cell-{r.board_play_id}": "" for r in results}
    client.force_login(ns_user)  # EW use NS's phone
    for attempt in range(1, CODE_TRIES):
        answer = _confirm_page(client, scheduled, cells, "ZZZZZZ")
        assert answer.status_code == 403
        assert f"{CODE_TRIES - attempt} tr" in answer.content.decode()
    locked = _confirm_page(client, scheduled, cells, "ZZZZZZ")
    assert locked.status_code == 429 and "the code is locked" in locked.content.decode()
    assert _confirm_page(client, scheduled, cells, _code(scheduled)).status_code == 429

    director = person_make(club, Role.ORGANISER)[0]
    client.force_login(director)
    dashboard_url = f"/results/sections/{scheduled.section.pk}/dashboard/"
    dashboard = client.get(dashboard_url)
    assert [(lock.seating.round, lock.seating.table) for lock in dashboard.context["locks"]] == [
        (1, 1)
    ]
    lift_url = f"/results/sections/{scheduled.section.pk}/code-locks/lift/"
    assert lift_url in dashboard.content.decode()
    answer = client.post(lift_url, {"round": "1", "table": "1"}, follow=True)
    assert "works again" in answer.content.decode()
    assert answer.context["locks"] == []

    client.force_login(ns_user)
    assert client.post(lift_url, {"round": "1", "table": "1"}).status_code == 403
    assert _confirm_page(client, scheduled, cells, _code(scheduled)).status_code == 302
    assert set(Result.objects.values_list("status", "confirmed_by_code")) == {("confirmed", True)}
    client.force_login(director)
    dashboard = client.get(dashboard_url)
    assert len(dashboard.context["by_code"]) == 2
    assert "2 results confirmed with a table" in dashboard.content.decode()


def test_the_lock_is_explained_in_spanish_and_czech(client, seated):
    scheduled, ns_user, _ew = seated
    cells = {f"cell-{r.board_play_id}": "" for r in _entered(scheduled, ns_user)}
    for _attempt in range(CODE_TRIES):
        _confirm_page(client, scheduled, cells, "ZZZZZZ")
    for language, words in (("es", "bloqueado"), ("cs", "zablokován")):
        answer = client.post(
            f"/results/sections/{scheduled.section.pk}/tables/1/rounds/1/confirm/",
            {"code": "ZZZZZZ", **cells},
            HTTP_ACCEPT_LANGUAGE=language,
        )
        assert answer.status_code == 429 and words in answer.content.decode()


def test_confirming_a_table_that_does_not_play_in_that_round_is_404(client, seated):
    scheduled, _ns, _ew = seated
    url = f"/results/sections/{scheduled.section.pk}/tables/9/rounds/1/confirm/"
    answer = client.post(url, {"code": "ZZZZZZ"})
    assert answer.status_code == 404
    assert "Nobody plays at table 9 in round 1" in answer.content.decode()


def test_a_cell_that_is_not_a_number_of_tricks_is_a_clear_refusal(client, seated):
    scheduled, ns_user, _ew = seated
    results = _entered(scheduled, ns_user)
    cells = {f"cell-{r.board_play_id}": "²" for r in results}
    answer = _confirm_page(client, scheduled, cells, _code(scheduled))
    assert answer.status_code == 400 and "enter the tricks NS took" in answer.content.decode()
    assert not ConfirmationCodeTries.objects.exists()  # refused before the code was tried


def test_guide_cards_give_ew_their_codes_only_when_a_director_prints_them(client, seated, club):
    scheduled, ns_user, ew_user = seated
    section = scheduled.section.pk
    guide_url = f"/events/sections/{section}/guide-cards/"
    code = _code(scheduled)
    assert code not in client.get(guide_url).content.decode()
    client.force_login(ew_user)
    assert code not in client.get(guide_url).content.decode()
    director = person_make(club, Role.ORGANISER)[0]
    client.force_login(director)
    page = client.get(guide_url)
    (schedule,) = page.context["schedules"]
    ew_card = next(card for card in schedule.guides if card.entry.number == 4)
    ns_card = next(card for card in schedule.guides if card.entry.number == 1)
    assert ew_card.rounds[0].code == code  # pair 4 sits EW at table 1 in round 1
    assert code in page.content.decode()
    assert not any(row.code for row in ns_card.rounds)  # NS never get a code
    session_page = client.get(f"/events/sessions/{scheduled.section.session_id}/print/guide-cards/")
    assert code in session_page.content.decode()
    assert code not in client.get(f"/events/sections/{section}/table-cards/").content.decode()
    dashboard = client.get(f"/results/sections/{section}/dashboard/")
    assert (1, 1, 4, str(scheduled.entries[4]), code) in dashboard.context["codes"]


def test_the_board_page_trail_shows_code_at_table(client, seated, secretary):
    scheduled, ns_user, _ew = seated
    first, _second = _entered(scheduled, ns_user)
    result_confirm(result_id=first.pk, by=None, ns_tricks=8, code=_code(scheduled))
    client.force_login(secretary)
    page = client.get(f"/results/sections/{scheduled.section.pk}/boards/{first.board_number}/")
    assert "code at table 1" in page.content.decode()


def _lock(scheduled, round_: int, table: int) -> None:
    for _attempt in range(CODE_TRIES):
        with pytest.raises(ConfirmationRefused):
            code_check(section_id=scheduled.section.pk, round=round_, table=table, code="ZZZZZZ")


def _queries(client, url) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_locked_codes_cost_the_same_queries_one_or_many(client, seated, secretary):
    scheduled, _ns, _ew = seated
    section = scheduled.section.pk
    client.force_login(secretary)
    api = _client(secretary)
    _lock(scheduled, 1, 1)
    api.get(f"/api/code-locks/?section={section}")  # what a first request reads once
    client.get(f"/results/sections/{section}/dashboard/")  # likewise for the page
    one = (
        _queries(client, f"/results/sections/{section}/dashboard/"),
        _queries(api, f"/api/code-locks/?section={section}"),
    )
    for round_, table in ((1, 2), (2, 1), (3, 3)):
        _lock(scheduled, round_, table)
    many = (
        _queries(client, f"/results/sections/{section}/dashboard/"),
        _queries(api, f"/api/code-locks/?section={section}"),
    )
    assert len(api.get(f"/api/code-locks/?section={section}").json()) == 4
    assert many == one
