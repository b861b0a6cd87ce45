"""Forms of a person's own pages (My account, invitations) and of the secretary's pages
about people (invitations, erasure, merging)."""

from __future__ import annotations

import datetime as dt

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm, UserCreationForm
from django.core.validators import MaxLengthValidator
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.inputs import TextRules
from clubs.models import Member


class PersonDetailsForm(TextRules, forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    phone = forms.CharField(label=_("Phone"), max_length=40, required=False)


class EmailPreferencesForm(forms.ModelForm):
    class Meta:
        model = Member
        fields = ["results_by_email", "language"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        language = self.fields["language"]
        language.choices = [("", _("The club's language")), *language.choices[1:]]
        language.help_text = ""


class PasswordCheckedForm(forms.Form):
    """A form that asks for the logged-in person's password, checked as a login is (so
    guessing it here is throttled like the login form)."""

    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, *args, request, **kwargs) -> None:
        self.request = request
        super().__init__(*args, **kwargs)

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        user = self.request.user
        checked = authenticate(self.request, username=user.get_username(), password=password)
        if checked is None or checked.pk != user.pk:
            raise forms.ValidationError(_("This is not your password."))
        return password


class ThrottledPasswordChangeForm(PasswordChangeForm):
    """Django's password change, with the old password checked as a login is (so guessing
    it from a stolen session is throttled and locked out like the login form)."""

    def __init__(self, user, *args, request, **kwargs) -> None:
        self.request = request
        super().__init__(user, *args, **kwargs)

    def clean_old_password(self) -> str:
        old = self.cleaned_data["old_password"]
        checked = authenticate(self.request, username=self.user.get_username(), password=old)
        if checked is None or checked.pk != self.user.pk:
            raise forms.ValidationError(
                self.error_messages["password_incorrect"], code="password_incorrect"
            )
        return old


class EmailChangeForm(PasswordCheckedForm):
    new_email = forms.EmailField(label=_("New email address"))

    field_order = ["new_email", "password"]


class EraseForm(PasswordCheckedForm):
    understood = forms.BooleanField(
        label=_(
            "I understand: my name becomes a pseudonym in every result, my contact details "
            "and my login are deleted, and this cannot be undone."
        )
    )


class SecretaryEraseForm(forms.Form):
    understood = forms.BooleanField(
        label=_(
            "The member asked in person to be erased: their name becomes a pseudonym in every "
            "result, their contact details and login are deleted, and this cannot be undone."
        )
    )

    def __init__(self, *args, everywhere: bool = True, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if not everywhere:
            self.fields["understood"].label = _(
                "The member asked in person to be erased from this club: their membership "
                "ends today and the club no longer sees their contact details."
            )


LIFETIMES = [(30, _("30 days")), (90, _("90 days")), (365, _("a year"))]


class TokenCreateForm(TextRules, forms.Form):
    name = forms.CharField(
        label=_("Name"),
        max_length=60,
        help_text=_("What will use it, e.g. “Table 3 phone” or “results script”."),
    )
    days = forms.TypedChoiceField(label=_("Valid for"), choices=LIFETIMES, coerce=int, initial=90)

    def expires(self) -> dt.datetime:
        return timezone.now() + dt.timedelta(days=self.cleaned_data["days"])


class InvitationCodeForm(forms.Form):
    code = forms.CharField(
        label=_("Invitation code"),
        max_length=20,
        help_text=_("As printed, e.g. ABCD-EFGH-JKMN (capitals or not, dashes or not)."),
        widget=forms.TextInput(attrs={"autocapitalize": "characters", "autocomplete": "off"}),
    )


class LoginCreateForm(UserCreationForm):
    """Choose a username and a password (checked by the site's password validators)."""

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username",)


class InviteForm(forms.Form):
    """Which members to invite (those without a login), and how."""

    members = forms.ModelMultipleChoiceField(
        label=_("Members"),
        queryset=Member.objects.none(),
        widget=forms.CheckboxSelectMultiple,
    )
    by_email = forms.BooleanField(
        label=_("Send by email to those with an address (the others get a code to print)"),
        required=False,
        initial=True,
    )

    def __init__(self, *args, members, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["members"].queryset = members
        self.fields["members"].label_from_instance = lambda m: (
            f"{m.name} <{m.email}>" if m.email else m.name
        )


class MergeForm(forms.Form):
    other = forms.ModelChoiceField(label=_("The same person in another club"), queryset=None)
    understood = forms.BooleanField(
        label=_(
            "They are the same person: their results, roles and seats become one record "
            "(this cannot be undone)."
        )
    )

    def __init__(self, *args, candidates, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["other"].queryset = candidates


class LoginForm(AuthenticationForm):
    """Django's login form, refusing a username longer than any account's beside the field.

    Django sets the username field's length after building it, so the length was never
    checked: a 300-character name reached the login throttle's records and PostgreSQL
    refused it (a server error). Every login form uses this one: ``/login/``, the API's
    ``/api/auth/login/`` and the admin's (:class:`AdminLoginForm`)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["username"]
        field.validators.append(MaxLengthValidator(field.max_length))


class AdminLoginForm(LoginForm, AdminAuthenticationForm):
    """The admin's login form, with the same username rule."""
