"""A session's printouts: table cards, guide cards, traveller slips and hand records, read
as a player reads them (names, boards, trumps, next table, arrow switch), against a
scheduled Mitchell with an arrow switch and a three-table Howell; the deals' fair-play gate;
constant query counts; the words of the game in Spanish and Czech."""

from __future__ import annotations

import datetime as dt
import html
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournaments.factories import (
    ROLES,
    ClubFactory,
    club_member,
    section_with_pairs,
    user_with_role,
)
from tournaments import schedule, services
from tournaments.models import Board, Section, TournamentStatus
from tournaments.table_codes import confirmation_code

pytestmark = pytest.mark.django_db

PAGES = (
    "session_table_cards",
    "session_guide_cards",
    "session_traveller_slips",
    "session_hand_records",
)


@pytest.fixture
def people():
    club = ClubFactory(slug="home")
    users = {name: user_with_role(club, role, name) for name, role in ROLES.items()}
    return club, users


def scheduled(club, pairs: int, kind: str, *, option: str = "", name: str = "Pairs") -> Section:
    section = section_with_pairs(club, pairs, name=name)
    boards = {"mitchell": pairs, "howell": 10}[kind]
    services.section_board_set_choose(
        section=section, board_set=services.board_set_generate(club=club, count=boards, seed="p")
    )
    schedule.section_generate(section=section, kind=kind, boards_per_round=2, option=option)
    return section


def page_text(client, name: str, section: Section) -> str:
    response = client.get(reverse(f"tournaments:{name}", args=[section.session_id]))
    assert response.status_code == 200, name
    return response.content.decode()


def block(page: str, labelled_by: str) -> str:
    """The text of the card (a ``<section>`` or ``<article>``) labelled ``labelled_by``,
    one space between words."""
    found = re.search(
        rf'<(section|article)[^>]*aria-labelledby="{labelled_by}".*?</\1>', page, re.S
    )
    assert found, labelled_by
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found.group(0))).split())


def names(section: Section, number: int) -> str:
    return str(section.entries.get(number=number))


def test_mitchell_table_card_says_who_sits_where_the_boards_their_trumps_and_where_to_go(
    client, people
):
    club, users = people
    section = scheduled(club, 6, "mitchell", option="arrow")
    client.force_login(users["player"])
    card = block(page_text(client, "session_table_cards", section), f"t{section.pk}-1")
    assert card.startswith("Table 1 Pairs · 11/24/2026 · Session 1 · Section A")
    # Round 1: pair 1 NS against pair 4 EW, boards 1 (hearts) and 2 (diamonds); NS stays,
    # EW go to table 2, the boards to table 3.
    assert (
        f"1 1 {names(section, 1)} 4 {names(section, 4)} 1 ♥ hearts 2 ♦ diamonds "
        "NS 1 stays EW 4 → table 2, EW Boards 1, 2 → table 3 2 " in card
    )
    assert (
        f"2 1 {names(section, 1)} 6 {names(section, 6)} 3 ♠ spades 4 ♣ clubs "
        "NS 1 stays EW 6 → table 2, EW Boards 3, 4 → table 3 3 " in card
    )
    # The last round is arrow-switched, and says so; no earlier round does.
    assert (
        f"3 1 {names(section, 1)} 5 {names(section, 5)} 5 ♥ hearts 6 ♦ diamonds Last round "
        "⇅ Round 3: arrow switch. Turn the boards round; NS play the East–West cards, "
        "EW the North–South cards. EW enter the tricks; NS confirm them." in card
    )
    assert card.count("arrow switch") == 1
    assert card.endswith(
        "NS enter the tricks; EW confirm them on their own phone, or on NS's phone with the "
        "table's code."
    )


