"""Shape snapshots and boards for the pages: travellers, hand records, score cards.

Everything here reads the snapshot (computed points) plus a fixed number of queries per
page (entries, boards, versions), never one per result.
"""

from __future__ import annotations

from django.db.models import Prefetch

from engine.boards import DDTable
from engine.cards import Seat, Suit
from engine.errors import EngineError
from engine.pbn import parse_dd_tricks
from scoring.checks import board_honours
from scoring.models import Result, ResultVersion, StandingsSnapshot
from scoring.schedule import board_facts
from tournaments.models import Board, Entry, Section
from tournaments.visibility import section_board_numbers_visible

SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


def standings_for(user, section, data: dict) -> dict:
    """A standings snapshot as ``user`` may read it: its ``boards`` (every board's
    traveller) cut to the boards whose travellers they may see
    (:mod:`tournaments.visibility`) — nothing of a board before its release to anyone who
    neither directs the event nor has played that board."""
    numbers = section_board_numbers_visible(user, section)
    if numbers is None:
        return data
    boards = data.get("boards", {})
    return {**data, "boards": {key: rows for key, rows in boards.items() if int(key) in numbers}}


def standings_fields(data: dict | None) -> list[dict]:
    return list(data.get("fields", [])) if data else []


def _entries(section) -> dict[int, Entry]:
    return {entry.pk: entry for entry in Entry.objects.filter(section_id=section.pk)}


def _boards(section) -> dict[int, Board]:
    return {
        board.number: board for board in Board.objects.filter(board_set_id=section.board_set_id)
    }


def _hand(cards) -> list[dict]:
    by_suit = {suit: [] for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)}
    for card in sorted(cards, key=lambda card: -card.rank):
        by_suit[card.suit].append(card.rank.letter)
    return [
        {"symbol": SUIT_SYMBOLS[suit], "letter": suit.letter, "cards": " ".join(ranks) or "—"}
        for suit, ranks in by_suit.items()
    ]


def _dd(board: Board, facts) -> tuple[int, int] | None:
    table = getattr(board, "dd_tricks", None)
    if not table:
        return None
    try:
        parsed = table if isinstance(table, DDTable) else parse_dd_tricks(str(table))
        return None if parsed is None else parsed.whist_tricks(facts.dealer, facts.trump)
    except (EngineError, ValueError, TypeError):
        return None


def _hand_record(board: Board) -> dict:
    facts = board_facts(board)
    record = {
        "number": board.number,
        "dealer": facts.dealer.name,
        "trump": SUIT_SYMBOLS.get(facts.trump, "NT") if facts.trump is not None else "NT",
        "trump_letter": facts.trump.letter if facts.trump is not None else "NT",
        "dd": _dd(board, facts),
        "honours": board_honours(facts),
        "hands": None,
    }
    if facts.deal is not None:
        record["hands"] = {seat.name: _hand(facts.deal.hand(seat)) for seat in Seat}
    return record


def travellers_view(section, snapshot, *, numbers: set[int] | None = None) -> list[dict]:
    """Every board's traveller rows (three queries however many boards); with
    ``numbers``, only those boards (the ones the reader may see)."""
    boards, entries = _boards(section), _entries(section)
    data = snapshot.data if snapshot else None
    return [
        _board_rows(number, data, entries)
        for number in sorted(boards)
        if numbers is None or number in numbers
    ]


def _board_rows(number: int, data: dict | None, entries) -> dict:
    rows = [dict(row) for row in (data or {}).get("boards", {}).get(str(number), [])]
    for row in rows:
        row["ns_number"] = getattr(entries.get(row["ns"]), "number", "?")
        row["ew_number"] = getattr(entries.get(row["ew"]), "number", "?")
    return {"number": number, "rows": rows, "hand": None}


def board_view(section, number: int, snapshot, *, with_hand: bool, with_versions=False):
    """One board's traveller: its rows (with points from the snapshot) and, when asked, the
    hand record, double-dummy tricks, honours and each result's versions."""
    board = Board.objects.filter(board_set_id=section.board_set_id, number=number).first()
    if board is None:
        return None
    view = _board_rows(number, snapshot.data if snapshot else None, _entries(section))
    view["hand"] = _hand_record(board) if with_hand else None
    if with_versions:
        versions = ResultVersion.objects.select_related("by", "device").order_by("number")
        view["results"] = list(
            Result.objects.filter(section_id=section.pk, board_number=number)
            .select_related("ns", "ew", "entered_by")
            .prefetch_related(Prefetch("versions", queryset=versions))
            .order_by("table")
        )
    return view


def entry_card(
    section,
    entry_id: int,
    snapshot,
    *,
    numbers: set[int] | None = None,
    with_standing: bool = True,
) -> dict | None:
    """An entry's score card: its standing (``with_standing``) and, board by board, its
    result and points — with ``numbers``, only on those boards (the ones the reader may
    see)."""
    entries = _entries(section)
    entry = entries.get(entry_id)
    if entry is None:
        return None
    data = snapshot.data if snapshot else {}
    standing = next(
        (
            row
            for field in data.get("fields", [])
            for row in field["rows"]
            if row["entry"] == entry_id
        ),
        None,
    )
    if not with_standing:
        standing = None
    boards = _boards(section)
    lines = []
    for number, rows in sorted(data.get("boards", {}).items(), key=lambda item: int(item[0])):
        if numbers is not None and int(number) not in numbers:
            continue
        for row in rows:
            if entry_id not in (row["ns"], row["ew"]):
                continue
            ns_side = row["ns"] == entry_id
            opponent = entries.get(row["ew"] if ns_side else row["ns"])
            board = boards.get(int(number))
            hand = _hand_record(board) if board else None
            lines.append(
                {
                    "board": int(number),
                    "direction": "NS" if ns_side else "EW",
                    "opponent": opponent,
                    "tricks": _tricks_for(row, ns_side),
                    "points": row["ns_points"] if ns_side else row["ew_points"],
                    "percentage": row["ns_percentage"] if ns_side else row["ew_percentage"],
                    "dd": None if not hand or not hand["dd"] else hand["dd"][0 if ns_side else 1],
                    "trump": hand["trump"] if hand else "",
                    "trump_letter": hand["trump_letter"] if hand else "",
                }
            )
    return {"entry": entry, "standing": standing, "lines": lines}


