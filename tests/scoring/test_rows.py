"""The plain INSERTs of the result-entry hot path (``scoring/rows.py``) store what the ORM
would: every column, the result linked to its first version, the constraints in force."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.forms.models import model_to_dict

from scoring.checks import ResultInput
from scoring.models import IdempotencyKey, Result, ResultVersion
from scoring.rows import insert_result_with_version, insert_row
from scoring.services import result_record, result_state
from tests.scoring.factories import mitchell_section


def _record(scheduled, table, board, by, **given):
    play = scheduled.play(1, table, board)
    return result_record(board_play_id=play.pk, given=ResultInput(**given), by=by)


@pytest.mark.django_db
def test_a_recorded_result_reads_back_with_every_column_and_its_linked_version(secretary):
    scheduled = mitchell_section(tables=3)
    board = scheduled.boards_at(1, 2)[0]
    written = _record(scheduled, 2, board, secretary, ns_tricks=9, revoke_side="EW", revokes=1)
    stored = Result.objects.get(pk=written.pk)
    assert model_to_dict(stored) == model_to_dict(written)
    assert stored.entered_at == written.entered_at
    version = ResultVersion.objects.get(result=stored)
    assert stored.latest_version_id == version.pk == written.latest_version.pk
    assert (version.number, version.action, version.by_id) == (1, "recorded", secretary.pk)
    assert version.section_id == stored.section_id
    assert version.before is None
    assert version.after == result_state(stored)
    assert (stored.ns_tricks, stored.revokes, stored.revoke_side) == (9, 1, "EW")


@pytest.mark.django_db
def test_the_database_still_refuses_a_second_result_for_the_board_play(secretary):
    scheduled = mitchell_section(tables=3)
    board = scheduled.boards_at(1, 1)[0]
    first = _record(scheduled, 1, board, secretary, ns_tricks=7)
    copy = Result.objects.get(pk=first.pk)
    copy.pk, copy.latest_version_id = None, None
    copy._state.adding = True
    version = ResultVersion(section_id=copy.section_id, number=1, action="recorded", after={})
    with pytest.raises(IntegrityError), transaction.atomic():
        insert_result_with_version(copy, version)
    assert Result.objects.count() == ResultVersion.objects.count() == 1


@pytest.mark.django_db
def test_insert_row_stores_an_idempotency_key_as_the_orm_would(secretary):
    key = IdempotencyKey(
        user=secretary, key="k1", fingerprint="f" * 64, status_code=201, body={"id": 3, "é": [1]}
    )
    insert_row(key)
    stored = IdempotencyKey.objects.get(user=secretary, key="k1")
    assert (stored.fingerprint, stored.status_code, stored.body) == ("f" * 64, 201, key.body)
    assert stored.created == key.created
    with pytest.raises(IntegrityError), transaction.atomic():
        insert_row(
            IdempotencyKey(user=secretary, key="k1", fingerprint="g", status_code=200, body={})
        )
