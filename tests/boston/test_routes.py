"""Every Boston page and API route is covered by the role tests: the routes come from the
URL resolver, so a new one without tests fails here."""

from __future__ import annotations

import importlib

from django.urls import URLResolver, get_resolver

#: Route → the tests that check it for every role.
COVERED = {
    "boston:night": "test_pages.test_night_page_summary_and_table_setup_by_organisers",
    "boston:table": "test_pages.test_table_page_hand_entry_by_role",
    "boston:correct": "test_pages.test_correct_page_only_for_secretaries",
    "boston:ladder": "test_ladder.test_boston_ladder_page_queries_do_not_grow_with_nights",
    "api:boston-table-list": "test_api.test_api_table_setup_by_role",
    "api:boston-table-detail": "test_api.test_api_table_read_by_anyone_with_totals",
    "api:boston-table-enter-hand": "test_api.test_api_hand_entry_by_role",
    "api:boston-hand-list": "test_api.test_api_hands_read_by_anyone",
    "api:boston-hand-detail": "test_api.test_api_hands_read_by_anyone",
    "api:boston-hand-corrections": "test_api.test_api_correction_only_by_secretaries",
    "api:boston-night-detail": "test_api.test_api_night_summary",
}


def _boston_routes(patterns, namespace: str = "") -> set[str]:
    names = set()
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            names |= _boston_routes(pattern.url_patterns, pattern.namespace or namespace)
            continue
        module = getattr(getattr(pattern.callback, "cls", pattern.callback), "__module__", "")
        if pattern.name and module.startswith("boston."):
            names.add(f"{namespace}:{pattern.name}")
    return names


def test_every_boston_route_is_covered_by_role_tests():
    routes = _boston_routes(get_resolver().url_patterns)
    assert routes == set(COVERED)


def test_every_covering_test_exists():
    for reference in COVERED.values():
        module, name = reference.split(".")
        assert callable(getattr(importlib.import_module(f"tests.boston.{module}"), name, None))
