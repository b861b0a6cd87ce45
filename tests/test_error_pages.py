"""The error pages: a refusal, a missing page, a bad form and a crash each answer a styled
page in the reader's language, with the view's reason and a way on (never a bare
"403 Forbidden")."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.urls import path
from django.utils.translation import gettext as _

from clubs.models import Club, Role
from config import urls as site_urls
from tests.scoring.factories import person_make


def _crash(request):
    raise RuntimeError("boom")


def _refuse(request):
    raise PermissionDenied(_("Only the club's secretaries can change this."))


# This module is the URL configuration of the tests marked with it: the site plus two views.
urlpatterns = [path("crash/", _crash), path("refuse/", _refuse), *site_urls.urlpatterns]
handler403, handler500 = site_urls.handler403, site_urls.handler500


@pytest.fixture
def club(db):
    return Club.objects.create(name="Club de Whist Sevilla", slug="sevilla")


def test_a_page_refused_to_a_player_says_why_in_their_language(client, club):
    user, _member = person_make(club, Role.PLAYER)
    client.force_login(user)
    response = client.get("/clubs/sevilla/members/new/", HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 403
    html = response.content.decode()
    assert '<link rel="stylesheet"' in html and "<h1>No permitido</h1>" in html
    assert "secretari" in html  # the view's own reason, translated
    assert 'href="/"' in html


@pytest.mark.urls("tests.test_error_pages")
def test_a_refusal_to_a_visitor_offers_to_log_in_and_come_back(client, db):
    response = client.get("/refuse/", HTTP_ACCEPT_LANGUAGE="cs")
    assert response.status_code == 403
    html = response.content.decode()
    assert "<h1>Nepovoleno</h1>" in html and "sekretáři klubu" in html
    assert "/login/?next=/refuse/" in html


def test_a_missing_page_is_styled_and_hides_django_s_technical_message(client, club):
    response = client.get("/clubs/nowhere/", HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 404
    html = response.content.decode()
    assert "<h1>Página no encontrada</h1>" in html and "<title>" in html
    assert "matches the given query" not in html


def test_a_missing_page_shows_the_view_s_own_reason(client, club):
    response = client.get("/results/sections/999999/standings/")
    assert response.status_code == 404
    assert "No such section." in response.content.decode()


def test_a_form_sent_without_its_csrf_token_says_nothing_was_saved(club):
    user, _member = person_make(club, Role.SECRETARY)
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    response = client.post("/clubs/sevilla/members/new/", {"name": "X"})
    assert response.status_code == 403
    html = response.content.decode()
    assert "<h1>Form expired</h1>" in html and "Nothing was saved" in html


@pytest.mark.urls("tests.test_error_pages")
def test_a_crash_answers_a_plain_styled_page_without_touching_the_database(
    client, db, django_assert_num_queries
):
    client.raise_request_exception = False
    with django_assert_num_queries(0):
        response = client.get("/crash/", HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 500
    html = response.content.decode()
    assert "<h1>Algo ha ido mal</h1>" in html and "boom" not in html
