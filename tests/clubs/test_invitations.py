"""Invitations: a secretary invites members without a login (by email, or a printed code;
many at once with a report); the member chooses a username and password; the invitation
works once, expires, and stays valid until a secretary withdraws it. A person who already has a login (from
another club) accepts into it: the club's record is merged into theirs, results kept."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone

from clubs.errors import ClubError
from clubs.invitations import (
    code_normal,
    invitation_create,
    invitation_find,
    invitation_withdraw,
)
from clubs.models import (
    Club,
    ClubNight,
    Invitation,
    Member,
    Membership,
    Role,
    RubberTable,
    TableSeat,
    User,
)

pytestmark = pytest.mark.django_db
PASSWORD = "Ab3-long-pass-phrase"


@pytest.fixture(autouse=True)
def _no_guesses_counted():
    """Each test starts with no wrong code counted (the cache, Redis, outlives tests)."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def club():
    return Club.objects.create(name="Casino", slug="casino", language="es")


@pytest.fixture
def secretary(club):
    user = User.objects.create_user("sara", password=PASSWORD)
    member = Member.objects.create(name="Sara", user=user)
    Membership.objects.create(
        club=club, member=member, role=Role.SECRETARY, valid_from=dt.date(2020, 1, 1)
    )
    return user


@pytest.fixture
def sent(django_capture_on_commit_callbacks):
    """``with sent(execute=True):`` — emails are queued when the transaction commits (the
    test's never does): run those callbacks at the end of the block."""
    return django_capture_on_commit_callbacks


def _member(club: Club, name: str, email: str = "", **membership) -> Member:
    member = Member.objects.create(name=name, email=email)
    Membership.objects.create(
        club=club, member=member, role=Role.PLAYER, valid_from=dt.date(2020, 1, 1), **membership
    )
    return member


def _link(message) -> str:
    return re.search(r"https?://\S+/account/invitation/\S+/", message.body).group(0)


def _path(link: str) -> str:
    return link.split("://", 1)[1].split("/", 1)[1].join(["/", ""])


