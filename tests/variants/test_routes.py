"""Every whist-family page and API route is covered by the role tests: the routes come from
the URL resolver, so a new one without tests fails here."""

from __future__ import annotations

import importlib

from django.urls import URLResolver, get_resolver

COVERED = {
    "variants:night": "test_pages.test_night_page_summary_and_table_setup_by_organisers",
    "variants:table": "test_pages.test_table_page_hand_entry_by_role",
    "variants:correct": "test_pages.test_correct_page_only_for_secretaries",
    "variants:ladder": "test_ladder.test_ladder_page_queries_do_not_grow_with_nights",
    "api:variant-table-list": "test_api.test_api_table_setup_by_role",
    "api:variant-table-detail": "test_api.test_api_tables_and_hands_read_by_anyone_other_club_404",
    "api:variant-table-enter-hand": "test_api.test_api_hand_entry_by_role",
    "api:variant-hand-list": "test_api.test_api_tables_and_hands_read_by_anyone_other_club_404",
    "api:variant-hand-detail": "test_api.test_api_tables_and_hands_read_by_anyone_other_club_404",
    "api:variant-hand-corrections": "test_api.test_api_correction_only_by_secretaries",
    "api:variant-night-detail": "test_api.test_api_night_summary",
}


def _routes(patterns, namespace: str = "") -> set[str]:
    names = set()
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            names |= _routes(pattern.url_patterns, pattern.namespace or namespace)
            continue
        module = getattr(getattr(pattern.callback, "cls", pattern.callback), "__module__", "")
        if pattern.name and module.startswith("variants."):
            names.add(f"{namespace}:{pattern.name}")
    return names


def test_every_variants_route_is_covered_by_role_tests():
    assert _routes(get_resolver().url_patterns) == set(COVERED)


def test_every_covering_test_exists():
    for reference in COVERED.values():
        module, name = reference.split(".")
        assert callable(getattr(importlib.import_module(f"tests.variants.{module}"), name, None))
