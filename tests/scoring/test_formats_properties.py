"""Properties of the pure writers (no database): whatever the names and figures, the USEBIO
file is well-formed XML holding them, the PBN tables read back to them, and no CSV cell is
one a spreadsheet would run as a formula."""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
import xml.etree.ElementTree as ET

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.boards import board_set
from engine.pbn import read_pbn_file
from engine.pbn_tables import parse_columns, parse_rows
from scoring.formats.model import (
    BoardResults,
    EventResults,
    PairResult,
    SectionResults,
    TravellerLine,
)
from scoring.formats.pbn import write_pbn_results
from scoring.formats.spreadsheet import safe_cell, score_cards_csv, standings_csv
from scoring.formats.usebio import write_usebio

names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=20)
XML_CHARS = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def event(players: list[str], percentages: list[float]) -> EventResults:
    boards = board_set(2, seed="props")
    pairs = tuple(
        PairResult(n + 1, "", (name, "Partner"), str(n + 1), n + 1, 10.0 - n, pct, 2)
        for n, (name, pct) in enumerate(zip(players, percentages, strict=True))
    )
    line = TravellerLine(1, 1, 1, 2, "played", 7, 7, "", 2.0, 0.0, 100.0, 0.0)
    section = SectionResults(
        1, "A", "matchpoints", pairs, tuple(BoardResults(b, (line,)) for b in boards)
    )
    return EventResults(
        club="Club <&>",
        club_code="club",
        event="Pairs",
        event_code="pairs-1",
        title="Pairs",
        date=dt.date(2026, 3, 10),
        sessions=1,
        session=1,
        sections=(section,),
        overall=(),
    )


@given(
    st.lists(names, min_size=2, max_size=6).flatmap(
        lambda players: st.tuples(
            st.just(players),
            st.lists(st.floats(0, 100), min_size=len(players), max_size=len(players)),
        )
    )
)
@settings(max_examples=60, deadline=None)
def test_usebio_is_well_formed_and_holds_every_name_and_percentage(data):
    players, percentages = data
    root = ET.fromstring(write_usebio(event(players, percentages)))
    pairs = root.findall("EVENT/PARTICIPANTS/PAIR")
    assert [p.find("PLAYER/PLAYER_NAME").text or "" for p in pairs] == [
        XML_CHARS.sub("", " ".join(name.split())) for name in players
    ]
    assert [float(p.findtext("PERCENTAGE")) for p in pairs] == [
        float(f"{value:.2f}") for value in percentages
    ]


@given(st.lists(names, min_size=1, max_size=6))
@settings(max_examples=60, deadline=None)
def test_pbn_total_score_table_reads_back_to_the_names(players):
    text = write_pbn_results(event(players, [50.0] * len(players)))
    first = read_pbn_file(text).games[0]
    rows = parse_rows(
        parse_columns(first.value("TotalScoreTable")), first.tables["TotalScoreTable"]
    )
    expected = [" ".join(f"{name} – Partner".split()) for name in players]
    assert [row[6] for row in rows] == expected


@given(st.one_of(names, st.integers(-1000, 1000), st.floats(allow_nan=False)))
def test_no_csv_cell_starts_like_a_formula_and_numbers_stay_numbers(value):
    cell = safe_cell(value)
    if isinstance(value, int | float):
        assert cell == value
    else:
        assert not str(cell).startswith(("=", "+", "-", "@", "\t", "\r"))
        assert str(cell).removeprefix("'") == value or str(cell) == value


@given(st.lists(names, min_size=1, max_size=5))
@settings(max_examples=40, deadline=None)
def test_csv_reads_back_to_the_safe_names(players):
    results = event(players, [50.0] * len(players))
    for content in (standings_csv(results), score_cards_csv(results)):
        rows = list(csv.DictReader(io.StringIO(content.decode("utf-8-sig"), newline="")))
        assert rows
        for row in rows:
            for value in row.values():
                assert not str(value).startswith(("=", "+", "-", "@", "\t", "\r"))
