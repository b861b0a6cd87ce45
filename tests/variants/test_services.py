"""Each game end to end through the services: tables, hands judged by the engine, refusals
with the ruling, corrections re-judging later hands, and the demo loader."""

from __future__ import annotations

import pytest
from django.utils import translation

from clubs.errors import HandConflict, HandRefused
from variants.demo import demo_variants_load
from variants.models import Game, VariantHand, VariantHandCorrection
from variants.selectors import night_summary, night_tables, player_variant_results, seat_totals
from variants.services import HandEntry, TableRefused, hand_correct, hand_enter
from variants.status import table_status

pytestmark = pytest.mark.django_db


def scores(hand: VariantHand) -> list[int]:
    return [line.score for line in hand.lines.all()]


def test_solo_calls_are_replayed_and_settled_zero_sum(table):
    hand = hand_enter(
        table=table,
        expected_number=1,
        entry=HandEntry(calls=("solo", "pass", "pass", "pass"), tricks=7),
        by=None,
    )
    assert hand.contract == "solo" and hand.declarer == 1 and hand.made
    assert scores(hand) == [-12, 36, -12, -12]


def test_a_refused_call_says_why_in_the_readers_language_and_stores_nothing(table):
    entry = HandEntry(calls=("misere", "solo"), tricks=0)
    with pytest.raises(HandRefused) as error:
        hand_enter(table=table, expected_number=1, entry=entry, by=None)
    assert "does not outrank" in str(error.value)
    with translation.override("es"), pytest.raises(HandRefused) as spanish:
        hand_enter(table=table, expected_number=1, entry=entry, by=None)
    assert "does not outrank" not in str(spanish.value)
    assert not VariantHand.objects.exists()


@pytest.mark.parametrize(
    ("language", "words", "keys"),
    [
        ("en", ["solo", "misère"], ["misere"]),
        ("es", ["solo", "miseria", "no supera"], ["misere", "does not"]),
        ("cs", ["solo", "misère", "nepřebíjí"], ["misere", "does not"]),
    ],
)
def test_a_ruling_names_the_contracts_in_the_games_words_never_engine_keys(
    table, language, words, keys
):
    """The engine says "solo does not outrank misere"; the player reads the contracts as the
    pages name them, in the page's language."""
    entry = HandEntry(calls=("misere", "solo"), tricks=0)
    with translation.override(language), pytest.raises(HandRefused) as error:
        hand_enter(table=table, expected_number=1, entry=entry, by=None)
    text = str(error.value)
    assert all(word in text for word in words), text
    assert not any(key in text for key in keys), text


def test_the_same_hand_twice_is_a_conflict_with_the_stored_hand(table):
    entry = HandEntry(contract="solo", declarer=0, tricks=5)
    hand_enter(table=table, expected_number=1, entry=entry, by=None)
    with pytest.raises(HandConflict) as conflict:
        hand_enter(table=table, expected_number=1, entry=entry, by=None)
    assert conflict.value.stored.number == 1


def test_colour_whist_without_a_price_is_refused_by_name(make_table):
    table = make_table("colour", own_table={"name": "ours", "contracts": {}})
    with pytest.raises(HandRefused) as error:
        hand_enter(
            table=table,
            expected_number=1,
            by=None,
            entry=HandEntry(contract="solo_slim", declarer=0, tricks=13),
        )
    assert "solo slim" in str(error.value) and "solo_slim" not in str(error.value)


def test_colour_whist_table_needs_a_readable_grid(make_table):
    with pytest.raises(TableRefused):
        make_table("colour", own_table={"name": "x", "contracts": {"ask_join": {"base": "2"}}})


def test_bid_whist_points_per_side(make_table):
    table = make_table("bid")
    hand = hand_enter(
        table=table,
        expected_number=1,
        by=None,
        entry=HandEntry(calls=("4:uptown", "pass", "5:no_trump", "pass"), tricks=10),
    )
    assert scores(hand) == [0, 10, 0, 10]


def test_minnesota_low_hand_more_tricks_is_negative(make_table):
    table = make_table("minnesota")
    hand = hand_enter(
        table=table, expected_number=1, by=None, entry=HandEntry(grander=None, tricks=9)
    )
    assert scores(hand) == [-3, 0, -3, 0]


