"""Bad input never reaches a 500: Unicode digits and out-of-range numbers in the query and
the path, bodies of the wrong JSON type, deep nesting, NUL bytes, invisible names,
over-long text and bodies, over-large CSV imports. The API answers 400
``{"detail": …, "field": …}`` (413 for a body over the cap); pages answer the styled page."""

from __future__ import annotations

import html
import io
import json

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from clubs.api.inputs import BodyTooLarge, JSONParser
from clubs.inputs import CSV_MAX_ROWS, body_limit
from clubs.models import Role
from scoring.models import Result
from tests.scoring.factories import club_make, mitchell_section, person_make

#: Digits Python's str.isdigit() accepts and int() refuses (or reads as another number).
UNICODE_DIGITS = ["²", "٣", "１２", "𝟕", "¹²³"]


@pytest.fixture
def world(db):
    club = club_make()
    secretary = person_make(club, Role.SECRETARY)[0]
    scheduled = mitchell_section(tables=3, club=club)
    api = APIClient()
    api.force_authenticate(secretary)
    return {"club": club, "scheduled": scheduled, "api": api, "secretary": secretary}


def _query_urls(world) -> list[tuple[str, str]]:
    slug, section = world["club"].slug, world["scheduled"].section.pk
    return [
        ("/api/tournaments/?club={}", "club"),
        ("/api/entries/?section={}", "section"),
        ("/api/results/?section={}", "section"),
        (f"/api/sections/{section}/suggestions/?boards={{}}", "boards"),
        (f"/api/sections/{section}/suggestions/?minutes={{}}", "minutes"),
        (f"/api/clubs/{slug}/tables/?night={{}}", "night"),
        (f"/api/clubs/{slug}/rubbers/?table={{}}", "table"),
        (f"/api/clubs/{slug}/hands/?rubber={{}}", "rubber"),
        (f"/api/clubs/{slug}/boston-tables/?night={{}}", "night"),
        (f"/api/clubs/{slug}/boston-hands/?table={{}}", "table"),
        (f"/api/clubs/{slug}/variant-tables/?night={{}}", "night"),
        (f"/api/clubs/{slug}/variant-hands/?table={{}}", "table"),
        ("/api/clubs/?limit={}", "limit"),
        ("/api/clubs/?offset={}", "offset"),
    ]


@pytest.mark.parametrize("digits", UNICODE_DIGITS)
def test_unicode_digits_in_any_query_parameter_are_a_400_naming_it(world, digits):
    for template, field in _query_urls(world):
        response = world["api"].get(template.format(digits))
        assert response.status_code == 400, (template, response.status_code)
        assert response.json()["field"] == field, template
        assert field in response.json()["detail"]


@pytest.mark.parametrize("value", ["0", "-1", "99999999999999999999999", "9" * 5000, "1.5"])
def test_ids_out_of_range_in_the_query_are_a_400_not_a_database_error(world, value):
    for template, field in _query_urls(world):
        if field in ("boards", "minutes", "limit", "offset"):
            continue
        response = world["api"].get(template.format(value))
        assert response.status_code == 400 and response.json()["field"] == field, template


def test_a_huge_offset_is_read_within_the_database_s_range(world):
    assert world["api"].get("/api/clubs/?offset=" + "9" * 19).status_code == 200
    assert world["api"].get("/api/clubs/?offset=" + "9" * 30).status_code == 400


@pytest.mark.parametrize(
    "path",
    [
        "/api/results/²/",
        "/api/results/٣/versions/",
        "/api/standings/²/",
        "/api/sections/１/",
        "/api/tournaments/99999999999999999999999/",
        "/api/drives/1/players/²/leave/",
        "/api/session-results/²/pbn/",
        "/api/nowhere/",
    ],
)
def test_a_path_that_names_no_row_is_a_json_404(world, path):
    response = world["api"].post(path) if "leave" in path else world["api"].get(path)
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json") and response.json()["detail"]


@pytest.mark.parametrize(
    "path", ["/api/tournaments/", "/api/entries/", "/api/board-sets/", "/api/clubs/{slug}/members/"]
)
def test_a_list_where_an_object_is_expected_is_a_400(world, path):
    path = path.format(slug=world["club"].slug)
    response = world["api"].post(path, [{"club": world["club"].pk}], format="json")
    assert response.status_code == 400, response.content
    assert response.json().get("field") in ("body", None)


def test_a_deeply_nested_body_is_a_400_naming_where(world):
    nested: object = 1
    for _ in range(30):
        nested = {"a": nested}
    response = world["api"].post("/api/tournaments/", {"name": nested}, format="json")
    assert response.status_code == 400 and response.json()["field"].startswith("name.a.a")


def test_a_body_nested_beyond_python_s_recursion_is_a_400(world):
    body = "[" * 100_000 + "]" * 100_000
    response = world["api"].post("/api/tournaments/", body, content_type="application/json")
    assert response.status_code == 400 and response.json()["field"] == "body"