def test_howell_table_card_sends_both_pairs_and_the_boards_on(client, people):
    club, users = people
    section = scheduled(club, 6, "howell")
    client.force_login(users["organiser"])
    card = block(page_text(client, "session_table_cards", section), f"t{section.pk}-2")
    # Round 2 at table 2: pair 3 NS against pair 1 EW, boards 3 and 8. In round 3 pair 3
    # sits EW at table 1 and pair 1 EW at table 3; board 8 goes to table 2, board 3 rests.
    assert (
        f"2 3 {names(section, 3)} 1 {names(section, 1)} 3 ♠ spades 8 ♣ clubs "
        "NS 3 → table 1, EW EW 1 → table 3, EW Boards 8 → table 2 "
        "Boards 3: not played next round" in card
    )
    assert "Arrow switch" not in card


def test_guide_cards_give_each_round_table_direction_opponents_and_boards(client, people):
    club, users = people
    mitchell = scheduled(club, 6, "mitchell", option="arrow", name="Mitchell")
    client.force_login(users["player"])
    page = page_text(client, "session_guide_cards", mitchell)
    pair_5 = block(page, f"g{mitchell.entries.get(number=5).pk}")
    assert pair_5.startswith(f"Pair 5 · {names(mitchell, 5)} Mitchell · Session 1 · Section A")
    assert f"1 2 East–West 2 {names(mitchell, 2)} 3 ♠ spades 4 ♣ clubs" in pair_5
    assert f"2 3 East–West 3 {names(mitchell, 3)} 1 ♥ hearts 2 ♦ diamonds" in pair_5
    assert (
        f"3 1 East–West 1 {names(mitchell, 1)} 5 ♥ hearts 6 ♦ diamonds "
        "⇅ Arrow switch: you play the North–South cards and enter the tricks." in pair_5
    )
    assert "EW confirm them on their own phone" in pair_5


def test_guide_cards_give_the_confirmation_code_to_the_pair_holding_the_ew_cards(client, people):
    """The code confirms: in the arrow-switched round 3 pair 1 sits NS but holds the EW
    cards, so its card carries the code of table 1 and pair 5's (sitting EW) does not."""
    club, users = people
    mitchell = scheduled(club, 6, "mitchell", option="arrow", name="Mitchell")
    client.force_login(users["organiser"])
    page = page_text(client, "session_guide_cards", mitchell)
    pair_1 = block(page, f"g{mitchell.entries.get(number=1).pk}")
    pair_5 = block(page, f"g{mitchell.entries.get(number=5).pk}")
    code = confirmation_code(section_id=mitchell.pk, round=3, table=1)
    assert f"3 1 North–South 5 {names(mitchell, 5)} EW code: {code}" in pair_1
    assert "Arrow switch: you play the East–West cards and confirm the tricks." in pair_1
    codes = re.compile(r"EW code: (\S{6}) ")
    assert codes.findall(pair_1) == [code]
    # Pair 5 sits EW in rounds 1 and 2 (tables 2 and 3), holds the NS cards in round 3.
    assert codes.findall(pair_5) == [
        confirmation_code(section_id=mitchell.pk, round=1, table=2),
        confirmation_code(section_id=mitchell.pk, round=2, table=3),
    ]


def test_howell_guide_card_changes_direction_and_a_sit_out_is_said(client, people):
    club, users = people
    howell = scheduled(club, 6, "howell", name="Howell")
    client.force_login(users["player"])
    pair_1 = block(
        page_text(client, "session_guide_cards", howell), f"g{howell.entries.get(number=1).pk}"
    )
    assert f"1 1 East–West 6 {names(howell, 6)} 1 ♥ hearts 2 ♦ diamonds" in pair_1
    assert f"4 3 North–South 2 {names(howell, 2)} 5 ♥ hearts 9 ♥ hearts" in pair_1
    # Five pairs: a Howell with a sit-out; each pair's card says when it rests.
    five = section_with_pairs(club, 5, name="Five")
    services.section_board_set_choose(
        section=five, board_set=services.board_set_generate(club=club, count=10, seed="f")
    )
    schedule.section_generate(section=five, kind="howell", boards_per_round=2)
    page = page_text(client, "session_guide_cards", five)
    assert sum(block(page, f"g{entry.pk}").count("Sit out") for entry in five.entries.all()) == len(
        {s.round for s in five.seatings.all()}
    )


