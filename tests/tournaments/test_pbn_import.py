"""Importing PBN files as clubs have them into a board set: repeated boards, the dealer rule,
a file without turned cards for a turned-card event; through the service, the page and the
API."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from tests.tournaments.factories import ROLES, ClubFactory, section_with_pairs, user_with_role
from tournaments import services
from tournaments.errors import BoardSetError
from tournaments.models import Board

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "pbn"


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


@pytest.fixture
def club():
    return ClubFactory(slug="pbn-club")


def test_a_results_file_with_each_board_once_per_table_imports_one_board_each(club):
    imported = services.board_set_import_pbn_file(club=club, text=fixture("bbo_results.pbn"))
    boards = list(Board.objects.filter(board_set=imported.board_set).order_by("number"))
    assert [b.number for b in boards] == [1, 2] and imported.games == 4
    assert boards[1].deal.startswith("N:") and boards[1].dealer == "E"


def test_real_files_from_several_producers_import(club):
    for name, count in [
        ("realbridge_2021_excerpt.pbn", 1),
        ("eyc_1998_excerpt.pbn", 2),
        ("rpbridge_2012_excerpt.pbn", 2),
        ("bigdeal.pbn", 4),
        ("bridgecomposer_results.pbn", 2),
        ("dealer_output.pbn", 2),
    ]:
        board_set = services.board_set_import_pbn(club=club, text=fixture(name))
        assert board_set.boards.count() == count, name


def test_the_same_board_number_with_another_deal_is_refused_and_nothing_saved(club):
    text = fixture("bbo_results.pbn")
    second = text.index('[Board "2"]')
    broken = text[:second] + text[second:].replace('[Board "2"]', '[Board "1"]', 1)
    with pytest.raises(BoardSetError, match=r"Board 1 appears twice .*\(lines 14 and 52\)"):
        services.board_set_import_pbn(club=club, text=broken)
    assert not Board.objects.exists()


@pytest.mark.parametrize(("rule", "dealers"), [("file", ["E", "E"]), ("number", ["N", "E"])])
def test_the_organiser_chooses_the_dealer_rule_and_hears_of_the_boards_off_convention(
    club, rule, dealers
):
    text = fixture("bigdeal.pbn").replace('[Dealer "N"]', '[Dealer "E"]', 1)
    text = text.replace("N:983.A95", "E:983.A95", 1)
    imported = services.board_set_import_pbn_file(club=club, text=text, dealer_rule=rule)
    got = list(
        Board.objects.filter(board_set=imported.board_set, number__lte=2)
        .order_by("number")
        .values_list("dealer", flat=True)
    )
    assert got == dealers
    assert [
        (n.number, n.file_dealer.name, n.number_dealer.name) for n in imported.dealer_notes
    ] == [(1, "E", "N")]


def test_an_unknown_dealer_rule_is_refused(club):
    with pytest.raises(BoardSetError, match="Unknown dealer rule"):
        services.board_set_import_pbn_file(club=club, text=fixture("bigdeal.pbn"), dealer_rule="x")


def test_a_file_without_turned_cards_for_a_turned_card_event_says_what_to_choose(club):
    with pytest.raises(BoardSetError) as error:
        services.board_set_import_pbn(club=club, text=fixture("bigdeal.pbn"), trump_scheme="turned")
    message = str(error.value)
    assert "Board 1 has no turned card" in message and "fixed rotation" in message


def test_the_refusals_are_in_the_organisers_language(club):
    text = fixture("bbo_results.pbn").replace('[Board "2"]', '[Board "1"]')
    with translation.override("es"), pytest.raises(BoardSetError) as error:
        services.board_set_import_pbn(club=club, text=text)
    assert "aparece dos veces" in str(error.value)
    with translation.override("cs"), pytest.raises(BoardSetError) as error:
        services.board_set_import_pbn(club=club, text=fixture("bigdeal.pbn"), trump_scheme="turned")
    assert "otočenou kartu" in str(error.value)


def _upload(client, section, text: str, **fields):
    client.force_login(user_with_role(section.session.tournament.club, ROLES["organiser"], "org"))
    data = {"pbn": SimpleUploadedFile("night.pbn", text.encode()), "trump_scheme": "hdsc"}
    data |= fields
    return client.post(reverse("tournaments:section_boards", args=[section.pk]), data, follow=True)


def test_page_imports_a_results_file_and_lists_the_boards_off_convention(client, club):
    section = section_with_pairs(club, 4)
    text = fixture("bbo_results.pbn").replace('[Dealer "N"]', '[Dealer "W"]')
    page = _upload(client, section, text, dealer_rule="file")
    body = page.content.decode()
    assert "Board set ready: 2 boards." in body
    assert "1 (W, not N)" in body and "their dealer is the file&#x27;s" in body
    section.refresh_from_db()
    assert section.board_set.boards.get(number=1).dealer == "W"


def test_page_says_what_to_choose_for_a_file_without_turned_cards(client, club):
    section = section_with_pairs(club, 4)
    page = _upload(
        client, section, fixture("bigdeal.pbn"), trump_scheme="turned", dealer_rule="file"
    )
    assert "has no turned card" in page.content.decode()
    section.refresh_from_db()
    assert section.board_set is None


def test_api_imports_with_a_dealer_rule_and_lists_the_dealer_notes(client, club):
    client.force_login(user_with_role(club, ROLES["organiser"], "api-org"))
    text = fixture("bigdeal.pbn").replace('[Dealer "N"]', '[Dealer "S"]', 1)
    answer = client.post(
        "/api/board-sets/",
        {"club": club.pk, "pbn": text, "dealer_rule": "number"},
        content_type="application/json",
    )
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body["dealer_notes"] == [{"board": 1, "file_dealer": "S", "number_dealer": "N"}]
    assert [b["dealer"] for b in body["boards"]][:2] == ["N", "E"]
    bad = client.post(
        "/api/board-sets/",
        {"club": club.pk, "pbn": text, "dealer_rule": "dealer"},
        content_type="application/json",
    )
    assert bad.status_code == 400 and "dealer_rule" in bad.json()