@pytest.mark.parametrize("name", ["Rosa\x00Delgado", "\u200b\u200b", "\ufeff", "\x1b[2J"])
def test_nul_control_and_invisible_names_are_a_400_naming_the_field(world, name):
    response = world["api"].post(
        f"/api/clubs/{world['club'].slug}/members/",
        {"name": name, "role": "player", "valid_from": "2026-01-01"},
        format="json",
    )
    assert response.status_code == 400 and response.json()["field"] == "name"


def test_form_encoded_bodies_follow_the_same_text_rules(world):
    response = world["api"].post(
        f"/api/clubs/{world['club'].slug}/members/",
        {"name": "\u200b", "role": "player", "valid_from": "2026-01-01"},
    )
    assert response.status_code == 400 and response.json()["field"] == "name"


def test_a_body_over_the_cap_is_a_413_with_the_limit_in_json(world):
    limit = body_limit()
    body = json.dumps({"name": "x" * (limit + 10)})
    response = world["api"].post("/api/tournaments/", body, content_type="application/json")
    assert response.status_code == 413
    assert f"{limit:,}" in response.json()["detail"]


def test_the_json_parser_stops_reading_at_the_cap_whatever_the_header_says():
    with pytest.raises(BodyTooLarge):
        JSONParser().parse(io.BytesIO(b" " * (body_limit() + 1)), "application/json", {})


@override_settings(REQUEST_BODY_LIMIT=1000)
def test_a_page_posting_more_than_the_cap_gets_the_styled_413(client, world):
    client.force_login(world["secretary"])
    response = client.post(f"/clubs/{world['club'].slug}/members/new/", {"name": "x" * 2000})
    assert response.status_code == 413
    html = response.content.decode()
    assert "<h1>Too large</h1>" in html and "1,000" in html


def test_a_play_record_longer_than_one_deal_is_a_400_naming_it(world):
    scheduled = world["scheduled"]
    play = scheduled.play(1, 1, scheduled.boards_at(1, 1)[0])
    body = {"board_play": play.pk, "ns_tricks": 7, "play_record": " ".join(["AS"] * 53)}
    response = world["api"].post("/api/results/", body, format="json")
    assert response.status_code == 400 and "play_record" in response.json()
    assert not Result.objects.exists()


def test_an_over_long_reason_is_a_400_naming_it(db):
    from clubs.inputs import REASON_MAX_LENGTH
    from tests.clubs.api_world import world_make

    clubs = world_make()
    response = clubs.client("secretary").post(
        f"{clubs.base}hands/{clubs.hand.pk}/corrections/",
        {"ns_tricks": 8, "reason": "x" * (REASON_MAX_LENGTH + 1)},
        format="json",
    )
    assert response.status_code == 400 and "reason" in response.json()


def test_a_member_csv_over_the_row_limit_is_refused_saying_the_limit(world):
    rows = "".join(f"Member {n},player,2026-01-01\n" for n in range(CSV_MAX_ROWS + 1))
    response = world["api"].post(
        f"/api/clubs/{world['club'].slug}/members/import/",
        {"csv": "name,role,from\n" + rows},
        format="json",
    )
    assert response.status_code == 400
    assert f"{CSV_MAX_ROWS}" in response.json()["detail"]


def test_a_member_csv_page_upload_over_the_row_limit_is_refused_on_the_page(client, world):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(world["secretary"])
    rows = "".join(f"Member {n},player,2026-01-01\n" for n in range(CSV_MAX_ROWS + 1))
    upload = SimpleUploadedFile("m.csv", ("name,role,from\n" + rows).encode())
    response = client.post(f"/clubs/{world['club'].slug}/members/import/", {"file": upload})
    assert response.status_code == 200 and f"{CSV_MAX_ROWS}" in response.content.decode()


def test_a_traveller_csv_with_a_broken_field_is_refused_not_crashed(client, world):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(world["secretary"])
    text = 'board,round,table,ns,ew,result\n"' + "x" * 200_000 + '",1,1,1,4,8\n'
    upload = SimpleUploadedFile("t.csv", text.encode())
    section = world["scheduled"].section.pk
    response = client.post(f"/results/sections/{section}/import/", {"file": upload})
    assert response.status_code == 200 and "cannot be read as CSV" in response.content.decode()


def test_the_schema_documents_every_operation_s_refusals_with_one_error_shape():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    assert set(schema["components"]["schemas"]["Error"]["properties"]) == {"detail", "field"}
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            codes = set(operation["responses"])
            assert {"400", "401", "403", "404", "409"} <= codes, (method, path)
            if "requestBody" in operation:
                assert {"413", "415"} <= codes, (method, path)
            refusal = json.dumps(operation["responses"]["400"]["content"]["application/json"])
            assert "#/components/schemas/Error" in refusal, (method, path)