def test_invited_by_email_the_member_sets_a_password_and_logs_in(client, club, secretary, sent):
    ana = _member(club, "Ana Ruiz", "ana@example.org")
    client.force_login(secretary)
    with sent(execute=True):
        with_report = client.post(f"/clubs/casino/members/{ana.pk}/invite/", {"channel": "email"})
    assert "ana@example.org" in with_report.content.decode()
    (message,) = mail.outbox
    assert message.to == ["ana@example.org"] and "Casino" in message.subject
    assert "le invita a acceder" in message.body  # in the club's language (Spanish)
    guest = Client()
    opened = guest.get(_path(_link(message)))
    assert opened.status_code == 302 and opened["Location"] == "/account/invitation/accept/"
    page = guest.get("/account/invitation/accept/")
    assert "Ana Ruiz" in page.content.decode()
    made = guest.post(
        "/account/invitation/accept/",
        {"username": "ana", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert made.status_code == 302 and made["Location"].startswith("/login/")
    ana.refresh_from_db()
    assert ana.user.username == "ana" and ana.user.email == "ana@example.org"
    logged_in = guest.post("/login/", {"username": "ana", "password": PASSWORD})
    assert logged_in.status_code == 302 and logged_in["Location"] == "/me/"  # a player's page
    assert "Casino" in guest.get("/account/").content.decode()


def test_an_invitation_works_once(club, secretary, sent):
    ana = _member(club, "Ana", "ana@example.org")
    with sent(execute=True):
        invitation_create(club=club, member=ana, by=secretary, accept_url=lambda c: f"/x/{c}/")
    code = _link_code(mail.outbox[0].body)
    guest = Client()
    guest.get(f"/account/invitation/{code}/")
    guest.post(
        "/account/invitation/accept/",
        {"username": "ana", "password1": PASSWORD, "password2": PASSWORD},
    )
    again = Client()
    again.get(f"/account/invitation/{code}/")
    assert again.get("/account/invitation/accept/").status_code == 404
    assert User.objects.filter(username="ana").count() == 1


def _link_code(body: str) -> str:
    return re.search(r"/x/([0-9A-Z]{12})/", body).group(1)


def test_an_earlier_invitation_stays_valid_until_withdrawn_and_an_expired_one_is_refused(
    club, secretary, sent
):
    ana = _member(club, "Ana", "ana@example.org")
    with sent(execute=True):
        first = invitation_create(
            club=club, member=ana, by=secretary, accept_url=lambda c: f"/x/{c}/"
        )
    old = _link_code(mail.outbox[0].body)
    with sent(execute=True):
        invitation_create(club=club, member=ana, by=secretary, accept_url=lambda c: f"/x/{c}/")
    new = _link_code(mail.outbox[1].body)
    assert invitation_find(old) is not None and invitation_find(new) is not None
    invitation_withdraw(club=club, invitation_id=invitation_find(old).pk)
    assert invitation_find(old) is None and invitation_find(new) is not None
    Invitation.objects.filter(withdrawn__isnull=True).update(
        expires=timezone.now() - dt.timedelta(minutes=1)
    )
    assert invitation_find(new) is None
    assert first.expires > timezone.now()


def test_a_printed_code_is_typed_in_any_case_with_or_without_dashes(client, club, secretary):
    luis = _member(club, "Luis")  # no email: a code to print
    client.force_login(secretary)
    report = client.post(f"/clubs/casino/members/{luis.pk}/invite/", {"channel": "code"})
    code = re.search(r"<code>([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})</code>", report.content.decode())
    assert code and not mail.outbox
    typed = code.group(1).lower().replace("-", " ")
    guest = Client()
    assert guest.post("/account/invitation/", {"code": "AAAA-BBBB-CCCC"}).status_code == 400
    assert guest.post("/account/invitation/", {"code": typed}).status_code == 302
    guest.post(
        "/account/invitation/accept/",
        {"username": "luis", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert Member.objects.get(pk=luis.pk).user.username == "luis"
    assert code_normal(typed) == code.group(1).replace("-", "")


def test_bulk_invitations_report_who_was_sent_what(client, club, secretary, sent):
    with_email = _member(club, "Ana", "ana@example.org")
    without = _member(club, "Bea")
    _member(club, "Gone", "gone@example.org", valid_to=dt.date(2021, 1, 1))
    client.force_login(secretary)
    page = client.get("/clubs/casino/members/invite/").content.decode()
    assert "Ana" in page and "Bea" in page and "Gone" not in page and "Sara" not in page
    with sent(execute=True):
        report = client.post(
            "/clubs/casino/members/invite/",
            {"members": [with_email.pk, without.pk], "by_email": "on"},
        ).content.decode()
    assert "by email to ana@example.org" in report
    assert re.search(r"code to print: <code>[0-9A-Z-]{14}</code>", report)
    assert [m.to for m in mail.outbox] == [["ana@example.org"]]
    assert Invitation.objects.filter(club=club).count() == 2


def test_members_with_a_login_or_of_another_club_are_not_invited(club, secretary):
    other = Club.objects.create(name="Ateneo", slug="ateneo")
    outsider = _member(other, "Otto", "otto@example.org")
    with pytest.raises(ClubError, match="already has a login"):
        invitation_create(club=club, member=secretary.member, by=secretary, accept_url=lambda c: c)
    with pytest.raises(ClubError, match="not a member of this club"):
        invitation_create(club=club, member=outsider, by=secretary, accept_url=lambda c: c)
    assert not Invitation.objects.exists()


def test_a_person_of_another_club_accepts_into_their_login_and_keeps_every_result(
    client, club, secretary, sent
):
    """Ateneo's Otto (with a login) is added by Casino as a new record, seated at a Casino
    club night, and invited; he accepts while logged in: one record, both clubs, the seat
    kept."""
    other = Club.objects.create(name="Ateneo", slug="ateneo")
    otto_user = User.objects.create_user("otto", password=PASSWORD)
    otto = Member.objects.create(name="Otto", user=otto_user, email="otto@example.org")
    Membership.objects.create(
        club=other, member=otto, role="player", valid_from=dt.date(2020, 1, 1)
    )
    casino_otto = _member(club, "Otto K.", "otto@example.org")
    night = ClubNight.objects.create(club=club, date=dt.date(2026, 3, 1), rule_profile="short")
    table = RubberTable.objects.create(club_night=night, number=1)
    TableSeat.objects.create(table=table, seat="N", member=casino_otto)
    with sent(execute=True):
        invitation_create(
            club=club, member=casino_otto, by=secretary, accept_url=lambda c: f"/x/{c}/"
        )
    code = _link_code(mail.outbox[0].body)
    client.force_login(otto_user)
    client.get(f"/account/invitation/{code}/")
    assert "Accept the invitation" in client.get("/account/invitation/accept/").content.decode()
    assert client.post("/account/invitation/accept/").status_code == 302
    assert not Member.objects.filter(pk=casino_otto.pk).exists()
    otto.refresh_from_db()
    assert set(otto.memberships.values_list("club__slug", flat=True)) == {"ateneo", "casino"}
    assert TableSeat.objects.get().member == otto and otto.name == "Otto"
    assert Invitation.objects.get().accepted_by == otto_user


def test_already_logged_in_person_without_a_record_gets_the_invited_one(
    client, club, secretary, sent
):
    ana = _member(club, "Ana", "ana@example.org")
    user = User.objects.create_user("ana", password=PASSWORD)
    with sent(execute=True):
        invitation_create(club=club, member=ana, by=secretary, accept_url=lambda c: f"/x/{c}/")
    client.force_login(user)
    client.get(f"/account/invitation/{_link_code(mail.outbox[0].body)}/")
    client.post("/account/invitation/accept/")
    assert Member.objects.get(pk=ana.pk).user == user


def test_a_weak_password_is_refused_and_nothing_is_made(club, secretary, sent):
    ana = _member(club, "Ana", "ana@example.org")
    with sent(execute=True):
        invitation_create(club=club, member=ana, by=secretary, accept_url=lambda c: f"/x/{c}/")
    guest = Client()
    guest.get(f"/account/invitation/{_link_code(mail.outbox[0].body)}/")
    refused = guest.post(
        "/account/invitation/accept/",
        {"username": "ana", "password1": "12345678", "password2": "12345678"},
    )
    assert refused.status_code == 400 and not User.objects.filter(username="ana").exists()
    assert invitation_find(_link_code(mail.outbox[0].body)) is not None


def test_only_the_clubs_secretaries_invite(client, club, secretary):
    ana = _member(club, "Ana", "ana@example.org")
    player = User.objects.create_user("pia", password=PASSWORD)
    Membership.objects.create(
        club=club,
        member=Member.objects.create(name="Pia", user=player),
        role=Role.ORGANISER,
        valid_from=dt.date(2020, 1, 1),
    )
    client.force_login(player)
    assert client.post(f"/clubs/casino/members/{ana.pk}/invite/").status_code == 403
    assert client.get("/clubs/casino/members/invite/").status_code == 403
    assert not Invitation.objects.exists() and not mail.outbox


def test_invitation_codes_cannot_be_tried_without_limit(club, secretary, sent):
    """Issue #22: ten wrong codes from one address, typed or in links, within 15 minutes;
    then every code — even the right one — is refused, with the reason, until the window
    passes. Another address still accepts."""
    ana = _member(club, "Ana", "ana@example.org")
    with sent(execute=True):
        invitation_create(club=club, member=ana, by=secretary, accept_url=lambda c: f"/x/{c}/")
    right = _link_code(mail.outbox[0].body)
    guesser = Client(REMOTE_ADDR="10.3.0.1")
    typed = [
        guesser.post("/account/invitation/", {"code": f"AAAA-BBBB-CC{n:02d}"}).status_code
        for n in range(5)
    ]
    guesser.get("/account/invitation/AAAABBBBCCDD/")  # a wrong code in a link counts too
    linked = [guesser.get("/account/invitation/accept/").status_code]
    for n in range(4):
        guesser.get(f"/account/invitation/AAAABBBBDD{n:02d}/")
        linked.append(guesser.get("/account/invitation/accept/").status_code)
    assert (typed, linked) == ([400] * 5, [404] * 5)
    refused = guesser.post("/account/invitation/", {"code": right})
    assert refused.status_code == 429
    assert "Too many wrong invitation codes" in refused.content.decode()
    guesser.get(f"/account/invitation/{right}/")
    assert guesser.get("/account/invitation/accept/").status_code == 429
    elsewhere = Client(REMOTE_ADDR="10.3.0.2")
    assert elsewhere.post("/account/invitation/", {"code": right}).status_code == 302


def test_nothing_is_ticked_and_inviting_one_member_leaves_the_others_invitations(
    client, club, secretary, sent
):
    ana = _member(club, "Ana", "ana@example.org")
    bea = _member(club, "Bea", "bea@example.org")
    client.force_login(secretary)
    with sent(execute=True):
        client.post(
            "/clubs/casino/members/invite/", {"members": [ana.pk, bea.pk], "by_email": "on"}
        )
    page = client.get("/clubs/casino/members/invite/")
    assert page.context["form"]["members"].value() == []
    assert "checked" not in str(page.context["form"]["members"])
    everyone = client.get("/clubs/casino/members/invite/?select=all")
    assert sorted(everyone.context["form"]["members"].value()) == [ana.pk, bea.pk]
    before = set(Invitation.objects.values_list("pk", flat=True))
    with sent(execute=True):
        client.post("/clubs/casino/members/invite/", {"members": [bea.pk], "by_email": "on"})
    assert Invitation.objects.filter(member=ana).count() == 1  # Ana is not invited again
    assert Invitation.objects.filter(pk__in=before, withdrawn__isnull=False).count() == 0
    assert [m.to for m in mail.outbox] == [
        ["ana@example.org"],
        ["bea@example.org"],
        ["bea@example.org"],
    ]


def test_a_secretary_withdraws_a_waiting_invitation_and_its_link_stops_working(
    client, club, secretary, sent
):
    ana = _member(club, "Ana", "ana@example.org")
    client.force_login(secretary)
    with sent(execute=True):
        client.post(f"/clubs/casino/members/{ana.pk}/invite/", {"channel": "email"})
    code = re.search(r"/account/invitation/([0-9A-Z]{12})/", mail.outbox[0].body).group(1)
    invitation = Invitation.objects.get(member=ana)
    page = client.get("/clubs/casino/members/invite/").content.decode()
    assert "Withdraw the invitation of Ana" in page
    url = f"/clubs/casino/invitations/{invitation.pk}/withdraw/"
    player = User.objects.create_user("pat", password=PASSWORD)
    Membership.objects.create(
        club=club,
        member=Member.objects.create(name="Pat", user=player),
        role=Role.PLAYER,
        valid_from=dt.date(2020, 1, 1),
    )
    other = Client()
    other.force_login(player)
    assert other.post(url).status_code == 403
    answer = client.post(url, follow=True)
    assert "The invitation of Ana is withdrawn" in answer.content.decode()
    assert invitation_find(code) is None
    again = client.post(url, follow=True)
    assert "has been used, withdrawn or has expired" in again.content.decode()
