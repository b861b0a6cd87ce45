"""Results to every player: the email at each release (:mod:`scoring.release_emails`),
through the real signal, the eager Celery tasks and Django's locmem email backend."""

from __future__ import annotations

import re
import smtplib

import pytest
from django.core import mail
from django.utils import formats, translation

from clubs.models import Member, Role
from scoring.checks import ResultInput
from scoring.models import ReleaseEmail, Result
from scoring.services import result_correct
from scoring.standings import snapshot_latest, standings_publish
from scoring.tasks import release_email_deliver_task, release_emails_send_task
from tests.scoring.factories import club_make, person_make
from tests.scoring.results_world import emailed_player, emails_world, played_mitchell
from tournaments import services as event_services
from tournaments.signals import tournament_released

pytestmark = pytest.mark.django_db


def _release(tournament, capture, by=None):
    with capture(execute=True):
        event_services.tournament_set_status(tournament=tournament, status="released", by=by)
    return tournament.status_changes.latest("pk")


def _hold_back(tournament):
    event_services.tournament_set_status(tournament=tournament, status="finished")


def _standing(scheduled, pair: int) -> dict:
    entry = scheduled.entries[pair]
    data = snapshot_latest(scheduled.section.pk).data
    fields = data["fields"]
    for field in fields:
        for row in field["rows"]:
            if row["entry"] == entry.pk:
                return row | {"of": len(field["rows"])}
    raise AssertionError(f"pair {pair} is not in the standings")


def _to(message) -> str:
    return message.to[0]


def test_each_player_with_an_email_and_a_login_receives_their_result_once(
    django_capture_on_commit_callbacks, client
):
    scheduled, people = emails_world()
    _release(scheduled.tournament, django_capture_on_commit_callbacks)

    assert sorted(_to(m) for m in mail.outbox) == [
        "ana@example.org",
        "bea@example.org",
        "fil@example.org",
    ]
    statuses = dict(ReleaseEmail.objects.values_list("member__name", "status"))
    assert statuses == {
        "Ana": "sent",
        "Bea": "sent",
        "Cid": "no_address",
        "Dan": "no_address",
        "Eva": "opted_out",
        "Fil": "sent",
    }
    ana = next(m for m in mail.outbox if _to(m) == "ana@example.org")
    standing = _standing(scheduled, 1)
    percentage = formats.number_format(standing["percentage"], 2)
    assert ana.subject == f"{scheduled.tournament.name}: your result"
    assert f"Place: {standing['rank_label']} of {standing['of']}" in ana.body
    assert f"Percentage: {percentage} %" in ana.body
    assert "with Bea" in ana.body
    html, kind = ana.alternatives[0]
    assert kind == "text/html" and f"{percentage} %" in html and "Bea" in html
    assert ana.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    # The score card and the hand records open without a login: the results are released.
    card = re.search(r"score card: (\S+)", ana.body).group(1)
    assert card.endswith(f"/results/sections/{scheduled.section.pk}/entries/{standing['entry']}/")
    assert client.get(card.split("8000", 1)[1]).status_code == 200
    records = re.search(r"hand records: (\S+)", ana.body).group(1)
    page = client.get(records.split("8000", 1)[1].split("#")[0])
    assert page.status_code == 200 and 'class="compass"' in page.content.decode()


def test_a_second_run_or_a_second_signal_for_the_release_sends_nothing(
    django_capture_on_commit_callbacks,
):
    scheduled, _people = emails_world()
    change = _release(scheduled.tournament, django_capture_on_commit_callbacks)
    sent, rows = len(mail.outbox), ReleaseEmail.objects.count()
    assert sent == 3

    release_emails_send_task.delay(change.pk)
    tournament_released.send(
        sender=type(scheduled.tournament),
        tournament_id=scheduled.tournament.pk,
        change_id=change.pk,
    )
    for row in ReleaseEmail.objects.all():
        release_email_deliver_task.delay(row.pk)

    assert len(mail.outbox) == sent and ReleaseEmail.objects.count() == rows