def _tricks_for(row: dict, ns_side: bool) -> str:
    if row["kind"] == "played":
        return str(row["ns_score"] if ns_side else 13 - row["ns_score"])
    if row["kind"] == "adjusted":
        ns, _, ew = row["adjusted"].partition("/")
        return ns if ns_side else ew
    return "NP"


def _player_key(entry) -> tuple:
    """Who an entry is, across sections and sessions: its players (members or guests)."""
    players = [
        f"m{member}" if member else f"g{guest.strip().lower()}"
        for member, guest in ((entry.member1_id, entry.guest1), (entry.member2_id, entry.guest2))
        if member or guest.strip()
    ]
    return tuple(sorted(players))


def public_session_view(session) -> dict:
    """What a session's public page shows, section by section: the standings, and each
    board's hand record and traveller (four queries however many sections and boards)."""
    sections = list(Section.objects.filter(session=session).order_by("name"))
    ids = [section.pk for section in sections]
    snapshots = latest_snapshots(ids)
    entries = {entry.pk: entry for entry in Entry.objects.filter(section_id__in=ids)}
    by_set: dict[int, list[Board]] = {}
    for board in Board.objects.filter(
        board_set_id__in={section.board_set_id for section in sections}
    ).order_by("number"):
        by_set.setdefault(board.board_set_id, []).append(board)
    parts = []
    for section in sections:
        data = snapshots.get(section.pk)
        boards = [
            {**_board_rows(board.number, data, entries), "hand": _hand_record(board)}
            for board in by_set.get(section.board_set_id, [])
        ]
        parts.append(
            {"section": section, "data": data, "fields": standings_fields(data), "boards": boards}
        )
    return {"sections": parts}


def latest_snapshots(section_ids) -> dict[int, dict]:
    """The data of each section's newest standings snapshot (one query, reading only the
    newest row of each section)."""
    from django.db.models import OuterRef, Subquery

    newest = (
        StandingsSnapshot.objects.filter(section_id=OuterRef("section_id"))
        .order_by("-version")
        .values("version")[:1]
    )
    rows = StandingsSnapshot.objects.filter(
        section_id__in=list(section_ids), version=Subquery(newest)
    ).values_list("section_id", "data")
    return dict(rows)


def combined_standings(section_ids, snapshots: dict[int, dict], entries: dict) -> list[dict]:
    """One ranking over the sections (a session's, or the whole event's): each entry's
    section totals added up per pair of players (``scoring.calc.combine_sessions``:
    matchpoints add, percentages weighted by boards), ranked with shared places.

    Where the sections rank two fields (a two-winner Mitchell) and every pair keeps its
    direction throughout, each direction is ranked apart, as on the section's standings
    and the pair's score card; otherwise one field. Each row: ``field`` ("NS", "EW", or ""
    for one field) and ``field_size``, ``rank``, ``rank_label``, ``number`` (the pair's),
    ``name``, ``entry``, ``total``, ``percentage``, ``boards``; NS's field first."""
    from scoring.calc.standings import SessionTotal, combine_sessions, rank_totals

    parts, first, sides = [], {}, {}
    for section_id in section_ids:
        part = {}
        fields = (snapshots.get(section_id) or {}).get("fields", [])
        for field in fields:
            for row in field["rows"]:
                entry = entries.get(row["entry"])
                if entry is None:
                    continue
                key = _player_key(entry)
                first.setdefault(key, entry)
                sides.setdefault(key, set()).add(field["name"] if len(fields) > 1 else "")
                part[key] = SessionTotal(key, row["total"], row["boards"], row["percentage"])
        parts.append(part)
    apart = all(len(found) == 1 and "" not in found for found in sides.values())
    field_of = {key: next(iter(found)) for key, found in sides.items()} if apart else {}
    ranked = rank_totals(combine_sessions(parts).values(), field_of)
    order = sorted(ranked, key=lambda name: {"NS": 0, "EW": 1}.get(name or "", -1))
    return [
        {
            "field": field or "",
            "field_size": len(ranked[field]),
            "rank": row.rank,
            "rank_label": row.label,
            "number": first[row.entry].number,
            "name": str(first[row.entry]),
            "entry": first[row.entry],
            "total": round(row.total, 2),
            "percentage": None if row.percentage is None else round(row.percentage, 2),
            "boards": row.boards,
        }
        for field in order
        for row in ranked[field]
    ]


def event_standings(tournament, sections) -> list[dict]:
    """One ranking over ``sections`` (see :func:`combined_standings`), in three queries."""
    section_ids = [section.pk for section in sections]
    entries = {
        entry.pk: entry
        for entry in Entry.objects.filter(section_id__in=section_ids).select_related(
            "member1", "member2"
        )
    }
    return combined_standings(section_ids, latest_snapshots(section_ids), entries)
