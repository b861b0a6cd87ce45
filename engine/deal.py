"""Deals: the four 13-card hands, and reproducible dealing from a seed.

Contract:

* A :class:`Deal` is a complete, valid deal: every one of the 52 cards exactly once, 13 to
  each seat. Building an impossible deal raises :class:`~engine.errors.DealError` with a
  message that names the problem ("7H appears twice", "W holds 12 cards", "8C is missing").
* ``deal.turned`` is the last card dealt (the dealer's, turned for trumps) when it is known,
  else ``None``. A deal does not know who dealt it; :class:`engine.boards.Board` checks that
  the turned card is the dealer's.
* :func:`parse_pbn_deal` / :meth:`Deal.to_pbn` read and write PBN hand strings
  (``"N:AKQJ.T98.765.432 ..."``: the first seat, then the hands clockwise; each hand is
  spades.hearts.diamonds.clubs; an empty holding or ``-`` is a void).
* :func:`deal_from_seed` deals the same cards for the same seed on every machine and every
  Python version (SHA-256 counter-mode stream, rejection sampling, Fisher–Yates; the exact
  algorithm is in its docstring and in ``engine/README.md``). :func:`keyed_seed` turns a
  recorded seed and a secret into the seed that deals, so the recorded seed alone deals
  nothing.

>>> deal = deal_from_seed(1)
>>> deal == deal_from_seed("1"), len(deal.hand(Seat.N)), deal.turned in deal.hand(Seat.N)
(True, 13, True)
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from engine.cards import FULL_DECK, SUITS_PBN_ORDER, Card, Rank, Seat
from engine.errors import CardError, DealError

__all__ = [
    "Deal",
    "parse_pbn_deal",
    "deal_from_seed",
    "keyed_seed",
    "seed_stream",
    "DEAL_ALGORITHM_VERSION",
]

#: Bumped if the seeded-dealing algorithm ever changes (it must not, silently).
DEAL_ALGORITHM_VERSION = 1
_SEED_PREFIX = b"tenace-deal-v1:"
_KEYED_PREFIX = b"tenace-deal-key-v1:"


@dataclass(frozen=True, slots=True)
class Deal:
    """The four hands, indexed by :class:`Seat` (``hands[Seat.N]``), each sorted by card
    index (clubs up to spades, low to high), and the turned card when known."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    turned: Card | None = None
    _owners: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _suit_counts: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.hands) != 4:
            raise DealError(
                f"a deal has four hands, not {len(self.hands)}",
                code="deal_deal_four_hands",
                params={"count": str(len(self.hands))},
            )
        _check_cards(self.hands)
        object.__setattr__(self, "hands", tuple(tuple(sorted(hand)) for hand in self.hands))
        if self.turned is not None and not isinstance(self.turned, Card):
            raise DealError(
                f"the turned card {self.turned!r} is not a card",
                code="deal_turned_card_card",
                params={"turned": repr(self.turned)},
            )
        owners = [0] * 52
        counts = [0] * 16
        for seat, cards in enumerate(self.hands):
            for card in cards:
                owners[card.index] = seat
                counts[seat * 4 + card.index // 13] += 1
        object.__setattr__(self, "_owners", tuple(owners))
        object.__setattr__(self, "_suit_counts", tuple(counts))

    @classmethod
    def from_hands(cls, hands: Mapping[Seat, Iterable[Card]], turned: Card | None = None) -> Deal:
        """A deal from the hands of all four seats, in any order within each hand."""
        missing = [str(seat) for seat in Seat if seat not in hands]
        if missing:
            raise DealError(
                f"no hand given for {', '.join(missing)}",
                code="deal_hand_given",
                params={"names": str(", ".join(missing))},
            )
        return cls(tuple(tuple(hands[seat]) for seat in Seat), turned)  # type: ignore[arg-type]

    @classmethod
    def from_pbn(cls, text: str, turned: Card | None = None) -> Deal:
        """Same as :func:`parse_pbn_deal`."""
        return parse_pbn_deal(text, turned)

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        """The 13 cards ``seat`` was dealt (the turned card included, for the dealer)."""
        return self.hands[seat]

    def holder(self, card: Card) -> Seat:
        """The seat that was dealt ``card``."""
        return Seat(self._owners[card.index])

    def holders(self) -> tuple[int, ...]:
        """For each card index 0–51, the seat number (0–3) that was dealt it."""
        return self._owners

    def suit_counts(self) -> tuple[int, ...]:
        """How many cards of each suit each seat holds: entry ``seat * 4 + suit``."""
        return self._suit_counts

    def as_mapping(self) -> dict[Seat, tuple[Card, ...]]:
        """The hands as ``{Seat: cards}`` (what :func:`engine.honours.honours_held` takes)."""
        return {seat: self.hands[seat] for seat in Seat}

    def to_pbn(self, first: Seat = Seat.N) -> str:
        """The PBN hand string starting with ``first``: ``"N:AKQJ.T98.765.432 ..."``."""
        seats = [Seat((first + k) % 4) for k in range(4)]
        return f"{first}:" + " ".join(_format_hand(self.hands[seat]) for seat in seats)

    def __str__(self) -> str:
        return self.to_pbn()


def _check_cards(hands: Iterable[Iterable[Card]]) -> None:
    """Raise :class:`DealError` naming every problem: a card twice, first; then each hand of
    the wrong size and the cards missing (``"W holds 12 cards; 8C is missing"``)."""
    seen: set[Card] = set()
    problems: list[str] = []
    sizes: list[str] = []
    for seat, cards in zip(Seat, hands, strict=True):
        cards = tuple(cards)
        if len(cards) != 13:
            sizes.append(f"{seat} {len(cards)}")
        for card in cards:
            if not isinstance(card, Card):
                raise DealError(
                    f"{card!r} in {seat}'s hand is not a card",
                    code="deal_s_hand_card",
                    params={"card": repr(card), "seat": str(seat)},
                )
            if card in seen:
                raise DealError(
                    f"{card} appears twice", code="card_twice", params={"card": str(card)}
                )
            seen.add(card)
        if len(cards) != 13:
            problems.append(f"{seat} holds {len(cards)} cards")
    missing = [str(card) for card in FULL_DECK if card not in seen]
    if missing:
        problems.append(f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} missing")
    if problems:
        raise DealError(
            "; ".join(problems),
            code="deal_incomplete",
            params={"hands": ", ".join(sizes) or "—", "missing": ", ".join(missing) or "—"},
        )


def _format_hand(cards: Iterable[Card]) -> str:
    by_suit: dict[int, list[Card]] = {suit: [] for suit in SUITS_PBN_ORDER}
    for card in cards:
        by_suit[card.suit].append(card)
    return ".".join(
        "".join(card.rank.letter for card in sorted(by_suit[suit], reverse=True))
        for suit in SUITS_PBN_ORDER
    )


def parse_pbn_hand(text: str, seat: Seat | None = None) -> list[Card]:
    """The cards of one PBN hand ``"AKQJ.T98.765.432"`` (spades, hearts, diamonds, clubs;
    ``-`` or nothing between the dots is a void)."""
    where = f" in {seat}'s hand" if seat is not None else ""
    if text == "-":
        return []
    holdings = text.split(".")
    if len(holdings) != 4:
        raise DealError(
            f"'{text}'{where} does not have four suits separated by dots",
            code="deal_does_four_suits_separated_dots",
            params={"text": str(text), "where": str(where)},
        )
    cards: list[Card] = []
    for suit, holding in zip(SUITS_PBN_ORDER, holdings, strict=True):
        if holding == "-":
            continue
        for letter in holding.upper().replace("10", "T"):
            try:
                cards.append(Card(suit, Rank.parse(letter)))
            except CardError:
                raise DealError(
                    f"'{letter}'{where} is not a rank (use AKQJT98765432)",
                    code="deal_rank_akqjt",
                    params={"letter": str(letter), "where": str(where)},
                ) from None
    return cards


def parse_pbn_deal(text: str, turned: Card | None = None) -> Deal:
    """A deal from a PBN hand string: ``"N:AKQJ.T98.765.432 ..."`` — the first seat, a colon,
    then four hands clockwise from it. Raises :class:`DealError` naming the problem."""
    head, colon, rest = text.strip().partition(":")
    if not colon:
        raise DealError(
            f"'{text}' does not start with a seat and a colon, like 'N:'",
            code="deal_does_start_seat_colon_n",
            params={"text": str(text)},
        )
    try:
        first = Seat.parse(head)
    except CardError as error:
        raise DealError(str(error), code=error.code, params=error.params) from None
    parts = rest.split()
    if len(parts) != 4:
        raise DealError(
            f"a PBN deal has four hands, '{text}' has {len(parts)}",
            code="deal_pbn_deal_four_hands",
            params={"text": str(text), "count": str(len(parts))},
        )
    hands = {
        Seat((first + k) % 4): parse_pbn_hand(part, Seat((first + k) % 4))
        for k, part in enumerate(parts)
    }
    return Deal.from_hands(hands, turned)


def _seed_bytes(seed: int | str | bytes) -> bytes:
    if isinstance(seed, bytes):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise DealError(
            f"a deal seed is an integer, a string or bytes, not {seed!r}",
            code="deal_deal_seed_integer_string_bytes",
            params={"seed": repr(seed)},
        )
    return str(seed).encode("utf-8")


def seed_stream(seed: int | str | bytes) -> Iterator[int]:
    """The endless stream of 32-bit words behind :func:`deal_from_seed`: block ``k`` (k = 0, 1,
    …) is ``SHA-256(b"tenace-deal-v1:" + seed_bytes + k as 8 bytes big-endian)``, cut into
    eight 4-byte big-endian unsigned words. ``seed_bytes`` is the seed itself for bytes, its
    UTF-8 encoding for a string, and the UTF-8 of its decimal form for an integer (so ``7`` and
    ``"7"`` are the same seed)."""
    base = _SEED_PREFIX + _seed_bytes(seed)
    counter = 0
    while True:
        block = hashlib.sha256(base + counter.to_bytes(8, "big")).digest()
        for offset in range(0, 32, 4):
            yield int.from_bytes(block[offset : offset + 4], "big")
        counter += 1


def keyed_seed(seed: int | str | bytes, secret: bytes) -> str:
    """The seed that deals when a site keeps a secret: ``HMAC-SHA-256(secret,
    b"tenace-deal-key-v1:" + seed_bytes)`` in lowercase hex (64 characters). Dealing from it
    (:func:`deal_from_seed`, :func:`engine.boards.board_set`) gives the same boards for the
    same seed and secret every time, and nothing a reader of the recorded seed alone can
    reproduce: the dealing code is public, the secret is not.

    >>> keyed_seed("tuesday", b"k") == keyed_seed("tuesday", b"k") != keyed_seed("tuesday", b"j")
    True
    """
    message = _KEYED_PREFIX + _seed_bytes(seed)
    return hmac.new(secret, message, hashlib.sha256).hexdigest()


def _below(stream: Iterator[int], bound: int) -> int:
    """An unbiased integer in ``0 .. bound-1``: draw words until one is below the largest
    multiple of ``bound`` not above 2**32, then take it modulo ``bound``."""
    limit = (1 << 32) - (1 << 32) % bound
    while True:
        word = next(stream)
        if word < limit:
            return word % bound


def deal_from_seed(seed: int | str | bytes, dealer: Seat = Seat.N) -> Deal:
    """The deal for ``seed``, dealt by ``dealer``; identical on every machine and Python.

    Algorithm (version 1): start from the pack in index order (2C 3C … AC 2D … AS, i.e.
    ``FULL_DECK``); for ``i`` from 51 down to 1, draw ``j = below(i + 1)`` from
    :func:`seed_stream` (rejection sampling, see ``_below``) and swap positions ``i`` and
    ``j`` (Fisher–Yates). Then deal the shuffled pack one card at a time clockwise starting
    with the dealer's left: card ``k`` (0-based) goes to seat ``(dealer + 1 + k) mod 4``. The
    last card (``k = 51``) is the dealer's and is the turned card.
    """
    stream = seed_stream(seed)
    pack = list(FULL_DECK)
    for i in range(51, 0, -1):
        j = _below(stream, i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    hands: dict[Seat, list[Card]] = {seat: [] for seat in Seat}
    for k, card in enumerate(pack):
        hands[Seat((dealer + 1 + k) % 4)].append(card)
    return Deal.from_hands(hands, turned=pack[51])
