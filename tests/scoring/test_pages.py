"""Pages: standings (live), travellers, score cards, the phone table pages, the secretary's
grid, dashboard, corrections and import — with permissions and query counts."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from scoring.checks import ResultInput
from scoring.models import Result, ResultStatus
from scoring.services import result_record
from scoring.standings import standings_publish
from tests.scoring.factories import mitchell_section, person_make
from tournaments.table_codes import confirmation_code


def _fill(scheduled, rounds=None):
    for round_ in rounds or range(1, scheduled.tables + 1):
        for table in range(1, scheduled.tables + 1):
            for board in scheduled.boards_at(round_, table):
                play = scheduled.play(round_, table, board)
                given = ResultInput(ns_tricks=(board * 3 + table) % 14)
                result_record(board_play_id=play.pk, given=given, by=None, confirmed=True)
    standings_publish(section_id=scheduled.section.pk, force=True)


@pytest.mark.django_db
def test_standings_page_shows_both_fields_and_the_live_hooks(client):
    scheduled = mitchell_section(tables=3, released=True)
    _fill(scheduled)
    page = client.get(f"/results/sections/{scheduled.section.pk}/standings/").content.decode()
    assert "North–South" in page and "East–West" in page
    assert "data-live-stream=" in page and "standings-live.js" in page
    assert "Guest 1a" in page


@pytest.mark.django_db
def test_standings_page_query_count_does_not_grow_with_tables(
    client, django_assert_max_num_queries
):
    small = mitchell_section(tables=3, released=True)
    big = mitchell_section(tables=7, released=True)
    _fill(small)
    _fill(big)
    for scheduled in (small, big):
        with django_assert_max_num_queries(4):
            assert (
                client.get(f"/results/sections/{scheduled.section.pk}/standings/").status_code
                == 200
            )


@pytest.mark.django_db
def test_travellers_and_board_and_score_card_query_counts_are_constant(
    client, django_assert_max_num_queries
):
    small = mitchell_section(tables=3, released=True)
    big = mitchell_section(tables=7, released=True)
    _fill(small)
    _fill(big)
    for scheduled in (small, big):
        base = f"/results/sections/{scheduled.section.pk}"
        entry = scheduled.entries[1].pk
        with django_assert_max_num_queries(12):
            assert client.get(f"{base}/travellers/").status_code == 200
        with django_assert_max_num_queries(8):
            assert client.get(f"{base}/boards/1/").status_code == 200
        with django_assert_max_num_queries(8):
            assert client.get(f"{base}/entries/{entry}/").status_code == 200


@pytest.mark.django_db
def test_board_page_shows_hand_record_trump_and_who_entered_what(client, club, secretary):
    scheduled = mitchell_section(tables=3, club=club)
    _fill(scheduled)
    client.force_login(secretary)
    page = client.get(f"/results/sections/{scheduled.section.pk}/boards/1/").content.decode()
    assert "Dealer" in page and "♥" in page  # board 1: hearts are trumps
    assert "Recorded" in page and "/correct/" in page


@pytest.mark.django_db
def test_score_card_lists_every_board_the_pair_played(client):
    scheduled = mitchell_section(tables=3, boards_per_round=2, released=True)
    _fill(scheduled)
    response = client.get(
        f"/results/sections/{scheduled.section.pk}/entries/{scheduled.entries[1].pk}/"
    )
    assert len(response.context["card"]["lines"]) == 6


@pytest.mark.django_db
def test_ns_enter_a_round_on_the_phone_and_ew_confirm_with_their_code(client, seated):
    scheduled, ns_user, _ew = seated
    client.force_login(ns_user)
    url = f"/results/sections/{scheduled.section.pk}/tables/1/rounds/1/"
    page = client.get(url)
    rows = page.context["rows"]
    cells = {f"cell-{row['line'].board_play_id}": "8" for row in rows}
    form = {"idempotency_key": "round-1", **cells}
    assert client.post(url, form).status_code == 302
    assert client.post(url, form).status_code == 302  # a retry: nothing twice
    assert Result.objects.filter(status=ResultStatus.ENTERED).count() == 2
    client.logout()
    confirm = f"{url}confirm/"
    wrong = client.post(confirm, {"code": "XXXXXX", **cells})
    assert wrong.status_code == 403
    assert "Wrong code for table 1 in round 1" in wrong.content.decode()
    code = confirmation_code(section_id=scheduled.section.pk, round=1, table=1)
    assert client.post(confirm, {"code": code, **cells}).status_code == 302
    assert Result.objects.filter(status=ResultStatus.CONFIRMED).count() == 2


@pytest.mark.django_db
def test_ew_disagreeing_on_their_phone_sends_it_to_the_dashboard(client, seated, secretary):
    scheduled, ns_user, ew_user = seated
    client.force_login(ns_user)
    url = f"/results/sections/{scheduled.section.pk}/tables/1/rounds/1/"
    rows = client.get(url).context["rows"]
    client.post(
        url, {"idempotency_key": "k", **{f"cell-{r['line'].board_play_id}": "8" for r in rows}}
    )
    client.force_login(ew_user)
    first = rows[0]["line"].board_play_id
    cells = {f"cell-{r['line'].board_play_id}": "8" for r in rows}
    cells[f"cell-{first}"] = "6"
    assert client.post(f"{url}confirm/", cells).status_code == 302
    client.force_login(secretary)
    dashboard = client.get(f"/results/sections/{scheduled.section.pk}/dashboard/")
    disputed = dashboard.context["progress"].disputed
    assert [(r["result"].ns_tricks, r["result"].contested_ns_tricks) for r in disputed] == [(8, 6)]


@pytest.mark.django_db
def test_player_cannot_open_another_tables_entry_page(client, seated):
    scheduled, ns_user, _ew = seated
    client.force_login(ns_user)
    assert (
        client.get(f"/results/sections/{scheduled.section.pk}/tables/2/rounds/1/").status_code
        == 403
    )


@pytest.mark.django_db
def test_secretary_traveller_grid_enters_a_whole_board_in_one_post(client, club, secretary):
    scheduled = mitchell_section(tables=3, club=club)
    client.force_login(secretary)
    url = f"/results/sections/{scheduled.section.pk}/enter/boards/1/"
    rows = client.get(url).context["rows"]
    assert len(rows) == 3  # board 1 is played once at each table of a 3-table Mitchell
    cells = dict(
        zip([f"cell-{r['line'].board_play_id}" for r in rows], ["7", "A+/A-", "NP"], strict=True)
    )
    assert client.post(url, cells).status_code == 302
    kinds = sorted(Result.objects.values_list("kind", flat=True))
    assert kinds == ["adjusted", "not_played", "played"]


@pytest.mark.django_db
def test_secretary_grid_with_a_bad_cell_stores_nothing_and_marks_the_cell(client, club, secretary):
    scheduled = mitchell_section(tables=3, club=club)
    client.force_login(secretary)
    url = f"/results/sections/{scheduled.section.pk}/enter/boards/1/"
    rows = client.get(url).context["rows"]
    names = [f"cell-{r['line'].board_play_id}" for r in rows]
    response = client.post(url, {names[0]: "7", names[1]: "15", names[2]: "NP"})
    assert response.status_code == 400
    assert Result.objects.count() == 0  # all or nothing: the good cells are not stored either
    page = response.content.decode()
    assert "Nothing was saved" in page and "NS cannot take 15 tricks" in page
    # what was typed is kept, and only the bad cell is marked, its reason beside it
    assert f'name="{names[0]}" value="7"' in page and f'name="{names[2]}" value="NP"' in page
    bad = page.split(f'name="{names[1]}"')[1].split(">")[0]
    assert 'value="15"' in bad and 'aria-invalid="true"' in bad
    assert page.count('aria-invalid="true"') == 1
    # corrected, the whole board goes in at once
    assert client.post(url, {names[0]: "7", names[1]: "5", names[2]: "NP"}).status_code == 302
    assert Result.objects.count() == 3


@pytest.mark.django_db
def test_a_phone_round_with_a_bad_cell_stores_none_of_its_boards(client, seated):
    scheduled, ns_user, _ew = seated
    client.force_login(ns_user)
    url = f"/results/sections/{scheduled.section.pk}/tables/1/rounds/1/"
    rows = client.get(url).context["rows"]
    names = [f"cell-{r['line'].board_play_id}" for r in rows]
    page = client.post(url, {"idempotency_key": "bad", names[0]: "8", names[1]: "14"})
    assert "NS cannot take 14 tricks" in page.content.decode()
    assert Result.objects.count() == 0


@pytest.mark.django_db
def test_entry_pages_are_for_organisers_and_secretaries(client, seated):
    scheduled, ns_user, _ew = seated
    base = f"/results/sections/{scheduled.section.pk}"
    client.force_login(ns_user)
    for url in (f"{base}/enter/boards/1/", f"{base}/dashboard/", f"{base}/import/"):
        assert client.get(url).status_code == 403


@pytest.mark.django_db
def test_correction_page_needs_a_reason(client, club, secretary):
    scheduled = mitchell_section(tables=3, club=club)
    _fill(scheduled, rounds=[1])
    result = Result.objects.first()
    client.force_login(secretary)
    url = f"/results/{result.pk}/correct/"
    assert client.post(url, {"cell": "3", "revokes": 0, "reason": ""}).status_code == 200
    assert client.post(url, {"cell": "3", "revokes": 0, "reason": "typo"}).status_code == 302
    result.refresh_from_db()
    assert result.ns_tricks == 3


@pytest.mark.django_db
def test_import_page_reports_refused_lines(client, club, secretary):
    scheduled = mitchell_section(tables=3, club=club)
    client.force_login(secretary)
    csv = "board,round,table,ns,ew,result\n1,1,1,1,4,8\n1,1,1,1,4,9\n3,1,1,1,4,7\n"
    upload = SimpleUploadedFile("t.csv", csv.encode(), content_type="text/csv")
    page = client.post(f"/results/sections/{scheduled.section.pk}/import/", {"file": upload})
    report = page.context["report"]
    assert report.stored == 1
    assert [row["line"] for row in report.refused] == [3, 4]


@pytest.mark.django_db
def test_my_table_lists_the_players_rounds(client, seated):
    scheduled, ns_user, _ew = seated
    client.force_login(ns_user)
    page = client.get(f"/results/sections/{scheduled.section.pk}/my-table/")
    rounds = [(r.round, r.table, side) for r, side in page.context["rounds"]]
    assert rounds == [(1, 1, "NS"), (2, 1, "NS"), (3, 1, "NS")]
    text = page.content.decode()
    assert "Opponents: 4 " in text and 'class="suit suit-H"' in text


@pytest.mark.django_db
def test_unreleased_standings_are_hidden_from_players_of_the_club(client, club):
    scheduled = mitchell_section(tables=3, club=club)
    player = person_make(club)[0]
    client.force_login(player)
    assert client.get(f"/results/sections/{scheduled.section.pk}/standings/").status_code == 403
