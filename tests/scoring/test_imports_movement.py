"""A results file from another program imported whole into a section with no schedule and no
boards: its boards, its movement (who met whom, where, when, on which boards), its results
and the standings — checked against matchpoints counted in this test from the definition
(2 for each result beaten, 1 for each tie, per board, in each field)."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from pathlib import Path

import pytest

from engine.deal import deal_from_seed
from scoring.errors import ImportRefused
from scoring.imports_pbn import results_import_pbn
from scoring.presenters import latest_snapshots
from scoring.standings import standings_publish
from tests.scoring.factories import club_make
from tournaments.models import BoardPlay, Entry, Seating, Section, Session, Tournament

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "pbn"


def empty_section() -> Section:
    club = club_make()
    tournament = Tournament.objects.create(
        club=club, name="Imported", slug="imported", starts=dt.date(2026, 3, 10), status="finished"
    )
    session = Session.objects.create(tournament=tournament, number=1)
    return Section.objects.create(session=session)


def standings(section: Section) -> dict[int, tuple[str, float]]:
    standings_publish(section_id=section.pk, force=True)
    data = latest_snapshots([section.pk])[section.pk]
    return {
        row["number"]: (field["name"], row["percentage"])
        for field in data["fields"]
        for row in field["rows"]
    }


def matchpoints_by_hand(results: list[tuple[int, int, int, int]]) -> dict[int, float]:
    """(board, NS pair, EW pair, NS tricks) → each pair's percentage, from the definition:
    on a board, a pair scores 2 for each result of its direction it beat and 1 for each
    tie, out of 2 × (results − 1)."""
    by_board = defaultdict(list)
    for board, ns, ew, tricks in results:
        by_board[board].append((ns, ew, tricks))
    scored, tops = defaultdict(float), defaultdict(float)
    for rows in by_board.values():
        top = 2 * (len(rows) - 1)
        for ns, ew, tricks in rows:
            beaten = sum(2 if tricks > t else 1 if tricks == t else 0 for _n, _e, t in rows) - 1
            scored[ns] += beaten
            scored[ew] += top - beaten
            tops[ns] += top
            tops[ew] += top
    return {pair: 100 * scored[pair] / tops[pair] for pair in scored}


def test_bridge_composer_results_import_boards_movement_results_and_standings():
    section = empty_section()
    text = (FIXTURES / "bridgecomposer_results.pbn").read_text(encoding="latin-1")
    report = results_import_pbn(section_id=section.pk, text=text, by=None)
    assert report.refused == [] and report.stored == 6
    assert report.movement.as_dict() | {"renumbered": []} == {
        "pairs": 6, "rounds": 2, "tables": 3, "movement": "mitchell", "renumbered": []
    }  # fmt: skip
    section.refresh_from_db()
    assert section.board_set.boards.count() == 2
    names = {
        e.number: (e.guest1, e.guest2, e.direction) for e in Entry.objects.filter(section=section)
    }
    assert names[1] == ("Ann Abel", "Bob Baker", "NS")
    assert names[4] == ("Cid Cole", "Dee Dunn", "EW")
    assert names[2] == ("Pair 2", "", "NS")
    # Board 1: NS 8 (N declares 8), 7, 7 (S declares 7); board 2: 10, 9, 11 (S declares).
    played = [(1, 1, 4, 8), (1, 2, 5, 7), (1, 3, 6, 7), (2, 1, 5, 10), (2, 2, 6, 9), (2, 3, 4, 11)]
    expected = matchpoints_by_hand(played)
    assert expected == {1: 75.0, 2: 12.5, 3: 62.5, 4: 0.0, 5: 62.5, 6: 87.5}
    got = standings(section)
    assert {pair: pct for pair, (_f, pct) in got.items()} == expected
    assert {pair: field for pair, (field, _p) in got.items()} == {
        1: "NS", 2: "NS", 3: "NS", 4: "EW", 5: "EW", 6: "EW"
    }  # fmt: skip


def howell_file(pairs: int, rounds: int) -> tuple[str, list[tuple[int, int, int, int]]]:
    """A BBO-style file (one game per table: names, [Round], [Table], [Result]) of a
    ``pairs``-pair Howell by the circle method, one board a round played at every table
    (fewer boards than tables)."""
    games, played = [], []
    ring = list(range(2, pairs + 1))
    for round_ in range(1, rounds + 1):
        order = [1, *ring]
        deal = deal_from_seed(f"howell/{round_}").to_pbn()
        for table in range(1, pairs // 2 + 1):
            a, b = order[table - 1], order[pairs - table]
            ns, ew = (a, b) if (round_ + table) % 2 else (b, a)
            tricks = (round_ * 5 + table * 3) % 14
            played.append((round_, ns, ew, tricks))
            games.append(
                "\n".join(
                    [
                        f'[Board "{round_}"]',
                        '[Dealer "N"]',
                        f'[Deal "N:{deal.split(":", 1)[1]}"]',
                        f'[Round "{round_}"]',
                        f'[Table "{table}"]',
                        f'[North "A{ns}"]',
                        f'[South "B{ns}"]',
                        f'[East "A{ew}"]',
                        f'[West "B{ew}"]',
                        '[Declarer "N"]',
                        f'[Result "{tricks}"]',
                    ]
                )  # fmt: skip
            )
        ring = ring[-1:] + ring[:-1]
    return "% PBN 2.1\n\n" + "\n\n".join(games) + "\n", played


def test_a_26_pair_howell_with_fewer_boards_than_tables_imports_whole():
    section = empty_section()
    text, played = howell_file(26, 3)
    report = results_import_pbn(section_id=section.pk, text=text, by=None)
    assert report.refused == [] and report.stored == 39
    movement = report.movement.as_dict()
    assert (movement["pairs"], movement["rounds"], movement["tables"]) == (26, 3, 13)
    assert movement["movement"] == "howell"
    assert Seating.objects.filter(section=section).count() == 39
    assert BoardPlay.objects.filter(seating__section=section).count() == 39
    # Pairs are numbered in order of appearance; map the file's pair numbers to ours.
    ours = {e.guest1[1:]: e.number for e in Entry.objects.filter(section=section)}
    expected = matchpoints_by_hand(
        [(board, ours[str(ns)], ours[str(ew)], tricks) for board, ns, ew, tricks in played]
    )
    got = standings(section)
    assert len({field for field, _p in got.values()}) == 1  # one field: pairs changed direction
    assert {pair: pct for pair, (_f, pct) in got.items()} == pytest.approx(expected, abs=0.005)


def test_a_file_without_pairs_or_names_is_refused_with_the_reason():
    section = empty_section()
    deal = deal_from_seed("bare").to_pbn()
    text = f'[Board "1"]\n[Dealer "N"]\n[Deal "{deal}"]\n[Table "1"]\n[Result "7"]\n'
    with pytest.raises(ImportRefused) as refused:
        results_import_pbn(section_id=section.pk, text=text, by=None)
    assert "does not say which pairs met" in str(refused.value)
    assert not Seating.objects.filter(section=section).exists()


def test_the_import_page_imports_a_whole_night_for_the_director(client):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    from clubs.models import Role
    from tests.scoring.factories import person_make

    section = empty_section()
    director, _member = person_make(section.session.tournament.club, Role.ORGANISER)
    section.session.tournament.directors.add(_member)
    client.force_login(director)
    raw = (FIXTURES / "bridgecomposer_results.pbn").read_bytes()
    upload = SimpleUploadedFile("night.pbn", raw, content_type="application/x-pbn")
    url = reverse("scoring:import", args=[section.pk])
    page = client.post(url, {"pbn": upload})
    text = page.content.decode()
    assert page.status_code == 200, text
    assert "6 stored, 0 already stored." in text
    assert "The file's movement: 6 pairs, 2 rounds, 3 tables." in text


def usebio_file(boards) -> bytes:
    """A USEBIO 1.2 file as a bridge scorer writes a 3-table Mitchell: NS and EW pairs each
    numbered from 1, a declarer and the declarer's tricks per line, round and table."""
    pairs = "".join(
        f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><DIRECTION>{d}</DIRECTION>"
        f"<PLAYER><PLAYER_NAME>{d}{n} One</PLAYER_NAME></PLAYER>"
        f"<PLAYER><PLAYER_NAME>{d}{n} Two</PLAYER_NAME></PLAYER></PAIR>"
        for d in ("NS", "EW")
        for n in (1, 2, 3)
    )
    travellers = "".join(
        f"<BOARD><BOARD_NUMBER>{b}</BOARD_NUMBER>"
        + "".join(
            f"<TRAVELLER_LINE><ROUND_NUMBER>{r}</ROUND_NUMBER><TABLE_NUMBER>{t}</TABLE_NUMBER>"
            f"<NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
            f"<CONTRACT>2S</CONTRACT><PLAYED_BY>{by}</PLAYED_BY><TRICKS>{tricks}</TRICKS>"
            "<SCORE>110</SCORE></TRAVELLER_LINE>"
            for r, t, ns, ew, by, tricks in lines
        )
        + "</BOARD>"
        for b, lines in boards.items()
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd">\n'
        '<USEBIO Version="1.2"><CLUB><CLUB_NAME>Other club</CLUB_NAME></CLUB>'
        '<EVENT EVENT_TYPE="MP_PAIRS"><SESSION><SECTION><SECTION_LABEL>A</SECTION_LABEL>'
        f"<PARTICIPANTS>{pairs}</PARTICIPANTS>{travellers}</SECTION></SESSION></EVENT></USEBIO>"
    ).encode()


