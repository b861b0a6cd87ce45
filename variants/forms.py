"""Forms of the whist-family pages: a hand (the fields its game needs), a correction, a new
table. They only check shapes; the engine judges the hand in ``variants.services``."""

from __future__ import annotations

import json
import re

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.inputs import REASON_MAX_LENGTH, TextRules
from clubs.models import Member
from engine.variants.colour import TroelTarget
from variants.models import CONTRACT_LABELS, PLAYERS, PRESET_LABELS, Game, VariantTable
from variants.verdict import PRESETS, HandEntry, table_rules

MOST_PLAYERS = 8
SEAT_LETTERS = "NESW"
_CALL_SPLIT = re.compile(r"[\s,;]+")
SUITS = [("S", _("spades")), ("H", _("hearts")), ("D", _("diamonds")), ("C", _("clubs"))]

#: The fields each game's hand form shows (besides the per-player ones).
FIELDS = {
    Game.SOLO: ("calls", "contract", "declarer", "partner", "suit", "tricks", "last_trick"),
    Game.COLOUR: (
        "calls",
        "contract",
        "declarer",
        "partner",
        "level",
        "suit",
        "troel_fact",
        "tricks",
    ),
    Game.BID: ("calls", "contract", "declarer", "level", "tricks", "first_trick"),
    Game.MINNESOTA: ("grander", "tricks"),
    Game.KNOCKOUT: ("suit",),
    Game.EXACT: ("suit",),
}
PER_PLAYER = {Game.COLOUR: ("tricks",), Game.KNOCKOUT: ("tricks",), Game.EXACT: ("bid", "tricks")}


def seat_label(table: VariantTable, position: int, names: dict[int, str]) -> str:
    """ "N — Ana" at four, "1 — Ana" otherwise."""
    players = len(names)
    mark = SEAT_LETTERS[position] if players == 4 else str(position + 1)
    return f"{mark} — {names.get(position, '')}"


def _troel_by_trump_suit(table: VariantTable) -> bool:
    """Whether the table's troel aim follows the shown trump's suit (else the ace led)."""
    rules = table_rules(table.game, table.preset, table.overrides)
    return rules.troel_target is TroelTarget.JEUX_TRUMP_IN_ACE_SUIT


