"""The words of the game in the reader's language: seats, sides, suits, plural amounts.
Stored values stay N E S W / NS EW / S H D C; only what is shown changes."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

from clubs import game_words

SEATS = {"en": "NESW", "es": "NESO", "cs": "SVJZ"}
SIDES = {"en": ("NS", "EW"), "es": ("NS", "EO"), "cs": ("SJ", "VZ")}
SUITS = {
    "en": ("spades", "hearts", "diamonds", "clubs"),
    "es": ("picas", "corazones", "diamantes", "tréboles"),
    "cs": ("piky", "srdce", "káry", "kříže"),
}


@pytest.mark.parametrize("language", ["en", "es", "cs"])
def test_seats_sides_and_suits_are_the_club_s_own_words(language):
    with translation.override(language):
        assert "".join(game_words.seat_letter(seat) for seat in "NESW") == SEATS[language]
        assert (game_words.side_letters("NS"), game_words.side_letters("EW")) == SIDES[language]
        assert tuple(game_words.suit_name(suit) for suit in "SHDC") == SUITS[language]


def test_seat_and_suit_letters_do_not_mix_up_south_and_spades():
    with translation.override("cs"):
        assert game_words.seat_letter("S") == "J"  # South is Jih
        assert game_words.suit_name("S") == "piky"
        assert game_words.seat_name("south") == "Jih"


def test_values_that_are_no_seat_or_suit_are_shown_as_given():
    with translation.override("es"):
        assert game_words.seat_letter("Dummy") == "Dummy"
        assert game_words.suit_name("NT") == "NT"
        assert game_words.side_letters("") == ""
        assert (game_words.side_letters(0), game_words.seat_letter(None)) == ("0", "")


@pytest.mark.parametrize(
    ("count", "czech"),
    [(1, "1 žeton"), (3, "3 žetony"), (60, "60 žetonů"), (-60, "-60 žetonů"), (-2, "-2 žetony")],
)
def test_counters_take_czech_s_plural_forms(count, czech):
    with translation.override("cs"):
        assert game_words.amount(count, "counters") == czech


def test_points_take_spanish_plural_forms():
    with translation.override("es"):
        assert game_words.amount(1) == "1 punto"
        assert game_words.amount(7) == "7 puntos"


def test_template_filters_show_the_words_and_keep_stored_values_out_of_sight():
    template = Template(
        "{% load game_words %}{{ 'W'|seat }} {{ 'EW'|side }} {{ 'C'|suit_name }} "
        "{{ 'C'|suit }} {{ ''|trump }} {{ 'H'|trump }}"
    )
    with translation.override("es"):
        html = template.render(Context())
    assert html.startswith("O EO tréboles ")
    assert 'class="suit suit-C"' in html and 'aria-label="tréboles"' in html and "♣" in html
    assert "sin triunfo" in html and "♥</span> corazones" in html
