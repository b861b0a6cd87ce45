"""The one place the scoring app reads the tournaments schedule and turns it into plain
values (:class:`PlayFacts`), so that services and checks do not depend on its field names.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache

from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.db.models.expressions import RawSQL
from django.utils.translation import gettext as _

from clubs.permissions import access_params, access_remember, access_sql
from engine.cards import Seat, Suit
from engine.profiles import DUPLICATE, RuleProfile, get_profile
from scoring.checks import BoardFacts
from scoring.errors import ResultRefused
from scoring.rows import prepared_cursor
from tournaments.models import BoardPlay, Seating
from tournaments.rounds import round_now
from tournaments.seats import pairs_by_cards


@dataclass(frozen=True, slots=True)
class PlayFacts:
    """One scheduled board play: where, who, which board, and the event's rules. ``ns_*``
    and ``ew_*`` are the pairs holding the North–South and the East–West cards
    (:func:`tournaments.seats.pairs_by_cards`): after an arrow switch, the pairs seated EW
    and NS. A result is stored, entered (NS cards) and confirmed (EW cards) by them."""

    board_play_id: int
    section_id: int
    club_id: int
    round: int
    table: int
    board_id: int
    board: BoardFacts
    ns_id: int
    ew_id: int
    ns_number: int
    ew_number: int
    ns_members: frozenset[int]
    ew_members: frozenset[int]
    not_played: bool
    profile: RuleProfile
    #: The movement arrow-switches the table: ``ns_*`` (the North–South cards) sit EW.
    arrow_switch: bool = False
    #: The result already stored for this board play when the facts were read, if any.
    result_id: int | None = None
    #: The event and its status (who may enter what depends on it).
    tournament_id: int = 0
    status: str = ""
    #: The current round of the NS side (:mod:`tournaments.rounds`; None: every board of
    #: theirs has a result): NS enter results of this round and earlier ones only.
    ns_round_now: int | None = None
    #: Ids taken for a new result and its first version (``reserve_ids``; PostgreSQL only).
    reserved_ids: tuple[int, int] | None = None


def board_facts(board) -> BoardFacts:
    """A board row as the engine needs it."""
    trump = Suit.parse(board.trump) if board.trump not in ("", "NT", None) else None
    return BoardFacts(board.number, board.deal or "", Seat.parse(board.dealer), trump)


def _profile(name: str, overrides: dict | None) -> RuleProfile:
    key = json.dumps(overrides or {}, sort_keys=True)
    return _profile_cached(name or "duplicate", key)


@lru_cache(maxsize=64)
def _profile_cached(name: str, overrides: str) -> RuleProfile:
    try:
        return get_profile(name, **json.loads(overrides))
    except Exception:  # noqa: BLE001 - a stored profile the engine refuses: duplicate rules
        return DUPLICATE


def _members(entry) -> frozenset[int]:
    return frozenset(
        member_id
        for member_id in (entry.member1_id, getattr(entry, "member2_id", None))
        if member_id
    )


def _facts_sql(reserve: bool = False) -> str:
    return _facts_sql_for(connection.vendor, reserve and connection.vendor == "postgresql")


@lru_cache(maxsize=8)
def _facts_sql_for(vendor: str, reserve: bool = False) -> str:
    """The one query behind :func:`play_facts` and :func:`play_facts_at`, in plain SQL: the
    ORM would spend longer building this eight-table join than the database answering it.
    It also reads the result already stored for the board play (so that a second one is
    answered with a conflict without trying to insert it)."""
    from scoring.models import Result, ResultVersion
    from tournaments.models import Board, Entry, Section, Session, Tournament

    # Ids for the result about to be written and its first version, taken in the same
    # round trip (a request that ends without writing leaves a gap, as a failed insert does).
    reserved = (
        "".join(
            f", nextval(pg_get_serial_sequence('{model._meta.db_table}', 'id'))"
            for model in (Result, ResultVersion)
        )
        if reserve
        else ""
    )

    t = {
        model.__name__: connection.ops.quote_name(model._meta.db_table)
        for model in (BoardPlay, Board, Seating, Section, Session, Tournament, Entry, Result)
    }
    return (
        "SELECT bp.id, bp.not_played, bp.board_id, b.number, b.deal, b.dealer, b.trump,"
        ' st.section_id, st.round, st."table", st.ns_id, st.ew_id, ns.number, ew.number,'
        " ns.member1_id, ns.member2_id, ew.member1_id, ew.member2_id,"
        " t.club_id, t.rule_profile, t.rule_overrides, so.member1_id, we.member1_id, r.id,"
        " t.id, t.status, st.arrow_switch,"
        # The NS cards' side's current round (scoring.access: results are entered in order).
        f" ({_ns_round_now_sql()}),"
        # The user's roles in the club and member id: no query of their own for can().
        f" {access_sql(vendor, 't.club_id')}{reserved}"
        f" FROM {t['BoardPlay']} bp"
        f" JOIN {t['Board']} b ON b.id = bp.board_id"
        f" JOIN {t['Seating']} st ON st.id = bp.seating_id"
        f" JOIN {t['Section']} sc ON sc.id = st.section_id"
        f" JOIN {t['Session']} ss ON ss.id = sc.session_id"
        f" JOIN {t['Tournament']} t ON t.id = ss.tournament_id"
        f" JOIN {t['Entry']} ns ON ns.id = st.ns_id"
        f" JOIN {t['Entry']} ew ON ew.id = st.ew_id"
        # Individual events: South and West are players of their own.
        f" LEFT JOIN {t['Entry']} so ON so.id = st.south_id"
        f" LEFT JOIN {t['Entry']} we ON we.id = st.west_id"
        f" LEFT JOIN {t['Result']} r ON r.board_play_id = bp.id"
    )


def _ns_round_now_sql() -> str:
    """:func:`tournaments.rounds.round_now` of the side holding the NS cards (the pair
    seated NS, or seated EW on an arrow-switched round; in an individual event, North and
    South), compiled by the ORM as a subquery of the facts query."""
    expression = round_now(
        section=RawSQL("st.section_id", ()),
        entries=[
            RawSQL("CASE WHEN st.arrow_switch THEN st.ew_id ELSE st.ns_id END", ()),
            RawSQL("st.south_id", ()),
        ],
    )
    sql, params = expression.query.sql_with_params()
    if params:
        raise ImproperlyConfigured("The current round's subquery must have no parameters.")
    return sql


def _fetch_facts(where: str, params: list, user, reserve: bool = False) -> tuple | None:
    query = f"{_facts_sql(reserve)} WHERE {where} LIMIT 1"
    params = [*access_params(user), *params]
    with prepared_cursor() as cursor:
        # Eleven tables: PostgreSQL's planner spent about 8 ms searching join orders for a
        # query that runs in 0.3 ms (EXPLAIN ANALYZE, 2026-11-23). Prepared, it is planned
        # only until PostgreSQL keeps a generic plan for the connection.
        cursor.execute(query, params)
        row = cursor.fetchone()
    if row is None:
        return None
    overrides = row[20]
    if isinstance(overrides, str):  # SQLite returns JSON as text
        overrides = json.loads(overrides or "{}")
    access_remember(user, club_id=row[18], roles=row[28], member_id=row[29])
    reserved = tuple(row[30:32]) if len(row) > 30 else None
    return (*row[:20], overrides, *row[21:28], reserved)


def play_facts(board_play_id: int, *, user=None) -> PlayFacts:
    """The facts of board play ``board_play_id`` (one query). With ``user``, the same
    query reads their roles in the club, so that permission checks need no query."""
    row = _fetch_facts("bp.id = %s", [board_play_id], user)
    if row is None:
        raise ResultRefused(_("That board is not scheduled."))
    return _facts_of(row)


def play_facts_at(
    *, section_id: int, round: int, table: int, board: int, user=None, reserve_ids: bool = False
) -> PlayFacts:
    """The facts of the board play scheduled at ``table`` in ``round`` for board number
    ``board`` (one query), or :class:`ResultRefused` saying what is not scheduled. With
    ``user``, as :func:`play_facts`. ``reserve_ids`` (PostgreSQL) also takes the ids of a
    result about to be written (``PlayFacts.reserved_ids``), so that its answer can be
    stored with it in one statement (:func:`scoring.rows.insert_result_with_version`)."""
    row = _fetch_facts(
        'st.section_id = %s AND st.round = %s AND st."table" = %s AND b.number = %s',
        [section_id, round, table, board],
        user,
        reserve_ids,
    )
    if row is None:
        raise _not_scheduled(board, table, round)
    return _facts_of(row)


def _not_scheduled(board: int, table: int, round: int) -> ResultRefused:
    return ResultRefused(
        _("Board %(board)s is not scheduled at table %(table)s in round %(round)s.")
        % {"board": board, "table": table, "round": round}
    )


def _facts_of(row) -> PlayFacts:
    (pk, not_played, board_id, number, deal, dealer, trump, section_id, round_, table) = row[:10]
    (ns_id, ew_id, ns_number, ew_number, ns1, ns2, ew1, ew2, club_id, profile, overrides) = row[
        10:21
    ]
    south, west, result_id, tournament_id, status, arrow, ns_round_now, reserved = row[21:29]
    suit = Suit.parse(trump) if trump not in ("", "NT", None) else None
    arrow = bool(arrow)
    (ns_id, ns_number, ns_members), (ew_id, ew_number, ew_members) = pairs_by_cards(
        (ns_id, ns_number, frozenset(m for m in (ns1, ns2, south) if m)),
        (ew_id, ew_number, frozenset(m for m in (ew1, ew2, west) if m)),
        arrow_switch=arrow,
    )
    return PlayFacts(
        board_play_id=pk,
        section_id=section_id,
        club_id=club_id,
        round=round_,
        table=table,
        board_id=board_id,
        board=BoardFacts(number, deal or "", Seat.parse(dealer), suit),
        ns_id=ns_id,
        ew_id=ew_id,
        ns_number=ns_number,
        ew_number=ew_number,
        ns_members=ns_members,
        ew_members=ew_members,
        not_played=not_played,
        profile=_profile(profile, overrides),
        arrow_switch=arrow,
        result_id=result_id,
        reserved_ids=reserved,
        tournament_id=tournament_id,
        status=status,
        ns_round_now=ns_round_now,
    )


def board_play_find(*, section_id: int, round: int, table: int, board: int) -> int:
    """The board play scheduled at ``table`` in ``round`` for board number ``board``, or
    :class:`ResultRefused` saying what is not scheduled."""
    play_id = (
        BoardPlay.objects.filter(
            seating__section_id=section_id,
            seating__round=round,
            seating__table=table,
            board__number=board,
        )
        .values_list("pk", flat=True)
        .first()
    )
    if play_id is None:
        raise _not_scheduled(board, table, round)
    return play_id


def check_pair_meeting(facts: PlayFacts, *, ns: int, ew: int) -> None:
    """Refuse a result whose pair numbers are not the ones scheduled at that table, by the
    cards they hold (``ns``: the pair holding the North–South cards)."""
    if (facts.ns_number, facts.ew_number) == (ns, ew):
        return
    values = {
        "table": facts.table,
        "round": facts.round,
        "ns": facts.ns_number,
        "ew": facts.ew_number,
        "given_ns": ns,
        "given_ew": ew,
    }
    if facts.arrow_switch:
        raise ResultRefused(
            _(
                "At table %(table)s in round %(round)s the boards are turned round (arrow "
                "switch): pair %(ns)s holds the NS cards and pair %(ew)s the EW cards, not "
                "%(given_ns)s and %(given_ew)s."
            )
            % values
        )
    raise ResultRefused(
        _(
            "At table %(table)s in round %(round)s pair %(ns)s sits NS and pair %(ew)s EW, "
            "not %(given_ns)s and %(given_ew)s."
        )
        % values
    )


@dataclass(frozen=True, slots=True)
class PlayLine:
    """One scheduled board play as an entry grid shows it: ``ns_*``/``ew_*`` are the pairs
    holding the North–South and East–West cards (after an arrow switch, ``arrow_switch``,
    the pairs seated EW and NS), as the traveller slips write them."""

    board_play_id: int
    round: int
    table: int
    board: int
    trump: str
    ns_id: int
    ew_id: int
    ns_number: int
    ew_number: int
    ns_name: str
    ew_name: str
    not_played: bool
    arrow_switch: bool = False


def _line(play) -> PlayLine:
    seating = play.seating
    ns, ew = pairs_by_cards(seating.ns, seating.ew, arrow_switch=seating.arrow_switch)
    return PlayLine(
        play.pk,
        seating.round,
        seating.table,
        play.board.number,
        play.board.trump or "NT",
        ns.pk,
        ew.pk,
        ns.number,
        ew.number,
        str(ns),
        str(ew),
        play.not_played,
        seating.arrow_switch,
    )


def _lines(queryset) -> list[PlayLine]:
    plays = queryset.select_related(
        "seating__ns__member1",
        "seating__ns__member2",
        "seating__ew__member1",
        "seating__ew__member2",
        "board",
    ).order_by("seating__round", "seating__table", "board__number")
    return [_line(play) for play in plays]


def round_lines(*, section_id: int, round: int, table: int) -> list[PlayLine]:
    """The boards played at ``table`` in ``round``."""
    return _lines(
        BoardPlay.objects.filter(
            seating__section_id=section_id, seating__round=round, seating__table=table
        )
    )


def board_lines(*, section_id: int, board: int) -> list[PlayLine]:
    """Every table's play of board number ``board``."""
    return _lines(BoardPlay.objects.filter(seating__section_id=section_id, board__number=board))


def section_lines(section_id: int) -> list[PlayLine]:
    """Every scheduled board play of the section."""
    return _lines(BoardPlay.objects.filter(seating__section_id=section_id))


def seated_members(*, section_id: int, round: int, table: int) -> tuple[frozenset, frozenset]:
    """The member ids holding the North–South and the East–West cards at ``table`` in
    ``round`` (seated NS and EW; the other way round after an arrow switch)."""
    seating = (
        Seating.objects.select_related("ns", "ew", "south", "west")
        .filter(section_id=section_id, round=round, table=table)
        .first()
    )
    if seating is None:
        return frozenset(), frozenset()
    ns = _members(seating.ns) | (_members(seating.south) if seating.south else frozenset())
    ew = _members(seating.ew) | (_members(seating.west) if seating.west else frozenset())
    return pairs_by_cards(ns, ew, arrow_switch=seating.arrow_switch)
