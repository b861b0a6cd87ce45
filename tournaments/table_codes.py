"""The EW confirmation code of a table in a round.

When NS have entered a round on their phone, EW confirm it on their own phone (logged in)
or on NS's phone by typing this code. The code is printed for the EW pair on their guide
card (only when an organiser or secretary prints the cards) and listed on the director's
dashboard; it is never shown to NS or to the public.

A code is six characters from an alphabet without look-alikes (no 0/O, 1/I/L): 31⁶ ≈ 8.9 ×
10⁸ codes. It is derived, not stored: an HMAC (SHA-256) of the section, round and table
under the site's ``SECRET_KEY``, so it is the same on every page and every worker and cannot
be computed without the key. Wrong codes are counted per table and round
(:mod:`scoring.confirmation`): a few of them lock the code until a director lifts the lock.
Typing is forgiving: case, spaces and dashes are ignored.
"""

from __future__ import annotations

import hmac
import re

from clubs.codes import ALPHABET, derived_code

__all__ = ["ALPHABET", "code_matches", "code_normalise", "confirmation_code"]

LENGTH = 6
_SALT = "tenace.scoring.confirmation-code"


def confirmation_code(*, section_id: int, round: int, table: int) -> str:
    """The code with which EW confirm ``table``'s results of ``round`` (stable, secret)."""
    return derived_code(_SALT, f"{section_id}:{round}:{table}", LENGTH)


def code_normalise(text: str | None) -> str:
    """A typed code in its stored form: capitals, without spaces or dashes."""
    return re.sub(r"[\s\-]", "", str(text or "")).upper()[: LENGTH * 4]


def code_matches(typed: str | None, *, section_id: int, round: int, table: int) -> bool:
    """Whether ``typed`` is the code of that table and round (compared in constant time)."""
    expected = confirmation_code(section_id=section_id, round=round, table=table)
    return hmac.compare_digest(code_normalise(typed).encode(), expected.encode())