def test_released_again_a_player_is_emailed_only_if_their_result_changed(
    django_capture_on_commit_callbacks,
):
    scheduled, _people = emails_world()
    tournament = scheduled.tournament
    _release(tournament, django_capture_on_commit_callbacks)
    assert len(mail.outbox) == 3

    # Held back and released again, nothing changed: nobody is emailed again.
    _hold_back(tournament)
    again = _release(tournament, django_capture_on_commit_callbacks)
    assert len(mail.outbox) == 3
    assert set(again.release_emails.values_list("status", flat=True)) == {
        "unchanged",
        "no_address",
        "opted_out",
    }

    # Held back, a result corrected, released: those whose figures changed are emailed.
    _hold_back(tournament)
    before = {pair: _standing(scheduled, pair) for pair in (1, 3)}
    secretary, _member = person_make(scheduled.club, Role.SECRETARY)
    result = Result.objects.get(board_play=scheduled.play(1, 1, 2))
    result_correct(
        result_id=result.pk, given=ResultInput(ns_tricks=13), by=secretary, reason="wrong tricks"
    )
    standings_publish(section_id=scheduled.section.pk, force=True)
    after = {pair: _standing(scheduled, pair) for pair in (1, 3)}
    changed = {
        pair
        for pair in (1, 3)
        if (before[pair]["rank_label"], before[pair]["percentage"])
        != (after[pair]["rank_label"], after[pair]["percentage"])
    }
    assert changed, "the correction must move someone the test emails"
    expected = {"ana@example.org", "bea@example.org"} if 1 in changed else set()
    expected |= {"fil@example.org"} if 3 in changed else set()

    _release(tournament, django_capture_on_commit_callbacks)
    corrected = mail.outbox[3:]
    assert {_to(m) for m in corrected} == expected
    ana = next((m for m in corrected if _to(m) == "ana@example.org"), None)
    if ana is not None:
        assert ana.subject.endswith("your corrected result")
        assert f"Place: {after[1]['rank_label']} of" in ana.body


def test_the_email_speaks_the_clubs_language_or_the_players_own(
    django_capture_on_commit_callbacks,
):
    scheduled, _people = emails_world(language="es")
    _release(scheduled.tournament, django_capture_on_commit_callbacks)
    by_address = {_to(m): m for m in mail.outbox}
    standing = _standing(scheduled, 1)
    with translation.override("es"):
        percentage = formats.number_format(standing["percentage"], 2)
    spanish = by_address["ana@example.org"]
    assert spanish.body.startswith("Hola, Ana:")
    assert f"Puesto: {standing['rank_label']} de {standing['of']}" in spanish.body
    assert f"Porcentaje: {percentage} %" in spanish.body
    assert "," in percentage  # written the Spanish way
    czech = by_address["fil@example.org"]  # Fil chose Czech on My account
    three = _standing(scheduled, 3)
    assert czech.body.startswith("Dobrý den, Fil,")
    assert f"Umístění: {three['rank_label']} z {three['of']}" in czech.body
    assert czech.subject.endswith("váš výsledek")


def _off_link(message) -> str:
    return re.search(r"(/account/emails/results-off/\S+/)", message.body).group(1)


def test_the_link_in_the_email_turns_them_off_without_a_login(
    django_capture_on_commit_callbacks, client
):
    scheduled, people = emails_world()
    _release(scheduled.tournament, django_capture_on_commit_callbacks)
    link = _off_link(next(m for m in mail.outbox if _to(m) == "ana@example.org"))

    page = client.get(link)  # a mail scanner opening the link turns nothing off
    assert page.status_code == 200 and "Stop results emails" in page.content.decode()
    assert Member.objects.get(pk=people["ana"].pk).results_by_email

    done = client.post(link)
    assert done.status_code == 200 and "no longer emailed" in done.content.decode()
    assert not Member.objects.get(pk=people["ana"].pk).results_by_email
    assert Member.objects.get(pk=people["bea"].pk).results_by_email

    # The link is signed: changed, it is refused and changes nothing.
    bea_token = _off_link(next(m for m in mail.outbox if _to(m) == "bea@example.org"))
    forged = bea_token.replace(bea_token.split("/")[-2][:6], "AAAAAA")
    refused = client.post(forged)
    assert refused.status_code == 400 and "not valid" in refused.content.decode()
    assert Member.objects.get(pk=people["bea"].pk).results_by_email

    # A mail program's one-click unsubscribe (RFC 8058) posts without a CSRF token.
    strict = client.__class__(enforce_csrf_checks=True)
    assert strict.post(bea_token, {"List-Unsubscribe": "One-Click"}).status_code == 200
    assert not Member.objects.get(pk=people["bea"].pk).results_by_email


def test_a_player_chooses_on_my_account(client):
    club = club_make()
    member = emailed_player(club, "Ana")
    client.force_login(member.user)
    page = client.get("/account/").content.decode()
    assert 'id="emails"' in page and "Email me my results" in page
    response = client.post("/account/emails/", {"language": "cs"})  # box unticked
    assert response.status_code == 302
    member.refresh_from_db()
    assert (member.results_by_email, member.language) == (False, "cs")
    client.post("/account/emails/", {"results_by_email": "on", "language": ""})
    member.refresh_from_db()
    assert (member.results_by_email, member.language) == (True, "")


