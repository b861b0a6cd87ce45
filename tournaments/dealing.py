"""Which boards a board set's seed deals: the seed together with the site's deal secret.

The dealing code is public (:mod:`engine.deal`), so a seed alone would let whoever reads it
deal every board of a running event. A set is therefore dealt from
:func:`engine.deal.keyed_seed` of its seed under :func:`deal_secret` (the ``DEAL_SECRET``
setting, else a key derived from ``SECRET_KEY``); the recorded seed alone deals nothing.
Sets dealt before that (``BoardSet.Dealing.SEED_ALONE``) keep their rule, so every stored
set can still be dealt again from its seed. The deals themselves are stored on the boards:
nothing is dealt again on the fly, and a new secret changes no stored deal (only which
boards a seed would deal again).
"""

from __future__ import annotations

from django.conf import settings
from django.utils.crypto import salted_hmac

from engine.boards import Board as EngineBoard
from engine.boards import TrumpScheme
from engine.boards import board_set as engine_board_set
from engine.deal import keyed_seed

_SALT = "tenace.tournaments.deal-secret"


def deal_secret() -> bytes:
    """The site's deal secret: ``DEAL_SECRET`` when set, else derived from ``SECRET_KEY``."""
    configured = getattr(settings, "DEAL_SECRET", "")
    if configured:
        return configured.encode("utf-8")
    return salted_hmac(_SALT, "deals", algorithm="sha256").digest()


def boards_from_seed(
    *, seed: str, count: int, scheme: TrumpScheme, keyed: bool = True
) -> tuple[EngineBoard, ...]:
    """Boards 1…``count`` that ``seed`` deals: with the deal secret (``keyed``, every set
    dealt now), or from the seed alone (sets dealt before the secret)."""
    dealing_seed = keyed_seed(seed, deal_secret()) if keyed else seed
    return engine_board_set(count, dealing_seed, scheme)
