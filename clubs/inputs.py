"""Reading what a request sends: one parser for ids and numbers in URLs, query strings and
bodies, and one check for the text people type. Every refusal is an :class:`InputError`
naming the parameter or field at fault: a styled 400 page for pages (``config.errors``),
``{"detail": …, "field": …}`` for the API (``clubs.api.inputs.api_exception_handler``).

Contract:

* A number is ASCII digits only (an optional ``-`` where ``min`` allows it), at most 19 of
  them: ``"²"``, ``"٣"``, ``"1e3"``, ``" 7"``, ``"+7"`` and ``"7.0"`` are refused, never
  crash ``int()``.
* An id is a number from 1 to the largest database key (PostgreSQL ``bigint``).
* An absent or empty parameter is ``None`` (the caller decides whether it is required).
* Text may not hold NUL or other control characters (a tab and line breaks aside), nor the
  characters that change the direction text is shown in (right-to-left overrides and
  isolates: a name shown as something else), and may not be made only of invisible
  characters (zero-width spaces, joiners, byte-order marks).
* A date (or a time) is typed with the ASCII digits 0–9 only: ``"２０２６-０３-０７"`` or
  ``"٢٠٢٦-٠٣-٠٧"`` is refused, where Django and DRF would read it as a date
  (:class:`TextRules` for forms, ``clubs.api.inputs`` for the API).
"""

from __future__ import annotations

import csv
import unicodedata

from django import forms
from django.conf import settings
from django.core.exceptions import BadRequest, ValidationError
from django.utils.formats import number_format
from django.utils.translation import gettext as _

#: The largest id a database key holds (PostgreSQL ``bigint``); larger ones are no such thing.
MAX_ID = 2**63 - 1
_MAX_DIGITS = 19
#: Control characters a text field keeps: tab and line breaks.
_ALLOWED_CONTROLS = frozenset("\t\n\r")
#: Unicode categories that print nothing: separators, controls, format characters
#: (zero-width space and joiners, byte-order mark), unassigned and private-use code points.
_INVISIBLE = frozenset({"Zs", "Zl", "Zp", "Cc", "Cf", "Cn", "Co", "Cs"})
#: Characters that change the direction of the text shown after them (Unicode's bidi
#: embeddings, overrides, isolates and marks): "Ann\u202eXIM" is shown as "AnnMIX".
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


class InputError(BadRequest):
    """A URL or query parameter, a form field or a body field that is not what it must be.
    ``field`` names it; the message says what is expected, in the reader's language."""

    def __init__(self, message: str, *, field: str) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


def parse_int(value, field: str, *, min: int | None = None, max: int | None = None) -> int | None:
    """``value`` (a query, path or body value) as an int within ``min``…``max``; ``None``
    when absent or empty. Anything else is an :class:`InputError` naming ``field``."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise InputError(_("“%(field)s” must be a whole number.") % {"field": field}, field=field)
    if isinstance(value, int):
        number = value
    else:
        text = value if isinstance(value, str) else None
        digits = text[1:] if text and text[0] == "-" else text
        if not digits or not digits.isascii() or not digits.isdigit() or len(digits) > _MAX_DIGITS:
            raise InputError(
                _("“%(field)s” must be a whole number.") % {"field": field}, field=field
            )
        number = int(text)
    if (min is not None and number < min) or (max is not None and number > max):
        raise InputError(_range_message(field, min, max), field=field)
    return number


def _range_message(field: str, low: int | None, high: int | None) -> str:
    if high is None:
        return _("“%(field)s” must be a whole number from %(min)s.") % {"field": field, "min": low}
    if low is None:
        return _("“%(field)s” must be a whole number up to %(max)s.") % {
            "field": field,
            "max": high,
        }
    return _("“%(field)s” must be a whole number from %(min)s to %(max)s.") % {
        "field": field,
        "min": low,
        "max": high,
    }


def whole_number(text) -> int | None:
    """``text`` (stripped) as a whole number of ASCII digits, else ``None``: for values read
    from files, where a refusal is the importer's own."""
    text = text.strip() if isinstance(text, str) else ""
    if text.isascii() and text.isdigit() and len(text) <= _MAX_DIGITS:
        return int(text)
    return None


def parse_id(value, field: str) -> int | None:
    """``value`` as a database id (1 … :data:`MAX_ID`); ``None`` when absent or empty."""
    if value is None or value == "":
        return None
    try:
        return parse_int(value, field, min=1, max=MAX_ID)
    except InputError:
        raise InputError(
            _("“%(field)s” must be an id: a whole number from 1.") % {"field": field}, field=field
        ) from None