def test_knockout_cards_fall_players_go_out_and_the_winner(make_table):
    table = make_table("knockout", players=3, preset="wikipedia")
    hand_enter(
        table=table, expected_number=1, by=None, entry=HandEntry(suit="H", tricks_each=(4, 3, 0))
    )
    status = table_status(type(table).objects.get(pk=table.pk))
    assert status.out == [2] and status.cards == 6
    with pytest.raises(HandRefused):
        hand_enter(
            table=table,
            expected_number=2,
            by=None,
            entry=HandEntry(suit="S", tricks_each=(3, 2, 1)),
        )
    hand_enter(
        table=table, expected_number=2, by=None, entry=HandEntry(suit="S", tricks_each=(6, 0, None))
    )
    status = table_status(type(table).objects.get(pk=table.pk))
    assert status.winner == 0 and status.over


def test_exact_bid_game_follows_its_schedule_and_the_hook(make_table):
    table = make_table("exact", players=3)
    with pytest.raises(HandRefused) as hooked:
        hand_enter(
            table=table,
            expected_number=1,
            by=None,
            entry=HandEntry(bids=(0, 1, 0), tricks_each=(0, 1, 0)),
        )
    assert "may not bid" in str(hooked.value)
    hand = hand_enter(
        table=table,
        expected_number=1,
        by=None,
        entry=HandEntry(bids=(1, 1, 0), tricks_each=(0, 1, 0)),
    )
    assert hand.cards == 1 and scores(hand) == [-1, 6, 5]
    assert [line.bid for line in hand.lines.all()] == [1, 1, 0]


def test_a_correction_rejudges_later_hands_and_keeps_the_audit(make_table, people):
    table = make_table("knockout", players=3, preset="wikipedia")
    hand_enter(table=table, expected_number=1, by=None, entry=HandEntry(tricks_each=(4, 3, 0)))
    hand_enter(table=table, expected_number=2, by=None, entry=HandEntry(tricks_each=(6, 0, None)))
    first = table.hands.get(number=1)
    with pytest.raises(HandRefused):  # hand 2 would then miss player 2's tricks
        hand_correct(
            hand=first,
            entry=HandEntry(tricks_each=(4, 2, 1)),
            by=people["secretary"],
            reason="recount",
        )
    exact = make_table("exact", players=3)
    hand_enter(
        table=exact,
        expected_number=1,
        by=None,
        entry=HandEntry(bids=(1, 1, 0), tricks_each=(0, 1, 0)),
    )
    correction = hand_correct(
        hand=exact.hands.get(number=1),
        entry=HandEntry(bids=(1, 1, 0), tricks_each=(1, 0, 0)),
        by=people["secretary"],
        reason="tricks were swapped",
    )
    assert correction.before["scores"] == [-1, 6, 5]
    assert correction.after["scores"] == [6, -1, 5]
    assert VariantHandCorrection.objects.get().corrected_by == people["secretary"]
    with pytest.raises(HandRefused):
        hand_correct(
            hand=exact.hands.get(number=1), entry=HandEntry(), by=people["secretary"], reason="  "
        )


def test_a_table_needs_the_games_number_of_club_members(make_table, people, night):
    with pytest.raises(TableRefused):
        make_table("solo", players=3)
    with pytest.raises(TableRefused):
        make_table("exact", players=2)


def test_demo_loader_gives_a_table_of_each_game_and_is_safe_to_run_again(club, people):
    tables = demo_variants_load(club)
    assert sorted(t.game for t in tables) == sorted(Game.values)
    assert len(demo_variants_load(club)) == len(tables)
    for table in night_tables(tables[0].club_night):
        assert table.hands.count() >= 3
        if table.game in ("solo", "colour"):
            assert sum(seat_totals(table)) == 0
    knockout = next(t for t in night_tables(tables[0].club_night) if t.game == "knockout")
    assert table_status(knockout).winner is not None
    assert night_summary(night_tables(tables[0].club_night))
    member = tables[0].seats.first().member
    assert {r.game for r in player_variant_results(member)} == set(Game.values)
