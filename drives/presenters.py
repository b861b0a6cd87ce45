"""What the pages show, built from a :class:`drives.selectors.DriveState`: trump names, the
MC's screen (each table's progress, half-time leaders), names of pairs."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from drives.selectors import DriveState
from engine.drives.drive import TableHand
from engine.drives.movement import TableKind

TRUMP_NAMES = {
    "H": _("hearts"),
    "D": _("diamonds"),
    "S": _("spades"),
    "C": _("clubs"),
    "NT": _("no trumps"),
}
TRUMP_SYMBOLS = {"H": "♥", "D": "♦", "S": "♠", "C": "♣", "NT": "NT"}


def trump_name(strain: str) -> str:
    return str(TRUMP_NAMES[strain])


def pair_names(state: DriveState, pair: tuple[int | None, int | None], kind=None) -> str:
    ghost = str(_("dummy")) if kind == TableKind.DUMMY else "—"
    return " & ".join(state.name(p) if p is not None else ghost for p in pair)


@dataclass
class TableLine:
    number: int
    kind: str
    pair_a: str
    pair_b: str
    tricks_a: int | None
    tricks_b: int | None
    done: bool
    waits: bool = False  # who sits here waits for an earlier table's result


def table_lines(state: DriveState, rows: list[TableHand]) -> list[TableLine]:
    return [
        TableLine(
            number=th.table,
            kind=str(th.kind),
            pair_a=pair_names(state, th.pair_a, th.kind),
            pair_b=pair_names(state, th.pair_b, th.kind),
            tricks_a=th.entry.tricks_a if th.entry else None,
            tricks_b=th.entry.tricks_b if th.entry else None,
            done=th.done,
            waits=th.waits,
        )
        for th in rows
    ]


def leaders(state: DriveState, role: str, *, half_time: bool = False, count: int = 3):
    """The first ``count`` places of ``role`` (more when tied), as (rank, name, score)."""
    ranked = state.ranked(role, half_time=half_time)
    lines = []
    for rank, card in ranked:
        if rank > count:
            break
        score = card.half_time if half_time else card.total
        lines.append((rank, state.name(card.player), score))
    return lines


def screen_context(state: DriveState) -> dict[str, object]:
    """The MC's screen: "Hand 7 — trumps: spades", every table's progress, the half-time
    leaders once half-time is reached, the leaders so far otherwise."""
    drive, rules = state.drive, state.settings
    hand = drive.current_hand
    rows = state.hand(hand) if hand else []
    lines = table_lines(state, rows)
    half = rules.half_time_after
    half_done = bool(half) and (hand > half or (hand == half and all(line.done for line in lines)))
    return {
        "drive": drive,
        "state": state,
        "hand": hand,
        "round": rules.round_of(hand) if hand else 0,
        "trump": rules.trump(hand) if hand else "",
        "trump_name": trump_name(rules.trump(hand)) if hand else "",
        "trump_symbol": TRUMP_SYMBOLS[rules.trump(hand)] if hand else "",
        "lines": lines,
        "entered": sum(line.done for line in lines),
        "all_done": bool(lines) and all(line.done for line in lines),
        "last_hand": hand == rules.hands,
        "late_tables": state.late_tables() if hand else [],
        "moves_next": bool(hand)
        and hand < rules.hands
        and rules.round_of(hand + 1) != rules.round_of(hand),
        "half_time": half_done,
        "at_half_time": half_done and hand == half,
        "half_leaders": {
            "ladies": leaders(state, "lady", half_time=True),
            "gents": leaders(state, "gent", half_time=True),
        }
        if half_done
        else None,
        "leaders": {"ladies": leaders(state, "lady"), "gents": leaders(state, "gent")},
        "waiting": state.waiting_arrivals,
    }


_PRIZE_TEXTS = {
    ("lady", "total", False): _("Ladies, place %(place)d"),
    ("gent", "total", False): _("Gents, place %(place)d"),
    ("all", "total", False): _("Overall, place %(place)d"),
    ("couple", "total", False): _("Couples, place %(place)d"),
    ("lady", "total", True): _("Ladies' booby prize"),
    ("gent", "total", True): _("Gents' booby prize"),
    ("all", "total", True): _("Booby prize"),
    ("couple", "total", True): _("Couples' booby prize"),
    ("lady", "half_time", False): _("Ladies at half-time"),
    ("gent", "half_time", False): _("Gents at half-time"),
    ("all", "half_time", False): _("Highest at half-time"),
    ("couple", "half_time", False): _("Couples at half-time"),
    ("lady", "big_hands", False): _("Ladies: most big hands"),
    ("gent", "big_hands", False): _("Gents: most big hands"),
    ("all", "big_hands", False): _("Most big hands"),
    ("couple", "big_hands", False): _("Couples: most big hands"),
    ("all", "mystery", False): _("Mystery prize"),
    ("lady", "mystery", False): _("Ladies' mystery prize"),
    ("gent", "mystery", False): _("Gents' mystery prize"),
    ("couple", "mystery", False): _("Couples' mystery prize"),
}


def prize_name(spec, place: int) -> str:
    """A prize's name in the reader's language: "Ladies, place 1", "Gents' booby prize"."""
    text = _PRIZE_TEXTS.get((str(spec.group), str(spec.metric), spec.lowest))
    if text is None:  # lowest of another metric: name it as its series
        return f"{spec} {place}"
    return str(text) % {"place": place}


def settings_lines(rules) -> list[str]:
    """The settings in a few readable lines, in the reader's language."""
    from drives.forms import HALF_TIME_CARDS, INCOMPLETE, MOVEMENTS, MOVERS, SCORING, TIES

    label = lambda choices, value: str(dict(choices)[value])  # noqa: E731
    lines = [label(MOVEMENTS, rules.movement)]
    if rules.movement in ("progressive", "couple"):
        lines.append(label(MOVERS, rules.mover))
    if rules.movement in ("couple", "head_table"):
        lines.append(
            str(
                _("Partners kept all evening")
                if rules.fixed_partners
                else _("Couples divided when they meet")
            )
        )
    lines.append(
        str(_("%(hands)d hands, %(per)d before each move; half-time after hand %(half)d"))
        % {"hands": rules.hands, "per": rules.hands_per_round, "half": rules.half_time_after}
    )
    lines.append(
        str(_("Trumps: %(trumps)s")) % {"trumps": ", ".join(trump_name(t) for t in rules.trumps)}
    )
    lines.append(str(_("Score: %(scoring)s")) % {"scoring": label(SCORING, rules.scoring)})
    lines.append(label(INCOMPLETE, rules.incomplete_table))
    lines.append(str(_("Ties: %(ties)s")) % {"ties": label(TIES, rules.tie_break)})
    if any(p.metric == "half_time" for p in rules.prizes):
        lines.append(
            str(_("The half-time prize needs: %(card)s"))
            % {"card": label(HALF_TIME_CARDS, rules.half_time_prize_card)}
        )
    if rules.short_hands:
        lines.append(str(_("A hand stopped by the bell counts the tricks played")))
    if rules.late_tables:
        lines.append(str(_("Late arrivals may open a new table")))
    return lines
