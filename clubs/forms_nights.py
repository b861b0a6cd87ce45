"""Forms of the club-night pages: a night, a table, a hand (typed or with its deal), a
correction. They check the shape of the input; the services and the engine decide the rest."""

from __future__ import annotations

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.inputs import REASON_MAX_LENGTH, TextRules
from clubs.models import RevokePenaltyName, RuleProfileName, SeatName, SideName, TrumpName

#: Honours as typed on a phone: which side held three or four, or none to score.
HONOURS_CHOICES = [
    ("", _("— (none, or compute from the deal)")),
    ("NS4", _("North–South held all four")),
    ("NS3", _("North–South held three")),
    ("EW4", _("East–West held all four")),
    ("EW3", _("East–West held three")),
    ("none", _("Divided two and two")),
]
PBN_HAND_HELP = _("Spades.hearts.diamonds.clubs, e.g. AK7.QJ2.T985.43 (a void: nothing).")


class NightForm(TextRules, forms.Form):
    date = forms.DateField(
        label=_("Date"),
        initial=timezone.localdate,  # tonight's, unless said otherwise
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    rule_profile = forms.ChoiceField(
        label=_("Rule profile"),
        required=False,
        choices=[("", _("The club's profile"))] + list(RuleProfileName.choices),
    )


class TableForm(TextRules, forms.Form):
    """Four players in the seats they cut (North, East, South, West), or three for dummy
    whist, in the order they take Dummy."""

    player_1 = forms.ModelChoiceField(
        queryset=None,
        required=False,
        label=_("North (dummy whist: first in the cut, holds Dummy first, sits South)"),
    )
    guest_1 = forms.CharField(required=False, max_length=120, label=_("or a guest"))
    player_2 = forms.ModelChoiceField(
        queryset=None, required=False, label=_("East (dummy whist: second in the cut, sits West)")
    )
    guest_2 = forms.CharField(required=False, max_length=120, label=_("or a guest"))
    player_3 = forms.ModelChoiceField(
        queryset=None, required=False, label=_("South (dummy whist: third, sits East)")
    )
    guest_3 = forms.CharField(required=False, max_length=120, label=_("or a guest"))
    player_4 = forms.ModelChoiceField(
        queryset=None, required=False, label=_("West (leave empty for dummy whist)")
    )
    guest_4 = forms.CharField(required=False, max_length=120, label=_("or a guest"))
    first_dealer = forms.ChoiceField(
        label=_("First dealer, as cut"), choices=SeatName.choices, initial="N"
    )

    def __init__(self, *args, members, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for k in range(1, 5):
            self.fields[f"player_{k}"].queryset = members

    def clean(self):
        data = super().clean()
        for k in range(1, 5):
            if data.get(f"player_{k}") and (data.get(f"guest_{k}") or "").strip():
                self.add_error(f"guest_{k}", _("Choose a member or type a guest, not both."))
        return data

    def players(self) -> list:
        """Each seat's member, or a guest's name (``str``), in seat order."""
        data = self.cleaned_data
        seated = []
        for k in range(1, 5):
            guest = (data.get(f"guest_{k}") or "").strip()
            if data.get(f"player_{k}") or guest:
                seated.append(data.get(f"player_{k}") or guest)
        return seated


class _HandFacts(TextRules, forms.Form):
    ns_tricks = forms.IntegerField(
        label=_("Tricks won by North–South"),
        min_value=0,
        max_value=13,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "tricks"}),
    )
    honours = forms.ChoiceField(label=_("Honours held"), choices=HONOURS_CHOICES, required=False)
    revoke_side = forms.ChoiceField(
        label=_("Revoke by"),
        choices=[("", _("No revoke"))] + list(SideName.choices),
        required=False,
    )
    revoke_penalty = forms.ChoiceField(
        label=_("Penalty elected"),
        choices=[("", "—")] + list(RevokePenaltyName.choices),
        required=False,
    )
    revoke_by_dummy = forms.BooleanField(
        label=_("The revoke was from Dummy's hand"), required=False
    )
    other_revoke_penalty = forms.ChoiceField(
        label=_("Both sides revoked: penalty against the other side"),
        choices=[("", "—")] + list(RevokePenaltyName.choices),
        required=False,
    )

    def honours_fields(self) -> dict[str, object]:
        """``honours_side`` and ``honours_count`` as the hand stores them."""
        value = self.cleaned_data.get("honours") or ""
        if value in ("", "none"):
            return {"honours_side": "", "honours_count": 0}
        return {"honours_side": value[:2], "honours_count": int(value[2])}

    def revoke_fields(self) -> dict[str, object]:
        data = self.cleaned_data
        return {
            "revoke_side": data.get("revoke_side") or "",
            "revoke_penalty": data.get("revoke_penalty") or "",
            "revoke_by_dummy": bool(data.get("revoke_by_dummy")),
            "other_revoke_penalty": data.get("other_revoke_penalty") or "",
        }


