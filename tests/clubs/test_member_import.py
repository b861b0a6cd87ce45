"""Member import from CSV: all rows or none, with a report of refused rows."""

from __future__ import annotations

import datetime as dt

import pytest

from clubs.errors import MemberImportRefused
from clubs.models import Club, Member, Membership, Role
from clubs.services import member_import_csv

pytestmark = pytest.mark.django_db

HEADER = "name,email,phone,role,from,to\n"


@pytest.fixture
def club():
    return Club.objects.create(name="Casino de Madrid", slug="casino")


def test_member_import_good_file_creates_members_and_memberships(club):
    text = HEADER + (
        "Ana Ruiz,ana@example.org,600 111 222,secretary,2026-01-01,\n"
        "Petr Novák,,,player,2026-02-01,2026-12-31\n"
    )
    report = member_import_csv(club=club, text=text)
    assert report.created == 2
    assert report.refused == ()
    ana = Membership.objects.get(member__name="Ana Ruiz")
    assert (ana.club, ana.role, ana.valid_from) == (club, Role.SECRETARY, dt.date(2026, 1, 1))
    assert ana.member.phone == "600 111 222"
    petr = Membership.objects.get(member__name="Petr Novák")
    assert petr.valid_to == dt.date(2026, 12, 31)


def test_member_import_one_bad_row_imports_nothing_and_reports_it(club):
    text = HEADER + (
        "Ana Ruiz,ana@example.org,,player,2026-01-01,\n"
        "Bad Role,,,captain,2026-01-01,\n"
        ",,,player,2026-01-01,\n"
        "Bad Date,,,player,01/01/2026,\n"
        "Bad Email,not-an-email,,player,2026-01-01,\n"
        "Backwards,,,player,2026-05-01,2026-01-01\n"
    )
    with pytest.raises(MemberImportRefused) as caught:
        member_import_csv(club=club, text=text)
    refused = {r.line: r.reason for r in caught.value.report.refused}
    assert sorted(refused) == [3, 4, 5, 6, 7]
    assert "captain" in refused[3]
    assert "name" in refused[4]
    assert "01/01/2026" in refused[5]
    assert Member.objects.count() == 0
    assert Membership.objects.count() == 0


def test_member_import_missing_column_refuses_file(club):
    with pytest.raises(MemberImportRefused) as caught:
        member_import_csv(club=club, text="name,email\nAna,ana@example.org\n")
    (row,) = caught.value.report.refused
    assert row.line == 1 and "role" in row.reason and "from" in row.reason


def test_member_import_never_attaches_another_clubs_member_by_email(club):
    """A person of another club is never attached by email (they join by invitation): the
    import makes this club's own record, and the other club's record is untouched."""
    other = Club.objects.create(name="Brno Whist", slug="brno")
    member_import_csv(club=other, text=HEADER + "Ana Ruiz,ana@example.org,600,player,2026-01-01,\n")
    member_import_csv(club=club, text=HEADER + "Ana R.,ANA@example.org,,organiser,2026-01-01,\n")
    brno, casino = (Member.objects.get(memberships__club__slug=s) for s in ("brno", "casino"))
    assert brno.pk != casino.pk
    assert (brno.name, brno.phone, brno.email) == ("Ana Ruiz", "600", "ana@example.org")
    assert set(brno.memberships.values_list("club__slug", "role")) == {("brno", "player")}
    assert set(casino.memberships.values_list("club__slug", "role")) == {("casino", "organiser")}


def test_member_import_known_email_of_this_club_gets_another_role(club):
    member_import_csv(club=club, text=HEADER + "Ana Ruiz,ana@example.org,,player,2026-01-01,\n")
    member_import_csv(club=club, text=HEADER + "Ana R.,ANA@example.org,,organiser,2026-02-01,\n")
    assert Member.objects.count() == 1
    assert set(Membership.objects.values_list("role", flat=True)) == {"player", "organiser"}


def test_member_import_row_twice_in_file_is_refused(club):
    row = "Ana Ruiz,ana@example.org,,player,2026-01-01,\n"
    with pytest.raises(MemberImportRefused) as caught:
        member_import_csv(club=club, text=HEADER + row + row)
    assert [r.line for r in caught.value.report.refused] == [3]
    assert Member.objects.count() == 0


def test_member_import_existing_membership_is_refused(club):
    row = "Ana Ruiz,ana@example.org,,player,2026-01-01,\n"
    member_import_csv(club=club, text=HEADER + row)
    with pytest.raises(MemberImportRefused):
        member_import_csv(club=club, text=HEADER + row)
    assert Membership.objects.count() == 1
