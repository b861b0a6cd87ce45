"""What the whist variants share: rule presets, an auction base, settlements, trick counting.

* :class:`VariantError` — every refusal, with a stable ``code`` and ``params`` (the apps show
  it in the reader's language through ``clubs.rulings``).
* :class:`Rules` — a frozen dataclass of named settings (every DISPUTED point of
  ``variants.md`` is one); ``override``, ``to_dict``/``from_dict`` and :func:`preset` check
  every name and value.
* :class:`TurnAuction` — calls in turn from the dealer's left; a refused call raises and
  changes nothing; ``legal_calls`` is every candidate the rules do not refuse.
* :func:`zero_sum` / :func:`side_points` — a deal's settlement: signed amounts per player that
  sum to zero (money games), or points per side given to both partners.
* :func:`check_tricks`, :func:`legal_plays`, :func:`trick_taker`, :func:`replay` — trick
  counting for any number of players, with the follow rules of the family.

Players are positions ``0 … n-1`` clockwise round the table; with four players ``0 1 2 3``
are N E S W and partners sit opposite (0 and 2, 1 and 3).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields, replace
from typing import Generic, TypeVar

from engine.cards import Card, Suit
from engine.errors import EngineError

SEAT_LETTERS = "NESW"


class VariantError(EngineError):
    """A call, contract, entry or setting a variant's rules refuse."""

    code = "variant_error"


def refuse(message: str, code: str, **params: object) -> VariantError:
    """A :class:`VariantError` with its code and params (``raise refuse(...)``)."""
    return VariantError(message, code=code, params=params)


def player_name(player: int, names: Mapping[int, str] | None = None, players: int = 4) -> str:
    """How a message names ``player``: its name, else N E S W at four, else "player k"."""
    if names and player in names:
        return names[player]
    return SEAT_LETTERS[player] if players == 4 else f"player {player + 1}"


# --- rule presets ------------------------------------------------------------------------

R = TypeVar("R", bound="Rules")


@dataclass(frozen=True)
class Rules:
    """Base of every variant's settings: a ``name`` and typed settings (bool, int, str or an
    enum). Subclasses are frozen dataclasses; ``GAME`` names the game in messages."""

    name: str
    GAME = "whist"

    def override(self: R, **settings: object) -> R:
        """A copy with ``settings`` changed; an unknown name or a wrong value is refused."""
        known = {f.name for f in fields(self)}
        for key in settings:
            if key not in known or key == "name":
                raise refuse(
                    f"{self.GAME} has no setting called {key!r}",
                    "unknown_setting",
                    game=self.GAME,
                    setting=key,
                )
        return _coerce(replace(self, **settings))

    def to_dict(self) -> dict[str, object]:
        """Every setting, JSON-ready."""
        return {k: (v.value if isinstance(v, enum.Enum) else v) for k, v in asdict(self).items()}

    @classmethod
    def from_dict(cls: type[R], data: Mapping[str, object]) -> R:
        """Inverse of :meth:`to_dict`; every name and value checked."""
        if not isinstance(data, Mapping) or "name" not in data:
            raise refuse(f"{cls.GAME} settings need a name", "bad_setting", setting="name")
        base = cls(name=str(data["name"]))  # type: ignore[call-arg]
        return base.override(**{k: v for k, v in data.items() if k != "name"})


def _coerce(rules: R) -> R:
    """Check and convert every setting to its field's type."""
    changes: dict[str, object] = {}
    defaults = type(rules)(name=rules.name)  # type: ignore[call-arg]
    for f in fields(rules):
        value, default = getattr(rules, f.name), getattr(defaults, f.name)
        if isinstance(default, enum.Enum):
            try:
                changes[f.name] = type(default)(value)
            except ValueError:
                raise _bad(rules, f.name, value) from None
        elif isinstance(default, bool):
            if not isinstance(value, bool):
                raise _bad(rules, f.name, value)
        elif isinstance(default, int) and (
            isinstance(value, bool) or not isinstance(value, int) or value < 0
        ):
            raise _bad(rules, f.name, value)
    return replace(rules, **changes)


def _bad(rules: Rules, setting: str, value: object) -> VariantError:
    return refuse(
        f"{value!r} is not a value of {rules.GAME}'s setting {setting!r}",
        "bad_setting",
        game=rules.GAME,
        setting=setting,
        value=str(value),
    )


