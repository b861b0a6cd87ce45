"""Forms and the short notation typed into the secretary's traveller entry.

One cell per result, a few keystrokes each:

* ``9`` — NS took 9 tricks (EW 4);
* ``A+`` / ``A`` / ``A-`` — NS's adjusted score, EW getting the mirror (A+ ↔ A-, A ↔ A),
  or both written out, ``A+/A`` (NS/EW);
* ``NP`` — not played;
* empty — nothing entered for that table yet.
"""

from __future__ import annotations

from collections.abc import Iterable

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.inputs import TextRules
from scoring.checks import PLAY_RECORD_MAX_LENGTH, ResultInput, validate_play_record
from scoring.errors import ResultRefused
from scoring.models import Adjusted, ResultKind

_MIRROR = {"A+": "A-", "A": "A", "A-": "A+"}
_ADJUSTED = {"A+": Adjusted.AVERAGE_PLUS, "A": Adjusted.AVERAGE, "A-": Adjusted.AVERAGE_MINUS}


def parse_cell(text: str) -> ResultInput | None:
    """Read one traveller cell (see the module docstring); None for an empty cell."""
    token = text.strip().upper().replace(" ", "")
    if not token:
        return None
    if token in ("NP", "-"):
        return ResultInput(kind=ResultKind.NOT_PLAYED)
    if token.isascii() and token.isdigit() and len(token) <= 2:
        return ResultInput(ns_tricks=int(token))
    ns, slash, ew = token.partition("/")
    if not slash:
        ew = _MIRROR.get(ns, "")
    if ns in _ADJUSTED and ew in _ADJUSTED:
        return ResultInput(
            kind=ResultKind.ADJUSTED, adjusted_ns=_ADJUSTED[ns], adjusted_ew=_ADJUSTED[ew]
        )
    raise ResultRefused(
        _("“%s” is not a result: type NS tricks (0–13), A+, A, A-, A+/A- or NP.") % text.strip()
    )


def figures_parse(cells: Iterable[tuple[int, int, str]]) -> tuple[dict[int, int | None], list[str]]:
    """EW's answers to NS's figures, from ``cells`` (board play id, board number, typed
    text): by board play, the NS tricks EW give (None: an empty cell, agreeing with what NS
    entered), and the cells that are no number of tricks, by board. A figure other than
    NS's disputes the result (:func:`scoring.services.round_confirm`); EW never type an
    adjusted score."""
    figures: dict[int, int | None] = {}
    errors = []
    for board_play_id, board, text in cells:
        text = text.strip()
        if not text:
            figures[board_play_id] = None
        elif text.isascii() and text.isdigit() and int(text) <= 13:
            figures[board_play_id] = int(text)
        else:
            errors.append(
                _("Board %(board)s: enter the tricks NS took (0 to 13).") % {"board": board}
            )
    return figures, errors


def format_cell(result) -> str:
    """The notation of a stored result, for the entry grid."""
    if result is None:
        return ""
    if result.kind == ResultKind.NOT_PLAYED:
        return "NP"
    if result.kind == ResultKind.ADJUSTED:
        return f"{result.adjusted_ns}/{result.adjusted_ew}"
    return str(result.ns_tricks)


class CorrectionForm(TextRules, forms.Form):
    cell = forms.CharField(
        label=gettext_lazy("New result"),
        max_length=10,
        help_text=gettext_lazy("NS tricks (0–13), A+, A, A-, A+/A- or NP."),
    )
    play_record = forms.CharField(
        label=gettext_lazy("Play record (optional)"),
        required=False,
        max_length=PLAY_RECORD_MAX_LENGTH,
        validators=[validate_play_record],
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    claim = forms.CharField(label=gettext_lazy("Claim (e.g. NS 3)"), required=False, max_length=8)
    revoke_side = forms.ChoiceField(
        label=gettext_lazy("Revoke by"),
        required=False,
        choices=[("", "—"), ("NS", "NS"), ("EW", "EW")],
    )
    revokes = forms.IntegerField(label=gettext_lazy("Revokes"), min_value=0, max_value=3, initial=0)
    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=500)

    def result_input(self) -> ResultInput:
        given = parse_cell(self.cleaned_data["cell"])
        if given is None:
            raise ResultRefused(_("Enter the new result."))
        if given.kind != ResultKind.PLAYED:
            return given
        return ResultInput(
            ns_tricks=given.ns_tricks,
            play_record=self.cleaned_data.get("play_record", ""),
            claim=self.cleaned_data.get("claim", ""),
            revoke_side=self.cleaned_data.get("revoke_side", ""),
            revokes=self.cleaned_data.get("revokes") or 0,
        )


class ImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Travellers (CSV)"))


class PBNResultsForm(forms.Form):
    pbn = forms.FileField(label=gettext_lazy("Results file (PBN or USEBIO)"))
