"""Idempotency keys: a retried request gets the answer the first one got, and never writes
twice.

A client (the table-side phone) sends ``Idempotency-Key: <random>`` with each result. The
answer (status and body) is stored in the same transaction as the result it created, so
either both exist or neither does. A retry with the same key and the same body gets the
stored answer (and a ``Idempotent-Replay: true`` header); the same key with a different
body is refused with 422. A retry runs the call again inside a transaction that is rolled
back when the key turns out to be stored already, so it never writes twice. Two copies
arriving at once: the second waits on the result's (or the key's) unique index, then finds
the first's key and answers as the first did.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from contextlib import nullcontext
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.inputs import InputError, text_problem
from scoring.models import IdempotencyKey
from scoring.rows import insert_row

Answer = tuple[int, dict[str, Any]]
HEADER = "HTTP_IDEMPOTENCY_KEY"


class AlreadyWritten(Exception):  # noqa: N818 - a signal, not an error
    """Raised by a ``call_storing_key`` that finds its result already stored (most often by
    this key's first request, which a retry repeats): the stored answer is looked up before
    any conflict answer is built."""


def fingerprint(path: str, data: Any) -> str:
    """A hash of what was asked, to tell a retry from a different request."""
    text = json.dumps({"path": path, "data": data}, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def _stored(user, key: str, print_: str) -> Answer | None:
    row = IdempotencyKey.objects.filter(user=user, key=key).first()
    if row is None:
        return None
    if row.fingerprint != print_:
        return 422, {"detail": _("This Idempotency-Key was already used for a different request.")}
    return row.status_code, row.body


def idempotent_call(
    *,
    user,
    key: str | None,
    path: str,
    data: Any,
    call: Callable[[], Answer],
    retry: Callable[[], Answer] | None = None,
    call_storing_key: Callable[[IdempotencyKey], tuple[int, dict[str, Any], bool]] | None = None,
) -> tuple[int, dict[str, Any], bool]:
    """Run ``call`` once per ``key``; returns ``(status, body, replayed)``.

    The stored answer is not looked up first (one statement less for every new key): the
    call runs in a transaction that ends by inserting the key, and a key already there
    rolls the whole transaction back — nothing the call wrote is kept — and the stored
    answer is returned. When the call's own writes hit a conflict that broke the
    transaction (see ``result_record(savepoint=False)``), it is run once more as ``retry``
    (by default ``call`` itself) in a fresh transaction.

    ``call_storing_key`` (one result on PostgreSQL) is tried first, outside any
    transaction: it is handed the unsaved key row and stores it, with the answer, in the
    statement that writes the result (``(status, body, stored)``), so a new result costs no
    transaction of its own. An answer it did not store (a refusal, nothing written) is
    stored here on its own. If its statement fails on a unique index — this key already
    stored, or the board play taken by another request at that moment — or it raises
    :class:`AlreadyWritten` (the result is there already, as for a retry), the stored answer
    is returned, or else the transactional ``call`` above decides."""
    if not key:
        status, body = call()
        return status, body, False
    key = key[:100]
    if problem := text_problem(key):
        raise InputError(problem, field="idempotency_key")
    print_ = fingerprint(path, data)
    if call_storing_key is not None:
        row = IdempotencyKey(user=user, key=key, fingerprint=print_, status_code=0, body={})
        # Called within a transaction (a test's, say), a savepoint keeps it usable if the
        # statement fails; a request has none.
        in_block = transaction.get_connection().in_atomic_block
        try:
            with transaction.atomic() if in_block else nullcontext():
                status, body, stored = call_storing_key(row)
        except (IntegrityError, AlreadyWritten):
            answer = _stored(user, key, print_)
            if answer is not None:
                return answer[0], answer[1], True
        else:
            if stored:
                return status, body, False
            return _store_answer(user, key, print_, status, body)
    for attempt in (call, retry or call):
        try:
            return _call_once(user, key, print_, attempt)
        except IntegrityError:
            stored = _stored(user, key, print_)
            if stored is not None:
                return stored[0], stored[1], True
            if attempt is not call:
                raise
    raise AssertionError("unreachable")


def _store_answer(user, key: str, print_: str, status: int, body: dict):
    """Store a refusal's answer under the key (nothing else was written), unless the key
    already holds one; the answer to return, and whether it is a replay."""
    if status == 409:
        # This key's first request may have stored the result: answer as it did.
        stored = _stored(user, key, print_)
        if stored is not None:
            return stored[0], stored[1], True
    try:
        with transaction.atomic():
            insert_row(
                IdempotencyKey(
                    user=user, key=key, fingerprint=print_, status_code=status, body=body
                )
            )
    except IntegrityError:
        stored = _stored(user, key, print_)
        if stored is not None:
            return stored[0], stored[1], True
        raise
    return status, body, False


def _call_once(user, key: str, print_: str, call: Callable[[], Answer]):
    with transaction.atomic():
        status, body = call()
        if status == 409:
            # This key's first request may have stored the result: answer as it did.
            stored = _stored(user, key, print_)
            if stored is not None:
                return stored[0], stored[1], True
        # A plain INSERT (scoring/rows.py): the ORM's compiling cost more than the insert.
        insert_row(
            IdempotencyKey(user=user, key=key, fingerprint=print_, status_code=status, body=body)
        )
    return status, body, False
