"""The results a PBN file carries, imported as a section's travellers: who played (pair
numbers, table and round, players' names), NS tricks from [Result] and [Declarer], the same
checks as any result, and a report of what was stored and what was refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from clubs.models import Role
from scoring import exports
from scoring.errors import ImportRefused
from scoring.imports_pbn import results_import_pbn
from scoring.models import Result, ResultSource, ResultStatus
from tests.scoring.factories import mitchell_section, person_make
from tests.scoring.results_world import played_mitchell, tricks_for
from tournaments.models import Session

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "pbn"


def game(scheduled, board: int, **tags: str) -> str:
    row = scheduled.boards[board]
    lines = [f'[Board "{board}"]', f'[Dealer "{row.dealer}"]', f'[Deal "{row.deal}"]']
    lines += [f'[{name} "{value}"]' for name, value in tags.items()]
    return "\n".join(lines) + "\n\n"


def stored(scheduled) -> dict[tuple[int, int, int], int]:
    return {
        (r.board_number, r.round, r.table): r.ns_tricks
        for r in Result.objects.filter(section=scheduled.section)
    }


def test_our_own_pbn_export_imports_into_a_section_with_the_same_schedule():
    played = played_mitchell(tables=3)
    session = Session.objects.select_related("tournament__club").get(pk=played.section.session_id)
    text = exports.export_file(exports.session_results(session), "pbn").content.decode()
    fresh = mitchell_section(tables=3)  # the same deals and movement
    report = results_import_pbn(section_id=fresh.section.pk, text=text, by=None)
    assert (report.stored, report.already, report.without_result, report.refused) == (17, 0, 1, [])
    assert stored(fresh) == {
        key: tricks for key, tricks in stored(played).items() if tricks is not None
    }
    imported = Result.objects.filter(section=fresh.section)
    assert {(r.source, r.status) for r in imported} == {
        (ResultSource.IMPORT, ResultStatus.CONFIRMED)
    }
    assert all(r.latest_version.action == "imported" for r in imported)
    again = results_import_pbn(section_id=fresh.section.pk, text=text, by=None)
    assert (again.stored, again.already, again.refused) == (0, 17, [])


def test_who_played_comes_from_pair_numbers_or_table_and_round_or_names():
    scheduled = mitchell_section(tables=3)
    # round 1: table t seats NS pair t and EW pair 3 + t; boards (t-1)*2+1 and +2.
    text = (
        game(scheduled, 1, PairNS="1", PairEW="4", Declarer="N", Result="9")
        + game(scheduled, 3, Table="2", Round="1", Declarer="E", Result="9")
        + game(
            scheduled,
            5,
            North="guest 3A",
            South="Guest 3b",
            East="GUEST 6a",
            West="Guest 6b#77",
            Declarer="",
            Result="7",
        )
    )
    report = results_import_pbn(section_id=scheduled.section.pk, text=text, by=None)
    assert (report.stored, report.refused) == (3, [])
    assert stored(scheduled) == {(1, 1, 1): 9, (3, 1, 2): 4, (5, 1, 3): 7}


def test_each_refusal_says_its_line_board_and_reason_and_the_rest_is_stored():
    scheduled = mitchell_section(tables=3)
    other_deal = scheduled.boards[2].deal
    text = (
        game(scheduled, 1, PairNS="1", PairEW="4", Result="9")  # line 4: stored
        + game(scheduled, 2, PairNS="1", PairEW="4", Result="14")  # line 9
        + '[Board "3"]\n[Deal "'
        + other_deal
        + '"]\n[Table "2"]\n[Result "8"]\n\n'  # line 14
        + game(scheduled, 4, PairNS="2", PairEW="4", Result="8")  # line 22: did not meet
        + game(scheduled, 5, North="Nobody", South="Else", East="A", West="B", Result="8")
        + game(scheduled, 6, Result="8")  # no one named
        + game(scheduled, 6, Table="3", Result="?")  # without a result
    )
    report = results_import_pbn(section_id=scheduled.section.pk, text=text, by=None)
    assert report.stored == 1 and report.without_result == 1
    reasons = {row["board"]: (row["line"], row["reason"]) for row in report.refused}
    assert reasons[2][0] == 13 and "0 to 13" in reasons[2][1]  # the line of its [Result]
    assert "not the deal of this section's board 3" in reasons[3][1]
    assert "does not have board 4 played by pairs 2 (NS) and 4 (EW)" in reasons[4][1]
    assert "Nobody – Else are not a pair of this section" in reasons[5][1]
    assert "does not say who played" in reasons[6][1]


def test_a_result_that_differs_from_the_stored_one_is_refused_not_changed():
    scheduled = played_mitchell(tables=3)
    board, table = 2, 2
    play = Result.objects.get(section=scheduled.section, board_number=board, table=table)
    ns, ew = play.ns.number, play.ew.number
    different = game(
        scheduled, board, PairNS=str(ns), PairEW=str(ew), Result=str((play.ns_tricks + 1) % 14)
    )
    report = results_import_pbn(section_id=scheduled.section.pk, text=different, by=None)
    assert report.stored == 0 and "already has a result" in report.refused[0]["reason"]
    play.refresh_from_db()
    assert play.ns_tricks == tricks_for(board, table)


def test_a_file_that_cannot_be_read_is_refused_as_a_whole():
    scheduled = mitchell_section(tables=3)
    with pytest.raises(ImportRefused, match="cannot be read"):
        results_import_pbn(section_id=scheduled.section.pk, text='[Board "1"\n', by=None)


@pytest.mark.parametrize(
    ("name", "without", "refused"),
    [
        ("bigdeal.pbn", 4, 0),
        ("dealer_output.pbn", 2, 0),
        ("realbridge_2021_excerpt.pbn", 1, 2),
        ("bbo_results.pbn", 0, 4),
        ("eyc_1998_excerpt.pbn", 0, 4),
        ("rpbridge_2012_excerpt.pbn", 0, 4),
        ("bridgecomposer_results.pbn", 0, 6),
    ],
)
def test_real_files_are_read_and_every_result_stored_or_refused_with_a_reason(
    name, without, refused
):
    scheduled = mitchell_section(tables=3)  # other deals: every result is refused, none lost
    text = (FIXTURES / name).read_text(encoding="utf-8")
    report = results_import_pbn(section_id=scheduled.section.pk, text=text, by=None)
    assert report.stored == 0
    assert report.without_result == without and len(report.refused) == refused
    assert all(row["reason"] and row["line"] > 0 for row in report.refused)


def test_a_bbo_file_imports_by_the_players_names():
    scheduled = mitchell_section(tables=1 + 2, boards_per_round=2)
    text = (FIXTURES / "bbo_results.pbn").read_text()
    # Give the section the file's deals and the file's players, NS 1 v EW 4 at table 1 round 1
    # on boards 1 and 2.
    for number, (dealer, deal) in {
        1: ("N", "N:983.A95.A2.Q8542 AJ2.872.K954.KJT K765.KJ.T86.A963 QT4.QT643.QJ73.7"),
        2: ("E", "E:J654.Q73.T64.J85 K87.85.AQ972.AK6 QT32.AKJT64.K8.9 A9.92.J53.QT7432"),
    }.items():
        board = scheduled.boards[number]
        board.deal, board.dealer = deal, dealer
        board.save()
    for number, (one, two) in {1: ("Ann Abel", "Bob Baker"), 4: ("Cid Cole", "Dee Dunn")}.items():
        entry = scheduled.entries[number]
        entry.guest1, entry.guest2 = one, two
        entry.save()
    report = results_import_pbn(section_id=scheduled.section.pk, text=text, by=None)
    assert report.stored == 2, report.refused
    # Board 1: N declared and took 8: NS 8. Board 2: S took 10: NS 10.
    assert stored(scheduled) == {(1, 1, 1): 8, (2, 1, 1): 10}
    assert [row["board"] for row in report.refused] == [1, 2]  # Eve Eden's table is not here


def _secretary_client(client, scheduled):
    user, _ = person_make(scheduled.club, Role.SECRETARY)
    client.force_login(user)
    return client


def test_page_imports_a_pbn_results_file_and_shows_the_report(client):
    scheduled = mitchell_section(tables=3)
    text = game(scheduled, 1, PairNS="1", PairEW="4", Result="9") + game(scheduled, 2, Result="x")
    _secretary_client(client, scheduled)
    page = client.post(
        f"/results/sections/{scheduled.section.pk}/import/",
        {"pbn": SimpleUploadedFile("club.pbn", text.encode("latin-1"))},
    )
    body = page.content.decode()
    assert page.status_code == 200
    assert "1 stored, 0 already stored." in body and "0 to 13" in body


def test_api_imports_a_pbn_results_file_for_secretaries_only(client):
    scheduled = mitchell_section(tables=3)
    text = game(scheduled, 1, PairNS="1", PairEW="4", Result="9")
    url = "/api/results/import-pbn/"
    data = {"section": scheduled.section.pk, "file": SimpleUploadedFile("x.pbn", text.encode())}
    player, _ = person_make(scheduled.club)
    client.force_login(player)
    assert client.post(url, data).status_code == 403
    _secretary_client(client, scheduled)
    data["file"] = SimpleUploadedFile("x.pbn", text.encode())
    answer = client.post(url, data)
    assert answer.status_code == 200
    assert answer.json() == {
        "stored": 1, "already_stored": 0, "without_result": 0, "refused": [], "movement": None
    }  # fmt: skip
    bad = client.post(url, {"section": "x"})
    assert bad.status_code == 400 and bad.json()["detail"]
    unreadable = client.post(
        url, {"section": scheduled.section.pk, "file": SimpleUploadedFile("x.pbn", b'[Board "1"')}
    )
    assert unreadable.status_code == 400 and "cannot be read" in unreadable.json()["detail"]
