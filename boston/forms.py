"""Forms of the Boston pages: a hand (the calls, or the contract picker), a correction, a
new table. They only check shapes; the engine judges the hand in ``boston.services``."""

from __future__ import annotations

import json
import re

from django import forms
from django.utils.translation import gettext_lazy as _

from boston.models import (
    OWN_TABLE,
    BostonTable,
    BostonVariant,
    ContractLevel,
    PaymentTableName,
    SuitName,
    TrumpChoice,
    Unit,
)
from boston.services import HandEntry
from boston.verdict import table_profile
from clubs.inputs import REASON_MAX_LENGTH, TextRules
from clubs.models import Member, SeatName
from engine.boston.auction import ladder

SEATS = "NESW"
_CALL_SPLIT = re.compile(r"[\s,;]+")


def _blank(label) -> list[tuple[str, object]]:
    return [("", label)]


class HandForm(TextRules, forms.Form):
    """A hand: either the calls in order (from the player left of the dealer) or just the
    final contract, its declarer and supporter; then the tricks of the declaring side."""

    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    turned = forms.ChoiceField(
        label=_("Suit turned"),
        required=False,
        choices=_blank(_("not noted")) + list(SuitName.choices),
    )
    calls = forms.CharField(
        label=_("Calls (optional)"),
        required=False,
        help_text=_(
            "Every call in turn from the player left of the dealer, e.g. "
            "“pass PIDO:H sostengo”. Leave empty to pick the contract below."
        ),
    )
    level = forms.ChoiceField(
        label=_("Contract"),
        required=False,
        choices=_blank(_("all passed (redeal)")) + list(ContractLevel.choices),
    )
    suit = forms.ChoiceField(
        label=_("Trump suit"), required=False, choices=_blank(_("none")) + list(SuitName.choices)
    )
    trump = forms.ChoiceField(
        label=_("Pequeño or bueno"),
        required=False,
        choices=_blank(_("not said")) + list(TrumpChoice.choices),
    )
    declarer = forms.ChoiceField(label=_("Declarer"), required=False)
    supporter = forms.ChoiceField(label=_("Supporter (sostengo)"), required=False)
    tricks = forms.IntegerField(
        label=_("Tricks taken by the declaring side"),
        required=False,
        min_value=0,
        max_value=13,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        help_text=_("For a misère: the tricks the declarer took."),
    )

    tricks_n = forms.IntegerField(label=_("North"), required=False, min_value=0, max_value=13)
    tricks_e = forms.IntegerField(label=_("East"), required=False, min_value=0, max_value=13)
    tricks_s = forms.IntegerField(label=_("South"), required=False, min_value=0, max_value=13)
    tricks_w = forms.IntegerField(label=_("West"), required=False, min_value=0, max_value=13)

    def __init__(self, *args, table: BostonTable, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        names = {s.seat: s.member.name for s in table.seats.all()}
        for seat in SEATS:
            self.fields[f"tricks_{seat.lower()}"].label = names.get(seat, seat)
        seats = [(seat, f"{SeatName(seat).label} — {names.get(seat, '')}") for seat in SEATS]
        self.fields["declarer"].choices = _blank("—") + seats
        self.fields["supporter"].choices = _blank(_("nobody")) + seats
        playable = {level.name for level in ladder(table_profile(table))}
        self.fields["level"].choices = _blank(_("all passed")) + [
            (name, label) for name, label in ContractLevel.choices if name in playable
        ]

    def entry(self) -> HandEntry:
        """The cleaned form as the service's :class:`HandEntry` (calls win over the picker)."""
        data = self.cleaned_data
        calls = tuple(c for c in _CALL_SPLIT.split(data.get("calls") or "") if c)
        picked = {} if calls else {k: data[k] for k in ("level", "suit", "declarer", "supporter")}
        each = tuple(
            (seat, data[f"tricks_{seat.lower()}"])
            for seat in SEATS
            if data.get(f"tricks_{seat.lower()}") is not None
        )
        return HandEntry(
            calls=calls,
            tricks_each=each,
            trump=data["trump"],
            tricks=data["tricks"],
            turned=data["turned"],
            **picked,
        )


class CorrectionForm(HandForm):
    reason = forms.CharField(
        label=_("Reason"), max_length=REASON_MAX_LENGTH, widget=forms.Textarea(attrs={"rows": 2})
    )


def hand_initial(hand) -> dict[str, object]:
    """A stored hand's entry, to start a correction from: its calls if it was entered by
    them (they win over the contract picker), else its contract."""
    initial: dict[str, object] = {
        "number": hand.number,
        "turned": hand.turned,
        "trump": hand.trump,
        "tricks": hand.tricks,
    } | {f"tricks_{seat.lower()}": count for seat, count in (hand.all_pass_tricks or {}).items()}
    if hand.calls:
        return initial | {"calls": " ".join(hand.calls)}
    fields = ("level", "suit", "declarer", "supporter")
    return initial | {name: getattr(hand, name) for name in fields}


class BostonTableForm(TextRules, forms.Form):
    """A new Boston table: four members of the club, the variant and how it pays."""

    north = forms.ModelChoiceField(label=_("North"), queryset=Member.objects.none())
    east = forms.ModelChoiceField(label=_("East"), queryset=Member.objects.none())
    south = forms.ModelChoiceField(label=_("South"), queryset=Member.objects.none())
    west = forms.ModelChoiceField(label=_("West"), queryset=Member.objects.none())
    first_dealer = forms.ChoiceField(label=_("First dealer"), choices=SeatName.choices)
    variant = forms.ChoiceField(label=_("Variant"), choices=BostonVariant.choices)
    payment_table = forms.ChoiceField(label=_("Payment table"), choices=PaymentTableName.choices)
    own_payment_table = forms.CharField(
        label=_("The club's own payment table (JSON)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("Only with “The club's own table”; see the Boston guide for its shape."),
    )
    unit = forms.ChoiceField(label=_("Unit"), choices=Unit.choices)
    stake_dealer = forms.IntegerField(label=_("Dealer's stake to the pool"), min_value=0, initial=8)
    stake_others = forms.IntegerField(label=_("Other players' stake"), min_value=0, initial=4)

    def __init__(self, *args, club, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        members = Member.objects.filter(memberships__club=club).distinct().order_by("name")
        for name in ("north", "east", "south", "west"):
            self.fields[name].queryset = members

    def clean_own_payment_table(self):
        text = self.cleaned_data["own_payment_table"].strip()
        if not text:
            return None
        try:
            value = json.loads(text)
        except ValueError as error:
            raise forms.ValidationError(_("This is not valid JSON: %s") % error) from None
        if not isinstance(value, dict):
            raise forms.ValidationError(_("Give the table as a JSON object."))
        return value

    def clean(self):
        data = super().clean()
        if data.get("payment_table") == OWN_TABLE and not data.get("own_payment_table"):
            self.add_error("own_payment_table", _("Give the club's own table."))
        if data.get("payment_table") != OWN_TABLE:
            data["own_payment_table"] = None
        return data

    def table_kwargs(self) -> dict[str, object]:
        """Arguments for :func:`boston.services.boston_table_create`."""
        data = self.cleaned_data
        members = {
            seat: data[name]
            for seat, name in zip(SEATS, ("north", "east", "south", "west"), strict=True)
        }
        keys = ("first_dealer", "variant", "payment_table", "own_payment_table", "unit")
        return {
            "members": members,
            "stake_dealer": data["stake_dealer"],
            "stake_others": data["stake_others"],
        } | {k: data[k] for k in keys}
