"""Standings: rank entries by the chosen method, ties sharing a place ("1=", "3=").

* **Fields.** A Mitchell ranks its North–South and East–West pairs separately (two winners)
  unless the movement was arrow-switched, in which case every pair played both directions
  and there is one field. Howell and individual events are one field. An entry's field is
  its *home* direction — the side it is listed on in the results (:func:`home_fields`).
* **Methods** (:class:`Method`): matchpoints (ranked by percentage), total tricks, compass
  ± average (both ranked by their total).
* **Ties** share the higher place; the next entry takes the place after all the tied ones
  (1=, 1=, 3). Values are compared after rounding to 6 decimals, so float noise never
  splits a tie, and the order within a tie is by entry id.
* **Several sessions** (:func:`combine_sessions`): matchpoint totals add up; the percentage
  is the mean of the session percentages weighted by boards played (each board weighs the
  same whatever the session's top); trick totals and ± averages add up. A carry-forward
  (e.g. from a qualifying stage) is one more session given as a :class:`SessionTotal`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.cards import Side
from scoring.calc.errors import CalcError
from scoring.calc.matchpoints import (
    MatchpointSettings,
    TravellerRow,
    score_matchpoints,
)
from scoring.calc.results import BoardResult, EntryId
from scoring.calc.tricks import MatchRecord, compass, total_tricks

TIE_PLACES = 6


class Method(enum.Enum):
    """How a session is scored."""

    MATCHPOINTS = "matchpoints"
    TOTAL_TRICKS = "total_tricks"
    COMPASS = "compass"


@dataclass(frozen=True, slots=True)
class SessionTotal:
    """An entry's result in one session (or a carry-forward): ``total`` (matchpoints,
    tricks or ± average), ``boards`` played and, for matchpoints, ``percentage``."""

    entry: EntryId
    total: float
    boards: int
    percentage: float | None = None


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings: place (``rank``, ``label`` "3=" when shared) and score."""

    entry: EntryId
    field: Side | None
    rank: int
    label: str
    total: float
    percentage: float | None
    boards: int


@dataclass(frozen=True, slots=True)
class Standings:
    """Ranked rows per field (``None``: one field) and each board's traveller."""

    fields: dict[Side | None, tuple[StandingRow, ...]]
    travellers: dict[int, tuple[TravellerRow, ...]]


def two_fields(movement: str, arrow_switched: bool = False) -> bool:
    """True if the movement ranks North–South and East–West separately (an un-switched
    Mitchell); Howell, individual and arrow-switched Mitchell movements are one field."""
    return movement.lower().startswith("mitchell") and not arrow_switched


def home_fields(results: Iterable[BoardResult], separate: bool) -> dict[EntryId, Side | None]:
    """Each entry's field: its home direction if ``separate`` (two fields), else ``None``."""
    fields: dict[EntryId, Side | None] = {}
    for r in results:
        for entry in r.ns_home:
            fields.setdefault(entry, Side.NS if separate else None)
        for entry in r.ew_home:
            fields.setdefault(entry, Side.EW if separate else None)
    return fields


def _entry_order(entry: EntryId) -> tuple[int, object]:
    return (0, entry) if isinstance(entry, int) else (1, str(entry))


def _key(total: SessionTotal) -> float:
    value = total.percentage if total.percentage is not None else total.total
    return round(value, TIE_PLACES)


def rank_totals(
    totals: Iterable[SessionTotal], fields: Mapping[EntryId, Side | None] | None = None
) -> dict[Side | None, tuple[StandingRow, ...]]:
    """Rank each field, highest first (by percentage when given, else by total)."""
    fields = fields or {}
    grouped: dict[Side | None, list[SessionTotal]] = {}
    for total in totals:
        grouped.setdefault(fields.get(total.entry), []).append(total)
    ranked = {}
    for field, members in grouped.items():
        ranked[field] = _rank_field(field, members)
    return dict(sorted(ranked.items(), key=lambda item: -1 if item[0] is None else item[0]))


def _rank_field(
    field: Side | None, members: list[SessionTotal], key=None
) -> tuple[StandingRow, ...]:
    """Rank one field by ``key`` (highest first; default: percentage, else total)."""
    key = key or _key
    ordered = sorted(members, key=lambda t: (_negate(key(t)), _entry_order(t.entry)))
    keys = [key(t) for t in ordered]
    rows = []
    place = 1
    for index, total in enumerate(ordered):
        if index and keys[index] != keys[index - 1]:
            place = index + 1
        shared = (index and keys[index - 1] == keys[index]) or (
            index + 1 < len(keys) and keys[index + 1] == keys[index]
        )
        label = f"{place}=" if shared else str(place)
        rows.append(
            StandingRow(
                total.entry, field, place, label, total.total, total.percentage, total.boards
            )
        )
    return tuple(rows)


