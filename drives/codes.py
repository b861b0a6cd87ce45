"""Table codes and card codes: how a phone at a table proves which table it is, and that
one of the players sitting there now is entering, with no login.

A **table code** is eight characters from an alphabet without look-alikes (no 0/O, 1/I/L),
shown as ``ABCD-EFGH``: 31⁸ ≈ 8.5 × 10¹¹ codes. It is printed on the table's number card,
so everyone who ever sat at the table knows it: it opens the table's page, nothing more.

A **card code** is five characters printed on a player's own score card (31⁵ ≈ 2.9 × 10⁷),
derived by an HMAC of the drive and the card number under the site's ``SECRET_KEY``
(:func:`clubs.codes.derived_code`). Entering a hand at a table takes the card
code of a player seated at that table in that hand (:func:`card_seated`), so a player who
has moved on can no longer enter for a table he left. Wrong codes of both kinds are
throttled per address (:mod:`drives.throttle`). Typing is forgiving: case, spaces and
dashes are ignored.
"""

from __future__ import annotations

import hmac
import re
import secrets

from clubs.codes import ALPHABET, derived_code

__all__ = ["ALPHABET", "card_code", "card_seated", "code_display", "code_new", "code_normalise"]

LENGTH = 8
CARD_LENGTH = 5
_CARD_SALT = "tenace.drives.card-code"


def code_new() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def code_normalise(text: str) -> str | None:
    """The stored form of a typed code, or None when it cannot be one."""
    cleaned = re.sub(r"[\s\-]", "", str(text or "")).upper()
    if len(cleaned) != LENGTH or any(c not in ALPHABET for c in cleaned):
        return None
    return cleaned


def code_display(code: str) -> str:
    return f"{code[:4]}-{code[4:]}"


def card_code(*, drive_id: int, number: int) -> str:
    """The code printed on card ``number`` of the drive (stable, secret)."""
    return derived_code(_CARD_SALT, f"{drive_id}:{number}", CARD_LENGTH)


def card_seated(typed: str | None, *, drive_id: int, numbers) -> int | None:
    """Which of the card ``numbers`` (the players seated at a table now) ``typed`` is the
    code of, or None (compared in constant time)."""
    cleaned = re.sub(r"[\s\-]", "", str(typed or "")).upper().encode()
    found = None
    for number in numbers:
        if hmac.compare_digest(cleaned, card_code(drive_id=drive_id, number=number).encode()):
            found = number
    return found
