"""Table devices: a phone handed to a table without a personal login, as a Bridgemate is.

A director makes a device for one table of one section (:func:`device_create`); the page
shows its **key** once, as a QR code of the address that opens it, and a **short code** of
eight letters and digits (``ABCD-EFGH``, no look-alikes) to type instead. Only their hashes
are stored: the key's SHA-256 (it is long and random) and the code's HMAC with the site's
secret key (a short code alone could be found again from its plain hash).

Opening the address (or typing the code) gives the phone a **signed cookie** naming the
device, for :data:`COOKIE_HOURS` hours. Every request reads the device again
(:func:`device_of_request`), so a revoked device (:func:`device_revoke`) is refused at once.
The cookie lets the phone enter and confirm the results of its table in its section while
the event runs, nothing else: it is no login, so no other page opens with it. Wrong codes
are throttled per address (:data:`guesses`). The last use is recorded at most
once a minute.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.guesses import GuessCounter
from clubs.inputs import whole_number
from scoring.errors import ScoringError
from scoring.models import TableDevice
from tournaments.models import Seating, Section

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 8
COOKIE = "tenace_table_device"
COOKIE_SALT = "scoring.table-device"
COOKIE_HOURS = 18
TOUCH_EVERY = dt.timedelta(seconds=60)
GUESS_LIMIT = 10
GUESS_WINDOW = 15 * 60


class DeviceRefused(ScoringError):
    """A device cannot be made or used: no such table, revoked, another table."""


@dataclass(frozen=True)
class IssuedDevice:
    """A device just made, with its key and code: the only time they are known."""

    device: TableDevice
    key: str
    code: str

    @property
    def code_display(self) -> str:
        return code_display(self.code)


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def code_hash(code: str) -> str:
    return hmac.new(
        settings.SECRET_KEY.encode(), f"tenace-device:{code}".encode(), hashlib.sha256
    ).hexdigest()


def code_normalise(text: str) -> str | None:
    """The stored form of a typed code (case, spaces and dashes ignored), or None."""
    cleaned = re.sub(r"[\s\-]", "", str(text or "")).upper()
    if len(cleaned) != CODE_LENGTH or any(c not in ALPHABET for c in cleaned):
        return None
    return cleaned


def code_display(code: str) -> str:
    return f"{code[:4]}-{code[4:]}"


def section_tables(section: Section) -> list[int]:
    """The table numbers the section's schedule uses."""
    return sorted(
        set(Seating.objects.filter(section=section).values_list("table", flat=True).distinct())
    )


def device_create(*, section: Section, table: int, by) -> IssuedDevice:
    """A new device for ``table`` of ``section``, made by ``by`` (the view checks that they
    direct the event)."""
    if table not in section_tables(section):
        raise DeviceRefused(_("Table %(table)s does not play in this section.") % {"table": table})
    for _attempt in range(3):
        key = secrets.token_urlsafe(24)
        code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
        device = TableDevice(
            section=section,
            table=table,
            key_hash=key_hash(key),
            code_hash=code_hash(code),
            created_by=by,
        )
        device.full_clean(exclude=["section", "created_by"])
        try:
            with transaction.atomic():
                device.save()
        except IntegrityError:  # the same code drawn twice (about 1 in 10¹¹): draw again
            continue
        return IssuedDevice(device, key, code)
    raise DeviceRefused(_("No new code could be drawn; try again."))


@transaction.atomic
def device_revoke(*, device: TableDevice, by) -> TableDevice:
    """Revoke ``device`` (again: nothing changes); its phone is refused from now on."""
    device = TableDevice.objects.select_for_update().get(pk=device.pk)
    if device.revoked is None:
        device.revoked, device.revoked_by = timezone.now(), by
        device.save(update_fields=["revoked", "revoked_by"])
    return device


def _usable(queryset) -> TableDevice | None:
    return (
        queryset.filter(revoked__isnull=True)
        .select_related("section__session__tournament__club")
        .first()
    )


def device_by_key(key: str) -> TableDevice | None:
    return _usable(TableDevice.objects.filter(key_hash=key_hash(key or "")))


def device_by_code(code: str) -> TableDevice | None:
    return _usable(TableDevice.objects.filter(code_hash=code_hash(code)))


def device_cookie_set(response, device: TableDevice) -> None:
    response.set_signed_cookie(
        COOKIE,
        str(device.pk),
        salt=COOKIE_SALT,
        max_age=COOKIE_HOURS * 3600,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )


def device_cookie_id(request) -> int | None:
    """The device the request's cookie names (signed by us), if any, revoked or not."""
    try:
        value = request.get_signed_cookie(
            COOKIE, default=None, salt=COOKIE_SALT, max_age=COOKIE_HOURS * 3600
        )
    except signing.BadSignature:
        return None
    return whole_number(value)


def device_of_request(request) -> TableDevice | None:
    """The usable (not revoked) device of the request's cookie; its last use recorded."""
    device_id = device_cookie_id(request)
    if device_id is None:
        return None
    device = _usable(TableDevice.objects.filter(pk=device_id))
    if device is not None:
        device_touch(device)
    return device


def device_touch(device: TableDevice) -> None:
    """Record a use, at most once a minute (never a write per request)."""
    now = timezone.now()
    if device.last_used is None or now - device.last_used >= TOUCH_EVERY:
        TableDevice.objects.filter(pk=device.pk).update(last_used=now)
        device.last_used = now


#: Typed device codes per client: a try is taken before the code is checked, given back
#: when it was right.
guesses = GuessCounter("scoring:device-guesses", GUESS_LIMIT, GUESS_WINDOW)