def test_the_schema_describes_the_standings_document_not_just_its_version():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    answer = schema["paths"]["/api/standings/{id}/"]["get"]["responses"]["200"]
    ref = answer["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    standings = schema["components"]["schemas"][ref]
    assert {"version", "fields", "boards", "method", "results"} <= set(standings["properties"])
    assert set(standings["required"]) == {"version", "fields"}


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/board-sets/", {"count": 2, "name": "x" * 300}, "name"),
        ("/api/entries/{entry}/substitute/", {"position": 1, "guest": "x" * 300}, "guest"),
        ("/api/me/tokens/", {"name": "x" * 300}, "name"),
    ],
)
def test_an_over_long_name_is_a_400_naming_it_not_a_database_error(world, path, body, field):
    entry = world["scheduled"].entries[1]
    body = {**body, "club": world["club"].pk, "reason": "late"}
    response = world["api"].post(path.format(entry=entry.pk), body, format="json")
    assert response.status_code == 400 and field in response.json()


def test_a_refusal_s_detail_is_always_one_string(world):
    board = world["scheduled"].boards[1]
    response = world["api"].patch(f"/api/boards/{board.pk}/", {"reason": "typo"}, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == "Give the deal in PBN or the four hands."


def test_a_role_given_without_saying_which_is_a_player_not_a_server_error(world):
    """Found by the fuzz: a membership posted without ``role`` crashed the service call."""
    member = person_make(world["club"], Role.PLAYER)[1]
    response = world["api"].post(
        f"/api/clubs/{world['club'].slug}/memberships/",
        {"member": member.pk, "valid_from": "2027-01-01"},
        format="json",
    )
    assert response.status_code == 201 and response.json()["role"] == "player"


@pytest.mark.parametrize(
    "path", ["/api/clubs/{}%00/", "/clubs/{}%00/", "/api/drive-tables/AB%00CD/"]
)
def test_a_nul_byte_in_the_path_is_a_404_not_a_server_error(client, world, path):
    response = client.get(path.format(world["club"].slug))
    assert response.status_code == 404
    if path.startswith("/api/"):
        assert response.json() == {
            "detail": "No page has this address: it holds a control character."
        }


@pytest.mark.parametrize("path", ["/login/", "/api/auth/login/", "/admin/login/"])
def test_a_username_longer_than_any_account_is_a_form_error_on_every_login_form(client, path):
    response = client.post(path, {"username": "u" * 300, "password": "secret"})
    assert response.status_code == 200
    assert "Ensure this value has at most 150 characters (it has 300)." in (
        response.content.decode()
    )


#: Right-to-left override, isolate and mark: each makes a name show as something else.
BIDI_NAMES = ["Ann\u202eXIM", "\u2067Bob\u2069", "Eve\u200f"]
BIDI_REFUSAL = (
    "This text holds a character that changes the direction of the text (such as a "
    "right-to-left override), which could show it as something else: not allowed."
)


@pytest.mark.parametrize("name", BIDI_NAMES)
def test_a_name_with_a_direction_override_is_refused_by_the_api(world, name):
    response = world["api"].post(
        f"/api/clubs/{world['club'].slug}/members/",
        {"name": name, "role": "player", "valid_from": "2026-01-01"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json() == {"detail": BIDI_REFUSAL, "field": "name"}


@pytest.mark.parametrize("name", BIDI_NAMES)
def test_a_name_with_a_direction_override_is_refused_on_the_page(client, world, name):
    client.force_login(world["secretary"])
    response = client.post(
        f"/clubs/{world['club'].slug}/members/new/",
        {"name": name, "role": "player", "valid_from": "2026-01-01"},
    )
    assert response.status_code == 200
    assert BIDI_REFUSAL in html.unescape(response.content.decode())


#: 2026-03-07 in full-width and Arabic-Indic digits: int() and strptime read both as dates.
OTHER_DIGITS_DATES = ["２０２６-０３-０７", "٢٠٢٦-٠٣-٠٧"]


@pytest.mark.parametrize("date", OTHER_DIGITS_DATES)
def test_a_date_in_other_digits_is_refused_by_the_api(world, date):
    response = world["api"].post(
        f"/api/clubs/{world['club'].slug}/members/",
        {"name": "Dora", "role": "player", "valid_from": date},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["valid_from"] == ["Type the date with the digits 0–9."]


@pytest.mark.parametrize("date", OTHER_DIGITS_DATES)
def test_a_model_serializers_date_in_other_digits_is_refused(world, date):
    response = world["api"].post(
        f"/api/clubs/{world['club'].slug}/seasons/",
        {"name": "Spring", "starts": date, "ends": "2026-06-30"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["starts"] == ["Type the date with the digits 0–9."]


@pytest.mark.parametrize("date", OTHER_DIGITS_DATES)
def test_a_date_in_other_digits_is_refused_on_the_page(client, world, date):
    client.force_login(world["secretary"])
    response = client.post(
        f"/clubs/{world['club'].slug}/drives/new/",
        {"name": "Spring drive", "date": date, "hands": 24, "half_time_after": 12},
    )
    assert response.status_code == 200
    assert "Type the date with the digits 0–9." in html.unescape(response.content.decode())


def test_the_same_date_in_ascii_digits_is_read(world):
    response = world["api"].post(
        f"/api/clubs/{world['club'].slug}/members/",
        {"name": "Dora", "role": "player", "valid_from": "2026-03-07"},
        format="json",
    )
    assert response.status_code == 201, response.content
