"""Results to every player: when an event is released, each player with an email address
and a login receives their result by email (place, percentage, the link to their score
card, the hand records), unless they turned it off.

The contract:

* **Once per release and person.** :func:`release_emails_prepare` writes one
  :class:`~scoring.models.ReleaseEmail` row per player of the event for the release (a
  :class:`~tournaments.models.StatusChange` to released); the database refuses a second,
  so running it again — a second signal, a redelivered task, the director's "send what is
  waiting" — creates nothing new. Players who are not emailed get a row too, saying why
  (no address or no login, turned off, same result as the last email).
* **Sending** (:func:`release_email_deliver`, one task per row, retried like every email,
  :data:`clubs.tasks.EMAIL_RETRY`) locks the row, sends only while it is waiting, and marks
  it sent in the same transaction: two deliveries of one row send one email. (If the mail
  server accepts a message and the database then fails to record it, a retry sends it
  again: delivery is at least once, as with any mail queue.)
* **A new release** (hold back, correct, release again) emails a player again only when
  what the email tells them — their place, percentage and total in each section and in the
  event — differs from the email they were last sent for this event; otherwise the row says
  "same result". A correction made while the results stay released sends nothing.
* **Only released results go out:** a row whose event was held back (or released again)
  before it was sent is marked withheld, not sent.

The figures come from the published standings snapshots (the same numbers as the
standings pages and the files). Links are absolute, on ``settings.SITE_URL``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from clubs.accounts import results_email_off_token
from clubs.mail import email_render_parts
from clubs.models import Member
from clubs.tasks import EMAIL_ERRORS_RETRIED, email_message_send
from scoring.models import ReleaseEmail, ReleaseEmailStatus
from scoring.presenters import combined_standings, latest_snapshots
from tournaments.models import Entry, Section, StatusChange, Tournament, TournamentStatus

Status = ReleaseEmailStatus
#: Rows the job looks at again when it runs again: the player may have added an address,
#: logged in or turned the emails back on since.
RECONSIDERED = (Status.NO_ADDRESS, Status.OPTED_OUT)


def _absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def latest_release(tournament: Tournament) -> StatusChange | None:
    """The event's newest release (its status change to released), or None."""
    return (
        StatusChange.objects.filter(tournament=tournament, after__status=TournamentStatus.RELEASED)
        .order_by("-changed_at", "-pk")
        .first()
    )


def _name(member: Member | None, guest: str) -> str:
    return str(member) if member else guest


def _partners(entry: Entry, member_id: int) -> str:
    players = ((entry.member1, entry.guest1), (entry.member2, entry.guest2))
    return " – ".join(
        _name(member, guest)
        for member, guest in players
        if (member or guest) and (member is None or member.pk != member_id)
    )


def players_figures(tournament: Tournament) -> dict[int, dict]:
    """What each member who played in ``tournament`` is told, by member id:
    ``{"lines": [one per section played: session, section, pair, direction, place, of,
    percentage, total, boards, section_id, entry_id], "overall": [the event's
    ranking, when it has several sections: place, of, percentage, total]}`` — from the
    published standings (four queries)."""
    sections = list(
        Section.objects.filter(session__tournament=tournament)
        .select_related("session")
        .order_by("session__number", "name")
    )
    ids = [section.pk for section in sections]
    snapshots = latest_snapshots(ids)
    entries = {
        entry.pk: entry
        for entry in Entry.objects.filter(section_id__in=ids).select_related("member1", "member2")
    }
    figures: dict[int, dict] = {}
    for section in sections:
        for field in (snapshots.get(section.pk) or {}).get("fields", []):
            for row in field["rows"]:
                entry = entries.get(row["entry"])
                for member_id in sorted(entry.member_ids()) if entry else ():
                    figures.setdefault(member_id, {"lines": [], "overall": []})
                    figures[member_id]["lines"].append(
                        {
                            "session": section.session.number,
                            "section": section.name,
                            "section_id": section.pk,
                            "entry_id": entry.pk,
                            "pair": row["number"],
                            "direction": field["name"],
                            "place": row["rank_label"],
                            "of": len(field["rows"]),
                            "percentage": row["percentage"],
                            "total": row["total"],
                            "boards": row["boards"],
                        }
                    )
    if len(sections) > 1:
        ranking = combined_standings(ids, snapshots, entries)
        for row in ranking:
            for member_id in sorted(row["entry"].member_ids()):
                if member_id in figures:
                    figures[member_id]["overall"].append(
                        {
                            "place": row["rank_label"],
                            "of": row["field_size"],
                            "percentage": row["percentage"],
                            "total": row["total"],
                        }
                    )
    return figures