def test_a_usebio_mitchell_with_its_own_numbering_imports_its_movement_and_standings(client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from engine.boards import board_set
    from scoring.imports_usebio import results_import_upload
    from tournaments.models import Board, BoardSet

    section = empty_section()
    section.name = "A"
    section.board_set = BoardSet.objects.create(club=section.session.tournament.club)
    section.save()
    for board in board_set(1, seed="usebio"):
        Board.objects.create(
            board_set=section.board_set,
            number=board.number,
            deal=board.deal.to_pbn(),
            dealer=str(board.dealer),
            trump="H",
        )
    # Board 1 at three tables in round 1: NS n meets EW n. Declarer's tricks: N 8 → NS 8;
    # E 6 → NS 7; S 9 → NS 9.
    raw = usebio_file({1: [(1, 1, 1, 1, "N", 8), (1, 2, 2, 2, "E", 6), (1, 3, 3, 3, "S", 9)]})
    upload = SimpleUploadedFile("night.xml", raw)
    report = results_import_upload(section_id=section.pk, upload=upload, by=None)
    assert report.refused == [] and report.stored == 3
    assert report.movement.as_dict()["renumbered"] == [
        "EW pair 1 of the file is pair 4 here.",
        "EW pair 2 of the file is pair 5 here.",
        "EW pair 3 of the file is pair 6 here.",
    ]
    entries = {e.number: (e.guest1, e.direction) for e in Entry.objects.filter(section=section)}
    assert entries[1] == ("NS1 One", "NS") and entries[4] == ("EW1 One", "EW")
    expected = matchpoints_by_hand([(1, 1, 4, 8), (1, 2, 5, 7), (1, 3, 6, 9)])
    assert expected == {1: 50.0, 2: 0.0, 3: 100.0, 4: 50.0, 5: 100.0, 6: 0.0}
    assert {pair: pct for pair, (_f, pct) in standings(section).items()} == expected


def test_a_usebio_file_that_is_not_xml_or_an_entity_bomb_is_refused():
    from django.core.files.uploadedfile import SimpleUploadedFile

    from scoring.imports_usebio import results_import_upload

    section = empty_section()
    bomb = (
        b'<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY a "aaaaaaaaaa">'
        b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><USEBIO>&b;</USEBIO>'
    )
    for raw in (bomb, b"<html><body>hello</body></html>", b"<USEBIO><unclosed"):
        with pytest.raises(ImportRefused):
            results_import_upload(
                section_id=section.pk, upload=SimpleUploadedFile("x.xml", raw), by=None
            )
    assert not Seating.objects.filter(section=section).exists()