def _number(label, most=17):
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=0,
        max_value=most,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class HandForm(TextRules, forms.Form):
    """A hand of ``table``'s game: only the fields that game needs are kept."""

    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    calls = forms.CharField(
        label=_("Calls (optional)"),
        required=False,
        help_text=_(
            "Every call in turn from the player after the dealer, e.g. “pass solo "
            "pass pass”. Leave empty to pick the contract below."
        ),
    )
    contract = forms.ChoiceField(label=_("Contract"), required=False)
    declarer = forms.ChoiceField(label=_("Declarer"), required=False)
    partner = forms.ChoiceField(label=_("Partner"), required=False)
    level = _number(_("Tricks bid"), 13)
    suit = forms.ChoiceField(label=_("Trumps"), required=False, choices=[("", _("none"))] + SUITS)
    grander = forms.ChoiceField(label=_("Who granded (first high card)"), required=False)
    tricks = _number(_("Tricks taken by the declaring side"), 13)
    last_trick = forms.ChoiceField(label=_("All passed: who took the last trick"), required=False)
    first_trick = forms.ChoiceField(
        label=_("The kitty's book"),
        required=False,
        choices=[
            ("", _("as the rules say")),
            ("yes", _("to the bidders")),
            ("no", _("to the opponents")),
        ],
    )

    troel_fact = forms.ChoiceField(
        label=_("Troel: was the fourth ace played in the first round?"),
        required=False,
        choices=[("", "—"), ("yes", _("yes: 8 tricks")), ("no", _("no: 9 tricks"))],
        help_text=_("Only for troel: it decides its aim."),
    )

    def __init__(self, *args, table: VariantTable, out: tuple[int, ...] = (), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.table = table
        if table.game == Game.COLOUR and _troel_by_trump_suit(table):
            self.fields["troel_fact"].label = _(
                "Troel: is the partner's shown trump card in his ace's suit?"
            )
        names = {s.position: s.member.name for s in table.seats.all()}
        self.out = set(out)
        seats = [(str(p), seat_label(table, p, names)) for p in sorted(names)]
        self.players = len(names)
        for name in ("declarer", "partner", "last_trick"):
            self.fields[name].choices = [("", "—")] + seats
        self.fields["grander"].choices = [("", _("nobody: low (all red)"))] + seats
        labels = CONTRACT_LABELS.get(table.game, {})
        self.fields["contract"].choices = [("", "—")] + [
            (k, v)
            for k, v in labels.items()
            if k not in ("redeal", "general_misere", "high", "low")
        ]
        if table.game == Game.BID:
            self.fields["contract"].label = _("Uptown, downtown or no trump")
            self.fields["declarer"].label = _("Bidder")
            self.fields["tricks"].label = _("Tricks the bidders took in play")
        if table.game == Game.MINNESOTA:
            self.fields["tricks"].label = _("Tricks taken by North–South")
        for what in PER_PLAYER.get(table.game, ()):
            for p in sorted(set(names) - self.out):
                label = f"{seat_label(table, p, names)}: " + (
                    str(_("bid")) if what == "bid" else str(_("tricks"))
                )
                self.fields[f"{what}_{p}"] = _number(label)
        keep = (
            set(FIELDS[table.game])
            | {"number", "reason"}
            | {f"{w}_{p}" for w in PER_PLAYER.get(table.game, ()) for p in names}
        )
        for name in list(self.fields):
            if name not in keep:
                del self.fields[name]

    def per_player(self):
        """(seat label, bid field, tricks field) rows for the per-player games."""
        if self.table.game not in PER_PLAYER:
            return []
        names = {s.position: s.member.name for s in self.table.seats.all()}
        return [
            (
                seat_label(self.table, p, names),
                self[f"bid_{p}"] if f"bid_{p}" in self.fields else None,
                self[f"tricks_{p}"] if f"tricks_{p}" in self.fields else None,
            )
            for p in sorted(names)
        ]

    def entry(self) -> HandEntry:
        data = self.cleaned_data

        def seat(name):
            value = data.get(name)
            return int(value) if value not in (None, "") else None

        first = {"yes": True, "no": False}.get(data.get("first_trick") or "")
        troel = {"yes": True, "no": False}.get(data.get("troel_fact") or "")
        by_suit = self.table.game == Game.COLOUR and _troel_by_trump_suit(self.table)
        return HandEntry(
            troel_ace_led=None if by_suit else troel,
            troel_trump_in_ace_suit=troel if by_suit else None,
            calls=tuple(c for c in _CALL_SPLIT.split(data.get("calls") or "") if c),
            contract=data.get("contract") or "",
            declarer=seat("declarer"),
            partner=seat("partner"),
            level=data.get("level"),
            suit=data.get("suit") or "",
            tricks=data.get("tricks"),
            grander=seat("grander"),
            last_trick=seat("last_trick"),
            first_trick_to_bidders=first,
            bids=tuple(data.get(f"bid_{p}") for p in range(self.players))
            if self.table.game == Game.EXACT
            else (),
            tricks_each=tuple(data.get(f"tricks_{p}") for p in range(self.players))
            if self.table.game in PER_PLAYER
            else (),
        )


class CorrectionForm(HandForm):
    reason = forms.CharField(
        label=_("Reason"), max_length=REASON_MAX_LENGTH, widget=forms.Textarea(attrs={"rows": 2})
    )


def hand_initial(hand) -> dict[str, object]:
    """A stored hand's entry, to start a correction from."""
    entry = hand.entry
    initial = {"number": hand.number}
    for key in ("contract", "level", "suit", "tricks"):
        initial[key] = entry.get(key)
    for key in ("declarer", "partner", "grander", "last_trick"):
        initial[key] = "" if entry.get(key) is None else str(entry[key])
    initial["calls"] = " ".join(entry.get("calls") or [])
    troel = entry.get("troel_ace_led")
    troel = entry.get("troel_trump_in_ace_suit") if troel is None else troel
    initial["troel_fact"] = {True: "yes", False: "no"}.get(troel, "")
    for p, value in enumerate(entry.get("bids") or []):
        initial[f"bid_{p}"] = value
    for p, value in enumerate(entry.get("tricks_each") or []):
        initial[f"tricks_{p}"] = value
    return initial


def _preset_choices():
    return [
        (
            str(Game(game).label),
            [(f"{game}:{name}", PRESET_LABELS.get(name, name)) for name in presets],
        )
        for game, presets in PRESETS.items()
    ]


class VariantTableForm(TextRules, forms.Form):
    """A new table: the game and its rules, the players in seat order, the first dealer."""

    rules = forms.ChoiceField(label=_("Game and rules"))
    first_dealer = forms.TypedChoiceField(
        label=_("First dealer"),
        coerce=int,
        choices=[(p, str(p + 1)) for p in range(MOST_PLAYERS)],
        initial=0,
        help_text=_("The seat number (1 is North at a table of four)."),
    )
    overrides = forms.CharField(
        label=_("Settings changed (JSON, optional)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_('e.g. {"hook": false}; see the guide for each game\'s settings.'),
    )
    own_table = forms.CharField(
        label=_("The club's own table of prices (JSON)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Needed for colour whist (the points grid); optional for solo."),
    )

    def __init__(self, *args, club, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["rules"].choices = _preset_choices()
        members = Member.objects.filter(memberships__club=club).distinct().order_by("name")
        for p in range(MOST_PLAYERS):
            label = _("Seat %(n)d") % {"n": p + 1}
            if p < 4:
                label = f"{label} ({SEAT_LETTERS[p]})"
            self.fields[f"seat_{p}"] = forms.ModelChoiceField(
                label=label, queryset=members, required=p < 2
            )

    def _json(self, name):
        text = (self.cleaned_data.get(name) or "").strip()
        if not text:
            return None
        try:
            value = json.loads(text)
        except ValueError as error:
            raise forms.ValidationError(_("This is not valid JSON: %s") % error) from None
        if not isinstance(value, dict):
            raise forms.ValidationError(_("Give it as a JSON object."))
        return value

    def clean_overrides(self):
        return self._json("overrides") or {}

    def clean_own_table(self):
        return self._json("own_table")

    def table_kwargs(self) -> dict[str, object]:
        data = self.cleaned_data
        game, _sep, preset = data["rules"].partition(":")
        members = [data[f"seat_{p}"] for p in range(MOST_PLAYERS) if data.get(f"seat_{p}")]
        return {
            "game": game,
            "preset": preset,
            "members": members,
            "overrides": data["overrides"],
            "own_table": data["own_table"],
            "first_dealer": data["first_dealer"],
        }


def players_of(game: str) -> tuple[int, int]:
    return PLAYERS[Game(game)]