class _MailServer:
    """The mail server (not our code): refuses ``failures`` deliveries, then accepts."""

    def __init__(self, failures: int) -> None:
        self.failures = failures

    def install(self, monkeypatch) -> None:
        from django.core.mail.backends.locmem import EmailBackend

        original = EmailBackend.send_messages
        server = self

        def send_messages(backend, messages):
            if server.failures:
                server.failures -= 1
                raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")
            return original(backend, messages)

        monkeypatch.setattr(EmailBackend, "send_messages", send_messages)


def test_a_send_that_fails_is_recorded_and_retried_never_doubled(
    django_capture_on_commit_callbacks, client, monkeypatch
):
    scheduled, people = emails_world()
    _MailServer(failures=1).install(monkeypatch)
    _release(scheduled.tournament, django_capture_on_commit_callbacks)
    waiting = ReleaseEmail.objects.filter(status="queued")
    (row,) = waiting
    assert row.attempts == 1 and "SMTPServerDisconnected" in row.error
    assert len(mail.outbox) == 2

    # The retry (as the worker runs it) sends it; a later run sends nothing more.
    release_email_deliver_task.apply(kwargs={"email_id": row.pk}, retries=1)
    row.refresh_from_db()
    assert (row.status, row.attempts, row.error) == ("sent", 2, "")
    assert len(mail.outbox) == 3
    release_emails_send_task.delay(row.release_id)
    assert len(mail.outbox) == 3


def test_the_last_failed_try_marks_the_email_failed(
    django_capture_on_commit_callbacks, monkeypatch
):
    scheduled, _people = emails_world()
    _MailServer(failures=99).install(monkeypatch)
    _release(scheduled.tournament, django_capture_on_commit_callbacks)
    row = ReleaseEmail.objects.filter(status="queued").first()
    last = release_email_deliver_task.max_retries
    with pytest.raises(smtplib.SMTPServerDisconnected):
        release_email_deliver_task.apply(kwargs={"email_id": row.pk}, retries=last)
    row.refresh_from_db()
    assert row.status == "failed" and row.attempts == 2 and not mail.outbox


def test_the_director_sees_the_log_on_the_events_page_and_players_do_not(
    django_capture_on_commit_callbacks, client
):
    scheduled, people = emails_world()
    director, _member = person_make(scheduled.club, Role.ORGANISER)
    _release(scheduled.tournament, django_capture_on_commit_callbacks, by=director)
    url = f"/events/{scheduled.tournament.pk}/"

    client.force_login(director)
    page = client.get(url).content.decode()
    assert "Results by email" in page
    for name in ("Ana", "Bea", "Cid", "Dan", "Eva", "Fil"):
        assert f"<td>{name}</td>" in page
    assert "ana@example.org" in page and "Not sent: turned off by the player" in page
    assert "Sent: 3" in page
    assert "files/usebio/" in page and "<iframe" in page  # the session's files

    # Released again: the newest release first, the earlier one folded below.
    _hold_back(scheduled.tournament)
    _release(scheduled.tournament, django_capture_on_commit_callbacks, by=director)
    page = client.get(url).content.decode()
    newest, earlier = page.split("<details>", 1)
    assert "Not sent: same result as the last email: 3" in newest
    assert "Sent: 3" in earlier and "<summary>" in earlier

    client.force_login(people["ana"].user)
    page = client.get(url).content.decode()
    assert "Results by email" not in page and "bea@example.org" not in page


def test_send_what_is_waiting_is_for_the_events_organisers(
    django_capture_on_commit_callbacks, client, monkeypatch
):
    scheduled, people = emails_world()
    _MailServer(failures=1).install(monkeypatch)
    director, _member = person_make(scheduled.club, Role.ORGANISER)
    _release(scheduled.tournament, django_capture_on_commit_callbacks, by=director)
    url = f"/results/events/{scheduled.tournament.pk}/release-emails/send/"

    client.force_login(people["ana"].user)
    assert client.post(url).status_code == 403
    assert len(mail.outbox) == 2

    client.force_login(director)
    response = client.post(url, {"next": f"/events/{scheduled.tournament.pk}/"})
    assert response.status_code == 302
    assert response["Location"].startswith(f"/events/{scheduled.tournament.pk}/#release-emails")
    assert len(mail.outbox) == 3 and not ReleaseEmail.objects.filter(status="queued").exists()
    client.post(url)
    assert len(mail.outbox) == 3


