"""The files a club takes away: USEBIO (validated against the DTD), PBN with results (read
back by Tenace's import and by endplay), CSV (the same figures, safe to open) — and the
round trips on the demo's finished Mitchell."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.core.management import call_command

from engine.pbn import read_pbn, read_pbn_file
from engine.pbn_tables import parse_columns, parse_rows
from scoring import exports
from scoring.presenters import latest_snapshots
from tests.scoring.factories import mitchell_section
from tests.scoring.results_world import played_mitchell, public_session_url, tricks_for
from tournaments.models import Board, Session, Tournament
from tournaments.selectors import board_set_boards

pytestmark = pytest.mark.django_db
DTD_DIR = Path(__file__).resolve().parents[2] / "scoring" / "formats" / "dtd"


def dtd_for(version: str) -> Path:
    """The official DTD when it has been put beside ours, else our subset."""
    official = DTD_DIR / f"usebio_v{version.replace('.', '_')}.dtd"
    return official if official.exists() else DTD_DIR / "usebio_tenace_subset.dtd"


def assert_valid_usebio(content: bytes, version: str = "1.2", tmp_path: Path | None = None):
    if shutil.which("xmllint") is None:
        pytest.skip("xmllint (libxml2-utils) is not installed")
    run = subprocess.run(
        ["xmllint", "--noout", "--nonet", "--dtdvalid", str(dtd_for(version)), "-"],
        input=content,
        capture_output=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr.decode()


def session_of(scheduled) -> Session:
    return Session.objects.select_related("tournament__club").get(pk=scheduled.section.session_id)


def standings_rows(scheduled) -> list[dict]:
    data = latest_snapshots([scheduled.section.pk])[scheduled.section.pk]
    return [row | {"field": field["name"]} for field in data["fields"] for row in field["rows"]]


def test_usebio_validates_and_its_percentages_are_the_standings():
    scheduled = played_mitchell(tables=3)
    results = exports.session_results(session_of(scheduled))
    content = exports.export_file(results, "usebio").content
    assert content.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE USEBIO SYSTEM')
    assert_valid_usebio(content)
    root = ET.fromstring(content)
    pairs = {int(pair.findtext("PAIR_NUMBER")): pair for pair in root.iter("PAIR")}
    rows = standings_rows(scheduled)
    assert len(pairs) == len(rows) == 6
    for row in rows:
        pair = pairs[row["number"]]
        assert float(pair.findtext("PERCENTAGE")) == pytest.approx(row["percentage"], abs=0.005)
        assert pair.findtext("PLACE") == row["rank_label"]
        assert pair.findtext("DIRECTION") == row["field"]
    assert root.find("EVENT/WINNER_TYPE").text == "2"


def test_usebio_travellers_carry_ns_tricks_matchpoints_and_the_trump():
    scheduled = played_mitchell(tables=3)
    content = exports.export_file(exports.session_results(session_of(scheduled)), "usebio").content
    text = content.decode()
    assert "<?tenace-trump H?>" in text and "<?tenace-trump D?>" in text
    assert "<?tenace-adjusted A+/A-?>" in text
    assert "<CONTRACT>" not in text and "<PLAYED_BY>" not in text and "<LEAD>" not in text
    root = ET.fromstring(content)
    board2 = next(b for b in root.iter("BOARD") if b.findtext("BOARD_NUMBER") == "2")
    lines = board2.findall("TRAVELLER_LINE")
    assert len(lines) == 3
    for line in lines:
        ns = int(line.findtext("NS_PAIR_NUMBER"))
        assert int(line.findtext("SCORE")) == tricks_for(2, ns)  # NS pair n sits at table n
        points = float(line.findtext("NS_MATCH_POINTS")) + float(line.findtext("EW_MATCH_POINTS"))
        assert points == pytest.approx(4.0)  # three results: 2 a result beaten, a top of 4


def test_usebio_1_3_writes_event_id_and_an_iso_date():
    scheduled = played_mitchell(tables=3)
    results = exports.session_results(session_of(scheduled))
    content = exports.export_file(results, "usebio", usebio_version="1.3").content
    assert_valid_usebio(content, "1.3")
    root = ET.fromstring(content)
    assert root.get("Version") == "1.3" and root.find("EVENT/EVENT_ID") is not None
    assert root.findtext("EVENT/DATE") == "2026-11-22"
    assert b"usebio_v1_3.dtd" in content


def test_usebio_holds_names_xml_cannot_and_escapes_markup():
    scheduled = played_mitchell(tables=3)
    entry = scheduled.entries[1]
    entry.guest1 = 'Ann <b>"&\x0b Dvořák'
    entry.save()
    content = exports.export_file(exports.session_results(session_of(scheduled)), "usebio").content
    assert_valid_usebio(content)
    names = [name.text for name in ET.fromstring(content).iter("PLAYER_NAME")]
    assert 'Ann <b>"& Dvořák' in names


def test_usebio_of_a_two_session_event_nests_sessions_and_ranks_them_together():
    first = played_mitchell(tables=3)
    played_mitchell(tables=3, tournament=first.tournament)
    tournament = Tournament.objects.select_related("club").get(pk=first.tournament.pk)
    results = exports.event_results(tournament)
    content = exports.export_file(results, "usebio").content
    assert_valid_usebio(content)
    root = ET.fromstring(content)
    assert [s.get("SESSION_ID") for s in root.iter("SESSION")] == ["1", "2"]
    overall = root.find("EVENT/PARTICIPANTS").findall("PAIR")
    assert len(overall) == 6  # the same guests both sessions: one line each
    assert root.findtext("EVENT/WINNER_TYPE") == "1"
    assert root.findtext("EVENT/SESSION_COUNT") == "2"


def test_pbn_export_reimports_the_same_deals_in_tenace_and_in_endplay():
    scheduled = played_mitchell(tables=3)
    text = exports.export_file(exports.session_results(session_of(scheduled)), "pbn").content
    text = text.decode()
    boards = board_set_boards(scheduled.section.board_set_id)
    assert read_pbn(text) == boards
    endplay = pytest.importorskip("endplay.parsers.pbn")
    read = endplay.loads(text)
    assert [b.board_num for b in read] == [b.number for b in boards]
    for theirs, ours in zip(read, boards, strict=True):
        assert theirs.deal.to_pbn() == ours.deal.to_pbn()
        assert theirs.info["Trump"] == (ours.trump.letter if ours.trump is not None else "NT")


def test_pbn_score_and_total_score_tables_use_the_standards_columns():
    scheduled = played_mitchell(tables=3)
    text = exports.export_file(exports.session_results(session_of(scheduled)), "pbn").content
    read = read_pbn_file(text.decode())
    first = read.games[0]
    assert first.value("Vulnerable") == "None" and first.value("Scoring") == "MP"
    columns = parse_columns(first.value("ScoreTable"))
    assert [c.name for c in columns][:7] == [
        "Section", "Round", "Table", "PairId_NS", "PairId_EW", "Declarer", "Result"
    ]  # fmt: skip
    rows = parse_rows(columns, first.tables["ScoreTable"])
    assert {row[5] for row in rows} == {"N"}
    assert [row[6] for row in rows if row[2] != "1"] == [
        str(tricks_for(1, int(row[2]))) for row in rows if row[2] != "1"
    ]
    assert [row[6] for row in rows if row[2] == "1"] == ["-"]  # the adjusted score
    totals = parse_rows(
        parse_columns(first.value("TotalScoreTable")), first.tables["TotalScoreTable"]
    )
    by_pair = {int(row[1]): row for row in totals}
    for row in standings_rows(scheduled):
        assert by_pair[row["number"]][4] == f"{row['percentage']:.2f}"
        assert by_pair[row["number"]][2] == {"NS": "N-S", "EW": "E-W"}[row["field"]]


def read_csv(content: bytes) -> list[dict]:
    assert content.startswith("\ufeff".encode())
    return list(csv.DictReader(io.StringIO(content.decode("utf-8-sig"))))


def test_csv_standings_travellers_and_score_cards_have_the_same_figures():
    scheduled = played_mitchell(tables=3)
    results = exports.session_results(session_of(scheduled))
    standings = read_csv(exports.export_file(results, "standings").content)
    expected = {row["number"]: row for row in standings_rows(scheduled)}
    assert len(standings) == 6
    for line in standings:
        row = expected[int(line["pair"])]
        assert float(line["percentage"]) == row["percentage"]
        assert float(line["total"]) == row["total"] and line["place"] == row["rank_label"]
    travellers = read_csv(exports.export_file(results, "travellers").content)
    assert len(travellers) == 18
    played = [t for t in travellers if not t["adjusted"]]
    assert all(int(t["ns_tricks"]) == tricks_for(int(t["board"]), int(t["table"])) for t in played)
    cards = read_csv(exports.export_file(results, "score-cards").content)
    assert len(cards) == 36  # six pairs, six boards each
    for pair in range(1, 7):
        points = sum(float(c["points"]) for c in cards if c["pair"] == str(pair))
        assert points == pytest.approx(expected[pair]["total"])


def test_csv_cells_that_a_spreadsheet_would_run_are_neutralised():
    scheduled = played_mitchell(tables=3)
    for number, name in ((1, '=HYPERLINK("x")'), (2, "+1"), (3, "-2+3"), (4, "@SUM(A1)")):
        entry = scheduled.entries[number]
        entry.guest1 = name
        entry.save()
    content = exports.export_file(
        exports.session_results(session_of(scheduled)), "standings"
    ).content
    names = [row["names"] for row in read_csv(content)]
    for name in names:
        assert name[0] not in "=+-@"
    assert any(name.startswith("'=HYPERLINK") for name in names)


def test_files_are_served_with_their_names_and_types(client):
    scheduled = played_mitchell(tables=3)
    url = public_session_url(scheduled) + "files/"
    slug = scheduled.tournament.slug
    expected = {
        "usebio": ("application/xml", "results.xml"),
        "pbn": ("application/x-pbn", "results.pbn"),
        "standings": ("text/csv", "standings.csv"),
        "travellers": ("text/csv", "travellers.csv"),
        "score-cards": ("text/csv", "score-cards.csv"),
    }
    for kind, (content_type, name) in expected.items():
        answer = client.get(f"{url}{kind}/")
        assert answer.status_code == 200
        assert answer["Content-Type"].startswith(content_type)
        assert answer["Content-Disposition"] == f'attachment; filename="{slug}-1-{name}"'


def test_exports_load_in_a_fixed_number_of_queries(django_assert_max_num_queries):
    for tables in (3, 7):
        session = session_of(played_mitchell(tables=tables))
        with django_assert_max_num_queries(5):
            exports.session_results(session)


def test_an_empty_section_exports_without_results():
    scheduled = mitchell_section(tables=3, released=True)
    results = exports.session_results(session_of(scheduled))
    assert_valid_usebio(exports.export_file(results, "usebio").content)
    assert read_pbn(exports.export_file(results, "pbn").content.decode())
    assert len(read_csv(exports.export_file(results, "standings").content)) == 0


def test_the_demos_finished_mitchell_round_trips(client):
    call_command("demo")
    tournament = Tournament.objects.select_related("club").get(
        club__slug="demo", name="Tuesday Pairs (Mitchell)"
    )
    session = tournament.sessions.get()
    section = session.sections.get()
    base = f"/results/public/demo/{tournament.slug}/1/files/"
    usebio = client.get(base + "usebio/")
    assert usebio.status_code == 200
    assert_valid_usebio(usebio.content)
    data = latest_snapshots([section.pk])[section.pk]
    rows = {row["number"]: row for field in data["fields"] for row in field["rows"]}
    pairs = list(ET.fromstring(usebio.content).iter("PAIR"))
    assert len(pairs) == len(rows) == 12
    for pair in pairs:
        row = rows[int(pair.findtext("PAIR_NUMBER"))]
        assert float(pair.findtext("PERCENTAGE")) == pytest.approx(row["percentage"], abs=0.005)
    pbn = client.get(base + "pbn/").content.decode()
    assert read_pbn(pbn) == board_set_boards(section.board_set_id)
    assert len(read_pbn(pbn)) == Board.objects.filter(board_set=section.board_set).count()
    standings = read_csv(client.get(base + "standings/").content)
    for line in standings:
        assert float(line["percentage"]) == rows[int(line["pair"])]["percentage"]


def test_api_serves_each_file_of_a_released_session_and_event(client):
    scheduled = played_mitchell(tables=3)
    session_id, event_id = scheduled.section.session_id, scheduled.tournament.pk
    for base in (f"/api/session-results/{session_id}/", f"/api/event-results/{event_id}/"):
        for kind, content_type in (
            ("usebio", "application/xml"),
            ("usebio/?version=1.3", "application/xml"),
            ("pbn", "application/x-pbn"),
            ("standings", "text/csv"),
            ("travellers", "text/csv"),
            ("score-cards", "text/csv"),
        ):
            path, _, query = kind.partition("?")
            url = f"{base}{path.rstrip('/')}/" + (f"?{query}" if query else "")
            answer = client.get(url, HTTP_ACCEPT="text/html")
            assert answer.status_code == 200, (url, answer.content)
            assert answer["Content-Type"].startswith(content_type)
            assert answer["Content-Disposition"].startswith("attachment;")
    assert_valid_usebio(client.get(f"/api/event-results/{event_id}/usebio/").content)


def test_api_refuses_with_a_detail_for_unreleased_unknown_and_bad_version(client):
    scheduled = played_mitchell(tables=3, released=False)
    session_id = scheduled.section.session_id
    refusals = [
        (f"/api/session-results/{session_id}/usebio/", 403),
        (f"/api/event-results/{scheduled.tournament.pk}/pbn/", 403),
        ("/api/session-results/999999/pbn/", 404),
        ("/api/session-results/abc/pbn/", 404),
        ("/api/session-results/99999999999999999999999/pbn/", 404),
        ("/api/event-results/0/standings/", 404),
    ]
    for url, status in refusals:
        answer = client.get(url)
        assert answer.status_code == status, url
        assert answer["Content-Type"] == "application/json" and answer.json()["detail"]
    scheduled.tournament.status = "released"
    scheduled.tournament.save()
    bad = client.get(f"/api/session-results/{session_id}/usebio/?version=2.0")
    assert bad.status_code == 400 and "1.2 or 1.3" in bad.json()["detail"]


def test_a_two_session_events_files_are_public_with_every_session_and_the_whole_event(client):
    from scoring.presenters import event_standings
    from tournaments.models import Section

    first = played_mitchell(tables=3)
    second = played_mitchell(tables=3, tournament=first.tournament)
    tournament = first.tournament
    base = f"/results/public/{tournament.club.slug}/{tournament.slug}/files/"
    files = {kind: client.get(f"{base}{kind}/") for kind in exports.KINDS}
    assert {kind: answer.status_code for kind, answer in files.items()} == dict.fromkeys(
        exports.KINDS, 200
    )
    assert files["pbn"]["Content-Disposition"].endswith(f'"{tournament.slug}-results.pbn"')
    assert_valid_usebio(files["usebio"].content)

    def rows(kind: str) -> list[dict]:
        return list(csv.DictReader(io.StringIO(files[kind].content.decode("utf-8-sig"))))

    standings = rows("standings")
    assert {row["session"] for row in standings} == {"1", "2", ""}
    sections = list(Section.objects.filter(session__tournament=tournament))
    combined = [
        (row["rank_label"], f"{row['percentage']}") for row in event_standings(tournament, sections)
    ]
    overall = [(row["place"], row["percentage"]) for row in standings if row["session"] == ""]
    assert [(place, float(pct)) for place, pct in overall] == [
        (place, float(pct)) for place, pct in combined
    ]
    travellers = rows("travellers")
    played = sum(
        1 for s in (first, second) for _ in Board.objects.filter(board_set=s.section.board_set)
    )
    assert len({(row["session"], row["board"]) for row in travellers}) == played
    pbn = files["pbn"].content.decode("utf-8")
    assert pbn.count('[Board "') == played  # every session's boards (one game each)
    assert read_pbn(pbn)  # and readable back
    assert {row["session"] for row in rows("score-cards")} == {"1", "2"}