def preset(presets: Mapping[str, R], name: str, **overrides: object) -> R:
    """The preset ``name`` of ``presets`` with ``overrides`` applied."""
    if name not in presets:
        raise refuse(
            f"no preset called {name!r}; choose {', '.join(presets)}",
            "unknown_preset",
            preset=name,
            choices=", ".join(presets),
        )
    return presets[name].override(**overrides)


# --- the auction base ---------------------------------------------------------------------

C = TypeVar("C")


class TurnAuction(Generic[C]):
    """Calls in turn round the table, starting left of the dealer (or right, with
    ``clockwise=False``). Subclasses say why a call is refused (:meth:`_refusal`), what it
    changes (:meth:`_apply`), when the auction is over (:attr:`is_over`), who may still speak
    (:meth:`_may_speak`) and which calls exist (:meth:`candidates`)."""

    def __init__(
        self,
        players: int,
        dealer: int,
        names: Mapping[int, str] | None = None,
        *,
        clockwise: bool = True,
    ) -> None:
        if not 2 <= players <= 8 or not 0 <= dealer < players:
            raise refuse("a table has 2 to 8 players", "bad_table", players=players)
        self.players = players
        self.dealer = dealer
        self.names = dict(names or {})
        self.step = 1 if clockwise else -1
        self.turn = (dealer + self.step) % players
        self.history: list[tuple[int, C]] = []

    def name(self, player: int) -> str:
        return player_name(player, self.names, self.players)

    # subclasses --------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def candidates(self) -> Sequence[C]:
        raise NotImplementedError

    def _refusal(self, player: int, call: C) -> VariantError | None:
        raise NotImplementedError

    def _apply(self, player: int, call: C) -> None:
        raise NotImplementedError

    def _may_speak(self, player: int) -> bool:
        return True

    # the framework -----------------------------------------------------------------------
    def refusal(self, player: int, call: C) -> VariantError | None:
        """Why ``player`` may not make ``call`` now (None: he may); nothing changes."""
        if self.is_over:
            return refuse("the auction is over", "auction_over")
        if player != self.turn:
            return refuse(
                f"it is {self.name(self.turn)}'s turn, not {self.name(player)}'s",
                "not_your_turn",
                turn=self.name(self.turn),
                player=self.name(player),
            )
        return self._refusal(player, call)

    def call(self, player: int, call: C) -> None:
        """Make ``call`` or raise the reason it is refused (nothing changes then)."""
        reason = self.refusal(player, call)
        if reason is not None:
            raise reason
        self.history.append((player, call))
        self._apply(player, call)
        self._advance()

    def call_all(self, calls: Sequence[C]) -> None:
        """Each of ``calls`` by whoever's turn it is."""
        for call in calls:
            self.call(self.turn, call)

    def legal_calls(self) -> list[C]:
        """Every call the player to speak may make now."""
        if self.is_over:
            return []
        return [c for c in self.candidates() if self._refusal(self.turn, c) is None]

    def _advance(self) -> None:
        if self.is_over:
            return
        player = self.turn
        for _ in range(self.players):
            player = (player + self.step) % self.players
            if self._may_speak(player):
                self.turn = player
                return


# --- settlements --------------------------------------------------------------------------


def zero_sum(amounts: Sequence[int]) -> tuple[int, ...]:
    """A money settlement: one signed amount per player; refused unless they sum to zero."""
    if sum(amounts) != 0:
        raise refuse("a settlement must sum to zero", "settlement_unbalanced")
    return tuple(amounts)


def one_against_three(declarer: int, amount: int) -> tuple[int, ...]:
    """The lone player wins ``amount`` from each of the three others (loses, if negative)."""
    return zero_sum([3 * amount if p == declarer else -amount for p in range(4)])


def two_against_two(partners: tuple[int, int], amount: int) -> tuple[int, ...]:
    """Each partner wins ``amount`` from one opponent (loses, if negative)."""
    return zero_sum([amount if p in partners else -amount for p in range(4)])


def side_points(ns: int, ew: int) -> tuple[int, int, int, int]:
    """Points per side, as each player's line: N and S score ``ns``, E and W ``ew``."""
    return (ns, ew, ns, ew)


def side_of(player: int) -> int:
    """0 for N–S (players 0 and 2), 1 for E–W."""
    return player % 2


# --- tricks -------------------------------------------------------------------------------


