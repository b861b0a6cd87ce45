"""Belgian colour whist, kleurenwiezen / whist à la couleur (variants.md §3): four players;
the auction makes the alliances (2 v 2 or 1 v 3), the trumps and the aim. The contracts,
lowest first (variants.md §3.3; troel where Dafke puts it: only open misery and solo slim
overrule it): ask and join (8+ together) < alone (5+) < small misery < piccolissimo (exactly
2) < piccolo (exactly 1) < abondance (9–12) < large misery < troel < open misery < solo slim.

Settlement (Wikipedia): in 2 v 2 each player wins or loses the grid amount; a lone player
wins or loses three times it, one from each opponent. The **points grid is club data**
(:class:`PointsGrid`): no complete published grid was found (variants.md §7), so the preset
``club_grid`` has none and a club enters its own; a missing price is refused by name.

>>> grid = PointsGrid.from_dict({"name": "ours", "contracts": {"ask_join": {"base": 2,
...     "over": 1, "under": 1}}})
>>> settle_colour(COLOUR_PRESETS["club_grid"], grid,
...     ColourContract(ColourKind.ASK_JOIN, (0, 2), level=8, suit=Suit.HEARTS), tricks=(9,))
(3, -3, 3, -3)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from engine.cards import Card, Rank, Suit
from engine.variants.common import (
    Rules,
    TurnAuction,
    VariantError,
    check_count,
    one_against_three,
    preset,
    refuse,
    two_against_two,
)


class ColourKind(enum.StrEnum):
    """The contracts, lowest first."""

    ASK_JOIN = "ask_join"  # vragen en meegaan
    ALONE = "alone"  # alleen
    SMALL_MISERY = "small_misery"  # kleine miserie (one card discarded: 12 tricks)
    PICCOLISSIMO = "piccolissimo"  # exactly 2
    PICCOLO = "piccolo"  # exactly 1
    ABONDANCE = "abondance"  # 9–12, declarer's trumps
    LARGE_MISERY = "large_misery"  # grote miserie
    TROEL = "troel"  # forced: three aces and the fourth's holder
    OPEN_MISERY = "open_misery"  # open (blote) miserie, op tafel
    SOLO_SLIM = "solo_slim"  # all 13

    @property
    def rank(self) -> int:
        return list(ColourKind).index(self)

    @property
    def partners(self) -> bool:
        return self in (ColourKind.ASK_JOIN, ColourKind.TROEL)

    @property
    def is_misery(self) -> bool:
        return self in (ColourKind.SMALL_MISERY, ColourKind.LARGE_MISERY, ColourKind.OPEN_MISERY)

    @property
    def levels(self) -> range:
        """Trick levels that may be bid (the level is the aim)."""
        return {
            "ask_join": range(8, 14),
            "alone": range(5, 14),
            "abondance": range(9, 13),
            "troel": range(8, 10),
            "solo_slim": range(13, 14),
            "piccolissimo": range(2, 3),
            "piccolo": range(1, 2),
        }.get(self.value, range(0, 1))

    @property
    def exact(self) -> bool:
        """Made only with exactly the level (misery: none; piccolo: one; piccolissimo: two)."""
        return self.is_misery or self in (ColourKind.PICCOLO, ColourKind.PICCOLISSIMO)


class SuitOrder(enum.StrEnum):
    HDCS = "HDCS"  # pagat, Wikipedia, Lodige … (default)
    HDSC = "HDSC"  # Dafke


class DealPackets(enum.StrEnum):
    FOUR_FOUR_FIVE = "445"  # Wallonia, Whisthub
    FOUR_FIVE_FOUR = "454"  # Flanders, Lodige


class TroelFourAces(enum.StrEnum):
    KD_THEN_DOWN = "KD_then_down"  # Dafke: KH, then the highest remaining king …
    QH = "QH"  # Parlett: KH, then down the hearts


class TroelTarget(enum.StrEnum):
    DAFKE_ACE_LED = "dafke_ace_led"  # 8 if the 4th ace is played in the first round, else 9
    JEUX_TRUMP_IN_ACE_SUIT = "jeux_trump_in_ace_suit"  # 8 if the shown trump is the ace's suit


class UnjoinedAsk(enum.StrEnum):
    """An ask that nobody joins."""

    #: [LODIGE]: when it is clear nobody will join, the asker "may bid solo" when he has the
    #: floor again — or pass (all passed: the cards are redealt). The default.
    ASKER_CHOOSES = "asker_chooses"
    #: A house rule (no source found): the asker must play alone, at the lowest level.
    PLAYS_ALONE = "plays_alone"


@dataclass(frozen=True)
class ColourRules(Rules):
    GAME = "colour whist"

    suit_order: SuitOrder = SuitOrder.HDCS
    deal: DealPackets = DealPackets.FOUR_FOUR_FIVE
    troel_4aces_next: TroelFourAces = TroelFourAces.KD_THEN_DOWN
    troel_target: TroelTarget = TroelTarget.DAFKE_ACE_LED
    piccolo: bool = True  # piccolo and piccolissimo are "sometimes played"
    unjoined_ask: UnjoinedAsk = UnjoinedAsk.ASKER_CHOOSES


CLUB_GRID = ColourRules(name="club_grid")
DAFKE = ColourRules(name="dafke", suit_order=SuitOrder.HDSC)
COLOUR_PRESETS = {r.name: r for r in (CLUB_GRID, DAFKE)}


def colour_rules(name: str = "club_grid", **overrides: object) -> ColourRules:
    return preset(COLOUR_PRESETS, name, **overrides)


def suit_rank(rules: ColourRules, suit: Suit | None) -> int:
    """Higher is better for bidding: hearts first."""
    if suit is None:
        return -1
    return 3 - rules.suit_order.value.index(suit.letter)


# --- the points grid (club data) ---------------------------------------------------------


@dataclass(frozen=True)
class Price:
    base: int
    over: int = 0
    under: int = 0


@dataclass(frozen=True)
class PointsGrid:
    """A club's grid: per contract a base amount and, for trick contracts, per over- and
    undertrick; ``all_tricks`` multiplies a 2 v 2 or alone contract making all 13; troel
    is paid ``troel_multiplier`` times (Dafke: double)."""

    name: str
    contracts: Mapping[str, Price] = field(default_factory=dict)
    all_tricks: int = 1
    troel_multiplier: int = 2

    def price(self, kind: ColourKind) -> Price:
        if kind.value not in self.contracts:
            raise refuse(
                f"the points grid {self.name!r} has no price for {kind.value}: the club "
                "must enter it",
                "no_price",
                table=self.name,
                contract=kind.value,
            )
        return self.contracts[kind.value]

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "contracts": {k: vars(p) | {} for k, p in self.contracts.items()},
            "all_tricks": self.all_tricks,
            "troel_multiplier": self.troel_multiplier,
        }

    @classmethod
    def from_dict(cls, data: object) -> PointsGrid:
        """A club's grid from JSON, every entry checked and named when wrong."""
        if not isinstance(data, Mapping) or not isinstance(data.get("contracts", {}), Mapping):
            raise refuse("a points grid needs a name and its contracts", "bad_table_shape")
        contracts = {}
        for key, entry in data.get("contracts", {}).items():
            numbers = entry if isinstance(entry, Mapping) else {}
            good = (
                key in ColourKind.__members__.values()
                and all(
                    isinstance(v, int) and not isinstance(v, bool) and v >= 0
                    for v in numbers.values()
                )
                and set(numbers) <= {"base", "over", "under"}
                and "base" in numbers
            )
            if not good:
                raise refuse(
                    f"contracts: {key!r} is not a contract with a base price",
                    "bad_table_entry",
                    entry=str(key),
                )
            contracts[key] = Price(**numbers)
        factors = {k: data.get(k, d) for k, d in (("all_tricks", 1), ("troel_multiplier", 2))}
        for key, value in factors.items():
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise refuse(f"{key} must be a whole number from 1", "bad_table_entry", entry=key)
        return cls(str(data.get("name", "own")), contracts, **factors)


