"""The clubs API is in the OpenAPI schema: every route the clubs app registers (taken from
the URL resolver, so a new route cannot be missed), each operation with a summary and a description, and
the club's short name as a typed path parameter."""

from __future__ import annotations

import pytest
from django.urls import get_resolver, reverse

pytestmark = pytest.mark.django_db

# URL keyword → (a value the route accepts, how the schema names it)
PLACEHOLDERS = {
    "club_slug": ("CLUB", "{club_slug}"),
    "pk": ("0", "{id}"),
    "slug": ("SLUG", "{slug}"),
}


def clubs_api_paths() -> dict[str, str]:
    """Route name → the path as the schema writes it, for every clubs API route."""
    api = get_resolver().namespace_dict["api"][1]
    paths = {}
    for pattern in api.url_patterns:
        view = getattr(pattern.callback, "cls", None)
        if not pattern.name or view is None or not view.__module__.startswith("clubs.api"):
            continue
        if "format" in pattern.pattern.regex.groupindex:
            continue  # the same route with a .json suffix
        kwargs = {k: PLACEHOLDERS[k][0] for k in pattern.pattern.regex.groupindex}
        path = reverse(f"api:{pattern.name}", kwargs=kwargs)
        for value, name in (PLACEHOLDERS[k] for k in kwargs):
            path = path.replace(f"/{value}/", f"/{name}/")
        paths[pattern.name] = path
    return paths


@pytest.fixture
def schema(client) -> dict:
    return client.get("/api/schema/", HTTP_ACCEPT="application/json").json()


def test_api_every_clubs_route_is_in_the_schema(schema):
    paths = clubs_api_paths()
    assert {"club-list", "club-member-import-csv", "club-hand-corrections"} <= set(paths)
    missing = {name: path for name, path in paths.items() if path not in schema["paths"]}
    assert not missing


def test_api_every_clubs_operation_is_described(schema):
    for path in set(clubs_api_paths().values()):
        for method, operation in schema["paths"][path].items():
            if method == "parameters":
                continue
            assert operation.get("description", "").strip(), (method, path)
            assert operation.get("summary", "").strip(), (method, path)
            if "{club_slug}" in path:
                slug = next(p for p in operation["parameters"] if p["name"] == "club_slug")
                assert slug["in"] == "path" and slug["schema"]["type"] == "string"
                assert slug["description"]
