"""Judging one hand of a whist-family table: the entry to the engine's contract and every
player's line (bid, tricks, score, out). No database writes; ``variants.services`` stores
what this returns. A refusal raises :class:`clubs.errors.HandRefused` with the engine's
ruling in the reader's language (``clubs.rulings.ruling_text``).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from clubs.errors import HandRefused
from clubs.rulings import ruling_text
from engine.cards import Suit
from engine.errors import EngineError
from engine.variants import bid, colour, exact, knockout, minnesota, solo
from engine.variants.common import Rules, side_points
from variants.models import Game, contract_label

#: The suits by letter, as a ruling names them (the game's word, not the organisation's).
SUIT_NAMES = {
    "S": pgettext_lazy("suit", "spades"),
    "H": pgettext_lazy("suit", "hearts"),
    "D": pgettext_lazy("suit", "diamonds"),
    "C": pgettext_lazy("suit", "clubs"),
}

PRESETS: dict[str, dict[str, Rules]] = {
    Game.SOLO: solo.SOLO_PRESETS,
    Game.COLOUR: colour.COLOUR_PRESETS,
    Game.BID: bid.BID_PRESETS,
    Game.MINNESOTA: minnesota.MINNESOTA_PRESETS,
    Game.KNOCKOUT: knockout.KNOCKOUT_PRESETS,
    Game.EXACT: exact.EXACT_PRESETS,
}
DEFAULT_PRESET = {game: next(iter(presets)) for game, presets in PRESETS.items()}


@dataclass(frozen=True)
class HandEntry:
    """What a phone sends. Solo and colour whist: the ``calls``, or the ``contract`` with
    its ``declarer`` (``partner``: who accepted or joined; ``others``: more small-misery
    players), ``level`` and ``suit``; ``tricks`` of the declaring side. Bid whist: calls or
    ``declarer``, ``level`` and ``contract`` (uptown/downtown/no_trump); ``tricks`` won in
    play. Minnesota: the ``grander`` (None: low) and N–S's ``tricks``. Knock-out: the trump
    ``suit`` and ``tricks_each``. Exact-bid: ``bids`` and ``tricks_each`` by seat. Colour
    whist's troel: the fact its ``troel_target`` setting asks about (``troel_ace_led``, or
    ``troel_trump_in_ace_suit``) gives the aim, 8 or 9."""

    calls: tuple[str, ...] = ()
    contract: str = ""
    declarer: int | None = None
    partner: int | None = None
    others: tuple[int, ...] = ()
    level: int | None = None
    suit: str = ""
    tricks: int | None = None
    bids: tuple[int | None, ...] = ()
    tricks_each: tuple[int | None, ...] = ()
    grander: int | None = None
    last_trick: int | None = None
    first_trick_to_bidders: bool | None = None
    troel_ace_led: bool | None = None
    troel_trump_in_ace_suit: bool | None = None

    def as_dict(self) -> dict[str, object]:
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in asdict(self).items()}

    @classmethod
    def from_dict(cls, data: dict) -> HandEntry:
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        for key in ("calls", "others", "bids", "tricks_each"):
            known[key] = tuple(known.get(key) or ())
        return cls(**known)


@dataclass
class Line:
    bid: int | None = None
    tricks: int | None = None
    score: int = 0
    out: bool = False


@dataclass
class Verdict:
    """The hand as the engine read it: the contract's name, declarer, made, the cards each
    held, the trump, and one line per seat."""

    lines: list[Line]
    contract: str = ""
    declarer: int | None = None
    made: bool | None = None
    cards: int = 13
    trump: str = ""
    notes: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Context:
    """What the judge needs besides the entry: the rules, the seats, the dealer, the hand
    number, the earlier hands' entries in order, the club's own price table."""

    game: str
    rules: Rules
    players: int
    dealer: int
    number: int
    earlier: Sequence[HandEntry]
    own_table: object = None
    names: dict[int, str] = field(default_factory=dict)


def table_rules(game: str, preset: str, overrides: dict | None) -> Rules:
    """The table's engine rules (refused with the engine's ruling when unknown)."""
    from engine.variants.common import preset as pick

    try:
        return pick(PRESETS[game], preset, **(overrides or {}))
    except EngineError as error:
        raise HandRefused(ruling_text(error)) from None
    except KeyError:
        raise HandRefused(_("Unknown game.")) from None


def judge(context: Context, entry: HandEntry) -> Verdict:
    """The verdict on ``entry``, or :class:`HandRefused` with the engine's ruling."""
    try:
        return JUDGES[context.game](context, entry)
    except EngineError as error:
        raise HandRefused(ruling_text(in_the_games_words(error, context.game))) from None