def _told(figures: dict) -> tuple:
    """What an email tells, to compare two releases: places, percentages and totals."""
    lines = tuple(
        (line["session"], line["section"], line["place"], line["percentage"], line["total"])
        for line in figures.get("lines", [])
    )
    overall = tuple(
        (line["place"], line["percentage"], line["total"]) for line in figures.get("overall", [])
    )
    return lines, overall


def _address(member: Member) -> str:
    user = member.user
    if user is None or not user.is_active or member.erased is not None:
        return ""
    return user.email or member.email


def _language(member: Member, tournament: Tournament) -> str:
    languages = dict(settings.LANGUAGES)
    if member.language in languages:
        return member.language
    return tournament.club.language if tournament.club.language in languages else "en"


def _status(member: Member, address: str, figures: dict, last_sent: dict | None) -> str:
    if not address:
        return Status.NO_ADDRESS
    if not member.results_by_email:
        return Status.OPTED_OUT
    if last_sent is not None and _told(last_sent) == _told(figures):
        return Status.UNCHANGED
    return Status.QUEUED


def _last_sent(tournament: Tournament, release: StatusChange) -> dict[int, dict]:
    """The figures of the email each player was last sent for ``tournament``."""
    rows = (
        ReleaseEmail.objects.filter(tournament=tournament, status=Status.SENT)
        .exclude(release=release)
        .order_by("sent_at", "pk")
        .values_list("member_id", "figures")
    )
    return dict(rows)


def release_emails_prepare(*, change_id: int) -> list[int]:
    """Write the results-email rows of the release ``change_id`` (see the module's
    contract) and return the ids of the rows waiting to be sent — new ones and any still
    waiting from an earlier run (sending them again is safe: see
    :func:`release_email_deliver`). Nothing when the change is not the event's newest
    release or the results are no longer public."""
    change = StatusChange.objects.select_related("tournament__club").filter(pk=change_id).first()
    if change is None or change.after.get("status") != TournamentStatus.RELEASED:
        return []
    tournament = change.tournament
    if not tournament.standings_released or latest_release(tournament) != change:
        return []
    figures = players_figures(tournament)
    members = Member.objects.filter(pk__in=figures).select_related("user")
    existing = {row.member_id: row for row in ReleaseEmail.objects.filter(release=change)}
    last_sent = _last_sent(tournament, change)
    waiting = []
    for member in members:
        address = _address(member)
        status = _status(member, address, figures[member.pk], last_sent.get(member.pk))
        values = {
            "tournament": tournament,
            "address": address,
            "language": _language(member, tournament),
            "status": status,
            "figures": figures[member.pk],
        }
        row = existing.get(member.pk)
        if row is None:
            try:
                with transaction.atomic():
                    row = ReleaseEmail.objects.create(release=change, member=member, **values)
            except IntegrityError:  # another run wrote it meanwhile: that run sends it
                continue
        elif row.status in RECONSIDERED and status != row.status:
            values.pop("tournament")
            changed = ReleaseEmail.objects.filter(pk=row.pk, status=row.status).update(**values)
            row.status = status if changed else row.status
        if row.status == Status.QUEUED:
            waiting.append(row.pk)
    return waiting


