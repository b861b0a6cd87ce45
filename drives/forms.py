"""Forms of the drive pages: the set-up (every setting of drives.md §10), players at the
door, a table's hand, the MC's grid of a hand, a correction, a cut, a table code."""

from __future__ import annotations

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.inputs import REASON_MAX_LENGTH, TextRules
from clubs.models import Member
from drives.models import RoleName
from engine.drives.settings import (
    DriveSettings,
    IncompleteTable,
    Metric,
    Movement,
    Mover,
    PrizeGroup,
    PrizeSpec,
    Scoring,
    TieBreak,
)

MOVEMENTS = [
    (Movement.PROGRESSIVE, _("Progressive: one pair splits, lady up one table, gent down one")),
    (Movement.SEMI_PARTNER, _("Semi-partner: losers split, winners stay together")),
    (Movement.COUPLE, _("Couples: a pair moves up one table together")),
    (Movement.HEAD_TABLE, _("Head table: winners move up, table 1's losers go to the foot")),
]
MOVERS = [(Mover.WINNERS, _("The winners move")), (Mover.LOSERS, _("The losers move"))]
PARTNERS = [
    ("", _("As the movement does (couples kept; divided at the head table)")),
    ("keep", _("Keep partners all evening")),
    ("change", _("Divide couples when they meet")),
]
TRUMPS = {
    "HDSC": ("H", "D", "S", "C"),
    "HDSCNT": ("H", "D", "S", "C", "NT"),
    "NTSHDC": ("NT", "S", "H", "D", "C"),
    "CDHS": ("C", "D", "H", "S"),
}
TRUMP_CHOICES = [
    ("HDSC", _("Hearts, diamonds, spades, clubs")),
    ("HDSCNT", _("Hearts, diamonds, spades, clubs, no trumps")),
    ("NTSHDC", _("No trumps, spades, hearts, diamonds, clubs")),
    ("CDHS", _("Clubs, diamonds, hearts, spades")),
]
SCORING = [(Scoring.TRICKS, _("Tricks")), (Scoring.WINS, _("Hands won (one a hand)"))]
INCOMPLETE = [
    (IncompleteTable.DUMMY, _("One ghost: play with a dummy; two or more: sit out")),
    (IncompleteTable.SIT_OUT, _("Any ghost: the table sits out")),
]
TIES = [
    (TieBreak.CUT, _("The MC cuts the cards (recorded)")),
    (TieBreak.SHARE, _("The tied players share the prize")),
    (TieBreak.COUNTBACK, _("Countback: last half, quarter … last hand; then the cut")),
]
HALF_TIME_PRIZES = [
    ("none", _("None")),
    ("all", _("Highest at half-time")),
    ("each", _("Highest lady and gent at half-time")),
]