def test_a_two_session_event_tells_each_session_and_the_whole_event(
    django_capture_on_commit_callbacks, client
):
    from scoring.presenters import event_standings
    from tournaments.models import Section

    club = club_make()
    ana, bea = emailed_player(club, "Ana"), emailed_player(club, "Bea")
    first = played_mitchell(tables=3, released=False, club=club, members={1: (ana, bea)})
    second = played_mitchell(
        tables=3, released=False, tournament=first.tournament, members={2: (ana, bea)}
    )
    tournament = first.tournament
    _release(tournament, django_capture_on_commit_callbacks)

    sections = list(Section.objects.filter(session__tournament=tournament))
    overall = next(
        row for row in event_standings(tournament, sections) if row["entry"].member1_id == ana.pk
    )
    ana_mail = next(m for m in mail.outbox if _to(m) == "ana@example.org")
    body = ana_mail.body
    assert len(mail.outbox) == 2
    assert "Session 1, section A" in body and "Session 2, section A" in body
    for scheduled, pair in ((first, 1), (second, 2)):
        standing = _standing(scheduled, pair)
        assert f"/results/sections/{scheduled.section.pk}/entries/{standing['entry']}/" in body
    whole = body.split("The whole event", 1)[1]
    assert f"Place: {overall['rank_label']} of" in whole
    assert f"Percentage: {formats.number_format(overall['percentage'], 2)} %" in whole

    # The organisers' page has each session's files and the whole event's.
    director, _member = person_make(club, Role.ORGANISER)
    client.force_login(director)
    page = client.get(f"/events/{tournament.pk}/").content.decode()
    assert "Files of the whole event" in page
    assert page.count("files and results page") == 2


def test_the_emails_are_part_of_the_persons_data(django_capture_on_commit_callbacks):
    from clubs.people import person_erase, person_export

    scheduled, people = emails_world()
    _release(scheduled.tournament, django_capture_on_commit_callbacks)
    document = person_export(member=people["ana"])
    (email,) = document["results_emails"]
    assert (email["address"], email["status"]) == ("ana@example.org", "sent")
    assert email["result"]["lines"][0]["place"] == _standing(scheduled, 1)["rank_label"]

    person_erase(member=people["ana"], by=people["ana"].user)
    assert not ReleaseEmail.objects.filter(member=people["ana"]).exists()
    assert ReleaseEmail.objects.filter(member=people["bea"]).exists()


def _log_queries(tournament, user) -> tuple[int, str]:
    from django.db import connection
    from django.template.loader import render_to_string
    from django.test import RequestFactory
    from django.test.utils import CaptureQueriesContext

    request = RequestFactory().get("/")
    request.user = user
    with CaptureQueriesContext(connection) as queries:
        html = render_to_string(
            "scoring/_release_emails.html", {"tournament": tournament, "user": user}, request
        )
    return len(queries), html


def test_the_log_reads_a_fixed_number_of_queries_however_many_players(
    django_capture_on_commit_callbacks,
):
    counts = []
    for tables in (3, 5):
        club = club_make()
        players = [emailed_player(club, f"P{tables}x{n}") for n in range(2 * tables)]
        members = {pair: (players[2 * pair - 2], players[2 * pair - 1]) for pair in (1, 2, 3)}
        if tables == 5:
            members |= {pair: (players[2 * pair - 2], players[2 * pair - 1]) for pair in (4, 5)}
        scheduled = played_mitchell(tables=tables, released=False, club=club, members=members)
        _release(scheduled.tournament, django_capture_on_commit_callbacks)
        director, _member = person_make(club, Role.ORGANISER)
        count, html = _log_queries(scheduled.tournament, director)
        assert html.count("<tr>") == 1 + len(members) * 2
        counts.append(count)
    assert counts[0] == counts[1]


def test_pressing_mark_as_released_emails_the_players(django_capture_on_commit_callbacks, client):
    scheduled, _people = emails_world()
    director, _member = person_make(scheduled.club, Role.ORGANISER)
    client.force_login(director)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/events/{scheduled.tournament.pk}/status/", {"status": "released"})
    assert response.status_code == 302
    assert sorted(_to(m) for m in mail.outbox) == [
        "ana@example.org",
        "bea@example.org",
        "fil@example.org",
    ]
    release = scheduled.tournament.status_changes.latest("pk")
    assert release.changed_by == director
    assert set(release.release_emails.values_list("member__name", flat=True)) == {
        "Ana",
        "Bea",
        "Cid",
        "Dan",
        "Eva",
        "Fil",
    }
