"""Correcting a board's deal: the service, the page on the hand records and the API (PATCH
on the board). Refused once a result exists and for an impossible deal; the double-dummy
table is recomputed by the board set's analysis job."""

from __future__ import annotations

import pytest
from django.urls import reverse

from engine.deal import deal_from_seed
from tests.tournaments.factories import ROLES, ClubFactory, section_with_pairs, user_with_role
from tournaments import services
from tournaments.errors import BoardPlayedError, BoardSetError
from tournaments.models import Board, BoardPlay, Section

pytestmark = pytest.mark.django_db

MITCHELL_3 = {
    "type": "mitchell",
    "rounds": [
        {
            "round": r + 1,
            "tables": [
                {
                    "table": t + 1,
                    "ns": t + 1,
                    "ew": 3 + (t - r) % 3 + 1,
                    "boards": [(t - r) % 3 + 1],
                }
                for t in range(3)
            ],
        }
        for r in range(3)
    ],
}
NEW_DEAL = deal_from_seed("corrected").to_pbn()
WHY = "boards duplicated wrongly"
WRITERS = {"secretary", "organiser"}
PEOPLE = ["anonymous", "player", "organiser", "secretary", "other_secretary"]


def _hands(pbn: str) -> list[str]:
    return pbn.partition(":")[2].split()


def _section(club, trump_scheme: str = "hdsc") -> Section:
    section = section_with_pairs(club, 6)
    board_set = services.board_set_generate(
        club=club, count=3, seed="deal-fix", trump_scheme=trump_scheme
    )
    services.section_board_set_choose(section=section, board_set=board_set)
    services.section_schedule_save(section=section, movement=MITCHELL_3)
    return section


def _record_result(section: Section, board: Board) -> None:
    from scoring.models import Result

    play = BoardPlay.objects.select_related("seating").get(
        seating__section=section, board=board, seating__round=1
    )
    Result.objects.create(
        board_play=play,
        section=section,
        board=board,
        board_number=board.number,
        round=1,
        table=play.seating.table,
        ns=play.seating.ns,
        ew=play.seating.ew,
        ns_tricks=7,
        ns_score=7,
        source="secretary",
    )


@pytest.fixture
def setting():
    club = ClubFactory(slug="home")
    other = ClubFactory(slug="away")
    users = {name: user_with_role(club, role, name) for name, role in ROLES.items()}
    users["other_secretary"] = user_with_role(other, ROLES["secretary"], "other_secretary")
    section = _section(club)
    return section, section.board_set.boards.get(number=1), users


def _login(client, users, who):
    if who != "anonymous":
        client.force_login(users[who])
    return client


# --- the service ---------------------------------------------------------------------------


def test_board_deal_change_takes_four_hands_and_clears_the_double_dummy_table(setting):
    _, board, _ = setting
    Board.objects.filter(pk=board.pk).update(dd_tricks="0" * 20)
    north, east, south, west = _hands(NEW_DEAL)
    services.board_deal_change(
        reason=WHY, board=board, hands={"N": north, "E": east, "S": south, "W": west}
    )
    board.refresh_from_db()
    assert board.deal == NEW_DEAL and board.dd_tricks == ""


@pytest.mark.parametrize(
    ("broken", "reason"),
    [
        (
            lambda h: [h[0], h[1], h[2], h[3].replace(h[3].split(".")[0], h[0].split(".")[0])],
            "twice",
        ),
        (lambda h: [h[0], h[1], h[2][:-1], h[3]], "12 cards"),
    ],
    ids=["card-twice", "hand-of-12"],
)
def test_board_deal_change_refuses_an_impossible_deal_and_saves_nothing(setting, broken, reason):
    _, board, _ = setting
    before = board.deal
    hands = broken(_hands(NEW_DEAL))
    with pytest.raises(BoardSetError, match=reason):
        services.board_deal_change(reason=WHY, board=board, deal_pbn="N:" + " ".join(hands))
    with pytest.raises(BoardSetError, match="missing: W"):
        services.board_deal_change(
            reason=WHY, board=board, hands=dict(zip("NES", hands, strict=False))
        )
    board.refresh_from_db()
    assert board.deal == before


def test_board_deal_change_keeps_a_turned_card_only_where_the_dealer_still_holds_it():
    club = ClubFactory()
    section = _section(club, trump_scheme="turned")
    board = section.board_set.boards.get(number=1)  # dealer North, trumps the turned card
    assert board.turned
    hands = _hands(board.deal)
    # North and South swap hands: the turned card leaves the dealer.
    swapped = "N:" + " ".join([hands[2], hands[1], hands[0], hands[3]])
    with pytest.raises(BoardSetError, match="turned card"):
        services.board_deal_change(reason=WHY, board=board, deal_pbn=swapped)
    # East and West swap hands: North keeps the turned card.
    kept = "N:" + " ".join([hands[0], hands[3], hands[2], hands[1]])
    services.board_deal_change(reason=WHY, board=board, deal_pbn=kept)
    board.refresh_from_db()
    assert board.deal == kept and board.turned