class HandForm(_HandFacts):
    """One hand as entered on a phone. ``expected_number`` is the hand the phone showed, so a
    second phone entering the same hand gets a conflict instead of a second hand."""

    expected_number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    deal = forms.CharField(
        label=_("Deal (PBN)"),
        required=False,
        help_text=_("Optional, e.g. N:AK7.QJ2.T985.43 … — or the four hands below."),
    )
    hand_n = forms.CharField(label=_("North's hand"), required=False, help_text=PBN_HAND_HELP)
    hand_e = forms.CharField(label=_("East's hand"), required=False)
    hand_s = forms.CharField(label=_("South's hand"), required=False)
    hand_w = forms.CharField(label=_("West's hand"), required=False)
    trump = forms.ChoiceField(
        label=_("Trumps"), choices=[("", "—")] + list(TrumpName.choices), required=False
    )

    def clean(self):
        data = super().clean()
        hands = [(data.get(f"hand_{s}") or "").strip() for s in "nesw"]
        if any(hands):
            if data.get("deal"):
                raise forms.ValidationError(_("Give the deal or the four hands, not both."))
            data["deal"] = "N:" + " ".join(h or "-" for h in hands)
        return data

    def service_kwargs(self) -> dict[str, object]:
        """Keyword arguments of :func:`clubs.rubbers.hand_enter` (without rubber and by)."""
        data = self.cleaned_data
        deal = (data.get("deal") or "").strip()
        return {
            "expected_number": data["expected_number"],
            "ns_tricks": data["ns_tricks"],
            **self.honours_fields(),
            **self.revoke_fields(),
            "deal": deal,
            "trump": data.get("trump") or "",
            # Left empty with a deal: computed from it; chosen: checked against it.
            "honours_claimed": bool(data.get("honours")),
        }


class CorrectionForm(_HandFacts):
    """A secretary's amendment of a hand; the reason is kept with it."""

    reason = forms.CharField(
        label=_("Reason"), max_length=REASON_MAX_LENGTH, widget=forms.Textarea(attrs={"rows": 2})
    )

    @staticmethod
    def initial_for(hand) -> dict[str, object]:
        honours = f"{hand.honours_side}{hand.honours_count}" if hand.honours_side else ""
        return {
            "ns_tricks": hand.ns_tricks,
            "honours": honours,
            "revoke_side": hand.revoke_side,
            "revoke_penalty": hand.revoke_penalty,
            "revoke_by_dummy": hand.revoke_by_dummy,
            "other_revoke_penalty": hand.other_revoke_penalty,
        }

    def changes(self) -> dict[str, object]:
        """The correctable fields as :func:`clubs.rubbers.hand_correct` takes them."""
        return {
            "ns_tricks": self.cleaned_data["ns_tricks"],
            **self.honours_fields(),
            **self.revoke_fields(),
        }