def check_tricks(tricks: Sequence[int], cards: int, names: Mapping[int, str] | None = None) -> None:
    """Refuse trick counts that are not the ``cards`` tricks of a deal of ``cards`` each."""
    for player, count in enumerate(tricks):
        if count < 0 or count > cards:
            who = player_name(player, names, len(tricks))
            raise refuse(
                f"{who} cannot take {count} tricks of {cards}",
                "player_tricks_out_of_range",
                player=who,
                tricks=count,
                cards=cards,
            )
    if sum(tricks) != cards:
        raise refuse(
            f"the tricks add up to {sum(tricks)}, not {cards}",
            "tricks_do_not_add_up",
            total=sum(tricks),
            cards=cards,
        )


def check_count(tricks: int, most: int = 13, what: str = "tricks") -> int:
    """Refuse a number of tricks outside ``0 … most``."""
    if not 0 <= tricks <= most:
        raise refuse(
            f"{tricks} is not a number of {what} from 0 to {most}",
            "count_out_of_range",
            tricks=tricks,
            most=most,
        )
    return tricks


class FollowRule(enum.StrEnum):
    """What a player must play (variants.md §1, §6)."""

    FOLLOW = "follow"  # follow suit, else any card (whist, Oh Hell, podrida)
    MUST_TRUMP = "must_trump"  # follow, else trump if able (Romanian)
    MUST_OVERTAKE = "must_overtake"  # beat the trick in the suit led, else trump (pocha)


def trick_taker(cards: Sequence[Card], trump: Suit | None) -> int:
    """Index in ``cards`` (in the order played) of the winning card: the highest trump,
    else the highest card of the suit led. ``trump`` None: no trump."""
    led = cards[0].suit

    def strength(card: Card) -> int:
        if trump is not None and card.suit == trump:
            return 200 + card.rank
        return 100 + card.rank if card.suit == led else card.rank - 100

    return max(range(len(cards)), key=lambda i: strength(cards[i]))


def legal_plays(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, rule: FollowRule
) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (cards so far, leader first)."""
    if not trick:
        return list(hand)
    led = trick[0].suit
    suited = [c for c in hand if c.suit == led]
    trumps = [c for c in hand if trump is not None and c.suit == trump]
    if rule is FollowRule.FOLLOW:
        return suited or list(hand)
    if rule is FollowRule.MUST_TRUMP:
        return suited or trumps or list(hand)
    best = trick[trick_taker(trick, trump)]
    if suited:
        if trump is not None and best.suit == trump and led != trump:
            return suited  # already trumped: following is enough
        higher = [c for c in suited if c.rank > best.rank]
        return higher or suited
    if trumps:
        over = [c for c in trumps if best.suit != trump or c.rank > best.rank]
        return over or trumps
    return list(hand)


@dataclass(frozen=True)
class Replayed:
    """A replayed play record: each player's tricks and who took each trick."""

    tricks: tuple[int, ...]
    takers: tuple[int, ...]


def replay(
    hands: Sequence[Sequence[Card]],
    leader: int,
    trump: Suit | None,
    record: Sequence[Card],
    rule: FollowRule = FollowRule.FOLLOW,
    *,
    clockwise: bool = True,
) -> Replayed:
    """Play ``record`` (every card, in the order played) from ``hands`` (one per player,
    all the same size), ``leader`` leading the first trick and each trick's winner the next.
    Refuses a card not held or played twice, a play the follow ``rule`` forbids, and a record
    that does not play every card."""
    players = len(hands)
    held = [list(h) for h in hands]
    size = len(held[0])
    if any(len(h) != size for h in held) or len(record) != size * players:
        raise refuse("the record must play every card of every hand", "record_incomplete")
    step = 1 if clockwise else -1
    takers: list[int] = []
    for start in range(0, len(record), players):
        trick, seats = list(record[start : start + players]), []
        player = leader
        for k, card in enumerate(trick):
            if card not in held[player]:
                raise refuse(
                    f"{card} is not in the hand of player {player + 1}",
                    "card_not_held",
                    card=str(card),
                    player=player + 1,
                )
            if card not in legal_plays(held[player], trick[:k], trump, rule):
                raise refuse(
                    f"player {player + 1} may not play {card} there",
                    "card_not_allowed",
                    card=str(card),
                    player=player + 1,
                )
            held[player].remove(card)
            seats.append(player)
            player = (player + step) % players
        leader = seats[trick_taker(trick, trump)]
        takers.append(leader)
    return Replayed(tuple(takers.count(p) for p in range(players)), tuple(takers))
