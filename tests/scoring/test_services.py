"""Recording, confirming and correcting results: the engine's checks, versions, conflicts."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from engine.cards import Side, format_cards
from engine.play import legal_cards, replay, trick_winner
from scoring.checks import ResultInput
from scoring.errors import ConfirmationRefused, CorrectionRefused, ResultConflict, ResultRefused
from scoring.models import Result, ResultStatus, ResultVersion, StandingsSnapshot
from scoring.schedule import board_facts, board_play_find
from scoring.services import result_confirm, result_correct, result_record
from tests.scoring.factories import mitchell_section


def _record(scheduled, round_, table, board, tricks, by=None, **kwargs):
    play = scheduled.play(round_, table, board)
    return result_record(
        board_play_id=play.pk, given=ResultInput(ns_tricks=tricks), by=by, **kwargs
    )


@pytest.mark.django_db
def test_result_record_keeps_a_version_and_publishes_standings(
    secretary, django_capture_on_commit_callbacks
):
    scheduled = mitchell_section(tables=3)
    with django_capture_on_commit_callbacks(execute=True):
        result = _record(scheduled, 1, 1, 1, 8, by=secretary, confirmed=True)
    assert (result.ns_tricks, result.ew_tricks, result.ns_score) == (8, 5, 8)
    assert result.latest_version.number == 1
    assert result.latest_version.after["ns_tricks"] == 8
    snapshot = StandingsSnapshot.objects.get(section=scheduled.section)
    assert snapshot.data["results"] == 1
    assert snapshot.data["boards"]["1"][0]["ns_tricks"] == 8


@pytest.mark.django_db
def test_result_record_twice_for_the_same_board_play_is_a_conflict_showing_the_stored_one():
    scheduled = mitchell_section(tables=3)
    first = _record(scheduled, 1, 1, 1, 8)
    with pytest.raises(ResultConflict) as conflict:
        _record(scheduled, 1, 1, 1, 9)
    assert conflict.value.stored.pk == first.pk
    assert conflict.value.stored.ns_tricks == 8
    assert Result.objects.count() == 1


@pytest.mark.django_db
def test_result_record_refuses_fourteen_tricks_in_the_engines_words():
    scheduled = mitchell_section(tables=3)
    with pytest.raises(ResultRefused, match="NS cannot take 14 tricks"):
        _record(scheduled, 1, 1, 1, 14)
    assert not Result.objects.exists()


@pytest.mark.django_db
def test_board_play_find_refuses_a_board_not_scheduled_at_that_table():
    scheduled = mitchell_section(tables=3, boards_per_round=2)
    # Round 1, table 1 plays boards 1-2; board 3 is at table 2.
    assert scheduled.boards_at(1, 1) == [1, 2]
    with pytest.raises(ResultRefused, match="Board 3 is not scheduled at table 1 in round 1"):
        board_play_find(section_id=scheduled.section.pk, round=1, table=1, board=3)


@pytest.mark.django_db
def test_revoke_penalty_moves_three_tricks_to_the_other_side():
    scheduled = mitchell_section(tables=3)
    play = scheduled.play(1, 1, 1)
    given = ResultInput(ns_tricks=8, revoke_side="EW", revokes=1)
    result = result_record(board_play_id=play.pk, given=given, by=None)
    assert (result.ns_tricks, result.ns_score) == (8, 11)


def _first_legal_record(board):
    """A complete, legal play: every player plays their first legal card."""
    facts = board_facts(board)
    hands = {seat: list(cards) for seat, cards in facts.deal.as_mapping().items()}
    record, leader = [], facts.dealer.left
    for _trick in range(13):
        led = None
        seat = leader
        trick = []
        for _position in range(4):
            card = legal_cards(hands[seat], led)[0]
            hands[seat].remove(card)
            led = led or card.suit
            trick.append(card)
            seat = seat.left
        record.extend(trick)
        leader = trick_winner(trick, leader, facts.trump)
    return facts, record


@pytest.mark.django_db
def test_play_record_must_agree_with_the_tricks():
    scheduled = mitchell_section(tables=3)
    facts, record = _first_legal_record(scheduled.boards[1])
    ns = replay(facts.deal, facts.dealer, facts.trump, record).tricks[Side.NS]
    text = format_cards(record)
    play = scheduled.play(1, 1, 1)
    with pytest.raises(ResultRefused, match=f"gives NS {ns} tricks, not {(ns + 1) % 14}"):
        result_record(
            board_play_id=play.pk,
            given=ResultInput(ns_tricks=(ns + 1) % 14, play_record=text),
            by=None,
        )
    result = result_record(
        board_play_id=play.pk, given=ResultInput(ns_tricks=ns, play_record=text), by=None
    )
    assert result.play_record == text


@pytest.mark.django_db
def test_play_record_with_a_card_not_held_is_refused():
    scheduled = mitchell_section(tables=3)
    facts, record = _first_legal_record(scheduled.boards[1])
    swapped = [record[1], record[0], *record[2:]]
    play = scheduled.play(1, 1, 1)
    with pytest.raises(ResultRefused, match="turn"):
        result_record(
            board_play_id=play.pk,
            given=ResultInput(ns_tricks=7, play_record=format_cards(swapped)),
            by=None,
        )


@pytest.mark.django_db
def test_database_refuses_tricks_outside_0_to_13_and_a_second_result():
    scheduled = mitchell_section(tables=3)
    result = _record(scheduled, 1, 1, 1, 8)
    with pytest.raises(IntegrityError), transaction.atomic():
        Result.objects.filter(pk=result.pk).update(ns_tricks=14)
    with pytest.raises(IntegrityError), transaction.atomic():
        Result.objects.create(
            board_play=result.board_play,
            section=result.section,
            board=result.board,
            board_number=1,
            round=1,
            table=1,
            ns=result.ns,
            ew=result.ew,
            ns_tricks=7,
            ns_score=7,
            source="api",
        )


@pytest.mark.django_db
def test_ew_confirming_the_same_figure_confirms(seated):
    scheduled, ns_user, ew_user = seated
    result = _record(scheduled, 1, 1, 1, 8, by=ns_user)
    assert result.status == ResultStatus.ENTERED
    result = result_confirm(result_id=result.pk, by=ew_user, ns_tricks=8)
    assert result.status == ResultStatus.CONFIRMED
    assert [v.action for v in result.versions.order_by("number")] == ["recorded", "confirmed"]


@pytest.mark.django_db
def test_ew_with_a_different_figure_disputes_and_both_are_kept(seated):
    scheduled, ns_user, ew_user = seated
    result = _record(scheduled, 1, 1, 1, 8, by=ns_user)
    result = result_confirm(result_id=result.pk, by=ew_user, ns_tricks=7)
    assert result.status == ResultStatus.DISPUTED
    assert (result.ns_tricks, result.contested_ns_tricks) == (8, 7)


@pytest.mark.django_db
def test_ns_cannot_confirm_their_own_figure(seated):
    scheduled, ns_user, _ew = seated
    result = _record(scheduled, 1, 1, 1, 8, by=ns_user)
    with pytest.raises(ConfirmationRefused):
        result_confirm(result_id=result.pk, by=ns_user, ns_tricks=8)


@pytest.mark.django_db
def test_correction_needs_a_secretary_and_a_reason_and_keeps_before_and_after(seated, secretary):
    scheduled, ns_user, ew_user = seated
    result = _record(scheduled, 1, 1, 1, 8, by=ns_user)
    result_confirm(result_id=result.pk, by=ew_user, ns_tricks=7)
    with pytest.raises(CorrectionRefused):
        result_correct(result_id=result.pk, given=ResultInput(ns_tricks=7), by=ns_user, reason="x")
    with pytest.raises(CorrectionRefused):
        result_correct(
            result_id=result.pk, given=ResultInput(ns_tricks=7), by=secretary, reason=" "
        )
    result = result_correct(
        result_id=result.pk, given=ResultInput(ns_tricks=7), by=secretary, reason="EW were right"
    )
    assert (result.ns_tricks, result.status, result.contested_ns_tricks) == (7, "confirmed", None)
    last = result.latest_version
    assert (last.action, last.before["ns_tricks"], last.after["ns_tricks"]) == ("corrected", 8, 7)
    assert last.reason == "EW were right"
    assert ResultVersion.objects.filter(result=result).count() == 3


@pytest.mark.django_db
def test_not_played_board_of_a_withdrawn_pair_cannot_have_tricks():
    scheduled = mitchell_section(tables=3)
    play = scheduled.play(1, 1, 1)
    play.not_played = True
    play.save()
    with pytest.raises(ResultRefused, match="was not played"):
        result_record(board_play_id=play.pk, given=ResultInput(ns_tricks=7), by=None)
    result = result_record(board_play_id=play.pk, given=ResultInput(kind="not_played"), by=None)
    assert result.kind == "not_played"


@pytest.mark.django_db(transaction=True)
def test_schedule_facts_are_planned_once_per_connection_on_postgresql():
    """The facts query (eleven tables) is a prepared statement: after its first run the
    connection holds one generic plan and executes it without planning again, in autocommit
    and inside a transaction; nothing is left changed for other statements."""
    from django.db import connection

    from scoring.schedule import play_facts

    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL prepared statements (set DATABASE_URL)")
    scheduled = mitchell_section(tables=3, boards_per_round=2)
    play_id = scheduled.play(1, 1, 2).pk

    def plans() -> tuple[int, int]:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT generic_plans, custom_plans FROM pg_prepared_statements"
                " WHERE statement LIKE 'SELECT bp.id, bp.not_played%%'"
                " AND statement LIKE '%%bp.id = $5%%'"
            )
            return cursor.fetchone()

    assert play_facts(play_id).board_play_id == play_id
    generic, custom = plans()
    with transaction.atomic():
        assert play_facts(play_id).board_play_id == play_id
    assert play_facts(scheduled.play(1, 2, 3).pk).board_play_id == scheduled.play(1, 2, 3).pk
    assert plans() == (generic + 2, 0)
    with connection.cursor() as cursor:
        cursor.execute("SHOW join_collapse_limit")
        assert cursor.fetchone()[0] != "1"