#: The params of a ruling that name a contract or a call (engine keys such as "misere").
_CALL_PARAMS = ("contract", "bid", "standing")


def _call_words(game: str, call: str) -> str:
    """An engine call or contract ("misere", "ask_join:8:H") in the game's words."""
    kind, *rest = call.split(":")
    words = [contract_label(game, kind)]
    for part in rest:
        words.append(str(SUIT_NAMES.get(part, part)))
    return " ".join(words)


def in_the_games_words(error: EngineError, game: str) -> EngineError:
    """``error`` with the contracts and calls among its params named as the pages name them
    (never an engine key like "misere" in a ruling a player reads)."""
    params = dict(error.params)
    for key in _CALL_PARAMS:
        if isinstance(params.get(key), str):
            params[key] = _call_words(game, params[key])
    named = copy.copy(error)
    named.params = params
    return named


def _need(value, message: str):
    if value is None or value == "":
        raise HandRefused(message)
    return value


def _seat(context: Context, value: int | None, what: str) -> int:
    if value is None or not 0 <= value < context.players:
        raise HandRefused(_("Choose the %(what)s among the players at the table.") % {"what": what})
    return value


def _suit(letter: str) -> Suit | None:
    return Suit.parse(letter) if letter else None


# --- the money games ----------------------------------------------------------------------


def _solo(context: Context, entry: HandEntry) -> Verdict:
    rules = context.rules
    table = solo.stake_table(rules, context.own_table)
    contract = None
    if entry.calls:
        auction = solo.SoloAuction(rules, context.dealer, context.names)
        auction.call_all([solo.SoloCall.of(c) for c in entry.calls])
        if not auction.is_over:
            raise HandRefused(_("The auction is not over."))
        contract = auction.contract
    elif entry.contract:
        kind = solo.SoloCall.of(entry.contract).kind
        partner = entry.partner if kind is solo.SoloKind.PROPOSAL else None
        contract = solo.SoloContract(_seat(context, entry.declarer, _("declarer")), kind, partner)
    if contract is None:
        if rules.all_pass is solo.SoloAllPass.GENERAL_MISERE:
            last = _seat(context, entry.last_trick, _("taker of the last trick"))
            amounts = solo.settle_general_misere(rules, last, table)
            return Verdict([Line(score=a) for a in amounts], "general_misere", last, None)
        return Verdict([Line() for _ in range(4)], "redeal")
    solo.check_solo_trump(rules, contract.kind, _suit(entry.suit))
    tricks = _need(entry.tricks, _("Give the tricks taken by the declaring side."))
    amounts = solo.settle_solo(rules, contract, tricks, table)
    lines = [Line(score=a) for a in amounts]
    lines[contract.declarer].tricks = tricks
    made = amounts[contract.declarer] > 0
    return Verdict(lines, contract.kind.value, contract.declarer, made, trump=entry.suit)


def _colour_contract(context: Context, entry: HandEntry) -> colour.ColourContract:
    """The contract picked on the form (no calls): its kind, declarer, partner, others."""
    kind = colour.ColourKind(_need(entry.contract, _("Choose the contract.")))
    several = [p for p, n in enumerate(entry.tricks_each) if n is not None]
    if kind is colour.ColourKind.SMALL_MISERY and several:
        players = several  # several play small misery: each one's tricks given
    else:
        players = [_seat(context, entry.declarer, _("declarer"))]
    if kind.partners:
        players.append(_seat(context, entry.partner, _("partner")))
    if kind is colour.ColourKind.SMALL_MISERY and not several:
        players += [p for p in entry.others if p not in players]
    return colour.ColourContract(kind, tuple(players), entry.level, _suit(entry.suit))


def _colour_call(text: str) -> colour.ColourCall:
    word = text.strip().lower()
    if word in ("pass", "wait", "join"):
        return colour.ColourCall(word)
    kind, _sep, rest = word.partition(":")
    level, _sep, suit = rest.partition(":")
    try:
        return colour.ColourCall(
            "bid", colour.ColourKind(kind), int(level) if level else None, _suit(suit)
        )
    except (ValueError, EngineError):
        raise HandRefused(_("%(call)s is not a call of this game.") % {"call": text}) from None