def _negate(key: float | tuple[float, ...]) -> float | tuple[float, ...]:
    return tuple(-k for k in key) if isinstance(key, tuple) else -key


def rank_matches(
    records: Iterable[MatchRecord], fields: Mapping[EntryId, Side | None] | None = None
) -> dict[Side | None, tuple[StandingRow, ...]]:
    """Rank Foster's pair-v-pair contest: most matches won (a tie counts half), then tricks.

    Only equal matches *and* equal tricks share a place. ``total`` is the matches won,
    ``boards`` the matches played; ``percentage`` is None.
    """
    fields = fields or {}
    tricks: dict[EntryId, int] = {}
    grouped: dict[Side | None, list[SessionTotal]] = {}
    for record in records:
        tricks[record.entry] = record.tricks
        total = SessionTotal(record.entry, float(record.matches), record.played)
        grouped.setdefault(fields.get(record.entry), []).append(total)

    def key(total: SessionTotal) -> tuple[float, float]:
        return (round(total.total, TIE_PLACES), float(tricks[total.entry]))

    ranked = {field: _rank_field(field, members, key) for field, members in grouped.items()}
    return dict(sorted(ranked.items(), key=lambda item: -1 if item[0] is None else item[0]))


def session_totals(
    results: Sequence[BoardResult],
    method: Method,
    settings: MatchpointSettings | None = None,
    fields: Mapping[EntryId, Side | None] | None = None,
) -> tuple[dict[EntryId, SessionTotal], dict[int, tuple[TravellerRow, ...]]]:
    """Score one session by ``method``: each entry's :class:`SessionTotal` and the travellers.

    Compass compares each entry with the average of its field (``fields``; one field if
    omitted). Trick methods' travellers show tricks (top 13) instead of matchpoints.
    """
    if method is Method.MATCHPOINTS:
        session = score_matchpoints(results, settings)
        totals = {
            e: SessionTotal(e, s.total, s.boards, s.percentage) for e, s in session.entries.items()
        }
        return totals, session.travellers
    travellers = _trick_travellers(results)
    if method is Method.TOTAL_TRICKS:
        totals = {e: SessionTotal(e, t.tricks, t.boards) for e, t in total_tricks(results).items()}
        return totals, travellers
    if method is Method.COMPASS:
        scores = compass(results, fields or {})
        totals = {e: SessionTotal(e, float(c.plus_minus), c.boards) for e, c in scores.items()}
        return totals, travellers
    raise CalcError(f"unknown scoring method {method!r}")


def _trick_travellers(results: Sequence[BoardResult]) -> dict[int, tuple[TravellerRow, ...]]:
    boards: dict[int, list[TravellerRow]] = {}
    for r in results:
        row = TravellerRow(r, 13.0, r.ns_tricks, r.ew_tricks)
        boards.setdefault(r.board, []).append(row)
    return {board: tuple(rows) for board, rows in sorted(boards.items())}


def standings(
    results: Sequence[BoardResult],
    method: Method,
    *,
    separate_fields: bool,
    settings: MatchpointSettings | None = None,
    single_winner: bool = False,
) -> Standings:
    """One session's standings: rows per field and travellers.

    ``separate_fields``: True for a Mitchell without arrow switch (:func:`two_fields`).
    ``single_winner`` (compass, rules.md §7: "the pair most above average wins"): each pair is
    still compared with its own direction's average, but all pairs are ranked as one field
    (``None``), so there is one winner.
    """
    fields = home_fields(results, separate_fields)
    totals, travellers = session_totals(results, method, settings, fields)
    ranked_in = None if single_winner else fields
    return Standings(rank_totals(totals.values(), ranked_in), travellers)


def combine_sessions(
    sessions: Iterable[Mapping[EntryId, SessionTotal]],
    carry_forward: Mapping[EntryId, SessionTotal] | None = None,
) -> dict[EntryId, SessionTotal]:
    """Add up several sessions (and a carry-forward) per entry.

    Totals and boards add; the percentage (when every part has one) is the boards-weighted
    mean of the parts' percentages. An entry absent from a session simply has no boards there.
    """
    parts = list(sessions) + ([carry_forward] if carry_forward else [])
    sums: dict[EntryId, list] = {}
    for part in parts:
        for entry, total in part.items():
            tally = sums.setdefault(entry, [0.0, 0, 0.0, True])
            tally[0] += total.total
            tally[1] += total.boards
            if total.percentage is None:
                tally[3] = False
            else:
                tally[2] += total.percentage * total.boards
    combined = {}
    for entry, (total, boards, weighted, has_percentage) in sums.items():
        percentage = (weighted / boards if boards else 0.0) if has_percentage else None
        combined[entry] = SessionTotal(entry, total, boards, percentage)
    return combined