def _links(row: ReleaseEmail) -> dict:
    tournament = row.tournament
    club, event = tournament.club.slug, tournament.slug
    figures = row.figures.get("lines", [])
    entries = Entry.objects.filter(pk__in=[line["entry_id"] for line in figures])
    entries = {entry.pk: entry for entry in entries.select_related("member1", "member2")}
    lines = []
    for line in figures:
        session = reverse("scoring:public-session", args=[club, event, line["session"]])
        entry = entries.get(line["entry_id"])
        lines.append(
            line
            | {
                # Read now, not stored: a partner's erasure reaches every email to come.
                "partner": _partners(entry, row.member_id) if entry else "",
                "score_card": _absolute(
                    reverse("scoring:score-card", args=[line["section_id"], line["entry_id"]])
                ),
                "hand_records": _absolute(f"{session}#boards"),
                "pbn": _absolute(
                    reverse(
                        "scoring:public-session-file", args=[club, event, line["session"], "pbn"]
                    )
                ),
            }
        )
    return {
        "lines": lines,
        "overall": row.figures.get("overall", []),
        "event_page": _absolute(reverse("scoring:public-event", args=[club, event])),
        "off_link": _absolute(
            reverse("account_results_off", args=[results_email_off_token(row.member)])
        ),
        "account_link": _absolute(reverse("account") + "#emails"),
    }


def release_email_context(row: ReleaseEmail) -> dict:
    """What the results email of ``row`` shows (links absolute)."""
    tournament = row.tournament
    return {
        "name": row.member.name,
        "event": tournament.name,
        "club": tournament.club.name,
        "date": tournament.starts,
        "method": tournament.scoring_method,
        "several_sessions": tournament.sessions.count() > 1,
        "again": ReleaseEmail.objects.filter(
            tournament=tournament, member=row.member, status=Status.SENT
        ).exists(),
    } | _links(row)


def release_email_deliver(*, email_id: int, final_try: bool = True) -> str:
    """Send the results email of row ``email_id`` if it is still waiting; returns the row's
    status. A failure is recorded (attempts, error) and raised for the task to retry; on the
    last try, or for an error a retry cannot mend, the row is marked failed."""
    failure: Exception | None = None
    with transaction.atomic():
        row = (
            ReleaseEmail.objects.select_for_update(of=("self",))
            .select_related("tournament__club", "member")
            .filter(pk=email_id)
            .first()
        )
        if row is None or row.status != Status.QUEUED:
            return row.status if row else ""
        tournament = row.tournament
        if not tournament.standings_released or latest_release(tournament).pk != row.release_id:
            row.status = Status.WITHHELD
            row.save(update_fields=["status"])
            return row.status
        row.attempts += 1
        try:
            context = release_email_context(row)
            parts = email_render_parts(
                template="results_released", context=context, language=row.language
            )
            email_message_send(
                to=[row.address],
                subject=parts.subject,
                body=parts.body,
                html=parts.html,
                headers={
                    "List-Unsubscribe": f"<{context['off_link']}>",
                    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
                },
            )
        except Exception as error:  # noqa: BLE001 - recorded in the log, then raised
            failure = error
            row.error = f"{type(error).__name__}: {error}"[:300]
            if final_try or not isinstance(error, EMAIL_ERRORS_RETRIED):
                row.status = Status.FAILED
        else:
            row.status, row.sent_at, row.error = Status.SENT, timezone.now(), ""
        row.save(update_fields=["attempts", "error", "status", "sent_at"])
    if failure is not None:
        raise failure
    return row.status


def release_emails_log(tournament: Tournament, *, prefetch=()) -> list[dict]:
    """The results emails of ``tournament``, release by release (newest first): each
    release with its rows (player, address, status, attempts, error, when) and counts by
    status (one query, and one per ``prefetch``)."""
    rows = (
        ReleaseEmail.objects.filter(tournament=tournament)
        .select_related("member", "release__changed_by")
        .prefetch_related(*prefetch)
        .order_by("-release__changed_at", "-release_id", "member__name", "pk")
    )
    releases: dict[int, dict] = {}
    for row in rows:
        release = releases.setdefault(
            row.release_id, {"release": row.release, "rows": [], "counts": {}}
        )
        release["rows"].append(row)
        release["counts"][row.status] = release["counts"].get(row.status, 0) + 1
    for release in releases.values():
        release["counts"] = [
            (Status(status).label, release["counts"][status])
            for status in Status.values
            if status in release["counts"]
        ]
        release["waiting"] = any(row.status == Status.QUEUED for row in release["rows"])
    return list(releases.values())


def member_release_emails(member: Member):
    """The results emails of ``member`` (for their data export and erasure)."""
    return ReleaseEmail.objects.filter(member=member).select_related("tournament", "release")
