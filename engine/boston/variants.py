"""Boston rule profiles (rules.md §10): frozen settings, presets, JSON round trip."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from enum import Enum

from engine.errors import ProfileError


class BostonCardRule(str, Enum):
    """Which card is the boston card (DISPUTED, rules.md §10.1)."""

    NONE = "none"
    JD_EXCEPT_DIAMONDS = "jd_except_diamonds"  # acanomas: JD, or JH when diamonds are trumps
    ALWAYS_JD = "always_jd"
    ALWAYS_JH = "always_jh"


class AllPass(str, Enum):
    """What happens when all four pass (DISPUTED, rules.md §10.3)."""

    REDEAL = "redeal"  # the seed: the hand is void, the next dealer deals
    MISERE_PARTOUT = "misere_partout"  # Foster/EB1911: most tricks pays the others
    POOL_TO_FEWEST = "pool_to_fewest"  # Fontainebleau (wikisum): fewest tricks takes the pool


class Ladder(str, Enum):
    """Which contracts exist and their order, lowest first (see ``engine.boston.auction``)."""

    SPANISH = "spanish"  # the seed: pido … miseria en la mesa
    ANGLO_AMERICAN = "anglo_american"  # 5, 6, 7, little misère, 8, … grand spread, 13
    FONTAINEBLEAU = "fontainebleau"  # demande (5; je soutiens: 8 together) … chelem (13)


class SuitOrder(str, Enum):
    """How equal bids rank by suit."""

    BRIDGE = "bridge"  # C < D < H < S (the seed's order is on its missing page 1)
    PREFERENCE = "preference"  # plain < colour < preference (the turned suit), §10.3
    FONTAINEBLEAU = "fontainebleau"  # S < C < H < D < grand (no trump), §10.5


@dataclass(frozen=True)
class BostonProfile:
    """A named, frozen set of Boston settings."""

    name: str
    boston_card: BostonCardRule = BostonCardRule.JD_EXCEPT_DIAMONDS
    boston_card_is_trump: bool = True  # follows as a trump (es.knowpia's "14th trump")
    all_pass: AllPass = AllPass.REDEAL
    passed_may_bid_misere: bool = False  # Anglo-American: passed players re-enter with misères
    ladder: Ladder = Ladder.SPANISH
    suit_order: SuitOrder = SuitOrder.BRIDGE

    def override(self, **settings: object) -> BostonProfile:
        """Return a copy with ``settings`` changed; unknown names raise ProfileError."""
        known = {f.name for f in fields(self)}
        for key in settings:
            if key not in known:
                raise ProfileError(
                    f"Boston has no setting called {key!r}",
                    code="boston_variants_boston_setting_called_2",
                    params={"key": repr(key)},
                )
        return _coerce(replace(self, **settings))

    def to_dict(self) -> dict[str, object]:
        """JSON-ready dict of every setting."""
        return {k: (v.value if isinstance(v, Enum) else v) for k, v in asdict(self).items()}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> BostonProfile:
        """Inverse of :meth:`to_dict`."""
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ProfileError(
                f"Boston has no setting called {sorted(unknown)[0]!r}",
                code="boston_variants_boston_setting_called",
                params={"unknown": repr(sorted(unknown)[0])},
            )
        return _coerce(cls(**data))  # type: ignore[arg-type]


def _coerce(profile: BostonProfile) -> BostonProfile:
    try:
        return replace(
            profile,
            boston_card=BostonCardRule(profile.boston_card),
            all_pass=AllPass(profile.all_pass),
            ladder=Ladder(profile.ladder),
            suit_order=SuitOrder(profile.suit_order),
        )
    except ValueError as exc:
        raise ProfileError(
            f"unknown Boston setting value: {exc}",
            code="boston_variants_unknown_boston_setting_value",
            params={"exc": str(exc)},
        ) from exc


SPANISH = BostonProfile(name="boston_es")
ANGLO_AMERICAN = BostonProfile(
    name="boston_anglo",
    boston_card=BostonCardRule.NONE,
    all_pass=AllPass.MISERE_PARTOUT,
    passed_may_bid_misere=True,
    ladder=Ladder.ANGLO_AMERICAN,
    suit_order=SuitOrder.PREFERENCE,
)
FONTAINEBLEAU = BostonProfile(
    name="boston_fontainebleau",
    boston_card=BostonCardRule.NONE,
    all_pass=AllPass.POOL_TO_FEWEST,
    ladder=Ladder.FONTAINEBLEAU,
    suit_order=SuitOrder.FONTAINEBLEAU,
)
PRESETS = {p.name: p for p in (SPANISH, ANGLO_AMERICAN, FONTAINEBLEAU)}


def get_boston_profile(name: str = "boston_es", **overrides: object) -> BostonProfile:
    """The preset ``name`` with ``overrides`` applied."""
    if name not in PRESETS:
        raise ProfileError(
            f"no Boston variant called {name!r}; choose {', '.join(PRESETS)}",
            code="boston_variant_unknown",
            params={"name": repr(name), "names": str(", ".join(PRESETS))},
        )
    return PRESETS[name].override(**overrides)