def test_traveller_slip_lists_every_table_that_plays_the_board_with_room_for_tricks(client, people):
    club, users = people
    section = scheduled(club, 6, "mitchell", option="arrow")
    client.force_login(users["organiser"])
    page = page_text(client, "session_traveller_slips", section)
    slip = block(page, f"s{section.pk}-5")
    assert slip.startswith("Board 5 Dealer: North · Trumps: ♥ hearts")
    assert "Round Table NS pair EW pair NS tricks EW tricks" in slip
    assert f"1 3 3 {names(section, 3)} 6 {names(section, 6)} 2 2 2 {names(section, 2)}" in slip
    # Round 3 is arrow-switched: pair 5, sitting EW, holds the North–South cards.
    assert f"3 1 ⇅ 5 {names(section, 5)} 1 {names(section, 1)}" in slip
    assert "the pair sitting EW holds the North–South cards" in slip
    assert page.count('class="num write"') == 6 * 3 * 2
    assert len(re.findall(r'<section class="print-card traveller-slip"', page)) == 6


def test_hand_records_show_four_hands_dealer_trump_and_double_dummy(client, people):
    club, users = people
    section = scheduled(club, 6, "mitchell")
    Board.objects.filter(board_set=section.board_set, number=2).update(
        dd_tricks="7766" * 5  # N S E W make 7 7 6 6 in every strain
    )
    client.force_login(users["organiser"])
    page = page_text(client, "session_hand_records", section)
    set_id = section.board_set_id
    board_1 = block(page, f"hr{set_id}-1")
    board_2 = block(page, f"hr{set_id}-2")
    assert board_1.startswith("Board 1 Dealer: N · Trumps: ♥ hearts N (dealer) ♠")
    assert board_1.count("♠") == 4 and board_1.count("♣") == 4
    assert board_1.endswith("Double dummy: not analysed")
    assert board_2.startswith("Board 2 Dealer: E · Trumps: ♦ diamonds")
    assert re.search(r"Double dummy: NS \d+ , EW \d+ tricks$", board_2), board_2
    deal = Board.objects.get(board_set=section.board_set, number=1).deal
    north = deal.partition(":")[2].split()[0].split(".")
    assert f"♠ {north[0] or '—'} ♥ {north[1] or '—'}" in board_1
    assert page.count('<article class="hand-record"') == 6


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "es",
            (
                "Tablero 1 Dador: N · Triunfos: ♥ corazones N (dador) ♠",
                "O ♠",
                "Doble muerto: sin analizar",
                "NS 1 se queda EO 4 → mesa 2, EO",
            ),
        ),
        (
            "cs",
            (
                "Rozdání 1 Rozdává: S · Trumfy: ♥ srdce S (rozdávající) ♠",
                "Z ♠",
                "Double dummy: neanalyzováno",
                "SJ 1 zůstává VZ 4 → stůl 2, VZ",
            ),
        ),
    ],
)
def test_hand_records_and_cards_speak_the_readers_language(client, people, language, expected):
    club, users = people
    section = scheduled(club, 6, "mitchell")
    client.force_login(users["organiser"])
    client.cookies.load({"django_language": language})
    heading, west, not_analysed, moves = expected
    board_1 = block(
        page_text(client, "session_hand_records", section), f"hr{section.board_set_id}-1"
    )
    assert board_1.startswith(heading) and west in board_1 and board_1.endswith(not_analysed)
    card = block(page_text(client, "session_table_cards", section), f"t{section.pk}-1")
    assert moves in card


@pytest.mark.parametrize("who", ["anonymous", "player"])
def test_hand_records_before_release_are_refused_with_a_reason(client, people, who):
    club, users = people
    section = scheduled(club, 6, "mitchell")
    if who != "anonymous":
        client.force_login(users[who])
    response = client.get(reverse("tournaments:session_hand_records", args=[section.session_id]))
    assert response.status_code == 403
    page = response.content.decode()
    assert "<h1>Not allowed</h1>" in page
    assert "shown once the organisers release the results" in page
    # The deals themselves are nowhere on the refusal page.
    assert "♠" not in re.sub(r"<header.*?</header>", "", page, flags=re.S)
    # The cards and slips carry no deal: everyone reads them.
    for name in PAGES[:3]:
        assert (
            client.get(reverse(f"tournaments:{name}", args=[section.session_id])).status_code == 200
        )


