"""Each export field pinned to a board worked out by hand — which side, which field — so
that a file with NS and EW swapped, or one side's figure written for the other, fails.

The world: ``played_mitchell(tables=3)``, NS pair *t* sits at table *t* all night, and
board 2 (trumps: diamonds) is played once at each table with N–S taking
``(2 × 3 + t) mod 14`` tricks: 7 at table 1, 8 at table 2, 9 at table 3. Matchpoints, 2 for
each result beaten and 1 for each tie, three results (top 4):

| table | NS tricks | MP NS | MP EW | % NS | % EW |
|---|---|---|---|---|---|
| 1 | 7 | 0 | 4 | 0.00 | 100.00 |
| 2 | 8 | 2 | 2 | 50.00 | 50.00 |
| 3 | 9 | 4 | 0 | 100.00 | 0.00 |
"""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET

import pytest

from engine.pbn import read_pbn_file
from engine.pbn_tables import parse_columns, parse_rows
from scoring import exports
from tests.scoring.results_world import played_mitchell
from tests.scoring.test_exports import session_of

pytestmark = pytest.mark.django_db

#: table → (NS tricks, MP NS, MP EW, % NS, % EW) on board 2, worked out above.
BOARD_2 = {
    1: (7, 0, 4, "0.00", "100.00"),
    2: (8, 2, 2, "50.00", "50.00"),
    3: (9, 4, 0, "100.00", "0.00"),
}


@pytest.fixture
def results():
    return exports.session_results(session_of(played_mitchell(tables=3)))


def test_usebio_traveller_match_points_on_the_right_side(results):
    root = ET.fromstring(exports.export_file(results, "usebio").content)
    board = next(b for b in root.iter("BOARD") if b.findtext("BOARD_NUMBER") == "2")
    lines = {int(line.findtext("NS_PAIR_NUMBER")): line for line in board.iter("TRAVELLER_LINE")}
    for table, (tricks, mp_ns, mp_ew, _pns, _pew) in BOARD_2.items():
        line = lines[table]
        assert int(line.findtext("SCORE")) == tricks
        assert float(line.findtext("NS_MATCH_POINTS")) == mp_ns
        assert float(line.findtext("EW_MATCH_POINTS")) == mp_ew


def test_pbn_score_table_points_and_percentages_per_side(results):
    text = exports.export_file(results, "pbn").content.decode("latin-1")
    game = next(g for g in read_pbn_file(text).games if g.value("Board") == "2")
    columns = parse_columns(game.value("ScoreTable"))
    names = [c.name for c in columns]
    rows = {
        int(row[names.index("Table")]): row
        for row in parse_rows(columns, game.tables["ScoreTable"])
    }
    for table, (tricks, mp_ns, mp_ew, pct_ns, pct_ew) in BOARD_2.items():
        row = dict(zip(names, rows[table], strict=True))
        assert row["Result"] == str(tricks)
        assert (row["MP_NS"], row["MP_EW"]) == (str(mp_ns), str(mp_ew))
        assert (row["Percentage_NS"], row["Percentage_EW"]) == (pct_ns, pct_ew)


def test_csv_traveller_points_per_side(results):
    content = exports.export_file(results, "travellers").content.decode("utf-8-sig")
    lines = [row for row in csv.DictReader(io.StringIO(content)) if row["board"] == "2"]
    by_table = {int(row["table"]): row for row in lines}
    for table, (tricks, mp_ns, mp_ew, _pns, _pew) in BOARD_2.items():
        row = by_table[table]
        assert int(row["ns_tricks"]) == tricks
        assert float(row["ns_points"]) == mp_ns and float(row["ew_points"]) == mp_ew


def test_published_percentages_have_two_decimals_from_the_score_cards(results):
    """A pair's percentage is its matchpoints over the top on the boards it played, written
    to two places (a one-place rounding differs for at least one pair here)."""
    cards = exports.export_file(results, "score-cards").content.decode("utf-8-sig")
    standings = exports.export_file(results, "standings").content.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(standings)))
    by_pair: dict[str, list[dict]] = {}
    for card in csv.DictReader(io.StringIO(cards)):
        by_pair.setdefault(card["pair"], []).append(card)
    differs = False
    for row in rows:
        played = by_pair[row["pair"]]
        percentage = 100 * sum(float(c["points"]) for c in played) / (4 * len(played))
        assert row["percentage"] == f"{percentage:.2f}"
        differs |= f"{percentage:.1f}0" != row["percentage"]
    assert differs


def test_pbn_export_is_latin1_with_crlf_and_czech_names_transliterated():
    scheduled = played_mitchell(tables=3)
    entry = scheduled.entries[2]
    entry.guest1 = "Věra Dvořáková"
    entry.save()
    results = exports.session_results(session_of(scheduled))
    exported = exports.export_file(results, "pbn")
    assert exported.content_type == "application/x-pbn; charset=iso-8859-1"
    raw = exported.content
    assert raw.startswith(b"% PBN 2.1\r\n% EXPORT\r\n")
    assert b"\n" not in raw.replace(b"\r\n", b"")
    assert "Vera Dvoráková".encode("latin-1") in raw
