"""Duplicate whist's own methods, on tricks (rules.md §7; AWL 1894 Law A; Foster p.111–114).

Under the ``duplicate`` profile every trick counts and honours are not scored, so a pair's
score on a board is its tricks.

* :func:`total_tricks` — each entry's aggregate of tricks over the boards it played.
* :func:`compass` — "plus or minus the average": each pair's total compared with the
  average total of its own direction (Foster: NS totals 201, 204, 211, 207, 212 → average
  207 → −6, −3, +4, 0, +5).
* :func:`teams_plus_minus` — AWL Law A for teams: with two teams the winner wins by the tricks
  it took over half the total; with more, each team by its aggregate above or below the
  average of all teams, fractions disregarded (nearest whole number). A team with an odd
  number of pairs first adds the average score of all the pairs seated in the positions
  opposite its odd pair (:func:`team_aggregates`).
* :func:`pair_matches` — Foster's team-of-four / pair-v-pair contest: every pairing of two
  pairs is a "match"; most matches won wins, a match tied on tricks counts half to each, and
  the tricks only break ties.

Trick methods count played results only: an adjusted score carries no tricks (a secretary
who wants to award tricks enters them as the result). Values are exact (:class:`Fraction`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import floor

from engine.cards import Side
from scoring.calc.errors import CalcError
from scoring.calc.results import BoardResult, EntryId, results_by_board


@dataclass(frozen=True, slots=True)
class TrickTotal:
    """An entry's tricks over ``boards`` played boards."""

    entry: EntryId
    tricks: int
    boards: int


@dataclass(frozen=True, slots=True)
class CompassScore:
    """An entry's tricks compared with the average of its field (``field`` None: one field)."""

    entry: EntryId
    field: Side | None
    tricks: int
    boards: int
    average: Fraction
    plus_minus: Fraction


def total_tricks(results: Iterable[BoardResult]) -> dict[EntryId, TrickTotal]:
    """Each entry's total tricks (its side's tricks, arrow switch applied) over played boards."""
    totals: dict[EntryId, list[int]] = {}
    for rows in results_by_board(results).values():
        for r in rows:
            if not r.played:
                continue
            for members, tricks in ((r.ns_members, r.ns_tricks), (r.ew_members, r.ew_tricks)):
                for entry in members:
                    tally = totals.setdefault(entry, [0, 0])
                    tally[0] += tricks
                    tally[1] += 1
    return {entry: TrickTotal(entry, t[0], t[1]) for entry, t in totals.items()}


def plus_minus_average(totals: Mapping[EntryId, int | Fraction]) -> dict[EntryId, Fraction]:
    """Each total minus the average of all ``totals`` (exact).

    >>> [str(v) for v in plus_minus_average({1: 201, 2: 204, 3: 211, 4: 207, 5: 212}).values()]
    ['-6', '-3', '4', '0', '5']
    """
    if not totals:
        return {}
    average = Fraction(sum(totals.values())) / len(totals)
    return {entry: Fraction(total) - average for entry, total in totals.items()}


def compass(
    results: Iterable[BoardResult], fields: Mapping[EntryId, Side | None]
) -> dict[EntryId, CompassScore]:
    """Compass whist: each entry's total tricks ± the average of its own field.

    ``fields`` gives each entry's field (see :func:`scoring.calc.standings.home_fields`):
    North–South and East–West in a Mitchell, one field (``None``) otherwise.
    """
    totals = total_tricks(results)
    grouped: dict[Side | None, dict[EntryId, int]] = {}
    for entry, total in totals.items():
        grouped.setdefault(fields.get(entry), {})[entry] = total.tricks
    scores: dict[EntryId, CompassScore] = {}
    for field, members in grouped.items():
        average = Fraction(sum(members.values()), len(members))
        for entry, tricks in members.items():
            boards = totals[entry].boards
            scores[entry] = CompassScore(entry, field, tricks, boards, average, tricks - average)
    return scores