def _colour(context: Context, entry: HandEntry) -> Verdict:
    rules = context.rules
    grid = colour.PointsGrid.from_dict(context.own_table or {"name": "club_grid"})
    if entry.calls:
        auction = colour.ColourAuction(rules, context.dealer, context.names)
        auction.call_all([_colour_call(c) for c in entry.calls])
        if not auction.is_over:
            raise HandRefused(_("The auction is not over."))
        contract = auction.contract
        if contract is None:
            return Verdict([Line() for _ in range(4)], "redeal")
    else:
        contract = _colour_contract(context, entry)
    if contract.kind is colour.ColourKind.TROEL:
        # The partner follows from the calls (who joined) or is picked; the aim from the
        # fact the table's troel_target setting asks about; the trump suit is named.
        level = colour.troel_target(
            rules,
            fourth_ace_led=entry.troel_ace_led,
            trump_in_ace_suit=entry.troel_trump_in_ace_suit,
        )
        suit = contract.suit or _suit(_need(entry.suit, _("Choose the trump suit.")))
        contract = replace(contract, level=level, suit=suit)
    if contract.kind is colour.ColourKind.SMALL_MISERY and len(contract.players) > 1:
        counts = entry.tricks_each or ()
        tricks = tuple(
            _need(counts[p] if p < len(counts) else None, _("Give each misery player's tricks."))
            for p in contract.players
        )
    else:
        tricks = (_need(entry.tricks, _("Give the tricks taken by the declaring side.")),)
    amounts = colour.settle_colour(rules, grid, contract, tricks)
    lines = [Line(score=a) for a in amounts]
    for player, count in zip(contract.players, tricks, strict=False):
        lines[player].tricks = count
    declarer = contract.players[0]
    trump = contract.suit.letter if contract.suit else ""
    return Verdict(lines, contract.kind.value, declarer, amounts[declarer] > 0, trump=trump)


# --- the partnership games ----------------------------------------------------------------


def _bid_call(text: str) -> bid.Bid:
    word = text.strip().lower()
    if word == "pass":
        return bid.PASS_BID
    level, _sep, direction = word.partition(":")
    try:
        return bid.Bid(int(level), bid.Direction(direction))
    except ValueError:
        raise HandRefused(_("%(call)s is not a call of this game.") % {"call": text}) from None


def _bid_hand(context: Context, entry: HandEntry) -> Verdict:
    """One hand of bid whist on its own (the game's state aside)."""
    rules = context.rules
    if entry.calls:
        auction = bid.BidAuction(rules, context.dealer, context.names)
        auction.call_all([_bid_call(c) for c in entry.calls])
        contract = auction.contract
        if contract is None:
            return Verdict([Line() for _ in range(4)], "redeal")
    else:
        direction = bid.Direction(_need(entry.contract, _("Choose uptown, downtown or no trump.")))
        level = _need(entry.level, _("Give the bid."))
        contract = bid.BidContract(_seat(context, entry.declarer, _("bidder")), level, direction)
    tricks = _need(entry.tricks, _("Give the tricks the bidders took in play."))
    books = bid.bidders_books(rules, tricks, entry.first_trick_to_bidders)
    ns, ew = bid.score_bid(rules, contract, books)
    lines = [Line(score=s) for s in side_points(ns, ew)]
    lines[contract.bidder].tricks = books
    lines[contract.bidder].bid = contract.level
    label = f"{contract.level}:{contract.direction.value}"
    made = books - 6 >= contract.level
    return Verdict(
        lines,
        label,
        contract.bidder,
        made,
        trump="NT" if contract.direction is bid.Direction.NO_TRUMP else entry.suit,
    )


def _minnesota_hand(context: Context, entry: HandEntry) -> Verdict:
    """One hand of Minnesota whist on its own (the game's state aside)."""
    grander = None if entry.grander is None else _seat(context, entry.grander, _("grander"))
    tricks = _need(entry.tricks, _("Give the tricks North–South took."))
    ns, ew = minnesota.score_minnesota(context.rules, grander, tricks)
    lines = [Line(score=s) for s in side_points(ns, ew)]
    lines[0].tricks, lines[1].tricks = tricks, 13 - tricks
    made = None if grander is None else (tricks if grander % 2 == 0 else 13 - tricks) >= 7
    return Verdict(lines, "high" if grander is not None else "low", grander, made, trump="NT")


def _earlier_verdicts(context: Context, judge_hand) -> list[Verdict]:
    """The earlier hands of a four-player side game judged again, each with its own dealer
    (the deal passes to the left)."""
    verdicts = []
    for number, earlier in enumerate(context.earlier, start=1):
        dealer = (context.dealer - (context.number - number)) % context.players
        past = replace(context, dealer=dealer, number=number, earlier=context.earlier[: number - 1])
        verdicts.append(judge_hand(past, earlier))
    return verdicts


def _set_side(verdict: Verdict) -> int | None:
    return None if verdict.made is not False or verdict.declarer is None else verdict.declarer % 2