# --- the page ------------------------------------------------------------------------------


@pytest.mark.parametrize("who", PEOPLE)
def test_page_only_organisers_and_secretaries_correct_a_deal(client, setting, who):
    section, board, users = setting
    _login(client, users, who)
    url = reverse("tournaments:board_deal", args=[section.board_set_id, 1])
    records = client.get(reverse("tournaments:hand_records", args=[section.board_set_id]))
    assert (url in records.content.decode()) == (who in WRITERS)
    response = client.post(url, {"deal": NEW_DEAL, "reason": WHY})
    board.refresh_from_db()
    if who == "anonymous":
        assert response.status_code == 302 and "/login/" in response["Location"]
    elif who in WRITERS:
        assert response.status_code == 302 and board.deal == NEW_DEAL
    else:
        assert response.status_code == 403
    if who not in WRITERS:
        assert board.deal != NEW_DEAL


def test_page_shows_the_current_hands_and_takes_corrected_hands(client, setting):
    section, board, users = setting
    client.force_login(users["organiser"])
    url = reverse("tournaments:board_deal", args=[section.board_set_id, 1])
    page = client.get(url).content.decode()
    assert f'value="{_hands(board.deal)[0]}"' in page
    north, east, south, west = _hands(NEW_DEAL)
    response = client.post(
        url, {"north": north, "east": east, "south": south, "west": west, "reason": WHY}
    )
    assert response.status_code == 302
    board.refresh_from_db()
    assert board.deal == NEW_DEAL


def test_every_deal_change_is_kept_with_who_when_before_after_and_why(client, setting):
    section, board, users = setting
    client.force_login(users["organiser"])
    before = board.deal
    url = reverse("tournaments:board_deal", args=[section.board_set_id, 1])
    refused = client.post(url, {"deal": NEW_DEAL, "reason": " "})
    assert refused.status_code == 200 and not board.deal_changes.exists()
    assert client.post(url, {"deal": NEW_DEAL, "reason": WHY}).status_code == 302
    response = client.patch(
        f"/api/boards/{board.pk}/",
        {"deal": before, "reason": "back as dealt"},
        content_type="application/json",
    )
    assert response.status_code == 200
    first, second = board.deal_changes.all()
    assert (first.changed_by, first.reason) == (users["organiser"], WHY)
    assert (first.before["deal"], first.after["deal"]) == (before, NEW_DEAL)
    assert (second.before["deal"], second.after["deal"]) == (NEW_DEAL, before)
    assert second.reason == "back as dealt" and second.changed_at >= first.changed_at
    page = client.get(url).content.decode()
    assert WHY in page and "back as dealt" in page and NEW_DEAL in page
    response = client.patch(
        f"/api/boards/{board.pk}/", {"deal": NEW_DEAL}, content_type="application/json"
    )
    assert response.status_code == 400 and board.deal_changes.count() == 2


def test_page_refuses_a_card_twice_with_the_reason(client, setting):
    section, board, users = setting
    client.force_login(users["secretary"])
    before = board.deal
    north, east, south, _ = _hands(NEW_DEAL)
    url = reverse("tournaments:board_deal", args=[section.board_set_id, 1])
    page = client.post(
        url, {"north": north, "east": east, "south": south, "west": north, "reason": WHY}
    )
    assert page.status_code == 200 and "appears twice" in page.content.decode()
    board.refresh_from_db()
    assert board.deal == before


def test_page_after_a_result_says_so_and_changes_nothing(client, setting):
    section, board, users = setting
    _record_result(section, board)
    client.force_login(users["organiser"])
    url = reverse("tournaments:board_deal", args=[section.board_set_id, 1])
    page = client.get(url).content.decode()
    assert "already has results" in page and 'name="deal"' not in page
    response = client.post(url, {"deal": NEW_DEAL, "reason": WHY})
    assert "already has results" in response.content.decode()
    board.refresh_from_db()
    assert board.deal != NEW_DEAL


# --- the API -------------------------------------------------------------------------------


@pytest.mark.parametrize("who", PEOPLE)
def test_api_everyone_reads_a_board_only_organisers_and_secretaries_patch(client, setting, who):
    _, board, users = setting
    _login(client, users, who)
    read = client.get(f"/api/boards/{board.pk}/")
    if who in WRITERS:  # the event's directors (nobody named: its organisers, none playing)
        assert read.json()["deal"] == board.deal
    else:  # before the release, nobody else sees the deal (tests/test_deal_visibility.py)
        assert read.status_code == 403 and read.json()["code"] == "deals_hidden"
    response = client.patch(
        f"/api/boards/{board.pk}/",
        {"deal": NEW_DEAL, "reason": WHY},
        content_type="application/json",
    )
    assert response.status_code == (200 if who in WRITERS else 403)
    board.refresh_from_db()
    assert (board.deal == NEW_DEAL) == (who in WRITERS)
    if who in WRITERS:
        assert response.json()["deal"] == NEW_DEAL and response.json()["dd_tricks"] == ""


