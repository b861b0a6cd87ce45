"""Forms of the club secretary's pages (members, memberships, seasons, member import)."""

from __future__ import annotations

from django import forms
from django.core.validators import MinValueValidator
from django.utils.translation import gettext_lazy as _

from clubs.inputs import TextRules
from clubs.models import Member, Membership, Season

DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class MemberForm(TextRules, forms.ModelForm):
    class Meta:
        model = Member
        fields = ["name", "email", "phone"]


class MembershipForm(TextRules, forms.ModelForm):
    class Meta:
        model = Membership
        fields = ["role", "valid_from", "valid_to"]
        widgets = {"valid_from": DATE, "valid_to": DATE}

    def clean(self):
        data = super().clean()
        starts, ends = data.get("valid_from"), data.get("valid_to")
        if starts and ends and ends < starts:
            self.add_error("valid_to", _("The membership cannot end before it starts."))
        return data

    def validate_unique(self) -> None:
        """Uniqueness with the club is checked by the service (the club is not a field)."""


class MemberAddForm(MemberForm):
    """A new member with their first membership of the club."""

    role = MembershipForm.base_fields["role"]
    valid_from = MembershipForm.base_fields["valid_from"]
    valid_to = MembershipForm.base_fields["valid_to"]

    def clean(self):
        data = super().clean()
        starts, ends = data.get("valid_from"), data.get("valid_to")
        if starts and ends and ends < starts:
            self.add_error("valid_to", _("The membership cannot end before it starts."))
        return data


class SeasonForm(TextRules, forms.ModelForm):
    class Meta:
        model = Season
        fields = ["name", "starts", "ends", "count_best", "min_attendance"]
        widgets = {"starts": DATE, "ends": DATE}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for name in ("count_best", "min_attendance"):
            field = self.fields[name]
            field.validators.append(MinValueValidator(1))
            field.widget.attrs["min"] = 1

    def clean(self):
        data = super().clean()
        starts, ends = data.get("starts"), data.get("ends")
        if starts and ends and ends < starts:
            self.add_error("ends", _("The season cannot end before it starts."))
        return data

    def validate_unique(self) -> None:
        """Uniqueness with the club is checked by the service (the club is not a field)."""


class MemberImportForm(forms.Form):
    file = forms.FileField(
        label=_("CSV file"),
        help_text=_("UTF-8, with a header row: name, role, from (required); email, phone, to."),
    )

    def clean_file(self) -> str:
        upload = self.cleaned_data["file"]
        try:
            return upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError(_("The file is not UTF-8 text.")) from None