#: Nothing: the club fills it (variants.md Decision 3).
EMPTY_GRID = PointsGrid("club_grid")


# --- contracts and settlement -------------------------------------------------------------


@dataclass(frozen=True)
class ColourContract:
    """``players``: the declarer and partner (2 v 2), the lone declarer, or every player of
    a small misery (several may play it). ``level``: the aim in tricks."""

    kind: ColourKind
    players: tuple[int, ...]
    level: int | None = None
    suit: Suit | None = None

    @property
    def aim(self) -> int:
        return self.kind.levels[0] if self.level is None else self.level


def check_contract(rules: ColourRules, contract: ColourContract) -> None:
    """Refuse a contract these rules do not have, or with the wrong players or level."""
    kind = contract.kind
    if kind in (ColourKind.PICCOLO, ColourKind.PICCOLISSIMO) and not rules.piccolo:
        raise refuse(f"{kind.value} is not played here", "contract_not_played", contract=kind.value)
    players = contract.players
    if len(set(players)) != len(players) or any(not 0 <= p < 4 for p in players):
        raise refuse("name each player once", "bad_players", players=len(players))
    want = 2 if kind.partners else 1
    several = kind is ColourKind.SMALL_MISERY and 1 <= len(players) <= 3
    if len(players) != want and not several:
        raise refuse(
            f"{kind.value} is played by {want}",
            "wrong_number_of_players",
            contract=kind.value,
            players=want,
        )
    if contract.aim not in kind.levels:
        raise refuse(
            f"{kind.value} cannot be bid at {contract.aim}",
            "bad_level",
            contract=kind.value,
            level=contract.aim,
        )
    trumps = kind in (ColourKind.ASK_JOIN, ColourKind.ALONE, ColourKind.ABONDANCE, ColourKind.TROEL)
    if trumps and contract.suit is None:
        raise refuse(
            f"{kind.value} is played with trumps: name the suit", "suit_needed", contract=kind.value
        )
    if not trumps and kind is not ColourKind.SOLO_SLIM and contract.suit is not None:
        raise refuse(f"{kind.value} has no trumps", "no_trump_contract", contract=kind.value)