def test_api_patch_takes_hands_and_refuses_a_hand_of_12_with_the_reason(client, setting):
    _, board, users = setting
    client.force_login(users["secretary"])
    north, east, south, west = _hands(NEW_DEAL)
    url = f"/api/boards/{board.pk}/"
    short = {"N": north, "E": east, "S": south[:-1], "W": west}
    response = client.patch(url, {"hands": short, "reason": WHY}, content_type="application/json")
    assert response.status_code == 400 and "12 cards" in response.json()["detail"]
    assert client.patch(url, {}, content_type="application/json").status_code == 400
    hands = {"N": north, "E": east, "S": south, "W": west}
    response = client.patch(url, {"hands": hands, "reason": WHY}, content_type="application/json")
    assert response.status_code == 200 and response.json()["deal"] == NEW_DEAL
    assert (
        client.put(
            url, {"deal": NEW_DEAL, "reason": WHY}, content_type="application/json"
        ).status_code
        == 405
    )


def test_api_patch_after_a_result_is_a_conflict(client, setting):
    section, board, users = setting
    _record_result(section, board)
    client.force_login(users["organiser"])
    response = client.patch(
        f"/api/boards/{board.pk}/",
        {"deal": NEW_DEAL, "reason": WHY},
        content_type="application/json",
    )
    assert response.status_code == 409 and "already has results" in response.json()["detail"]
    with pytest.raises(BoardPlayedError):
        services.board_deal_change(reason=WHY, board=board, deal_pbn=NEW_DEAL)


# --- the double-dummy analysis -----------------------------------------------------------------


def test_a_corrected_board_is_analysed_again_by_the_board_set_job(
    setting, broker, django_capture_on_commit_callbacks
):
    from django.conf import settings

    from engine.analysis import analysis_available, dd_tricks
    from scoring.presenters import _dd
    from scoring.schedule import board_facts
    from scoring.tasks import board_set_analyse_task

    if not analysis_available():
        pytest.skip("needs the 'analysis' extra (endplay)")

    section, board, _ = setting
    assert board_set_analyse_task.run(section.board_set_id) == 3
    others = {b.number: b.dd_tricks for b in section.board_set.boards.exclude(pk=board.pk)}
    # A deployment with a worker: the job is sent on commit to the solver's queue, and the
    # worker runs it (here: taken off the queue and run in process).
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        services.board_deal_change(reason=WHY, board=board, deal_pbn=NEW_DEAL)
    queued = broker.drain(settings.TENACE_ANALYSIS_QUEUE)
    assert queued == [("scoring.board_set_analyse", [section.board_set_id])]
    assert board_set_analyse_task.run(*queued[0][1]) == 1
    assert len(callbacks) == 1
    board.refresh_from_db()
    facts = board_facts(board)
    assert board.dd_tricks and _dd(board, facts) == dd_tricks(facts.deal, facts.dealer, facts.trump)
    assert {b.number: b.dd_tricks for b in section.board_set.boards.exclude(pk=board.pk)} == others


def test_hand_records_with_the_correction_links_take_the_same_queries_for_3_and_24_boards(
    client, setting
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    section, _, users = setting
    client.force_login(users["organiser"])
    counts = []
    for board_set in (
        services.board_set_generate(club=section.board_set.club, count=3, seed="few"),
        services.board_set_generate(club=section.board_set.club, count=24, seed="many"),
    ):
        with CaptureQueriesContext(connection) as ctx:
            page = client.get(reverse("tournaments:hand_records", args=[board_set.pk]))
        assert page.content.decode().count("Correct the deal") == board_set.boards.count()
        counts.append(len(ctx))
    assert counts[0] == counts[1], counts


def test_a_deal_corrected_while_the_solver_runs_keeps_no_table_of_the_old_deal(
    setting, monkeypatch
):
    import engine.analysis
    from scoring.analysis_jobs import board_set_analyse

    if not engine.analysis.analysis_available():
        pytest.skip("needs the 'analysis' extra (endplay)")
    section, board, _ = setting
    solve = engine.analysis.analyse_boards

    def solve_while_the_organiser_corrects_board_1(values):
        # The real solver runs; the correction lands between reading and storing.
        analysed = solve(values)
        services.board_deal_change(reason=WHY, board=board, deal_pbn=NEW_DEAL)
        return analysed

    monkeypatch.setattr(
        engine.analysis, "analyse_boards", solve_while_the_organiser_corrects_board_1
    )
    assert board_set_analyse(board_set_id=section.board_set_id) == 2
    board.refresh_from_db()
    assert board.deal == NEW_DEAL and board.dd_tricks == ""  # left for the job it enqueued
