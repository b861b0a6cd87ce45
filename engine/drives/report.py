"""A drive run as plain JSON (the ``drive`` command's output, documented in docs/drives.md):
``settings``, ``tables``, ``players``, ``hands`` (each hand's tables: kind, pairs — null for
a ghost — and tricks), ``cards``, ``totals`` (ranked by role) and ``prizes``."""

from __future__ import annotations

from engine.drives.cards import Card, ranking
from engine.drives.prizes import Award
from engine.drives.run import DriveRun


def card_json(card: Card) -> dict[str, object]:
    """A player's card as JSON-ready values."""
    return {
        "player": card.player,
        "role": str(card.role),
        "total": card.total,
        "half_time": card.half_time,
        "rows": [
            {
                "hand": r.hand,
                "trump": r.trump,
                "kind": str(r.kind),
                "table": r.table,
                "partner": r.partner,
                "tricks": r.tricks,
                "score": r.score,
                "total": r.total,
            }
            for r in card.rows
        ],
    }


def award_json(award: Award) -> dict[str, object]:
    """A prize of the list as JSON-ready values."""
    return {
        "number": award.number,
        "prize": str(award.spec),
        "place": award.place,
        "status": str(award.status),
        "winners": list(award.winners),
        "value": award.value,
        "tied": list(award.tied),
        "decided_by": str(award.decided_by),
    }


def run_report(run: DriveRun) -> dict[str, object]:
    """Everything a program needs to check a drive, as JSON-ready values."""
    settings = run.settings
    roles = {p: str(card.role) for p, card in run.cards.items()}
    totals = []
    for role in ("lady", "gent"):
        cards = [c for c in run.cards.values() if str(c.role) == role]
        totals += [
            {
                "player": c.player,
                "role": role,
                "rank": rank,
                "total": c.total,
                "half_time": c.half_time,
            }
            for rank, c in ranking(cards)
        ]
    return {
        "settings": settings.to_dict(),
        "tables": run.tables,
        "players": [{"id": p, "role": roles[p]} for p in sorted(roles)],
        "hands": [
            {
                "hand": row[0].hand,
                "round": row[0].round,
                "trump": settings.trump(row[0].hand),
                "tables": [
                    {
                        "table": th.table,
                        "kind": str(th.kind),
                        "pair_a": list(th.pair_a),
                        "pair_b": list(th.pair_b),
                        "tricks_a": th.entry.tricks_a if th.entry else None,
                        "tricks_b": th.entry.tricks_b if th.entry else None,
                        "deemed_winner": str(th.deemed) if th.deemed else None,
                    }
                    for th in row
                ],
            }
            for row in run.hands
        ],
        "cards": [card_json(c) for c in sorted(run.cards.values(), key=lambda c: c.player)],
        "totals": totals,
        "prizes": [award_json(a) for a in run.awards],
    }