def settle_colour(
    rules: ColourRules,
    grid: PointsGrid,
    contract: ColourContract,
    tricks: Sequence[int],
) -> tuple[int, ...]:
    """Amounts per player (sum zero). ``tricks``: of the declaring side (one number), or of
    each small-misery player in the order of ``contract.players``."""
    check_contract(rules, contract)
    kind = contract.kind
    most = 12 if kind is ColourKind.SMALL_MISERY else 13
    if len(tricks) != (len(contract.players) if kind is ColourKind.SMALL_MISERY else 1):
        raise refuse("give the tricks of the declaring side", "entry_incomplete")
    for count in tricks:
        check_count(count, most)
    price = grid.price(kind)
    if kind is ColourKind.SMALL_MISERY:
        totals = [0, 0, 0, 0]
        for player, count in zip(contract.players, tricks, strict=True):
            amount = price.base if count == 0 else -price.base
            for p, a in enumerate(one_against_three(player, amount)):
                totals[p] += a
        return tuple(totals)
    taken = tricks[0]
    if kind.exact:
        amount = price.base if taken == contract.aim else -price.base
    elif taken >= contract.aim:
        amount = price.base + price.over * (taken - contract.aim)
    else:
        amount = -(price.base + price.under * (contract.aim - taken))
    if taken == 13 and kind in (ColourKind.ASK_JOIN, ColourKind.ALONE, ColourKind.ABONDANCE):
        amount *= grid.all_tricks
    if kind is ColourKind.TROEL:
        amount *= grid.troel_multiplier
    if kind.partners:
        return two_against_two((contract.players[0], contract.players[1]), amount)
    return one_against_three(contract.players[0], amount)


