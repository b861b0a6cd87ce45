"""Reads for tournaments, each with the joins its caller needs (a fixed number of queries
however many tables, entries or boards)."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.db.models import Q, QuerySet
from django.utils import timezone

from clubs.models import Member
from tournaments.models import Board, Entry, Section, Tournament

ENTRY_RELATED = ("member1", "member2")


def tournaments_for_club(club_id: int) -> QuerySet[Tournament]:
    return Tournament.objects.filter(club_id=club_id).order_by("-starts", "name")


def club_players(club_id: int, *, on: dt.date) -> QuerySet[Member]:
    """The members who may play in the club's event starting ``on``: a membership of the
    club (any role) that had not ended before that day, or has not ended today."""
    since = min(on, timezone.localdate())
    return (
        Member.objects.filter(
            Q(memberships__valid_to__isnull=True) | Q(memberships__valid_to__gte=since),
            memberships__club_id=club_id,
        )
        .distinct()
        .order_by("name")
    )


def section_entries(section: Section) -> QuerySet[Entry]:
    return Entry.objects.filter(section=section).select_related(*ENTRY_RELATED).order_by("number")


def members_entered(*, section: Section) -> set[int]:
    ids = set()
    for m1, m2 in Entry.objects.filter(section=section).values_list("member1_id", "member2_id"):
        ids.update(i for i in (m1, m2) if i is not None)
    return ids


def playing_elsewhere(section: Section, member_ids) -> dict[int, list[str]]:
    """Of ``member_ids``, those entered in another event running now, each with the names
    of those events (one query): their phones must know which event they are at."""
    from tournaments.models import STATUSES_PLAYERS_ENTER

    ids = set(member_ids)
    if not ids:
        return {}
    found: dict[int, list[str]] = defaultdict(list)
    rows = (
        Entry.objects.filter(
            Q(member1_id__in=ids) | Q(member2_id__in=ids),
            withdrawn=False,
            section__session__tournament__status__in=STATUSES_PLAYERS_ENTER,
        )
        .exclude(section__session__tournament_id=section.session.tournament_id)
        .values_list("member1_id", "member2_id", "section__session__tournament__name")
        .order_by("section__session__tournament__starts", "pk")
    )
    for first, second, name in rows:
        for member_id in (first, second):
            if member_id in ids and name not in found[member_id]:
                found[member_id].append(name)
    return dict(found)


def seated_q(entry_id: int, *, prefix: str = "") -> Q:
    """Seatings (or rows joined to one through ``prefix``) where the entry sits."""
    q = Q()
    for seat in ("ns", "ew", "south", "west"):
        q |= Q(**{f"{prefix}{seat}_id": entry_id})
    return q


def cards_held_q(ns: Entry, ew: Entry, *, prefix: str = "") -> Q:
    """Seatings (or rows joined to one through ``prefix``) where ``ns`` holds the
    North–South cards and ``ew`` the East–West cards: seated so, or seated the other way
    round at an arrow-switched table (:func:`tournaments.seats.pairs_by_cards`)."""
    return Q(**{f"{prefix}ns": ns, f"{prefix}ew": ew, f"{prefix}arrow_switch": False}) | Q(
        **{f"{prefix}ns": ew, f"{prefix}ew": ns, f"{prefix}arrow_switch": True}
    )


def board_has_results(board: Board) -> bool:
    """Whether any result was entered for ``board`` (then its deal cannot change)."""
    if not apps.is_installed("scoring"):
        return False
    try:
        result_model = apps.get_model("scoring", "Result")
    except LookupError:
        return False
    return result_model.objects.filter(board_play__board=board).exists()


def movement_directions(movement: Mapping[str, Any]) -> dict[int, str]:
    """Entry number → "NS"/"EW" for entries that always sit the same way; others get ""."""
    seen: dict[int, set[str]] = defaultdict(set)
    if movement.get("type") in ("individual", "rubber3"):
        return {}
    for round_ in movement.get("rounds", []):
        for table in round_["tables"]:
            seen[table["ns"]].add("NS")
            seen[table["ew"]].add("EW")
    return {n: (d.pop() if len(d) == 1 else "") for n, d in seen.items()}


def engine_board(row: Board):
    """A board row as the engine's board (deal, dealer, trump, double-dummy table)."""
    from engine.boards import Board as EngineBoard
    from engine.cards import Card, Seat, Suit
    from engine.deal import parse_pbn_deal
    from engine.pbn import parse_dd_tricks

    turned = Card.parse(row.turned) if row.turned else None
    return EngineBoard(
        number=row.number,
        dealer=Seat.parse(row.dealer),
        trump=Suit.parse(row.trump) if row.trump else None,
        deal=parse_pbn_deal(row.deal, turned=turned),
        dd_tricks=parse_dd_tricks(row.dd_tricks) if row.dd_tricks else None,
    )


def board_set_boards(board_set_id: int, *, access=None) -> list:
    """The engine's boards of a set (deal, dealer, trump, double-dummy table), in order;
    with ``access`` (:class:`tournaments.visibility.DealAccess`), only the boards it lets
    the reader see."""
    rows = Board.objects.filter(board_set_id=board_set_id).order_by("number")
    if access is not None and not access.every:
        rows = rows.filter(pk__in=access.board_ids)
    return [engine_board(row) for row in rows]


def board_set_pbn(board_set, *, access=None) -> str:
    """The board set as a PBN file (with our [Trump] tag and double-dummy tricks when
    known); with ``access``, only the boards the reader may see."""
    from engine.pbn import write_pbn

    return write_pbn(board_set_boards(board_set.pk, access=access))


@dataclass
class HandRecord:
    number: int
    dealer: str
    trump: str
    hands: dict[str, list[tuple[str, str]]]  # seat → [(suit letter, ranks)] in S H D C order
    dd_tricks: tuple[int, int] | None


def hand_records(board_set, *, access=None) -> list[HandRecord]:
    """Every board of a set (with ``access``, each the reader may see) as a printable hand
    record (see :func:`hand_record`)."""
    rows = Board.objects.filter(board_set_id=board_set.pk).order_by("number")
    if access is not None and not access.every:
        rows = rows.filter(pk__in=access.board_ids)
    return [hand_record(row) for row in rows]


def hand_record(row: Board) -> HandRecord:
    """A board as a printable hand record: four hands by suit, dealer, trump, and the
    double-dummy tricks (NS, EW) when known."""
    from engine.cards import SUITS_PBN_ORDER, Seat

    board = engine_board(row)
    hands = {}
    for seat in Seat:
        cards = board.deal.hand(seat)
        hands[seat.name] = [
            (
                suit.letter,
                "".join(
                    c.rank.letter for c in sorted(cards, key=lambda c: -c.rank) if c.suit is suit
                )
                or "—",
            )
            for suit in SUITS_PBN_ORDER
        ]
    return HandRecord(
        number=board.number,
        dealer=board.dealer.name,
        trump=board.trump.letter if board.trump is not None else "NT",
        hands=hands,
        dd_tricks=board.dd_result,
    )
