"""Whist-family tables and hands: set up a table, enter a hand, correct one.

The rules stay in :mod:`engine.variants`; :mod:`variants.verdict` turns an entry into each
player's line, and this module stores it in transactions. Refusals raise
:class:`clubs.errors.HandRefused` (the engine's ruling); a hand number stored meanwhile
raises :class:`clubs.errors.HandConflict` carrying the stored hand. Permissions are checked
by the callers with :mod:`clubs.permissions`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.errors import ClubError, HandConflict, HandRefused
from clubs.models import ClubNight, Member, Membership, User
from clubs.rulings import ruling_text
from engine.errors import EngineError
from engine.variants import colour, exact, knockout, solo
from variants.models import (
    PLAYERS,
    Game,
    VariantHand,
    VariantHandCorrection,
    VariantHandLine,
    VariantSeat,
    VariantTable,
)
from variants.verdict import (
    DEFAULT_PRESET,
    Context,
    HandEntry,
    Verdict,
    judge,
    knockout_state,
    table_rules,
)

__all__ = ["HandEntry", "TableRefused", "hand_correct", "hand_enter", "variant_table_create"]


class TableRefused(ClubError):
    """A table cannot be set up as asked; nothing was stored."""


def seat_names(table: VariantTable) -> dict[int, str]:
    """Position → member name (prefetched seats when there are any)."""
    return {s.position: s.member.name for s in table.seats.all()}


def context_for(table: VariantTable, number: int, earlier: Sequence[HandEntry]) -> Context:
    """Everything the judge needs for hand ``number`` after the ``earlier`` hands."""
    rules = table_rules(table.game, table.preset, table.overrides)
    players = len(table.seats.all())
    context = Context(
        table.game, rules, players, 0, number, tuple(earlier), table.own_table, seat_names(table)
    )
    return replace(context, dealer=dealer_for(context, table.first_dealer))


def dealer_for(context: Context, first_dealer: int) -> int:
    """The deal passes in the direction of play (to the left; to the right in podrida and
    pocha); in knock-out only among the players still in."""
    if context.game == Game.KNOCKOUT:
        return knockout.dealer_of(knockout_state(context), first_dealer)
    step = -1 if context.game == Game.EXACT and not context.rules.clockwise else 1
    return (first_dealer + step * (context.number - 1)) % context.players


def _store(hand: VariantHand, verdict: Verdict, entry: HandEntry) -> None:
    hand.entry = entry.as_dict()
    hand.contract = verdict.contract
    hand.declarer = verdict.declarer
    hand.made = verdict.made
    hand.cards = verdict.cards
    hand.trump = verdict.trump
    try:
        hand.full_clean(exclude=["table", "entered_by"], validate_constraints=False)
    except ValidationError as error:
        raise HandRefused("; ".join(error.messages)) from None


def _lines(hand: VariantHand, verdict: Verdict) -> list[VariantHandLine]:
    return [
        VariantHandLine(hand=hand, position=p, bid=v.bid, tricks=v.tricks, score=v.score, out=v.out)
        for p, v in enumerate(verdict.lines)
    ]


def hand_enter(
    *, table: VariantTable, expected_number: int, entry: HandEntry, by: User | None
) -> VariantHand:
    """Store hand ``expected_number`` of ``table`` once the engine has judged it. Raises
    :class:`HandRefused` (the engine's ruling) or :class:`HandConflict` (already stored)."""
    with transaction.atomic():
        hands = list(table.hands.order_by("number"))
        stored = next((h for h in hands if h.number == expected_number), None)
        if stored is not None or expected_number != len(hands) + 1:
            raise _conflict(table, expected_number, stored)
        earlier = [HandEntry.from_dict(h.entry) for h in hands]
        context = context_for(table, expected_number, earlier)
        verdict = judge(context, entry)
        hand = VariantHand(
            table=table, number=expected_number, dealer=context.dealer, entered_by=by
        )
        _store(hand, verdict, entry)
    try:
        with transaction.atomic():
            hand.save()
            VariantHandLine.objects.bulk_create(_lines(hand, verdict))
    except IntegrityError:
        raise _conflict(table, expected_number, None) from None
    return hand


def hand_summary(hand: VariantHand) -> str:
    """One line saying what a stored hand was."""
    if hand.contract == "redeal":
        return _("all passed, redealt")
    if hand.contract:
        return _("%(contract)s, %(result)s") % {
            "contract": hand.contract,
            "result": _("made") if hand.made else _("failed") if hand.made is False else "—",
        }
    return _("%(cards)d cards each") % {"cards": hand.cards}


def _conflict(table: VariantTable, number: int, stored: VariantHand | None) -> HandConflict:
    stored = stored or table.hands.filter(number=number).first()
    if stored is None:
        message = _("Hand %(n)d cannot be entered yet: enter the hands before it first.") % {
            "n": number
        }
    else:
        message = _("Hand %(n)d is already stored: %(hand)s. Reload to see it.") % {
            "n": number,
            "hand": hand_summary(stored),
        }
    return HandConflict(message, stored)


def hand_as_dict(hand: VariantHand, lines: Sequence[VariantHandLine]) -> dict[str, object]:
    """A hand as kept in a correction: the entry, the contract and every line."""
    return {
        "number": hand.number,
        "entry": hand.entry,
        "contract": hand.contract,
        "made": hand.made,
        "scores": [line.score for line in lines],
    }


def hand_correct(
    *, hand: VariantHand, entry: HandEntry, by: User, reason: str
) -> VariantHandCorrection:
    """Replace ``hand``'s entry with ``entry`` for ``reason`` and judge it and every later
    hand again (in knock-out and the exact-bid games the later hands depend on it). All or
    nothing; secretaries only (checked by the caller)."""
    if not reason.strip():
        raise HandRefused(_("Give a reason for the correction."))
    with transaction.atomic():
        table = VariantTable.objects.get(pk=hand.table_id)
        rows = list(table.hands.select_for_update().order_by("number").prefetch_related("lines"))
        entries = [HandEntry.from_dict(r.entry) for r in rows]
        target = next(r for r in rows if r.pk == hand.pk)
        before = hand_as_dict(target, list(target.lines.all()))
        entries[target.number - 1] = entry
        verdicts = []
        for row in rows[target.number - 1 :]:
            context = context_for(table, row.number, entries[: row.number - 1])
            verdict = judge(context, entries[row.number - 1])
            row.dealer = context.dealer
            _store(row, verdict, entries[row.number - 1])
            verdicts.append((row, verdict))
        for row, verdict in verdicts:
            row.save()
            row.lines.all().delete()
            VariantHandLine.objects.bulk_create(_lines(row, verdict))
        after = hand_as_dict(target, list(target.lines.all()))
        correction = VariantHandCorrection(
            hand=target, corrected_by=by, before=before, after=after, reason=reason
        )
        correction.full_clean()
        correction.save()
    return correction


@transaction.atomic
def variant_table_create(
    *,
    club_night: ClubNight,
    game: str,
    members: Sequence[Member],
    preset: str = "",
    overrides: dict | None = None,
    own_table: dict | None = None,
    first_dealer: int = 0,
    number: int | None = None,
) -> VariantTable:
    """A table of ``game`` at ``club_night`` with ``members`` seated in order (clockwise
    from N / the first seat): different members of the night's club, as many as the game
    takes. Refuses (:class:`TableRefused`) an unknown game, preset or setting, an own table
    the engine cannot read, a wrong number of players."""
    if game not in PLAYERS:
        raise TableRefused(_("Unknown game."))
    fewest, most = PLAYERS[Game(game)]
    if not fewest <= len(members) <= most or len({m.pk for m in members}) != len(members):
        raise TableRefused(
            _("Seat %(fewest)d to %(most)d different members.") % {"fewest": fewest, "most": most}
        )
    in_club = set(
        Membership.objects.filter(club_id=club_night.club_id, member__in=list(members)).values_list(
            "member_id", flat=True
        )
    )
    outsiders = sorted(m.name for m in members if m.pk not in in_club)
    if outsiders:
        raise TableRefused(_("Not members of this club: %s") % ", ".join(outsiders))
    if not 0 <= first_dealer < len(members):
        raise TableRefused(_("The first dealer must be one of the players."))
    if number is None:
        taken = club_night.variant_tables.values_list("number", flat=True)
        number = max(taken, default=0) + 1
    table = VariantTable(
        club_night=club_night,
        number=number,
        game=game,
        preset=preset or DEFAULT_PRESET[game],
        overrides=dict(overrides or {}),
        own_table=own_table,
        first_dealer=first_dealer,
    )
    try:
        table.full_clean()
        rules = table_rules(game, table.preset, table.overrides)
        if game == Game.EXACT:
            exact.schedule(rules, len(members))
        if game == Game.KNOCKOUT:
            knockout.knockout_start(len(members), rules)
        _check_own_table(game, rules, own_table)
    except ValidationError as error:
        raise TableRefused("; ".join(error.messages)) from None
    except EngineError as error:
        raise TableRefused(ruling_text(error)) from None
    except HandRefused as error:
        raise TableRefused(str(error)) from None
    table.save()
    VariantSeat.objects.bulk_create(
        VariantSeat(table=table, position=p, member=m) for p, m in enumerate(members)
    )
    return table


def _check_own_table(game: str, rules, own_table: dict | None) -> None:
    """The club's own prices, read by the engine: colour whist's points grid (needed: no
    published grid was found), or solo's stake table when the rules say ``custom``."""
    if game == Game.COLOUR:
        colour.PointsGrid.from_dict(own_table or {"name": "club_grid"})
    elif game == Game.SOLO and (own_table is not None or rules.stake_table == "custom"):
        solo.stake_table(rules.override(stake_table="custom"), own_table)