def troel_target(
    rules: ColourRules,
    *,
    fourth_ace_led: bool | None = None,
    trump_in_ace_suit: bool | None = None,
) -> int:
    """Troel's aim, 8 or 9, from the fact the ``troel_target`` setting asks about: whether
    the fourth ace's holder played it in the first round ([DAFKE], ``dafke_ace_led``), or
    whether the partner's shown trump card is in his ace's suit ([JEUX-WALC],
    ``jeux_trump_in_ace_suit``). 8 when it held, else 9; refused when that fact is missing."""
    if rules.troel_target is TroelTarget.DAFKE_ACE_LED:
        held, code = fourth_ace_led, "troel_ace_led_needed"
    else:
        held, code = trump_in_ace_suit, "troel_trump_suit_needed"
    if held is None:
        raise refuse("say what decides troel's aim (8 or 9 tricks)", code)
    return 8 if held else 9


def troel_partner(rules: ColourRules, hands: Sequence[Iterable[Card]]) -> tuple[int, int] | None:
    """From the four hands: (troel player, partner), or None when nobody holds three aces.
    Three aces: the fourth ace's holder. Four: the king of hearts' holder, and if the troel
    player holds it, the next card by the setting (Dafke: KD, KS, KC, then the queens …;
    Parlett: QH, JH … down the hearts)."""
    held = [set(h) for h in hands]
    aces = [sum(1 for c in h if c.rank == Rank.ACE) for h in held]
    player = next((p for p, n in enumerate(aces) if n >= 3), None)
    if player is None:
        return None
    if aces[player] == 3:
        partner = next(
            p for p in range(4) if p != player and any(c.rank == Rank.ACE for c in held[p])
        )
        return player, partner
    if rules.troel_4aces_next is TroelFourAces.QH:
        order = [Card(Suit.HEARTS, Rank(r)) for r in range(13, 1, -1)]
    else:
        suits = [Suit.parse(s) for s in rules.suit_order.value]
        order = [Card(s, Rank(r)) for r in range(13, 1, -1) for s in suits]
    card = next(c for c in order if c not in held[player])
    return player, next(p for p in range(4) if card in held[p])


# --- the auction --------------------------------------------------------------------------


@dataclass(frozen=True)
class ColourCall:
    """``pass``, ``wait`` (the first speaker only), ``join`` (a standing ask), or a bid of
    ``kind`` at ``level`` in ``suit``."""

    word: str
    kind: ColourKind | None = None
    level: int | None = None
    suit: Suit | None = None

    def __str__(self) -> str:
        if self.kind is None:
            return self.word
        parts = [self.kind.value] + ([str(self.level)] if self.level else [])
        return ":".join(parts + ([self.suit.letter] if self.suit else []))


PASS_COLOUR = ColourCall("pass")
WAIT = ColourCall("wait")
JOIN = ColourCall("join")


