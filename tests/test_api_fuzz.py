"""Fuzz every operation of the API from its own OpenAPI schema (schemathesis), on
PostgreSQL, as the secretary of the demo club.

The rule: **no 5xx, and every answer is one the schema documents, in the documented shape
and media type.** Each operation is tried three ways, a few examples each (bounded, so the
run stays within a few minutes): valid data on the demo's real rows (its club, events,
results, hands…, so the write paths are exercised), invalid data on those rows (wrong
types, missing fields, values out of range), and valid data on generated ids. Every request
runs in a savepoint rolled back afterwards, so each starts from the demo as loaded.

The run prints how many operations it covered, how many requests it sent and how long it
took. It is derandomized, so every run (and CI) sends the same cases; ``API_FUZZ_EXPLORE=N``
sends N times as many, drawn afresh each run, to look further. On SQLite it is skipped: the
API's production database is PostgreSQL (bigint ranges, NUL bytes and text rules differ).
"""

from __future__ import annotations

import os
import time
from collections import Counter

import pytest
from django.core.management import call_command
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, connection, transaction

schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis.errors import Unsatisfiable  # noqa: E402
from schemathesis import GenerationMode  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

#: Examples per operation and way of trying it (the whole run: about a minute on two cores).
EXAMPLES = {"real-valid": 8, "real-invalid": 8, "generated": 4}
EXPLORE = int(os.environ.get("API_FUZZ_EXPLORE") or 0)
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


class _Undo(Exception):
    """Raised inside each request's savepoint to roll it back."""


def _first(model, **filters):
    return model.objects.filter(**filters).order_by("pk").values_list("pk", flat=True).first()


def _real_rows() -> dict[str, object]:
    """The demo's rows, by the segment of the API path that names them."""
    from boston.models import BostonHand, BostonTable
    from clubs.models import (
        ApiToken,
        ClubNight,
        HandRecord,
        Member,
        Membership,
        RubberRecord,
        RubberTable,
        Season,
    )
    from drives.models import Drive, DrivePlayer, DriveTable
    from scoring.models import Result
    from tournaments.models import Board, BoardSet, Entry, Section, Session, Tournament
    from variants.models import VariantHand, VariantTable

    club = {"club__slug": "demo"}
    drive = _first(Drive, club__slug="demo") or _first(Drive)
    return {
        "board-sets": _first(BoardSet, **club),
        "boards": _first(Board, board_set__club__slug="demo"),
        "boston-hands": _first(BostonHand),
        "boston-nights": _first(ClubNight, **club),
        "boston-tables": _first(BostonTable),
        "hands": _first(HandRecord),
        "members": _first(Member, memberships__club__slug="demo"),
        "memberships": _first(Membership, **club),
        "nights": _first(ClubNight, **club),
        "rubbers": _first(RubberRecord),
        "seasons": _first(Season, **club),
        "tables": _first(RubberTable),
        "tokens": _first(ApiToken),
        "variant-hands": _first(VariantHand),
        "variant-nights": _first(ClubNight, **club),
        "variant-tables": _first(VariantTable),
        "drive-tables": DriveTable.objects.values_list("code", flat=True).first() or "none",
        "drives": drive,
        "players": _first(DrivePlayer, drive_id=drive),
        "entries": _first(Entry),
        "event-results": _first(Tournament, **club),
        "session-results": _first(Session),
        "results": _first(Result),
        "sections": _first(Section),
        "sessions": _first(Session),
        "standings": _first(Section),
        "tournaments": _first(Tournament, **club),
    }


def _path_parameters(path: str, rows: dict[str, object]) -> dict[str, object]:
    """Real values for the operation's path parameters: ``/api/clubs/{club_slug}/hands/{id}/``
    → the demo club and its first hand."""
    values = {}
    segments = path.strip("/").split("/")
    for before, segment in zip(segments, segments[1:], strict=False):
        if segment in ("{club_slug}", "{slug}"):
            values[segment[1:-1]] = "demo"
        elif segment.startswith("{") and rows.get(before) is not None:
            values[segment[1:-1]] = rows[before]
    return values


def _ways(operation, rows):
    real = _path_parameters(operation.path, rows)
    return {
        "real-valid": operation.as_strategy(GenerationMode.POSITIVE, path_parameters=real),
        "real-invalid": operation.as_strategy(GenerationMode.NEGATIVE, path_parameters=real),
        "generated": operation.as_strategy(GenerationMode.POSITIVE),
    }


def _attempts(
    strategy, examples: int, label: str, headers: dict, requests: Counter, answers: Counter
):
    """A Hypothesis test sending ``examples`` cases of ``strategy``, each checked against
    the schema and rolled back."""

    @settings(
        max_examples=examples * (EXPLORE or 1),
        deadline=None,
        database=None,
        derandomize=not EXPLORE,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=strategy)
    def attempt(case):
        requests[label] += 1
        try:
            with transaction.atomic():
                response = case.call_and_validate(headers=headers, checks=CHECKS)
                answers[f"{response.status_code // 100}xx"] += 1
                if response.status_code < 300 and case.method != "GET":
                    answers["writes accepted"] += 1
                raise _Undo
        except _Undo:
            pass

    return attempt


@pytest.mark.django_db
def test_api_fuzz_no_server_error_and_every_answer_as_documented(capsys, record_property):
    if connection.vendor != "postgresql":
        pytest.skip("the API fuzz runs against PostgreSQL (DATABASE_URL=postgres://…)")
    from django.core.wsgi import get_wsgi_application

    from clubs.models import User
    from clubs.tokens import token_create

    call_command("demo", "--analyse-later")
    capsys.readouterr()
    secretary = {
        "Authorization": f"Token {token_create(user=User.objects.get(username='marta'), name='fuzz').key}"
    }
    rows = _real_rows()
    app = get_wsgi_application()
    requests: Counter[str] = Counter()
    answers: Counter[str] = Counter()
    failures: list[str] = []
    started = time.monotonic()
    # As Django's test client does: the test's connection (and its transaction) stays open.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", app)
        operations = [result.ok() for result in schema.get_all_operations()]
        for operation in operations:
            for way, strategy in _ways(operation, rows).items():
                attempt = _attempts(
                    strategy, EXAMPLES[way], operation.label, secretary, requests, answers
                )
                try:
                    attempt()
                except Unsatisfiable:
                    pass  # e.g. nothing to make invalid in an operation without parameters
                except (Exception, BaseExceptionGroup) as error:  # noqa: BLE001 - reported below
                    failures.append(f"{operation.label} [{way}]: {str(error)[:3000]}")
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)
    seconds = time.monotonic() - started
    record_property("api_fuzz_operations", len(requests))
    record_property("api_fuzz_requests", sum(requests.values()))
    with capsys.disabled():
        print(
            f"\nAPI fuzz: {len(requests)} of {len(operations)} operations, "
            f"{sum(requests.values())} requests, {seconds:.0f} s; answers: "
            + ", ".join(f"{key} {count}" for key, count in sorted(answers.items()))
        )
    assert not failures, "\n\n".join(failures)
    assert len(requests) == len(operations), "every operation of the schema is tried"
