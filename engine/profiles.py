"""Rule profiles: a named, frozen set of scoring settings (rules.md, Decision 1).

Contract:

* :class:`RuleProfile` is immutable. ``profile.override(game_target=10)`` checks the new
  settings and returns a *new* profile; an unknown setting or a value out of range raises
  :class:`~engine.errors.ProfileError` with a message naming the setting.
* Six presets, each a module constant and in :data:`PRESETS`: :data:`SHORT` (game 5, honours,
  rubber points), :data:`AMERICAN` (game 7, tricks only), :data:`LONG` (game 9 as the seeds
  say; a club may override to 10), :data:`DUPLICATE` (every trick counts, no honours, no
  games), :data:`DUMMY` (three players, short-whist scoring, dummy not liable to the revoke
  penalty) and :data:`DOUBLE_DUMMY` (two players, each with a dummy: the same laws, but no
  misdeal — "the deal is a disadvantage", so the misdealer deals again). ``get_profile("short", **overrides)`` returns a preset, optionally overridden.
* ``to_dict()`` gives plain JSON values (enums as their string values); ``from_dict()`` reads
  them back, rejects unknown keys, and takes any missing setting from the preset named by
  ``name`` (or, for a club's own name, from :class:`RuleProfile`'s defaults, which are short
  whist's), so a profile stored before a setting existed still loads.
* Every DISPUTED rule of rules.md is a setting: :class:`HonoursAtGame` (§2.2),
  :class:`BothRevokePolicy` (§3), :class:`MisdealPolicy` (§4), the trump scheme (§9).

Game values (§2.3, Club laws 8–10) are thresholds on the *losers'* score when the game ends:
a treble below ``double_from``, a double below ``single_from``, else a single. Short whist
gives 0 → 3, 1–2 → 2, 3–4 → 1, i.e. ``double_from=1, single_from=3``. Our generalisation for
other targets: ``single_from`` defaults (``None``) to half the target rounded up — 3 for 5,
4 for 7, 5 for 9 and 10, the old long-whist "single if the losers have five".

>>> get_profile("long", game_target=10).game_value(4)
2
>>> SHORT.game_value(0), SHORT.game_value(2), SHORT.game_value(3)
(3, 2, 1)
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.boards import TrumpScheme
from engine.errors import ProfileError

__all__ = [
    "HonoursAtGame",
    "BothRevokePolicy",
    "MisdealPolicy",
    "RuleProfile",
    "SHORT",
    "AMERICAN",
    "LONG",
    "DUPLICATE",
    "DUMMY",
    "DOUBLE_DUMMY",
    "PRESETS",
    "get_profile",
]


class HonoursAtGame(enum.StrEnum):
    """What honours may do at the game boundary (rules.md §2.2, DISPUTED).

    * ``CAP_ONE_SHORT`` (Czech seed): honours bring a side at most to one point short of game.
    * ``IGNORED_IF_REACHING_GAME`` (Spanish seed): honour points do not count at all if they
      would bring the side to game.
    * ``CLUB_CODE`` (Club law 4): a side at game−1 when the deal starts scores no honours;
      otherwise honours may win the game (long whist at 10: "at nine they do not count").
    """

    CAP_ONE_SHORT = "cap_one_short"
    IGNORED_IF_REACHING_GAME = "ignored_if_reaching_game"
    CLUB_CODE = "club_code"


class BothRevokePolicy(enum.StrEnum):
    """Both sides revoke in one hand (rules.md §3, DISPUTED): Club law 81 ``NEITHER_WINS_GAME``
    (each penalised, neither can win the game on the hand) or old Hoyle ``NEW_DEAL``."""

    NEITHER_WINS_GAME = "neither_wins_game"
    NEW_DEAL = "new_deal"


class MisdealPolicy(enum.StrEnum):
    """After a misdeal (rules.md §4): Club law 43 ``LOSES_DEAL`` (the deal passes to the
    left) or American/duplicate ``REDEAL_SAME_DEALER``."""

    LOSES_DEAL = "loses_deal"
    REDEAL_SAME_DEALER = "redeal_same_dealer"


_ENUMS: dict[str, type[enum.Enum]] = {
    "honours_at_game": HonoursAtGame,
    "both_revoke": BothRevokePolicy,
    "misdeal": MisdealPolicy,
    "trump_scheme": TrumpScheme,
}
_BOOLS = ("honours", "rubber_points", "every_trick_counts", "dummy_liable_to_revoke")
_INTS: dict[str, tuple[int, int]] = {
    "players": (2, 4),
    "game_target": (1, 50),
    "rubber_bonus": (0, 50),
    "double_from": (0, 50),
    "revoke_penalty": (1, 13),
}


@dataclass(frozen=True, slots=True)
class RuleProfile:
    """The settings a club or event plays by. Defaults are English short whist.

    ``players``: 4, 3 for dummy whist, 2 for double dummy. ``game_target``: points that win a game.
    ``honours``: whether honours score; ``honours_at_game``: the §2.2 rule.
    ``rubber_points``: whether game values and ``rubber_bonus`` are reckoned (§2.3); when off,
    a rubber is worth ``rubber_bonus`` to its winners (Foster's "agreed value").
    ``double_from``/``single_from``: game-value thresholds on the losers' score (see module).
    ``revoke_penalty``: tricks or points a revoke costs (3). ``both_revoke``, ``misdeal``:
    the DISPUTED policies. ``trump_scheme``: how trumps are chosen.
    ``every_trick_counts``: duplicate scoring — boards, not games (§7).
    ``dummy_liable_to_revoke``: only with fewer than four players (a dummy at the table); the
    Club Code says no (§5).
    """

    name: str
    players: int = 4
    game_target: int = 5
    honours: bool = True
    honours_at_game: HonoursAtGame = HonoursAtGame.CAP_ONE_SHORT
    rubber_points: bool = True
    rubber_bonus: int = 2
    double_from: int = 1
    single_from: int | None = None
    revoke_penalty: int = 3
    both_revoke: BothRevokePolicy = BothRevokePolicy.NEITHER_WINS_GAME
    misdeal: MisdealPolicy = MisdealPolicy.LOSES_DEAL
    trump_scheme: TrumpScheme = TrumpScheme.TURNED
    every_trick_counts: bool = False
    dummy_liable_to_revoke: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip() or len(self.name) > 60:
            raise ProfileError(
                "a rule profile needs a name of 1 to 60 characters",
                code="profiles_rule_profile_needs_name_characters",
            )
        for key in _BOOLS:
            if not isinstance(getattr(self, key), bool):
                raise ProfileError(
                    f"{key} must be true or false, not {getattr(self, key)!r}",
                    code="profiles_true_false",
                    params={"key": str(key), "value": repr(getattr(self, key))},
                )
        for key, (low, high) in _INTS.items():
            _check_int(key, getattr(self, key), low, high)
        for key, kind in _ENUMS.items():
            if not isinstance(getattr(self, key), kind):
                raise ProfileError(
                    f"{key} must be one of {_choices(kind)}",
                    code="profiles_one",
                    params={"key": str(key), "kind": str(_choices(kind))},
                )
        self._check_consistency()

    def _check_consistency(self) -> None:
        target = self.game_target
        if self.double_from > target:
            raise ProfileError(
                f"double_from ({self.double_from}) cannot exceed game ({target})",
                code="profiles_double_exceed_game",
                params={"double_from": str(self.double_from), "target": str(target)},
            )
        if self.single_from is not None:
            _check_int("single_from", self.single_from, self.double_from, target)
        if self.every_trick_counts and (self.honours or self.rubber_points):
            raise ProfileError(
                "when every trick counts (duplicate) there are no honours and no rubber points",
                code="profiles_when_every_trick_counts_duplicate",
            )

    @property
    def single_threshold(self) -> int:
        """The losers' score from which a game is only a single."""
        if self.single_from is not None:
            return self.single_from
        return max(self.double_from, (self.game_target + 1) // 2)

    def game_value(self, losers_score: int) -> int:
        """Treble (3), double (2) or single (1) for a game won against ``losers_score``."""
        if losers_score < self.double_from:
            return 3
        return 2 if losers_score < self.single_threshold else 1

    def override(self, **changes: Any) -> RuleProfile:
        """A new profile with ``changes`` applied and checked; enums may be given as strings."""
        return dataclasses.replace(self, **_coerce(changes))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values, every setting present."""
        return {field.name: _plain(getattr(self, field.name)) for field in dataclasses.fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RuleProfile:
        """The profile stored by :meth:`to_dict`; missing settings come from the preset named
        ``data["name"]`` (else the defaults); unknown keys raise :class:`ProfileError`."""
        if not isinstance(data, Mapping) or not isinstance(data.get("name"), str):
            raise ProfileError(
                "a stored rule profile must be a mapping with a name",
                code="profiles_stored_rule_profile_mapping_name",
            )
        base = PRESETS.get(data["name"]) or cls(name=str(data["name"]))
        return base.override(**{key: value for key, value in data.items()})


def _check_int(key: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ProfileError(
            f"{key} must be a whole number from {low} to {high}, not {value!r}",
            code="profiles_whole_number",
            params={"key": str(key), "low": str(low), "high": str(high), "value": repr(value)},
        )


def _choices(kind: type[enum.Enum]) -> str:
    return ", ".join(str(member.value) for member in kind)


def _plain(value: object) -> object:
    return value.value if isinstance(value, enum.Enum) else value


_FIELD_NAMES = frozenset(field.name for field in dataclasses.fields(RuleProfile))


def _coerce(changes: Mapping[str, Any]) -> dict[str, Any]:
    unknown = sorted(set(changes) - _FIELD_NAMES)
    if unknown:
        raise ProfileError(
            f"unknown rule setting {', '.join(unknown)}; known: {', '.join(sorted(_FIELD_NAMES))}",
            code="profiles_unknown_rule_setting_known",
            params={
                "names": str(", ".join(unknown)),
                "names2": str(", ".join(sorted(_FIELD_NAMES))),
            },
        )
    coerced = dict(changes)
    for key, kind in _ENUMS.items():
        if key in coerced and not isinstance(coerced[key], kind):
            try:
                coerced[key] = kind(coerced[key])
            except ValueError:
                raise ProfileError(
                    f"{key} cannot be {coerced[key]!r}; choose one of {_choices(kind)}",
                    code="profiles_choose_one",
                    params={
                        "key": str(key),
                        "coerced": repr(coerced[key]),
                        "kind": str(_choices(kind)),
                    },
                ) from None
    return coerced


SHORT = RuleProfile(name="short")
AMERICAN = RuleProfile(
    name="american",
    game_target=7,
    honours=False,
    rubber_points=False,
    rubber_bonus=1,
    misdeal=MisdealPolicy.REDEAL_SAME_DEALER,
)
LONG = RuleProfile(name="long", game_target=9)
DUPLICATE = RuleProfile(
    name="duplicate",
    game_target=7,
    honours=False,
    rubber_points=False,
    rubber_bonus=0,
    every_trick_counts=True,
    misdeal=MisdealPolicy.REDEAL_SAME_DEALER,
    trump_scheme=TrumpScheme.HDSC,
)
DUMMY = RuleProfile(name="dummy", players=3, dummy_liable_to_revoke=False)
DOUBLE_DUMMY = RuleProfile(
    name="double_dummy",
    players=2,
    dummy_liable_to_revoke=False,
    misdeal=MisdealPolicy.REDEAL_SAME_DEALER,
)

#: The presets by name.
PRESETS: Mapping[str, RuleProfile] = MappingProxyType(
    {profile.name: profile for profile in (SHORT, AMERICAN, LONG, DUPLICATE, DUMMY, DOUBLE_DUMMY)}
)


def get_profile(name: str, **overrides: Any) -> RuleProfile:
    """The preset called ``name`` (short, american, long, duplicate, dummy, double_dummy) with
    ``overrides`` applied."""
    try:
        profile = PRESETS[name]
    except (KeyError, TypeError):
        raise ProfileError(
            f"there is no rule profile called {name!r}; choose one of {', '.join(PRESETS)}",
            code="profile_unknown",
            params={"name": repr(name), "names": str(", ".join(PRESETS))},
        ) from None
    return profile.override(**overrides) if overrides else profile