class ColourAuction(TurnAuction[ColourCall]):
    """Calls from the dealer's left. A pass is final; a waiter may only join or pass later;
    only another player may join a standing ask; each bid outranks the standing one by
    contract, then level, then suit (the lower suit must bid one trick more). Troel is
    declared by the three aces' holder (the call ``troel``, no level or suit) and joined by
    the fourth ace's holder; only open misery and solo slim overrule it. An ask nobody
    joins: per ``unjoined_ask``, the asker has the floor again to play alone (or a special
    contract) or pass — all passed, redealt — or plays alone at the lowest level."""

    def __init__(self, rules: ColourRules, dealer: int, names: Mapping[int, str] | None = None):
        super().__init__(4, dealer, names)
        self.rules = rules
        self.passed: set[int] = set()
        self.waiting: int | None = None
        self.high: tuple[int, ColourCall] | None = None
        self.joiner: int | None = None
        self.first = self.turn

    def _key(self, call: ColourCall) -> tuple[int, int, int]:
        assert call.kind is not None
        return (call.kind.rank, call.level or 0, suit_rank(self.rules, call.suit))

    def _may_speak(self, player: int) -> bool:
        if player in self.passed or player == self.joiner:
            return False
        if self.high is not None and player == self.high[0]:
            return self._unjoined_asker_chooses(player)
        return True

    def _unjoined_asker_chooses(self, player: int) -> bool:
        """An asker nobody can join any more has the floor again (``asker_chooses``)."""
        assert self.high is not None
        return (
            self.rules.unjoined_ask is UnjoinedAsk.ASKER_CHOOSES
            and self.high[1].kind is ColourKind.ASK_JOIN
            and self.joiner is None
            and all(p in self.passed for p in range(4) if p != player)
        )

    @property
    def is_over(self) -> bool:
        return not any(self._may_speak(p) for p in range(4))

    @property
    def contract(self) -> ColourContract | None:
        if not self.is_over or self.high is None:
            return None
        player, call = self.high
        assert call.kind is not None
        kind, players = call.kind, (player,)
        if kind is ColourKind.ASK_JOIN and self.joiner is None:
            if player in self.passed:  # the asker passed: all passed, redealt
                return None
            return ColourContract(ColourKind.ALONE, players, ColourKind.ALONE.levels[0], call.suit)
        if kind is ColourKind.TROEL and self.joiner is None:
            raise refuse(
                "troel needs its partner: the fourth ace's holder joins", "troel_partner_needed"
            )
        if kind.partners:
            players = (player, self.joiner)  # type: ignore[assignment]
        return ColourContract(kind, players, call.level, call.suit)

    def candidates(self) -> Sequence[ColourCall]:
        bids = [ColourCall("bid", ColourKind.TROEL)] + [
            ColourCall("bid", k, level, s)
            for k in ColourKind
            if k is not ColourKind.TROEL
            for level in k.levels
            for s in (
                [None]
                if k.is_misery
                or k in (ColourKind.PICCOLO, ColourKind.PICCOLISSIMO, ColourKind.SOLO_SLIM)
                else list(Suit)
            )
        ]
        return [PASS_COLOUR, WAIT, JOIN, *bids]

    def _refusal(self, player: int, call: ColourCall):
        if call.word == "pass":
            return None
        if call.word == "wait":
            if player != self.first or self.history:
                return refuse(
                    "only the first speaker may wait, on his first call", "wait_first_only"
                )
            return None
        if call.word == "join":
            ask = self.high
            if (
                ask is None
                or not ask[1].kind.partners  # type: ignore[union-attr]
                or self.joiner is not None
                or ask[0] == player
            ):
                return refuse("there is no ask to join", "nothing_to_join")
            return None
        if player == self.waiting:
            return refuse(
                f"{self.name(player)} waited and may only join or pass",
                "waited_join_only",
                player=self.name(player),
            )
        assert call.kind is not None
        if self.high is not None and self.high[0] == player and call.kind is ColourKind.ASK_JOIN:
            return refuse(
                "nobody joined: play alone, bid a special contract, or pass",
                "unjoined_ask_choice",
            )
        if call.kind is ColourKind.TROEL:
            if call.level is not None or call.suit is not None:
                return refuse("troel is declared, not bid", "troel_not_bid")
        else:
            side = (player, (player + 2) % 4) if call.kind.partners else (player,)
            try:
                check_contract(self.rules, ColourContract(call.kind, side, call.level, call.suit))
            except VariantError as error:
                return error
        if self.high is not None and self._key(call) <= self._key(self.high[1]):
            return refuse(
                f"{call} does not outrank {self.high[1]}",
                "bid_too_low",
                bid=str(call),
                standing=str(self.high[1]),
            )
        return None

    def _apply(self, player: int, call: ColourCall) -> None:
        if call.word == "pass":
            self.passed.add(player)
        elif call.word == "wait":
            self.waiting = player
        elif call.word == "join":
            self.joiner = player
        else:
            self.high = (player, call)
            self.joiner = None
