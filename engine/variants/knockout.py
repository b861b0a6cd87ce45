"""Knock-out whist (variants.md §1): 2–7 players, seven cards in the first hand and one fewer
each hand after; a player who takes no trick is knocked out — except that, with the dog's
life on (pagat), the first to take none gets one card next hand and stays in if he wins a
trick with it. The last player standing wins; so does a player who takes every trick.

The game is a sequence of :class:`KnockoutState`; :func:`knockout_hand` plays one hand on
the tricks each player took and says who is out, who has a dog's life, who chooses trumps
and who won. ``outlasted`` counts, for each player, the players knocked out while he was still
in: the winner ends with ``players - 1`` (the ladder's score).

>>> state = knockout_start(3)
>>> state, hand = knockout_hand(state, {0: 4, 1: 3, 2: 0})
>>> hand.out, hand.dogs, state.cards
((), (2,), 6)
>>> state, hand = knockout_hand(state, {0: 6, 1: 0, 2: 0})   # 0 took every trick
>>> state.winner, state.outlasted
(0, (2, 0, 0))
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, replace

from engine.cards import Card, Suit
from engine.variants.common import Rules, player_name, preset, refuse


class TrumpTie(enum.StrEnum):
    CUT = "cut"  # pagat, Wikipedia: the tied players cut
    RANDOM = "random"  # gamerules.com


class FirstTrump(enum.StrEnum):
    TURN_UP = "turn_up"  # pagat: the next undealt card
    RANDOM = "random"


class KnockoutLead(enum.StrEnum):
    DEALER_LEFT = "dealer_left"  # pagat, Wikipedia (default)
    TRUMP_CHOOSER = "trump_chooser"  # cardrulesplus


class Sweep(enum.StrEnum):
    """A clean sweep (one player takes every trick) while the dog's life is still to be had:
    the sources give both rules without saying which comes first."""

    #: [CARDRULESPLUS-KO], [KOW-GITEA]: "a player who takes every trick knocks all others
    #: out and wins", even in the first hand.
    SWEEP_WINS = "sweep_wins"
    #: [PAGAT-KO]: "the first player to take no trick is not knocked out but gets a dog's
    #: life"; several on the same deal each get one — so a sweep gives every other player a
    #: dog's life, and ends the game only once the dog's life has been used.
    DOGS_LIFE_FIRST = "dogs_life_first"


@dataclass(frozen=True)
class KnockoutRules(Rules):
    GAME = "knock-out whist"

    dogs_life: bool = True
    trump_tie: TrumpTie = TrumpTie.CUT
    hand1_trump: FirstTrump = FirstTrump.TURN_UP
    lead: KnockoutLead = KnockoutLead.DEALER_LEFT
    trumps_must_be_broken: bool = False
    first_cards: int = 7
    sweep: Sweep = Sweep.SWEEP_WINS


PAGAT = KnockoutRules(name="pagat")
WIKIPEDIA = KnockoutRules(name="wikipedia", dogs_life=False)
KNOCKOUT_PRESETS = {r.name: r for r in (PAGAT, WIKIPEDIA)}


def knockout_rules(name: str = "pagat", **overrides: object) -> KnockoutRules:
    return preset(KNOCKOUT_PRESETS, name, **overrides)


@dataclass(frozen=True)
class KnockoutState:
    """Before a hand: who is still in (``alive``), who plays it on a dog's life (one card),
    whether the dog's life was used, the cards each full player gets, the winner."""

    players: int
    alive: tuple[int, ...]
    dogs: tuple[int, ...] = ()
    dogs_life_used: bool = False
    cards: int = 7
    hand: int = 1
    winner: int | None = None
    outlasted: tuple[int, ...] = ()

    @property
    def is_over(self) -> bool:
        return self.winner is not None


@dataclass(frozen=True)
class KnockoutHand:
    """What a hand decided: knocked out, given a dog's life, who chooses trumps next (more
    than one: they cut, or chance decides), the winner if the game ended."""

    out: tuple[int, ...]
    dogs: tuple[int, ...]
    trump_choosers: tuple[int, ...]
    winner: int | None


def knockout_start(players: int, rules: KnockoutRules = PAGAT) -> KnockoutState:
    """The state before the first hand."""
    if not 2 <= players <= 7:
        raise refuse("knock-out whist is for 2 to 7 players", "bad_players", players=players)
    if not 1 <= rules.first_cards <= 52 // players:
        raise refuse(
            "too many cards for the players",
            "bad_setting",
            game=rules.GAME,
            setting="first_cards",
            value=str(rules.first_cards),
        )
    return KnockoutState(
        players, tuple(range(players)), cards=rules.first_cards, outlasted=(0,) * players
    )


