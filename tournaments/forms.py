"""Forms of the organiser's pages."""

from __future__ import annotations

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.inputs import TextRules
from clubs.models import Member
from tournaments.models import ScoringMethod, Tournament, TrumpScheme
from tournaments.selectors import club_players


class TournamentForm(TextRules, forms.ModelForm):
    sessions = forms.IntegerField(label=_("Sessions"), min_value=1, max_value=10, initial=1)

    class Meta:
        model = Tournament
        fields = [
            "name",
            "starts",
            "ends",
            "scoring_method",
            "compass_winners",
            "trump_scheme",
            "individual",
        ]
        widgets = {
            "starts": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "ends": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        }

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk is None:
            self.fields["starts"].initial = timezone.localdate()  # today's, unless said


class LiveStandingsForm(forms.ModelForm):
    """Who follows the standings during play (the event's directors choose)."""

    class Meta:
        model = Tournament
        fields = ["live_standings", "live_hidden_rounds"]
        widgets = {"live_standings": forms.RadioSelect}


class EntryForm(TextRules, forms.Form):
    member1 = forms.ModelChoiceField(
        queryset=Member.objects.none(), required=False, label=_("Player 1")
    )
    guest1 = forms.CharField(required=False, max_length=80, label=_("or guest 1"))
    member2 = forms.ModelChoiceField(
        queryset=Member.objects.none(), required=False, label=_("Player 2")
    )
    guest2 = forms.CharField(required=False, max_length=80, label=_("or guest 2"))

    def __init__(self, *args, club_id: int, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        members = club_players(club_id, on=timezone.localdate())
        self.fields["member1"].queryset = members
        self.fields["member2"].queryset = members


class BoardSetSeedForm(TextRules, forms.Form):
    count = forms.IntegerField(label=_("Boards"), min_value=1, max_value=200, initial=24)
    seed = forms.CharField(label=_("Seed (empty: a new one)"), required=False, max_length=64)
    trump_scheme = forms.ChoiceField(label=_("Trumps"), choices=TrumpScheme.choices)


#: Where a board's dealer comes from when a PBN file is imported (engine.pbn.DealerRule).
DEALER_RULES = [
    ("file", _("The file's [Dealer] (the board number's where the file has none)")),
    ("number", _("The board number: 1 N, 2 E, 3 S, 4 W, 5 N …")),
]


class BoardSetPBNForm(forms.Form):
    pbn = forms.FileField(label=_("PBN file"))
    trump_scheme = forms.ChoiceField(
        label=_("Trumps when the file has none"), choices=TrumpScheme.choices
    )
    dealer_rule = forms.ChoiceField(
        label=_("Dealer of each board"), choices=DEALER_RULES, initial="file"
    )


class SuggestForm(forms.Form):
    minutes = forms.IntegerField(
        label=_("Minutes available"), min_value=10, max_value=720, required=False, initial=180
    )


class GenerateForm(forms.Form):
    kind = forms.ChoiceField(
        label=_("Movement"),
        choices=[
            ("mitchell", _("Mitchell")),
            ("howell", _("Howell")),
            ("individual", _("Individual")),
        ],
    )
    boards_per_round = forms.IntegerField(
        label=_("Boards per round"), min_value=1, max_value=8, initial=3
    )
    option = forms.ChoiceField(
        label=_("Option"),
        required=False,
        choices=[
            ("", _("Standard")),
            ("skip", _("Skip (even tables)")),
            ("relay", _("Relay and bye stand (even tables)")),
            ("arrow", _("Arrow switch: one winner")),
        ],
    )


class WithdrawForm(TextRules, forms.Form):
    from_round = forms.IntegerField(label=_("From round"), min_value=1)
    reason = forms.CharField(label=_("Reason"), max_length=200)


class SubstituteForm(TextRules, forms.Form):
    position = forms.TypedChoiceField(label=_("Player"), choices=[(1, "1"), (2, "2")], coerce=int)
    member = forms.ModelChoiceField(
        queryset=Member.objects.none(), required=False, label=_("Member")
    )
    guest = forms.CharField(required=False, max_length=80, label=_("or guest"))
    reason = forms.CharField(label=_("Reason"), max_length=200)

    def __init__(self, *args, club_id: int, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["member"].queryset = club_players(club_id, on=timezone.localdate())


class BoardDealForm(TextRules, forms.Form):
    """A corrected deal: the PBN deal, or the four hands (spades.hearts.diamonds.clubs)."""

    deal = forms.CharField(
        label=_("Deal in PBN"),
        required=False,
        max_length=120,
        help_text=_("e.g. N:AKQJ.T98.765.432 … (four hands from the seat named first)"),
    )
    north = forms.CharField(label=_("North"), required=False, max_length=30)
    east = forms.CharField(label=_("East"), required=False, max_length=30)
    south = forms.CharField(label=_("South"), required=False, max_length=30)
    west = forms.CharField(label=_("West"), required=False, max_length=30)
    reason = forms.CharField(
        label=_("Reason"),
        max_length=200,
        help_text=_(
            "Why the deal changes (kept with the change, e.g. “boards duplicated wrongly”)."
        ),
    )

    SEATS = {"north": "N", "east": "E", "south": "S", "west": "W"}

    def clean(self) -> dict:
        data = super().clean()
        hands = {seat: data.get(field, "").strip() for field, seat in self.SEATS.items()}
        if data.get("deal", "").strip():
            data["hands"] = None
        elif any(hands.values()):
            data["hands"] = hands
        else:
            raise forms.ValidationError(_("Give the deal in PBN or the four hands."))
        return data


SCORING_METHODS = ScoringMethod


class ChoiceUseForm(forms.Form):
    """One click on a suggested movement: what to generate."""

    kind = forms.ChoiceField(
        choices=[("mitchell", "mitchell"), ("howell", "howell"), ("individual", "individual")]
    )
    boards_per_round = forms.IntegerField(min_value=1, max_value=8)
    option = forms.ChoiceField(
        required=False, choices=[("", ""), ("skip", ""), ("relay", ""), ("arrow", "")]
    )


class MinutesForm(forms.Form):
    minutes = forms.IntegerField(
        label=_("Minutes available for play"),
        min_value=10,
        max_value=720,
        required=False,
        help_text=_("The suggestions fit this time (about 7½ minutes a board)."),
    )


class EntryListForm(forms.Form):
    text = forms.CharField(
        label=_("One pair per line"),
        max_length=10000,
        widget=forms.Textarea(attrs={"class": "list", "rows": 10}),
        help_text=_(
            "Two names a line, e.g. “Ana López & Jan Novák”. Names are matched to the club's "
            "members; anyone else is entered as a guest."
        ),
    )


class LatePairForm(EntryForm):
    from_round = forms.IntegerField(label=_("Plays from round"), min_value=1)
    reason = forms.CharField(label=_("Reason"), max_length=200)


class DirectorsForm(forms.Form):
    """The event's directors, chosen among the club's organisers and secretaries who do not
    play in it."""

    directors = forms.ModelMultipleChoiceField(
        queryset=Member.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        label=_("Directors"),
        help_text=_("Organisers and secretaries of the club who do not play in the event."),
    )

    def __init__(self, *args, eligible, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["directors"].queryset = eligible
