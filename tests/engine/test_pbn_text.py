"""PBN files as the standard asks (PBN 2.1 §2.2 ISO 8859-1; §2.3 export format ends every
line with CR LF) and as other programs write them (UTF-8 too)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.pbn_text import latin1_text, pbn_decode, pbn_export_bytes


def test_every_line_ends_with_crlf_and_no_bare_lf():
    raw = pbn_export_bytes('% PBN 2.1\n% EXPORT\n\n[Board "1"]\n')
    assert raw == b'% PBN 2.1\r\n% EXPORT\r\n\r\n[Board "1"]\r\n'
    assert b"\n" not in raw.replace(b"\r\n", b"")


def test_names_latin1_has_stay_and_the_others_keep_their_base_letter():
    assert latin1_text("Dvořák") == "Dvorák"  # á is Latin-1, ř is not
    assert latin1_text("Šťastná Věra") == "Stastná Vera"
    assert latin1_text("Łukasz “Tomás” Núñez – 2") == 'Lukasz "Tomás" Núñez - 2'
    assert latin1_text("山田") == "??"


def test_the_bytes_are_latin1():
    raw = pbn_export_bytes('[North "Tomás Dvořák"]\n')
    assert raw == '[North "Tomás Dvorák"]\r\n'.encode("latin-1")


def test_reading_utf8_with_or_without_bom_and_latin1():
    assert pbn_decode("Tomás".encode()) == "Tomás"
    assert pbn_decode("\ufeffTomás".encode()) == "Tomás"
    assert pbn_decode("Tomás".encode("latin-1")) == "Tomás"


@given(st.text())
def test_property_any_text_becomes_latin1_bytes_with_crlf_only(text):
    raw = pbn_export_bytes(text)
    raw.decode("latin-1")
    assert b"\n" not in raw.replace(b"\r\n", b"")
