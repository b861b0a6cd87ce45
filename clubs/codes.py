"""Codes people type that are derived, not stored: an HMAC (SHA-256) of what the code
stands for under the site's ``SECRET_KEY``, written in an alphabet without look-alikes
(no 0/O, 1/I/L). The same on every page and every worker; not computable without the key.
Used for EW confirmation codes (``tournaments.table_codes``) and drive card codes
(``drives.codes``)."""

from __future__ import annotations

from django.utils.crypto import salted_hmac

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"


def derived_code(salt: str, message: str, length: int) -> str:
    """``length`` characters of :data:`ALPHABET` derived from ``message`` under ``salt``."""
    digest = salted_hmac(salt, message, algorithm="sha256").digest()
    number = int.from_bytes(digest, "big")
    characters = []
    for _position in range(length):
        number, index = divmod(number, len(ALPHABET))
        characters.append(ALPHABET[index])
    return "".join(characters)