def _check(state: KnockoutState, tricks: Mapping[int, int], names) -> None:
    if state.is_over:
        raise refuse("the game is over", "game_over")
    if set(tricks) != set(state.alive):
        missing = sorted(set(state.alive) - set(tricks)) or sorted(set(tricks) - set(state.alive))
        who = player_name(missing[0], names, state.players)
        raise refuse(
            f"give the tricks of every player still in, and only theirs ({who})",
            "tricks_of_players_in",
            player=who,
        )
    for player, count in tricks.items():
        most = 1 if player in state.dogs else state.cards
        if not 0 <= count <= most:
            who = player_name(player, names, state.players)
            raise refuse(
                f"{who} cannot take {count} tricks of {most}",
                "player_tricks_out_of_range",
                player=who,
                tricks=count,
                cards=most,
            )
    if sum(tricks.values()) != state.cards:
        raise refuse(
            f"the tricks add up to {sum(tricks.values())}, not {state.cards}",
            "tricks_do_not_add_up",
            total=sum(tricks.values()),
            cards=state.cards,
        )


def knockout_hand(
    state: KnockoutState,
    tricks: Mapping[int, int],
    rules: KnockoutRules = PAGAT,
    names: Mapping[int, str] | None = None,
) -> tuple[KnockoutState, KnockoutHand]:
    """Play a hand on each player's tricks (a player on a dog's life holds one card and
    takes at most one trick). Returns the next state and what the hand decided."""
    _check(state, tricks, names)
    zero = [p for p in state.alive if tricks[p] == 0]
    sweep = next((p for p in state.alive if tricks[p] == state.cards), None)
    dogs: list[int] = []
    dogs_life_open = rules.dogs_life and not state.dogs_life_used
    dog_first = dogs_life_open and rules.sweep is Sweep.DOGS_LIFE_FIRST and state.cards > 1
    if sweep is not None and not dog_first:  # the last hand's sweep always ends the game
        out = [p for p in state.alive if p != sweep]  # every trick: all others are out
    elif dogs_life_open:
        dogs = zero  # several on the same deal: each gets one (variants.md §1)
        out = []
    else:
        out = zero
    alive = tuple(p for p in state.alive if p not in out)
    outlasted = tuple(n + (len(out) if p in alive else 0) for p, n in enumerate(state.outlasted))
    winner = alive[0] if len(alive) == 1 else None
    if winner is None and state.cards == 1:
        winner = sweep
    best = max(tricks.values())
    choosers = tuple(p for p in alive if tricks.get(p) == best)
    after = replace(
        state,
        alive=alive,
        dogs=tuple(dogs),
        dogs_life_used=state.dogs_life_used or bool(dogs),
        cards=state.cards - 1,
        hand=state.hand + 1,
        winner=winner,
        outlasted=outlasted,
    )
    return after, KnockoutHand(tuple(out), tuple(dogs), choosers, winner)


def dealer_of(state: KnockoutState, first_dealer: int = 0) -> int:
    """The dealer of the coming hand: the deal passes to the left, among players still in."""
    player = (first_dealer + state.hand - 1) % state.players
    while player not in state.alive:
        player = (player + 1) % state.players
    return player


def knockout_replay(
    players: int, hands: list[Mapping[int, int]], rules: KnockoutRules = PAGAT
) -> tuple[KnockoutState, list[KnockoutHand]]:
    """The game after ``hands`` (each player's tricks per hand), and each hand's verdict."""
    state = knockout_start(players, rules)
    verdicts = []
    for tricks in hands:
        state, verdict = knockout_hand(state, tricks, rules)
        verdicts.append(verdict)
    return state, verdicts


def opening_leader(
    rules: KnockoutRules, state: KnockoutState, first_dealer: int, chooser: int | None
) -> int:
    """Who leads the coming hand: the dealer's left among the players still in (pagat), or
    the player who chose trumps (cardrulesplus) after the first hand, per ``lead``."""
    if rules.lead is KnockoutLead.TRUMP_CHOOSER and chooser is not None and state.hand > 1:
        return chooser
    player = (dealer_of(state, first_dealer) + 1) % state.players
    while player not in state.alive:
        player = (player + 1) % state.players
    return player


def legal_leads(rules: KnockoutRules, hand: list[Card], trump: Suit | None, broken: bool):
    """The cards that may be led: any, unless ``trumps_must_be_broken`` and no trump has
    been played yet — then a trump only from a hand of nothing else."""
    if not rules.trumps_must_be_broken or broken or trump is None:
        return list(hand)
    others = [c for c in hand if c.suit != trump]
    return others or list(hand)