def nearest_whole(value: Fraction) -> int:
    """Round to the nearest whole number, halves away from zero ("fractions disregarded")."""
    magnitude = floor(abs(value) + Fraction(1, 2))
    return magnitude if value >= 0 else -magnitude


@dataclass(frozen=True, slots=True)
class TeamPair:
    """One pair of a team: its team, its direction (where it sat all event) and its tricks."""

    team: EntryId
    pair: EntryId
    direction: Side
    tricks: int


def team_aggregates(pairs: Iterable[TeamPair]) -> dict[EntryId, Fraction]:
    """Each team's aggregate of tricks, the odd-pair rule applied (AWL Law A).

    Reading of the rule: a team whose pairs are not half North–South and half East–West
    (an odd number of pairs) adds, for each pair it is short in a direction, the average
    score of all the pairs (of every team) seated in that direction — the positions opposite
    its odd pair. E.g. a team of N–S 80, 75, E–W 70 adds the E–W average once.
    """
    pairs = list(pairs)
    by_direction: dict[Side, list[int]] = {Side.NS: [], Side.EW: []}
    teams: dict[EntryId, list[TeamPair]] = {}
    for pair in pairs:
        by_direction[pair.direction].append(pair.tricks)
        teams.setdefault(pair.team, []).append(pair)
    averages = {
        side: Fraction(sum(scores), len(scores)) if scores else Fraction(0)
        for side, scores in by_direction.items()
    }
    aggregates: dict[EntryId, Fraction] = {}
    for team, members in teams.items():
        ns = sum(1 for p in members if p.direction is Side.NS)
        ew = len(members) - ns
        short = Side.EW if ns > ew else Side.NS
        aggregates[team] = sum(p.tricks for p in members) + abs(ns - ew) * averages[short]
    return aggregates


def teams_plus_minus(aggregates: Mapping[EntryId, int | Fraction]) -> dict[EntryId, int]:
    """AWL Law A: each team's tricks won (+) or lost (−).

    Two teams: the winner wins by the tricks over one half of the total (and the loser
    loses by as many). More teams: aggregate − average of all teams, to the nearest whole
    number. Raises :class:`CalcError` for fewer than two teams.
    """
    if len(aggregates) < 2:
        raise CalcError("a teams match needs at least two teams")
    if len(aggregates) == 2:
        half = Fraction(sum(aggregates.values()), 2)
        return {team: nearest_whole(Fraction(total) - half) for team, total in aggregates.items()}
    return {team: nearest_whole(pm) for team, pm in plus_minus_average(aggregates).items()}


@dataclass(frozen=True, slots=True)
class PairMatch:
    """One pair-v-pair match: the tricks each pair took on the boards they met on."""

    first: EntryId
    second: EntryId
    first_tricks: int
    second_tricks: int


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A pair's matches won (a tie counts half) and its tricks over all its matches."""

    entry: EntryId
    matches: Fraction
    played: int
    tricks: int


def pair_matches(matches: Iterable[PairMatch]) -> dict[EntryId, MatchRecord]:
    """Foster's pair-v-pair contest: 1 per match won, ½ per tie; tricks kept for ties."""
    won: dict[EntryId, Fraction] = {}
    played: dict[EntryId, int] = {}
    tricks: dict[EntryId, int] = {}
    for m in matches:
        if m.first == m.second:
            raise CalcError(f"pair {m.first} cannot play a match against itself")
        share = Fraction(1, 2) if m.first_tricks == m.second_tricks else Fraction(1)
        for entry, own, other in (
            (m.first, m.first_tricks, m.second_tricks),
            (m.second, m.second_tricks, m.first_tricks),
        ):
            won[entry] = won.get(entry, Fraction(0)) + (share if own >= other else 0)
            played[entry] = played.get(entry, 0) + 1
            tricks[entry] = tricks.get(entry, 0) + own
    return {e: MatchRecord(e, won[e], played[e], tricks[e]) for e in won}
