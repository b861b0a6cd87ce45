"""A drive's settings (``../shared/drives.md`` §10): every variation clubs use is one of them.

:class:`DriveSettings` is frozen and checked when built; :meth:`DriveSettings.to_dict` gives
plain JSON and :meth:`DriveSettings.from_dict` reads it back (unknown keys are refused).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum

from engine.drives.errors import DriveError


class Role(StrEnum):
    """A seat role chosen at the door, regardless of sex (drives.md §2)."""

    LADY = "lady"
    GENT = "gent"


class Movement(StrEnum):
    PROGRESSIVE = "progressive"  # one pair splits: its lady up one table, its gent down one
    SEMI_PARTNER = "semi_partner"  # losers split; winners stay together
    COUPLE = "couple"  # the moving pair goes up one table together
    HEAD_TABLE = "head_table"  # winners move up towards table 1; table 1's losers to the foot


class Mover(StrEnum):
    WINNERS = "winners"
    LOSERS = "losers"


class Scoring(StrEnum):
    TRICKS = "tricks"  # a player scores his pair's tricks
    WINS = "wins"  # 1 for a hand won, 0 for a hand lost (the US star card)


class IncompleteTable(StrEnum):
    DUMMY = "dummy"  # one ghost: played with the ghost's hand exposed; two or more sit out
    SIT_OUT = "sit_out"  # any ghost: the table sits out


class TieBreak(StrEnum):
    CUT = "cut"  # the MC cuts the cards among the tied; the winner is recorded
    SHARE = "share"  # the tied share the prize
    COUNTBACK = "countback"  # the last half, quarter … one hand; then the cut


class HalfTimeCard(StrEnum):
    """What a half-time prize needs on the card (halls differ; drives.md §7, §10.7)."""

    FIRST_HALF = "first_half"  # the first half's hands: the prize is given at the tea break
    FULL_CARD = "full_card"  # the hands every prize needs (``min_hands_for_prizes``)


class PrizeGroup(StrEnum):
    LADY = "lady"
    GENT = "gent"
    ALL = "all"
    COUPLE = "couple"  # fixed-partner drives: the couple wins together


class Metric(StrEnum):
    TOTAL = "total"
    HALF_TIME = "half_time"
    BIG_HANDS = "big_hands"  # hands of ``big_hand_threshold`` tricks or more
    MYSTERY = "mystery"  # the total closest to a sealed number


def _enum(kind, value, setting: str):
    try:
        return kind(value)
    except ValueError:
        raise DriveError(
            f"{setting}: {value!r} is not one of {', '.join(kind)}",
            code="drive_setting_value",
            params={"setting": setting, "value": str(value)},
        ) from None


def _fail(message: str, code: str, **params) -> DriveError:
    return DriveError(message, code=code, params=params)


#: Strains a trump rotation may name; ``NT`` is no trumps.
STRAINS = ("H", "D", "S", "C", "NT")


@dataclass(frozen=True)
class PrizeSpec:
    """One prize of the ordered list: who competes (``group``), on what (``metric``), and
    whether the lowest wins (a booby prize). Prizes of the same series (group, metric,
    lowest) are its 1st, 2nd, 3rd … in list order."""

    group: PrizeGroup
    metric: Metric = Metric.TOTAL
    lowest: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "group", _enum(PrizeGroup, self.group, "prizes"))
        object.__setattr__(self, "metric", _enum(Metric, self.metric, "prizes"))
        if self.lowest and self.metric is Metric.MYSTERY:
            raise DriveError(
                f"{self}: the mystery prize goes to the closest total",
                code="drive_prize",
                params={"prize": str(self)},
            )

    @property
    def series(self) -> tuple[PrizeGroup, Metric, bool]:
        return (self.group, self.metric, self.lowest)

    def __str__(self) -> str:
        return f"{self.group}:{self.metric}" + (":lowest" if self.lowest else "")

    @classmethod
    def parse(cls, text: str) -> PrizeSpec:
        """``"lady:total"``, ``"gent:total:lowest"``, ``"all:half_time"``."""
        parts = str(text).split(":")
        if len(parts) not in (2, 3) or (len(parts) == 3 and parts[2] != "lowest"):
            raise DriveError(
                f"cannot read the prize {text!r}", code="drive_prize", params={"prize": str(text)}
            )
        return cls(parts[0], parts[1], len(parts) == 3)  # type: ignore[arg-type]


DEFAULT_PRIZES: tuple[PrizeSpec, ...] = (
    *(PrizeSpec(PrizeGroup.LADY) for _ in range(3)),
    *(PrizeSpec(PrizeGroup.GENT) for _ in range(3)),
    PrizeSpec(PrizeGroup.ALL, Metric.HALF_TIME),
    PrizeSpec(PrizeGroup.LADY, lowest=True),
    PrizeSpec(PrizeGroup.GENT, lowest=True),
)


@dataclass(frozen=True)
class DriveSettings:
    """The settings of one drive (defaults: drives.md §10).

    ``change_partners`` None means the movement's own custom: kept for ``couple``, changed at
    the ``head_table``; progressive and semi-partner drives decide partners themselves.
    ``sit_out_score`` None means (7, 6) when scoring tricks and (1, 0) when scoring wins;
    ``min_hands_for_prizes`` None means every hand (a full card); ``half_time_prize_card``
    says whether a half-time prize needs only the first half's hands or that full card.
    ``half_time_after`` 0 means no half-time. ``short_hands``: a hand cut short by the bell
    is entered with the tricks played (fewer than 13, the side ahead winning [TIO2]).
    ``late_tables``: late arrivals with no empty seat, three or more, open a new table at
    the next round (otherwise they are refused, as at a bridge club [BCL]).
    """

    movement: Movement = Movement.PROGRESSIVE
    mover: Mover = Mover.WINNERS
    change_partners: bool | None = None
    hands: int = 24
    half_time_after: int = 12
    hands_per_round: int = 1
    trumps: tuple[str, ...] = ("H", "D", "S", "C")
    scoring: Scoring = Scoring.TRICKS
    incomplete_table: IncompleteTable = IncompleteTable.DUMMY
    sit_out_score: tuple[int, int] | None = None
    min_hands_for_prizes: int | None = None
    prizes: tuple[PrizeSpec, ...] = field(default=DEFAULT_PRIZES)
    one_prize_per_player: bool = True
    big_hand_threshold: int = 10
    mystery_number: int | None = None
    tie_break: TieBreak = TieBreak.CUT
    half_time_prize_card: HalfTimeCard = HalfTimeCard.FIRST_HALF
    short_hands: bool = False  # a hand stopped by the bell counts the tricks played [TIO2]
    late_tables: bool = False  # a late group of three or four opens a new table

    def __post_init__(self) -> None:
        put = object.__setattr__
        self._check_types()
        for name, kind in (
            ("movement", Movement),
            ("mover", Mover),
            ("scoring", Scoring),
            ("incomplete_table", IncompleteTable),
            ("tie_break", TieBreak),
            ("half_time_prize_card", HalfTimeCard),
        ):
            put(self, name, _enum(kind, getattr(self, name), name))
        if self.change_partners is None:
            put(self, "change_partners", self.movement is Movement.HEAD_TABLE)
        self._check_hands()
        trumps = tuple(str(t).upper() for t in self.trumps)
        if not trumps or any(t not in STRAINS for t in trumps):
            bad = next((t for t in trumps if t not in STRAINS), "")
            raise _fail(f"trumps: {bad!r} is not H, D, S, C or NT", "drive_trumps", trump=bad)
        put(self, "trumps", trumps)
        if self.sit_out_score is None:
            put(self, "sit_out_score", (7, 6) if self.scoring is Scoring.TRICKS else (1, 0))
        score = self.sit_out_score
        if (
            not isinstance(score, tuple | list)
            or len(score) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in score)
        ):
            raise _fail(
                f"sit-out score {score!r}: two whole numbers",
                "drive_setting_value",
                setting="sit_out_score",
                value=str(score),
            )
        winner, loser = score
        if not (0 <= loser <= winner <= 13):
            raise _fail(
                f"sit-out score {winner}/{loser}: the winners' score must be at least the "
                "losers', both 0 to 13",
                "drive_sit_out_score",
                winner=winner,
                loser=loser,
            )
        put(self, "sit_out_score", (winner, loser))
        if self.min_hands_for_prizes is None:
            put(self, "min_hands_for_prizes", self.hands)
        if not 0 <= self.min_hands_for_prizes <= self.hands:
            raise _fail(
                f"minimum hands for a prize: {self.min_hands_for_prizes} of {self.hands}",
                "drive_min_hands",
                min_hands=self.min_hands_for_prizes,
                hands=self.hands,
            )
        if not 7 <= self.big_hand_threshold <= 13:
            raise _fail(
                f"a big hand is 7 to 13 tricks, not {self.big_hand_threshold}",
                "drive_big_hand",
                threshold=self.big_hand_threshold,
            )
        self._check_prizes()

    def _check_types(self) -> None:
        def whole(value) -> bool:
            return isinstance(value, int) and not isinstance(value, bool)

        for name in ("hands", "half_time_after", "hands_per_round", "big_hand_threshold"):
            if not whole(getattr(self, name)):
                raise _fail(
                    f"{name}: {getattr(self, name)!r} is not a whole number",
                    "drive_setting_value",
                    setting=name,
                    value=str(getattr(self, name)),
                )
        for name in ("min_hands_for_prizes", "mystery_number"):
            value = getattr(self, name)
            if value is not None and not whole(value):
                raise _fail(
                    f"{name}: {value!r} is not a whole number",
                    "drive_setting_value",
                    setting=name,
                    value=str(value),
                )
        for name in ("change_partners", "one_prize_per_player", "short_hands", "late_tables"):
            value = getattr(self, name)
            if not (isinstance(value, bool) or (name == "change_partners" and value is None)):
                raise _fail(
                    f"{name}: {value!r} is not true or false",
                    "drive_setting_value",
                    setting=name,
                    value=str(value),
                )
        for name in ("trumps", "prizes"):
            if isinstance(getattr(self, name), str | bytes) or not hasattr(
                getattr(self, name), "__iter__"
            ):
                raise _fail(
                    f"{name}: {getattr(self, name)!r} is not a list",
                    "drive_setting_value",
                    setting=name,
                    value=str(getattr(self, name)),
                )

    def _check_hands(self) -> None:
        if not 1 <= self.hands <= 200:
            raise _fail(
                f"a drive has 1 to 200 hands, not {self.hands}", "drive_hands", hands=self.hands
            )
        if self.hands_per_round < 1 or self.hands % self.hands_per_round:
            raise _fail(
                f"{self.hands} hands cannot be played {self.hands_per_round} to a move",
                "drive_hands_per_round",
                hands=self.hands,
                per_round=self.hands_per_round,
            )
        half = self.half_time_after
        if not 0 <= half < self.hands or half % self.hands_per_round:
            raise _fail(
                f"half-time after hand {half}: it must fall between moves and before hand "
                f"{self.hands}",
                "drive_half_time",
                half_time=half,
                hands=self.hands,
                per_round=self.hands_per_round,
            )

    def _check_prizes(self) -> None:
        prizes = tuple(p if isinstance(p, PrizeSpec) else PrizeSpec.parse(p) for p in self.prizes)
        object.__setattr__(self, "prizes", prizes)
        if any(p.group is PrizeGroup.COUPLE for p in prizes) and not self.fixed_partners:
            bad = next(p for p in prizes if p.group is PrizeGroup.COUPLE)
            raise _fail(
                "couples' prizes need fixed partners (a couple drive keeping partners)",
                "drive_prize_couple",
                prize=str(bad),
            )
        if any(p.metric is Metric.HALF_TIME for p in prizes) and not self.half_time_after:
            raise _fail("a half-time prize needs a half-time", "drive_prize", prize="half_time")

    # --- derived -------------------------------------------------------------------------

    @property
    def rounds(self) -> int:
        return self.hands // self.hands_per_round

    @property
    def fixed_partners(self) -> bool:
        """Whether partners stay together all evening (couples kept)."""
        return self.movement in (Movement.COUPLE, Movement.HEAD_TABLE) and not self.change_partners

    def round_of(self, hand: int) -> int:
        """The round (1-based) in which ``hand`` is played."""
        return (hand - 1) // self.hands_per_round + 1

    def hands_of(self, round_number: int) -> range:
        first = (round_number - 1) * self.hands_per_round + 1
        return range(first, first + self.hands_per_round)

    def trump(self, hand: int) -> str:
        """The strain of ``hand`` (H, D, S, C or NT) by rotation."""
        return self.trumps[(hand - 1) % len(self.trumps)]

    def override(self, **changes) -> DriveSettings:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "prizes":
                value = [str(p) for p in value]
            elif f.name in ("trumps", "sit_out_score"):
                value = list(value)
            elif isinstance(value, StrEnum):
                value = str(value)
            data[f.name] = value
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> DriveSettings:
        names = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise _fail(
                f"unknown setting {unknown[0]!r}", "drive_setting_unknown", setting=unknown[0]
            )
        values = dict(data)
        try:
            for name in ("trumps", "prizes", "sit_out_score"):
                if isinstance(values.get(name), list):
                    values[name] = tuple(values[name])  # type: ignore[arg-type]
            return cls(**values)  # type: ignore[arg-type]
        except (TypeError, ValueError) as error:
            if isinstance(error, DriveError):
                raise
            raise _fail(str(error), "drive_setting_value", setting="?", value=str(error)) from None
