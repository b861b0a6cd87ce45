"""Table codes: how a phone at a table proves which table it is, with no login.

Eight characters from an alphabet without look-alikes (no 0/O, 1/I/L), shown as
``ABCD-EFGH``: 31⁸ ≈ 8.5 × 10¹¹ codes, and guesses are throttled (:mod:`drives.throttle`).
Typing is forgiving: case, spaces and dashes are ignored.
"""

from __future__ import annotations

import re
import secrets

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
LENGTH = 8


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
