"""Solo whist, English solo (variants.md §2): four players, each for himself. The auction
(:class:`SoloAuction`) runs from the eldest (the dealer's left): proposal and acceptance
("prop and cop", 8 tricks together) < solo (5) < misère < abundance (9) < royal abundance
(9 in the turned suit) < misère ouverte < abundance declared (13). The soloist wins or loses
the stake **with each** opponent; in prop and cop each partner wins from or pays one
opponent (:func:`settle_solo`). Over- and undertricks count in prop, solo and abundance.

>>> auction = SoloAuction(SOLO_PRESETS["foster"], dealer=3)
>>> auction.call_all([SoloCall.of("solo"), PASS_SOLO, PASS_SOLO, PASS_SOLO])
>>> contract = auction.contract
>>> contract.declarer, contract.kind.value
(0, 'solo')
>>> settle_solo(SOLO_PRESETS["foster"], contract, tricks=7)   # Foster: 2 red + 2 white each
(36, -12, -12, -12)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engine.cards import Suit
from engine.variants.common import (
    Rules,
    TurnAuction,
    check_count,
    one_against_three,
    preset,
    refuse,
    two_against_two,
)


class SoloKind(enum.StrEnum):
    """The contracts, lowest first."""

    PROPOSAL = "proposal"
    SOLO = "solo"
    MISERE = "misere"
    ABUNDANCE = "abundance"
    ROYAL_ABUNDANCE = "royal_abundance"
    OPEN_MISERE = "open_misere"
    DECLARED_ABUNDANCE = "declared_abundance"

    @property
    def rank(self) -> int:
        return list(SoloKind).index(self)

    @property
    def target(self) -> int:
        """Tricks needed (a misère: none may be taken)."""
        return {
            "proposal": 8,
            "solo": 5,
            "abundance": 9,
            "royal_abundance": 9,
            "declared_abundance": 13,
        }.get(self.value, 0)

    @property
    def is_misere(self) -> bool:
        return self in (SoloKind.MISERE, SoloKind.OPEN_MISERE)

    @property
    def counts_tricks(self) -> bool:
        """Over- and undertricks are paid (prop, solo, abundance; [FACTINDEX-SOLO])."""
        return self in (
            SoloKind.PROPOSAL,
            SoloKind.SOLO,
            SoloKind.ABUNDANCE,
            SoloKind.ROYAL_ABUNDANCE,
        )


class SlamTrumps(enum.StrEnum):
    DECLARER_NAMES = "declarer_names"  # Foster, older Wikipedia
    NO_TRUMP = "no_trump"  # Wikipedia, The Guardian


class SoloAllPass(enum.StrEnum):
    REDEAL = "redeal"
    GENERAL_MISERE = "general_misere"  # the taker of the last trick pays each a solo stake


@dataclass(frozen=True)
class StakeTable:
    """What each opponent pays or receives per contract, and per over- or undertrick.
    ``None``: no source gives the price (a club's own table must)."""

    name: str
    stakes: Mapping[str, int | None] = field(default_factory=dict)
    per_trick: int = 0
    prop_slam_doubles_overtricks: bool = False

    def stake(self, kind: SoloKind) -> int:
        value = self.stakes.get(kind.value)
        if value is None:
            raise refuse(
                f"the stake table {self.name!r} has no price for {kind.value}",
                "no_price",
                table=self.name,
                contract=kind.value,
            )
        return value

    @classmethod
    def from_dict(cls, data: object) -> StakeTable:
        """A club's own table from JSON: ``{"name", "stakes": {contract: n}, "per_trick"}``."""
        if not isinstance(data, Mapping) or not isinstance(data.get("stakes"), Mapping):
            raise refuse("a stake table needs a name and its stakes", "bad_table_shape")
        stakes = {}
        for key, value in data["stakes"].items():
            if key not in SoloKind.__members__.values() or not (
                value is None or (isinstance(value, int) and value >= 0)
            ):
                raise refuse(
                    f"stakes: {key!r} → {value!r} is not a contract and a price",
                    "bad_table_entry",
                    entry=str(key),
                )
            stakes[key] = value
        per_trick = data.get("per_trick", 0)
        if not isinstance(per_trick, int) or per_trick < 0:
            raise refuse("per_trick must be a whole number", "bad_table_entry", entry="per_trick")
        return cls(
            str(data.get("name", "own")),
            stakes,
            per_trick,
            bool(data.get("prop_slam_doubles_overtricks", False)),
        )


def _stakes(*values: int | None) -> dict[str, int | None]:
    return dict(zip([k.value for k in SoloKind], values, strict=True))


#: Foster in white counters (a red is five whites), [F146].
FOSTER_STAKES = StakeTable("foster", _stakes(5, 10, 15, 20, 20, 30, 40), per_trick=1)
#: Britannica 1911 units of sixpence (over- and undertricks an optional extra: none here).
EB1911_STAKES = StakeTable("britannica_1911", _stakes(1, 1, 2, 3, 3, 4, 6))
#: Wikipedia's totals (±3 for a solo …) per opponent.
WIKIPEDIA_STAKES = StakeTable("wikipedia", _stakes(1, 1, 2, 3, 3, 4, 6))
#: Hoffmann, pence; no price for misère ouverte and abundance declared.
HOYLE_STAKES = StakeTable(
    "hoyle_modernized",
    _stakes(6, 6, 12, 18, 18, None, None),
    per_trick=1,
    prop_slam_doubles_overtricks=True,
)
STAKE_TABLES = {t.name: t for t in (FOSTER_STAKES, EB1911_STAKES, WIKIPEDIA_STAKES, HOYLE_STAKES)}


@dataclass(frozen=True)
class SoloRules(Rules):
    GAME = "solo whist"

    stake_table: str = "foster"
    slam_trumps: SlamTrumps = SlamTrumps.DECLARER_NAMES
    all_pass: SoloAllPass = SoloAllPass.REDEAL
    prop_first_undertrick_free: bool = False
    royal_abundance: bool = True


FOSTER = SoloRules(name="foster")
BRITANNICA = SoloRules(
    name="britannica_1911", stake_table="britannica_1911", all_pass=SoloAllPass.GENERAL_MISERE
)
WIKIPEDIA = SoloRules(name="wikipedia", stake_table="wikipedia", slam_trumps=SlamTrumps.NO_TRUMP)
HOYLE = SoloRules(
    name="hoyle_modernized", stake_table="hoyle_modernized", all_pass=SoloAllPass.GENERAL_MISERE
)
SOLO_PRESETS = {r.name: r for r in (FOSTER, BRITANNICA, WIKIPEDIA, HOYLE)}


def solo_rules(name: str = "foster", **overrides: object) -> SoloRules:
    return preset(SOLO_PRESETS, name, **overrides)


def stake_table(rules: SoloRules, own: object = None) -> StakeTable:
    """The rules' stake table; ``custom`` is the club's own (``own``, checked)."""
    if rules.stake_table == "custom":
        return StakeTable.from_dict(own)
    if rules.stake_table not in STAKE_TABLES:
        raise refuse(
            f"no stake table called {rules.stake_table!r}",
            "unknown_preset",
            preset=rules.stake_table,
            choices=", ".join(STAKE_TABLES),
        )
    return STAKE_TABLES[rules.stake_table]


@dataclass(frozen=True)
class SoloCall:
    """``pass``, ``accept`` or a contract (``kind``)."""

    word: str
    kind: SoloKind | None = None

    @classmethod
    def of(cls, text: str) -> SoloCall:
        if text in ("pass", "accept"):
            return cls(text)
        try:
            return cls("bid", SoloKind(text))
        except ValueError:
            raise refuse(f"{text!r} is not a solo whist call", "unknown_call", call=text) from None

    def __str__(self) -> str:
        return self.kind.value if self.kind else self.word


PASS_SOLO = SoloCall("pass")
ACCEPT = SoloCall("accept")


@dataclass(frozen=True)
class SoloContract:
    declarer: int
    kind: SoloKind
    partner: int | None = None
    trump: Suit | None = None


class SoloAuction(TurnAuction[SoloCall]):
    """Each call higher than the last; a pass is final, except that the eldest may still
    accept a proposal and that a proposer nobody accepted may raise (or withdraw)."""

    def __init__(self, rules: SoloRules, dealer: int, names: Mapping[int, str] | None = None):
        super().__init__(4, dealer, names)
        self.rules = rules
        self.eldest = (dealer + 1) % 4
        self.high: tuple[int, SoloKind] | None = None
        self.acceptor: int | None = None
        self.passed: set[int] = set()
        self.eldest_declined = False

    def _open_proposal(self) -> bool:
        return self.high is not None and self.high[1] is SoloKind.PROPOSAL and self.acceptor is None

    def _eldest_may_accept(self) -> bool:
        return (
            self._open_proposal()
            and self.eldest in self.passed
            and not self.eldest_declined
            and self.high[0] != self.eldest
        )  # type: ignore[index]

    def _may_speak(self, player: int) -> bool:
        if self.high is not None and player == self.high[0]:
            others = [p for p in range(4) if p != player]
            return (
                self._open_proposal()
                and all(p in self.passed for p in others)
                and not (self._eldest_may_accept())
            )
        if player == self.acceptor:
            return False
        if player in self.passed:
            return player == self.eldest and self._eldest_may_accept()
        return True

    @property
    def is_over(self) -> bool:
        return not any(self._may_speak(p) for p in range(4))

    @property
    def contract(self) -> SoloContract | None:
        if not self.is_over or self.high is None:
            return None
        return SoloContract(self.high[0], self.high[1], self.acceptor)

    @property
    def all_passed(self) -> bool:
        return self.is_over and self.high is None

    def candidates(self) -> Sequence[SoloCall]:
        return [PASS_SOLO, ACCEPT] + [SoloCall("bid", k) for k in SoloKind]

    def _refusal(self, player: int, call: SoloCall):
        if call.word == "pass":
            return None
        if call.word == "accept":
            if not self._open_proposal() or self.high[0] == player:  # type: ignore[index]
                return refuse("there is no proposal to accept", "nothing_to_accept")
            return None
        if player in self.passed:
            return refuse(
                f"{self.name(player)} passed and cannot bid again",
                "passed_already",
                player=self.name(player),
            )
        kind = call.kind
        assert kind is not None
        if kind is SoloKind.ROYAL_ABUNDANCE and not self.rules.royal_abundance:
            return refuse(
                "royal abundance is not played here", "contract_not_played", contract=kind.value
            )
        if self.high is not None and kind.rank <= self.high[1].rank:
            return refuse(
                f"{kind.value} does not outrank {self.high[1].value}",
                "bid_too_low",
                bid=kind.value,
                standing=self.high[1].value,
            )
        return None

    def _apply(self, player: int, call: SoloCall) -> None:
        if call.word == "accept":
            self.acceptor = player
        elif call.word == "pass":
            if player == self.eldest and player in self.passed:
                self.eldest_declined = True
            elif self.high is not None and player == self.high[0]:
                self.high = None  # the proposer withdraws
            self.passed.add(player)
        else:
            assert call.kind is not None
            self.high = (player, call.kind)
            self.acceptor = None


def settle_solo(
    rules: SoloRules, contract: SoloContract, tricks: int, table: StakeTable | None = None
) -> tuple[int, ...]:
    """The deal's amounts per player (sum zero). ``tricks``: taken by the declaring side
    (both partners in prop and cop; a misère: the declarer's)."""
    table = table or stake_table(rules)
    check_count(tricks)
    kind = contract.kind
    base = table.stake(kind)
    if kind.is_misere:
        amount = base if tricks == 0 else -base
    else:
        diff = tricks - kind.target
        extra = 0
        if kind.counts_tricks:
            extra = abs(diff) * table.per_trick
            if diff < 0 and kind is SoloKind.PROPOSAL and rules.prop_first_undertrick_free:
                extra -= table.per_trick
            if diff > 0 and tricks == 13 and kind is SoloKind.PROPOSAL:
                extra *= 2 if table.prop_slam_doubles_overtricks else 1
        amount = base + extra if diff >= 0 else -(base + extra)
    if kind is SoloKind.PROPOSAL:
        if contract.partner is None or contract.partner == contract.declarer:
            raise refuse("a proposal needs a partner who accepted", "partner_needed")
        return two_against_two((contract.declarer, contract.partner), amount)
    if contract.partner is not None:
        raise refuse(f"{kind.value} is played alone", "played_alone", contract=kind.value)
    return one_against_three(contract.declarer, amount)


def settle_general_misere(rules: SoloRules, last_trick: int, table: StakeTable | None = None):
    """All passed and general misère was played: the taker of the last trick pays each
    other player a solo stake."""
    if rules.all_pass is not SoloAllPass.GENERAL_MISERE:
        raise refuse("all passed: the cards are redealt here", "redeal_not_played")
    stake = (table or stake_table(rules)).stake(SoloKind.SOLO)
    return one_against_three(last_trick, -stake)


def check_solo_trump(rules: SoloRules, kind: SoloKind, trump: Suit | None) -> None:
    """Refuse a trump suit the contract cannot have: misères are played without trumps;
    abundance declared names its trumps (Foster) or is played at no trump (Wikipedia), per
    ``slam_trumps``; the other contracts play the turned suit or the declarer's."""
    if trump is None:
        return
    if kind.is_misere:
        raise refuse(f"{kind.value} has no trumps", "no_trump_contract", contract=kind.value)
    if kind is SoloKind.DECLARED_ABUNDANCE and rules.slam_trumps is SlamTrumps.NO_TRUMP:
        raise refuse(
            f"{kind.value} is played at no trump here", "no_trump_contract", contract=kind.value
        )


def opening_leader(dealer: int, contract: SoloContract | None) -> int:
    """Who leads to the first trick (variants.md §2.2): the eldest hand, on the dealer's
    left ([EB1911-SOLO], [WP-SOLO]) — also when all passed and general misère is played —
    except in abundance declared, where the declarer leads ([F145], [FACTINDEX-SOLO])."""
    if contract is not None and contract.kind is SoloKind.DECLARED_ABUNDANCE:
        return contract.declarer
    return (dealer + 1) % 4