class DriveForm(TextRules, forms.Form):
    """A drive's name, date and settings."""

    name = forms.CharField(label=_("Name"), max_length=120)
    date = forms.DateField(
        label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    movement = forms.ChoiceField(label=_("Movement"), choices=MOVEMENTS)
    mover = forms.ChoiceField(label=_("Who moves"), choices=MOVERS)
    partners = forms.ChoiceField(label=_("Couples"), choices=PARTNERS, required=False)
    hands = forms.IntegerField(label=_("Hands"), min_value=1, max_value=200)
    half_time_after = forms.IntegerField(
        label=_("Half-time after hand"),
        min_value=0,
        max_value=199,
        help_text=_("0: no half-time."),
    )
    hands_per_round = forms.IntegerField(
        label=_("Hands before each move"), min_value=1, max_value=20
    )
    trumps = forms.ChoiceField(label=_("Trumps, hand by hand"), choices=TRUMP_CHOICES)
    scoring = forms.ChoiceField(label=_("Score"), choices=SCORING)
    incomplete_table = forms.ChoiceField(label=_("Tables with ghosts"), choices=INCOMPLETE)
    min_hands_for_prizes = forms.IntegerField(
        label=_("Hands needed for a prize"),
        min_value=0,
        max_value=200,
        required=False,
        help_text=_("Empty: every hand (a full card)."),
    )
    ladies_prizes = forms.IntegerField(label=_("Ladies' prizes"), min_value=0, max_value=10)
    gents_prizes = forms.IntegerField(label=_("Gents' prizes"), min_value=0, max_value=10)
    overall_prizes = forms.IntegerField(label=_("Overall prizes"), min_value=0, max_value=10)
    couples_prizes = forms.IntegerField(
        label=_("Couples' prizes"),
        min_value=0,
        max_value=10,
        help_text=_("Only when couples keep partners all evening."),
    )
    half_time_prize = forms.ChoiceField(label=_("Half-time prize"), choices=HALF_TIME_PRIZES)
    big_hands_prize = forms.BooleanField(label=_("Prize for the most big hands"), required=False)
    big_hand_threshold = forms.IntegerField(
        label=_("A big hand is at least (tricks)"), min_value=7, max_value=13
    )
    mystery_prize = forms.BooleanField(label=_("Mystery prize"), required=False)
    mystery_number = forms.IntegerField(
        label=_("Mystery number (sealed)"), required=False, min_value=0, max_value=9999
    )
    ladies_booby = forms.BooleanField(label=_("Ladies' booby prize"), required=False)
    gents_booby = forms.BooleanField(label=_("Gents' booby prize"), required=False)
    one_prize_per_player = forms.BooleanField(label=_("One prize per player"), required=False)
    tie_break = forms.ChoiceField(label=_("Ties"), choices=TIES)
    counts_for_ladder = forms.BooleanField(
        label=_("Counts for the club's drive ladder"), required=False
    )

    def __init__(self, *args, club=None, **kwargs):
        super().__init__(*args, **kwargs)
        if club is None:
            del self.fields["counts_for_ladder"]

    @staticmethod
    def initial_for(drive=None, settings: DriveSettings | None = None) -> dict:
        rules = settings or (drive.rules() if drive else DriveSettings())
        prizes = list(rules.prizes)

        def count(group, metric=Metric.TOTAL, lowest=False) -> int:
            return sum(p == PrizeSpec(group, metric, lowest) for p in prizes)

        half = count(PrizeGroup.ALL, Metric.HALF_TIME)
        each = count(PrizeGroup.LADY, Metric.HALF_TIME)
        trumps = next((k for k, v in TRUMPS.items() if v == rules.trumps), "HDSC")
        partners = "" if drive is None else ("change" if rules.change_partners else "keep")
        initial = {
            "name": drive.name if drive else "",
            "date": drive.date if drive else timezone.localdate(),
            "counts_for_ladder": drive.counts_for_ladder if drive else False,
            "trumps": trumps,
            "partners": partners
            if rules.movement in (Movement.COUPLE, Movement.HEAD_TABLE)
            else "",
            "ladies_prizes": count(PrizeGroup.LADY),
            "gents_prizes": count(PrizeGroup.GENT),
            "overall_prizes": count(PrizeGroup.ALL),
            "couples_prizes": count(PrizeGroup.COUPLE),
            "half_time_prize": "each" if each else ("all" if half else "none"),
            "big_hands_prize": count(PrizeGroup.ALL, Metric.BIG_HANDS) > 0,
            "mystery_prize": count(PrizeGroup.ALL, Metric.MYSTERY) > 0,
            "ladies_booby": count(PrizeGroup.LADY, lowest=True) > 0,
            "gents_booby": count(PrizeGroup.GENT, lowest=True) > 0,
        }
        for name in (
            "movement",
            "mover",
            "hands",
            "half_time_after",
            "hands_per_round",
            "scoring",
            "incomplete_table",
            "big_hand_threshold",
            "mystery_number",
            "one_prize_per_player",
            "tie_break",
        ):
            initial[name] = getattr(rules, name)
        initial["min_hands_for_prizes"] = (
            None if rules.min_hands_for_prizes == rules.hands else rules.min_hands_for_prizes
        )
        return initial

    def prizes(self) -> list[str]:
        data = self.cleaned_data
        prizes = ["lady:total"] * data["ladies_prizes"] + ["gent:total"] * data["gents_prizes"]
        prizes += ["all:total"] * data["overall_prizes"]
        prizes += ["couple:total"] * data["couples_prizes"]
        if data["half_time_prize"] == "all":
            prizes.append("all:half_time")
        elif data["half_time_prize"] == "each":
            prizes += ["lady:half_time", "gent:half_time"]
        if data["big_hands_prize"]:
            prizes.append("all:big_hands")
        if data["mystery_prize"]:
            prizes.append("all:mystery")
        if data["ladies_booby"]:
            prizes.append("lady:total:lowest")
        if data["gents_booby"]:
            prizes.append("gent:total:lowest")
        return prizes

    def settings_dict(self) -> dict[str, object]:
        data = self.cleaned_data
        settings = {
            name: data[name]
            for name in (
                "movement",
                "mover",
                "hands",
                "half_time_after",
                "hands_per_round",
                "scoring",
                "incomplete_table",
                "min_hands_for_prizes",
                "one_prize_per_player",
                "big_hand_threshold",
                "mystery_number",
                "tie_break",
            )
        }
        settings["trumps"] = list(TRUMPS[data["trumps"]])
        settings["change_partners"] = {"keep": False, "change": True}.get(data["partners"])
        settings["prizes"] = self.prizes()
        return settings


class PlayerForm(TextRules, forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    role = forms.ChoiceField(
        label=_("Plays as"), choices=RoleName.choices, widget=forms.RadioSelect
    )
    member = forms.ModelChoiceField(
        label=_("Club member (optional)"), queryset=Member.objects.none(), required=False
    )

    def __init__(self, *args, club=None, **kwargs):
        super().__init__(*args, **kwargs)
        if club is None:
            del self.fields["member"]
        else:
            self.fields["member"].queryset = Member.objects.filter(
                memberships__club=club
            ).distinct()


class PlayerLinesForm(TextRules, forms.Form):
    lines = forms.CharField(
        label=_("Several players, one a line"),
        widget=forms.Textarea(
            attrs={"rows": 6, "placeholder": _("Ann Smith, lady\nBob Jones, gent")}
        ),
        help_text=_("“Name, lady” or “Name, gent” on each line."),
    )


class EntryForm(forms.Form):
    """A table's hand: each pair's tricks (the engine checks they make 13) and the card code
    of one of the players at the table (:func:`drives.codes.card_seated`)."""

    hand = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    card = forms.CharField(
        label=_("Your card code"),
        max_length=20,
        help_text=_("Printed on your score card. Any player at this table may enter."),
        widget=forms.TextInput(attrs={"autocapitalize": "characters", "autocomplete": "off"}),
    )
    tricks_a = forms.IntegerField(
        label=_("Pair A's tricks"),
        min_value=0,
        max_value=13,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    tricks_b = forms.IntegerField(
        label=_("Pair B's tricks"),
        min_value=0,
        max_value=13,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class GridForm(forms.Form):
    """The MC's entry of one hand from the paper cards: pair A and B per table."""

    def __init__(self, *args, tables=(), **kwargs):
        super().__init__(*args, **kwargs)
        for number in tables:
            for side in ("a", "b"):
                self.fields[f"{side}{number}"] = forms.IntegerField(
                    required=False,
                    min_value=0,
                    max_value=13,
                    widget=forms.NumberInput(
                        attrs={"inputmode": "numeric", "class": f"tricks-{side}"}
                    ),
                )

    def rows(self, tables) -> list[tuple[int, int | None, int | None]]:
        data = self.cleaned_data
        return [(t, data.get(f"a{t}"), data.get(f"b{t}")) for t in tables]


class CorrectionForm(TextRules, forms.Form):
    tricks_a = forms.IntegerField(label=_("Pair A's tricks"), min_value=0, max_value=13)
    tricks_b = forms.IntegerField(label=_("Pair B's tricks"), min_value=0, max_value=13)
    reason = forms.CharField(
        label=_("Reason"), max_length=REASON_MAX_LENGTH, widget=forms.Textarea(attrs={"rows": 2})
    )


class CutForm(forms.Form):
    prize = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    winner = forms.IntegerField(label=_("Won the cut"), min_value=1)


class CodeForm(forms.Form):
    code = forms.CharField(
        label=_("Table code"),
        max_length=20,
        widget=forms.TextInput(
            attrs={
                "autocapitalize": "characters",
                "autocomplete": "off",
                "placeholder": "ABCD-EFGH",
            }
        ),
    )