def text_problem(text: str) -> str | None:
    """Why ``text`` cannot be stored as typed text (a message), or ``None`` when it can."""
    if "\x00" in text:
        return _("This text holds a NUL character, which is not allowed.")
    if any(unicodedata.category(c) == "Cc" and c not in _ALLOWED_CONTROLS for c in text):
        return _("This text holds a control character, which is not allowed.")
    if any(c in BIDI_CONTROLS for c in text):
        return _(
            "This text holds a character that changes the direction of the text (such as a "
            "right-to-left override), which could show it as something else: not allowed."
        )
    if text and all(unicodedata.category(c) in _INVISIBLE for c in text) and text.strip():
        return _("This text has no visible character.")
    return None


def validate_text(text) -> None:
    """A Django validator (forms and serializers alike) refusing what
    :func:`text_problem` refuses."""
    if isinstance(text, str) and (problem := text_problem(text)):
        raise ValidationError(problem, code="text")


def digits_problem(value) -> str | None:
    """Why ``value`` (a typed date or time) cannot be read, or ``None``: digits other than
    ASCII 0–9 (Python's ``int()`` and ``strptime`` read ``"٣"`` and ``"３"`` as 3)."""
    if isinstance(value, str) and any(c.isdigit() and not c.isascii() for c in value):
        return _("Type the date with the digits 0–9.")
    return None


def _ascii_digits_first(to_python):
    def checked(value):
        if problem := digits_problem(value):
            raise ValidationError(problem, code="digits")
        return to_python(value)

    return checked


class TextRules:
    """A form mixin: each of the form's text fields refuses what :func:`validate_text`
    refuses (control characters, direction overrides, text made only of invisible
    characters), and each date or time field a date not typed with ASCII digits, with the
    message beside the field and what was typed kept."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            if isinstance(field, forms.CharField):
                field.validators.append(validate_text)
            elif isinstance(field, forms.DateField | forms.DateTimeField | forms.TimeField):
                field.to_python = _ascii_digits_first(field.to_python)


def body_limit() -> int:
    """The largest request body accepted, in bytes (``REQUEST_BODY_LIMIT``; Django's
    ``DATA_UPLOAD_MAX_MEMORY_SIZE``, 2.5 MB, by default): pages and API alike."""
    return int(
        getattr(settings, "REQUEST_BODY_LIMIT", None) or settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    )


def too_large_message(limit: int) -> str:
    """What a request over the body cap is told (pages and API alike)."""
    return _("The request is too large: at most %(size)s bytes are accepted.") % {
        "size": number_format(limit, force_grouping=True)
    }


#: A CSV file or text imported at once: at most this many data rows, and this many bytes.
CSV_MAX_ROWS = 2000
CSV_MAX_BYTES = 1024 * 1024


class CSVRefused(ValueError):
    """A CSV that is not read at all (too large, too many rows, not text); the message says
    the limit."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def csv_text_check(text: str) -> None:
    """Refuse (:class:`CSVRefused`) a CSV text over :data:`CSV_MAX_BYTES` or
    :data:`CSV_MAX_ROWS` rows, or holding NUL characters."""
    if len(text.encode("utf-8")) > CSV_MAX_BYTES:
        raise CSVRefused(
            _("The file is too large: at most %(size)s bytes.")
            % {"size": number_format(CSV_MAX_BYTES, force_grouping=True)}
        )
    if "\x00" in text:
        raise CSVRefused(_("The file holds NUL characters: it is not a text (CSV) file."))
    if text.count("\n") > CSV_MAX_ROWS + 1:
        raise CSVRefused(
            _("The file has too many rows: at most %(rows)s at once; split it in parts.")
            % {"rows": CSV_MAX_ROWS}
        )


def csv_rows(reader):
    """The rows of ``reader`` (a ``csv`` reader or DictReader), a broken file
    (``csv.Error``: an over-long field, a bad quote) refused as :class:`CSVRefused`."""
    try:
        yield from reader
    except csv.Error as error:
        raise CSVRefused(
            _("The file cannot be read as CSV (line %(line)s): %(error)s")
            % {"line": reader.line_num, "error": error}
        ) from None


#: A text field typed by people (a reason, a note, a guest's name) in a body.
REASON_MAX_LENGTH = 2000