@pytest.mark.parametrize("who", ["anonymous", "player", "organiser"])
def test_hand_records_after_release_are_everyones(client, people, who):
    club, users = people
    section = scheduled(club, 6, "mitchell")
    section.session.tournament.status = TournamentStatus.RELEASED
    section.session.tournament.save(update_fields=["status"])
    if who != "anonymous":
        client.force_login(users[who])
    page = page_text(client, "session_hand_records", section)
    assert page.count('<article class="hand-record"') == 6


def test_the_event_page_links_every_printout_for_organisers_only(client, people):
    club, users = people
    section = scheduled(club, 6, "mitchell")
    event = reverse("tournaments:detail", args=[section.session.tournament_id])
    links = [reverse(f"tournaments:{name}", args=[section.session_id]) for name in PAGES]
    client.force_login(users["organiser"])
    page = client.get(event).content.decode()
    assert all(f'href="{link}"' in page for link in links)
    index = client.get(reverse("tournaments:session_print", args=[section.session_id]))
    assert all(f'href="{link}"' in index.content.decode() for link in links)
    client.force_login(users["player"])
    page = client.get(event).content.decode()
    assert not any(link in page for link in links)
    index = client.get(reverse("tournaments:session_print", args=[section.session_id]))
    assert links[3] not in index.content.decode()
    assert "Shown once the organisers release the results." in index.content.decode()


def test_an_individual_table_card_names_the_four_players_by_seat(client, people):
    club, users = people
    tournament = services.tournament_create(
        club=club, name="Solo", starts=dt.date(2026, 11, 24), individual=True
    )
    section = tournament.sessions.get().sections.get()
    for _ in range(8):
        services.entry_add(section=section, member1=club_member(section.session.tournament.club))
    services.section_board_set_choose(
        section=section, board_set=services.board_set_generate(club=club, count=16, seed="i")
    )
    schedule.section_generate(section=section, kind="individual", boards_per_round=2)
    client.force_login(users["organiser"])
    card = block(page_text(client, "session_table_cards", section), f"t{section.pk}-1")
    first = section.seatings.get(round=1, table=1)
    assert (
        f"N {first.ns.number} {first.ns} S {first.south.number} {first.south} "
        f"E {first.ew.number} {first.ew} W {first.west.number} {first.west}" in card
    )


@pytest.mark.parametrize("name", PAGES)
def test_printouts_take_the_same_queries_for_3_tables_and_for_two_sections_of_7(
    client, people, name
):
    club, users = people
    client.force_login(users["organiser"])
    small = scheduled(club, 6, "mitchell", name="Small")
    big = scheduled(club, 14, "mitchell", name="Big")
    second = Section.objects.create(session=big.session, name="B")
    for _ in range(14):
        services.entry_add(
            section=second,
            member1=club_member(second.session.tournament.club),
            member2=club_member(second.session.tournament.club),
        )
    services.section_board_set_choose(section=second, board_set=big.board_set)
    schedule.section_generate(section=second, kind="mitchell", boards_per_round=2)
    counts = []
    for section in (small, big):
        with CaptureQueriesContext(connection) as queries:
            page = page_text(client, name, section)
        counts.append(len(queries))
    assert counts[0] == counts[1], counts
    assert ("Section A, B" if name == "session_hand_records" else "Section B") in page


@pytest.mark.parametrize("name", PAGES[:3])
def test_a_section_without_a_schedule_says_so_beside_the_scheduled_one(client, people, name):
    club, users = people
    section = scheduled(club, 6, "mitchell")
    late = Section.objects.create(session=section.session, name="B")
    services.entry_add(
        section=late,
        member1=club_member(late.session.tournament.club),
        member2=club_member(late.session.tournament.club),
    )
    client.force_login(users["organiser"])
    page = page_text(client, name, section)
    assert "Section B has no schedule or boards yet" in page
    assert "Section A has no schedule" not in page
    assert 'class="print-card' in page
