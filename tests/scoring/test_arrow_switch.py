"""An arrow-switched Mitchell scored by the cards held, on every surface.

Five tables, one board a round, the last round arrow-switched (the generator's one-winner
Mitchell): in round 5 the pair seated North–South plays the East–West cards. The tricks
are chosen by hand, per board and per pair holding the North–South cards; the
matchpoints are worked out here from the definition (each board compared within its
direction of cards: 2 for every result beaten, 1 for every tie), independently of
``scoring.calc``, and compared with the site's standings, traveller, score card, the
exports (USEBIO, PBN, CSV) and the results email's figures.

Hand-worked (top 8 a board, 40 over five boards):

* pair 8 (seated EW all night) holds the NS cards of board 1 in round 5 and takes 9
  tricks, beating 7, 8, 7, 6: 8. Then as EW: board 3 (6 tricks; beats 4, ties 6 and 6,
  loses to 10) 4, board 5 (7; beats 6 and 5, ties 7, loses to 11) 5, board 2 (7; beats
  5, ties 7, loses to 8 and 9) 3, board 4 (6; beats 5 and 3, loses to 7 and 8) 4.
  24/40 = 60 %.
* pair 2 (seated NS all night) as NS: board 2 (5 tricks; beats 4) 2, board 3 (7; ties 7
  and 7, beats 3) 4, board 4 (5; beaten by all) 0, board 5 (8; beats all) 8; in round 5 it
  holds the EW cards of board 1 and takes 4 tricks against 6, 5, 6, 7: 0. 14/40 = 35 %.
  Credited by its seat (the bug) it would have had pair 8's 8 on board 1: 55 %.
* pair 5 wins: 8 tricks on board 1 (6), 6 on board 2 (5), 9 on board 3 (8), 7 on board 5
  (6), and the EW cards of board 4 in round 5, 3 tricks against 7, 5, 8, 6 (0): 25/40 =
  62.5 %.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import xml.etree.ElementTree as ET

import pytest

from engine.pbn import read_pbn_file
from engine.pbn_tables import parse_columns, parse_rows
from scoring import exports
from scoring.checks import ResultInput
from scoring.imports import results_import_csv
from scoring.models import Result, ResultStatus
from scoring.release_emails import players_figures
from scoring.services import result_record
from scoring.standings import standings_publish
from tests.scoring.factories import person_make
from tests.tournaments.factories import ClubFactory, club_member
from tournaments import schedule, services
from tournaments.models import BoardPlay, Seating, Section

pytestmark = pytest.mark.django_db

#: Tricks taken by the North–South cards: board → {pair holding the NS cards: tricks}.
NS_CARDS_TRICKS = {
    1: {1: 7, 5: 8, 4: 7, 3: 6, 8: 9},
    2: {2: 5, 1: 6, 5: 6, 4: 8, 9: 4},
    3: {3: 7, 2: 7, 1: 7, 5: 9, 10: 3},
    4: {4: 6, 3: 8, 2: 5, 1: 7, 6: 10},
    5: {5: 7, 4: 6, 3: 6, 2: 8, 7: 2},
}
NOW = "/results/table/"


def matchpoints_by_definition(results: list[tuple[int, int, int, int]]) -> dict[int, float]:
    """Each pair's percentage from ``(board, pair with NS cards, pair with EW cards, NS
    cards' tricks)``: on each board every result is compared with every other in its
    direction of cards — 2 for each beaten, 1 for each tie — over a top of 2·(n − 1)."""
    points: dict[int, int] = {}
    tops: dict[int, int] = {}
    for board, ns, ew, tricks in results:
        others = [t for b, n, _e, t in results if b == board and n != ns]
        top = 2 * len(others)
        ns_points = sum(2 if tricks > t else 1 if tricks == t else 0 for t in others)
        ew_points = sum(2 if tricks < t else 1 if tricks == t else 0 for t in others)
        for pair, gained in ((ns, ns_points), (ew, ew_points)):
            points[pair] = points.get(pair, 0) + gained
            tops[pair] = tops.get(pair, 0) + top
    return {pair: 100 * points[pair] / tops[pair] for pair in points}


@pytest.fixture
def arrow_mitchell():
    """Ten pairs of members (pairs 2 and 8 with logins), the generator's 5-table Mitchell
    with the arrow switch, the event running; returns (section, pair 2's user, pair 8's)."""
    club = ClubFactory()
    tournament = services.tournament_create(
        club=club, name="Arrow", starts=dt.date(2026, 11, 27), individual=False
    )
    section = Section.objects.get(session__tournament=tournament)
    users = {}
    for number in range(1, 11):
        if number in (2, 8):
            users[number], first = person_make(club)
        else:
            first = club_member(club)
        services.entry_add(section=section, member1=first, member2=club_member(club))
    board_set = services.board_set_generate(club=club, count=5, seed="arrow-switch")
    services.section_board_set_choose(section=section, board_set=board_set)
    schedule.section_generate(section=section, kind="mitchell", boards_per_round=1, option="arrow")
    tournament.status = "running"
    tournament.save(update_fields=["status"])
    return section, users[2], users[8]


def _holders(section: Section) -> dict[tuple[int, int], tuple[int, int, int]]:
    """(board, NS-cards pair) → (board play, round, table), from the saved schedule."""
    found = {}
    for play in BoardPlay.objects.filter(seating__section=section).select_related(
        "board", "seating__ns", "seating__ew"
    ):
        seating = play.seating
        ns_cards = seating.ew if seating.arrow_switch else seating.ns
        found[play.board.number, ns_cards.number] = (play.pk, seating.round, seating.table)
    return found


def _enter_the_rest(section: Section, *, but: tuple[int, int]) -> None:
    for (board, pair), (play_id, _r, _t) in _holders(section).items():
        if (board, pair) != but:
            tricks = NS_CARDS_TRICKS[board][pair]
            result_record(
                board_play_id=play_id, given=ResultInput(ns_tricks=tricks), by=None, confirmed=True
            )


def test_the_schedule_says_which_pair_holds_which_cards(arrow_mitchell):
    section, _two, _eight = arrow_mitchell
    last = Seating.objects.select_related("ns", "ew").get(section=section, round=5, table=2)
    assert last.arrow_switch and (last.ns.number, last.ew.number) == (2, 8)
    assert (last.ns_cards_id, last.ew_cards_id) == (last.ew_id, last.ns_id)
    assert not Seating.objects.filter(section=section, round__lt=5, arrow_switch=True).exists()
    # Every board is held by the NS cards of the pairs the hand-chosen tricks name.
    assert set(_holders(section)) == {(b, p) for b, pairs in NS_CARDS_TRICKS.items() for p in pairs}


def test_the_pair_holding_the_ns_cards_enters_and_the_other_confirms(client, arrow_mitchell):
    """Round 5, table 2: pair 2 sits NS but holds the EW cards; pair 8 enters board 1's
    tricks (its own, the NS cards'), pair 2 may not enter and confirms them."""
    section, two, eight = arrow_mitchell
    _enter_the_rest(section, but=(1, 8))
    play_id = _holders(section)[1, 8][0]
    client.force_login(two)
    page = client.get(NOW)
    assert (page.context["current"].round, page.context["screen"].side) == (5, "NS")
    assert not page.context["can_enter"]
    assert "The pair holding the North–South cards enters" in page.content.decode()
    refused = client.post(NOW, {"action": "enter", "round": 5, f"cell-{play_id}": "4"})
    assert refused.status_code == 400 and not Result.objects.filter(board_play_id=play_id)
    client.force_login(eight)
    page = client.get(NOW)
    assert page.context["screen"].side == "EW" and page.context["can_enter"]
    answer = client.post(
        NOW, {"action": "enter", "round": 5, "idempotency_key": "k8", f"cell-{play_id}": "9"}
    )
    assert answer.status_code == 302
    result = Result.objects.select_related("ns", "ew").get(board_play_id=play_id)
    assert (result.ns.number, result.ew.number, result.ns_tricks) == (8, 2, 9)
    client.force_login(two)
    page = client.get(NOW)
    assert page.context["can_confirm"]
    assert client.post(NOW, {"action": "confirm", "round": 5}).status_code == 302
    result.refresh_from_db()
    assert result.status == ResultStatus.CONFIRMED


def _played(section: Section) -> dict:
    _enter_the_rest(section, but=(0, 0))
    return standings_publish(section_id=section.pk, force=True).data


def test_standings_are_the_matchpoints_worked_from_the_definition(arrow_mitchell):
    section, _two, _eight = arrow_mitchell
    data = _played(section)
    expected = matchpoints_by_definition(
        [(b, n, e, t) for b, pairs in _by_cards(section).items() for n, e, t in pairs]
    )
    assert expected[8] == 60.0 and expected[2] == 35.0  # the hand-worked figures
    (field,) = data["fields"]  # one winner: one field of all ten pairs
    assert {row["number"]: row["percentage"] for row in field["rows"]} == pytest.approx(expected)
    assert (field["rows"][0]["number"], field["rows"][0]["percentage"]) == (5, 62.5)
    # The traveller of board 1: pair 8 on the NS cards' line with its top.
    line = next(row for row in data["boards"]["1"] if row["round"] == 5)
    entries = {entry.pk: entry.number for entry in section.entries.all()}
    assert (entries[line["ns"]], entries[line["ew"]], line["ns_score"]) == (8, 2, 9)
    assert (line["ns_points"], line["ew_points"]) == (8.0, 0.0)


def _by_cards(section: Section) -> dict[int, list[tuple[int, int, int]]]:
    """board → [(NS-cards pair, EW-cards pair, NS cards' tricks)] from the schedule."""
    seatings = Seating.objects.filter(section=section).select_related("ns", "ew")
    opponents = {}
    for s in seatings:
        ns, ew = (s.ew, s.ns) if s.arrow_switch else (s.ns, s.ew)
        opponents[s.round, ns.number] = ew.number
    found: dict[int, list] = {}
    for (board, pair), (_play, round_, _table) in _holders(section).items():
        found.setdefault(board, []).append(
            (pair, opponents[round_, pair], NS_CARDS_TRICKS[board][pair])
        )
    return found


def test_traveller_and_score_card_pages_credit_the_cards(client, arrow_mitchell):
    section, two, _eight = arrow_mitchell
    _played(section)
    tournament = section.session.tournament
    tournament.status = "released"
    tournament.save(update_fields=["status"])
    client.force_login(two)
    board = client.get(f"/results/sections/{section.pk}/boards/1/")
    row = next(r for r in board.context["board"]["rows"] if r["round"] == 5)
    assert (row["ns_number"], row["ew_number"], row["ns_points"]) == (8, 2, 8.0)
    pair_2 = section.entries.get(number=2)
    card = client.get(f"/results/sections/{section.pk}/entries/{pair_2.pk}/")
    lines = {line["board"]: line for line in card.context["card"]["lines"]}
    assert lines[1]["direction"] == "EW" and lines[1]["opponent"].number == 8
    assert (lines[1]["tricks"], lines[1]["points"]) == ("4", 0.0)
    assert sum(line["points"] for line in lines.values()) == 14.0
    assert card.context["card"]["standing"]["percentage"] == 35.0


def test_exports_and_the_results_email_credit_the_cards(arrow_mitchell):
    section, _two, _eight = arrow_mitchell
    _played(section)
    results = exports.session_results(section.session)
    root = ET.fromstring(exports.export_file(results, "usebio").content)
    pairs = {int(p.findtext("PAIR_NUMBER")): p for p in root.iter("PAIR")}
    assert float(pairs[8].findtext("PERCENTAGE")) == 60.0
    assert float(pairs[2].findtext("PERCENTAGE")) == 35.0
    board1 = next(b for b in root.iter("BOARD") if b.findtext("BOARD_NUMBER") == "1")
    line = next(t for t in board1.findall("TRAVELLER_LINE") if t.findtext("NS_PAIR_NUMBER") == "8")
    assert line.findtext("EW_PAIR_NUMBER") == "2" and line.findtext("SCORE") == "9"
    assert float(line.findtext("NS_MATCH_POINTS")) == 8.0
    games = read_pbn_file(exports.export_file(results, "pbn").content.decode()).games
    first = next(g for g in games if g.value("Board") == "1")
    columns = parse_columns(first.value("ScoreTable"))
    rows = parse_rows(columns, first.tables["ScoreTable"])
    names = [c.name for c in columns]
    arrow_row = next(r for r in rows if r[names.index("Round")] == "5")
    assert (arrow_row[names.index("PairId_NS")], arrow_row[names.index("PairId_EW")]) == ("8", "2")
    assert arrow_row[names.index("Result")] == "9"
    travellers = list(
        csv.DictReader(
            io.StringIO(exports.export_file(results, "travellers").content.decode("utf-8-sig"))
        )
    )
    last = next(t for t in travellers if t["board"] == "1" and t["round"] == "5")
    assert (last["ns_pair"], last["ew_pair"], last["ns_tricks"]) == ("8", "2", "9")
    cards = csv.DictReader(
        io.StringIO(exports.export_file(results, "score-cards").content.decode("utf-8-sig"))
    )
    pair_2 = [c for c in cards if c["pair"] == "2"]
    assert sum(float(c["points"]) for c in pair_2) == 14.0
    assert next(c for c in pair_2 if c["board"] == "1")["direction"] == "EW"
    figures = players_figures(section.session.tournament)
    member = section.entries.get(number=8).member1_id
    assert figures[member]["lines"][0]["percentage"] == 60.0


def test_old_results_stored_by_seat_are_turned_to_the_cards_by_the_migration(arrow_mitchell):
    """The data migration's rule: a result at an arrow-switched table that still names the
    pairs by their seats is swapped (NS cards' tricks unchanged)."""
    from importlib import import_module

    from django.apps import apps

    section, _two, _eight = arrow_mitchell
    _enter_the_rest(section, but=(0, 0))
    play_id = _holders(section)[1, 8][0]
    seating = Seating.objects.get(section=section, round=5, table=2)
    Result.objects.filter(board_play_id=play_id).update(ns=seating.ns, ew=seating.ew)
    migration = import_module("scoring.migrations.0006_results_by_cards_held")
    migration.swap_arrow_switched(apps, None)
    result = Result.objects.select_related("ns", "ew").get(board_play_id=play_id)
    assert (result.ns.number, result.ew.number, result.ns_tricks) == (8, 2, 9)


def test_a_traveller_imported_from_the_slips_gives_the_pairs_by_their_cards(arrow_mitchell):
    """The slip of board 1 writes round 5, table 2 as pair 8 (NS cards) against pair 2: the
    CSV import takes it so, and refuses the pairs by their seats with the reason."""
    section, _two, _eight = arrow_mitchell
    text = (
        "board,round,table,ns,ew,result\n"
        "1,5,2,2,8,4\n"  # by the seats: refused
        "1,5,2,8,2,9\n"  # by the cards: stored
    )
    report = results_import_csv(
        section_id=section.pk, file=io.BytesIO(text.encode("utf-8-sig")), by=None
    )
    assert report.stored == 1
    (refused,) = report.refused
    assert refused["line"] == 2
    assert "turned round (arrow switch): pair 8 holds the NS cards" in refused["reason"]
    result = Result.objects.select_related("ns", "ew").get(section=section)
    assert (result.ns.number, result.ew.number, result.ns_tricks) == (8, 2, 9)