def side_game(context: Context) -> bid.BidGame:
    """Bid whist and Minnesota before hand ``context.number``: each side's total, the sets
    (bid whist) and the winning side once the game is decided."""
    if context.game == Game.BID:
        game = bid.BidGame()
        for past in _earlier_verdicts(context, _bid_hand):
            points = (past.lines[0].score, past.lines[1].score)
            game, _points = bid.bid_game_after(context.rules, game, points, _set_side(past))
        return game
    totals = [0, 0]
    for past in _earlier_verdicts(context, _minnesota_hand):
        totals = [totals[0] + past.lines[0].score, totals[1] + past.lines[1].score]
    side_totals = (totals[0], totals[1])
    return bid.BidGame(side_totals, winner=minnesota.minnesota_winner(context.rules, side_totals))


def _refuse_when_decided(game: bid.BidGame) -> None:
    if game.winner is not None:
        won = _("North–South won the game.") if game.winner == 0 else _("East–West won the game.")
        raise HandRefused(f"{_('The game is over.')} {won}")


def _bid(context: Context, entry: HandEntry) -> Verdict:
    """A bid whist hand, refused once the game is decided; the second set's bonus (where the
    rules give one) goes to the opponents' lines."""
    game = side_game(context)
    _refuse_when_decided(game)
    verdict = _bid_hand(context, entry)
    points = (verdict.lines[0].score, verdict.lines[1].score)
    _game, (ns, ew) = bid.bid_game_after(context.rules, game, points, _set_side(verdict))
    for line, score in zip(verdict.lines, side_points(ns, ew), strict=True):
        line.score = score
    return verdict


def _minnesota(context: Context, entry: HandEntry) -> Verdict:
    """A Minnesota hand, refused once a side has reached the target."""
    _refuse_when_decided(side_game(context))
    return _minnesota_hand(context, entry)


# --- knock-out and the exact-bid games ----------------------------------------------------


def _each(entry: HandEntry, players: Sequence[int]) -> dict[int, int]:
    counts = entry.tricks_each
    missing = [p for p in players if p >= len(counts) or counts[p] is None]
    if missing:
        raise HandRefused(_("Give the tricks of every player still in."))
    return {p: counts[p] for p in players}


def knockout_state(context: Context) -> knockout.KnockoutState:
    """The game before this hand, replayed from the earlier hands."""
    state = knockout.knockout_start(context.players, context.rules)
    for earlier in context.earlier:
        state, _verdict = knockout.knockout_hand(state, _each(earlier, state.alive), context.rules)
    return state


def _knockout(context: Context, entry: HandEntry) -> Verdict:
    state = knockout_state(context)
    if state.is_over:
        raise HandRefused(_("The game is over."))
    if entry.suit and entry.suit not in "SHDC":
        raise HandRefused(_("Choose the trump suit."))
    after, hand = knockout.knockout_hand(
        state, _each(entry, state.alive), context.rules, context.names
    )
    lines = []
    for p in range(context.players):
        gained = after.outlasted[p] - state.outlasted[p]
        lines.append(
            Line(
                tricks=entry.tricks_each[p] if p in state.alive else None,
                score=gained,
                out=p in hand.out,
            )
        )
    notes = {"dogs": list(hand.dogs), "choosers": list(hand.trump_choosers), "winner": hand.winner}
    return Verdict(lines, "", None, None, state.cards, entry.suit, notes)


def exact_cards(context: Context) -> int:
    plan = exact.schedule(context.rules, context.players)
    if context.number > len(plan):
        raise HandRefused(_("The game is over: all %(n)d deals are played.") % {"n": len(plan)})
    return plan[context.number - 1]


def _exact(context: Context, entry: HandEntry) -> Verdict:
    rules, players = context.rules, context.players
    cards = exact_cards(context)
    if (
        len(entry.bids) != players
        or len(entry.tricks_each) != players
        or None
        in (
            *entry.bids,
            *entry.tricks_each,
        )
    ):
        raise HandRefused(_("Give a bid and the tricks for every player."))
    bids, tricks = tuple(entry.bids), tuple(entry.tricks_each)
    exact.check_bids(rules, context.dealer, cards, bids, context.names)
    scores = exact.score_deal(rules, cards, bids, tricks, context.names)
    lines = [Line(b, t, s) for b, t, s in zip(bids, tricks, scores, strict=True)]
    trump = entry.suit if exact.has_trump(rules, players, cards) else "NT"
    return Verdict(lines, "", None, None, cards, trump)


JUDGES: dict[str, Callable[[Context, HandEntry], Verdict]] = {
    Game.SOLO: _solo,
    Game.COLOUR: _colour,
    Game.BID: _bid,
    Game.MINNESOTA: _minnesota,
    Game.KNOCKOUT: _knockout,
    Game.EXACT: _exact,
}
