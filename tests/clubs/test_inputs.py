"""The one parser for ids and numbers, and the text rules (clubs.inputs): no database."""

from __future__ import annotations

import csv
import io

import pytest
from django import forms
from django.core.exceptions import ValidationError
from hypothesis import given
from hypothesis import strategies as st

from clubs.inputs import (
    CSV_MAX_BYTES,
    CSV_MAX_ROWS,
    MAX_ID,
    CSVRefused,
    InputError,
    TextRules,
    csv_rows,
    csv_text_check,
    parse_id,
    parse_int,
    text_problem,
    validate_text,
    whole_number,
)


@pytest.mark.parametrize("value", ["7", "0", "42", "9223372036854775807"])
def test_parse_int_reads_ascii_digits(value):
    assert parse_int(value, "n") == int(value)


@pytest.mark.parametrize(
    "value",
    ["²", "٣", "１２", "𝟕", "1e3", " 7", "7 ", "+7", "7.0", "0x1f", "1_000", "abc", "--1", "-"],
)
def test_parse_int_refuses_anything_but_ascii_digits_naming_the_parameter(value):
    with pytest.raises(InputError) as refused:
        parse_int(value, "boards")
    assert refused.value.field == "boards" and "boards" in refused.value.message


@pytest.mark.parametrize("value", [None, ""])
def test_an_absent_or_empty_parameter_is_none(value):
    assert parse_int(value, "n") is None and parse_id(value, "n") is None


def test_parse_int_refuses_a_number_too_long_for_any_column_without_converting_it():
    with pytest.raises(InputError):
        parse_int("9" * 5000, "offset")  # int() would raise: too many digits


def test_parse_int_keeps_to_its_range_and_says_it():
    assert parse_int("-3", "delta", min=-5) == -3
    with pytest.raises(InputError, match="from 1 to 200"):
        parse_int("201", "boards", min=1, max=200)
    with pytest.raises(InputError, match="from 0"):
        parse_int("-1", "seconds", min=0)


@pytest.mark.parametrize("value", [True, 3.0, [1], {"a": 1}])
def test_parse_int_refuses_json_values_that_are_not_integers(value):
    with pytest.raises(InputError):
        parse_int(value, "club")


def test_parse_id_is_one_to_the_largest_key():
    assert parse_id("1", "id") == 1 and parse_id(str(MAX_ID), "id") == MAX_ID
    assert parse_id(12, "id") == 12
    for bad in ("0", str(MAX_ID + 1), "-4", "²"):
        with pytest.raises(InputError, match="must be an id") as refused:
            parse_id(bad, "section")
        assert refused.value.field == "section"


@given(st.text(max_size=30))
def test_parse_int_never_raises_anything_but_input_error(text):
    try:
        number = parse_int(text, "n")
    except InputError:
        return
    digits = text.removeprefix("-")
    assert number is None or (digits.isascii() and digits.isdigit() and number == int(text))


def test_whole_number_reads_file_values_without_refusing():
    assert whole_number(" 12 ") == 12
    assert whole_number("²") is None and whole_number("1.5") is None and whole_number(None) is None


@pytest.mark.parametrize(
    "text",
    ["\u200b", "\u200b\u200c\u200d", "\ufeff", " \u2060 ", "a\x00b", "bell\x07", "\x1b[31m"],
)
def test_text_with_nul_control_or_only_invisible_characters_is_refused(text):
    assert text_problem(text)
    with pytest.raises(ValidationError):
        validate_text(text)


@pytest.mark.parametrize(
    "text", ["", "   ", "Marta", "Jana Nováková", "line\nbreak\ttab", "Černý\u200bKarel", "🂡"]
)
def test_ordinary_text_passes(text):
    assert text_problem(text) is None


class _NameForm(TextRules, forms.Form):
    name = forms.CharField(max_length=120)


def test_a_form_with_text_rules_refuses_a_zero_width_name_beside_the_field():
    form = _NameForm(data={"name": "\u200b\u200b"})
    assert not form.is_valid() and "visible" in form.errors["name"][0]
    assert _NameForm(data={"name": "Rosa"}).is_valid()


def test_a_csv_over_its_row_or_size_limit_is_refused_saying_the_limit():
    header = "name,role,from\n"
    with pytest.raises(CSVRefused, match=f"{CSV_MAX_ROWS}"):
        csv_text_check(header + "a,player,2026-01-01\n" * (CSV_MAX_ROWS + 5))
    with pytest.raises(CSVRefused, match="too large"):
        csv_text_check(header + "x" * (CSV_MAX_BYTES + 1))
    with pytest.raises(CSVRefused, match="NUL"):
        csv_text_check(header + "a\x00,player,2026-01-01\n")
    csv_text_check(header + "a,player,2026-01-01\n" * CSV_MAX_ROWS)  # exactly the limit


def test_a_csv_field_beyond_the_csv_modules_limit_is_a_refusal_not_a_crash():
    reader = csv.reader(io.StringIO('"' + "x" * (csv.field_size_limit() + 10) + '"\n'))
    with pytest.raises(CSVRefused, match="line"):
        list(csv_rows(reader))
