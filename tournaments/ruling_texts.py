"""The movement generators' rulings (``tournaments.movements`` error codes) in the reader's
language, registered by :class:`tournaments.apps.TournamentsConfig`; ``tests/clubs/
test_rulings.py`` fails for a code with no text here."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

MOVEMENT_RULINGS = {
    "movement_comparisons_counted_pairs_movements": _(
        "comparisons are counted for pairs movements only"
    ),
    "movement_entries_too_few_movement_needs": _(
        "%(entries)s entries are too few: a movement needs at least 4"
    ),
    "movement_howell_pairs": _("a Howell is for 4 to %(most)s pairs, not %(pairs)s"),
    "movement_individual_movement_needs_players": _(
        "an individual movement needs 4, 8, 12 or 16 players, not %(players)s"
    ),
    "movement_mitchell_most_rounds": _("this Mitchell has at most %(full)s rounds"),
    "movement_mitchell_needs_least_tables_pairs": _(
        "a Mitchell needs at least 3 tables (6 pairs), not %(tables)s; play a Howell"
    ),
    "movement_movement_fits_allow_more_boards": _(
        "no movement fits: allow more boards or more time"
    ),
    "movement_movement_missing": _("not a movement: missing %(error)s"),
    "movement_play_boards_round": _("play 1 to 8 boards a round, not %(boards_per_round)s"),
    "movement_tables_even_choose_skip_relay": _(
        "%(tables)s tables is even: choose a skip or a relay and bye stand"
    ),
    "movement_tables_odd_skip_relay_needed": _(
        "%(tables)s tables is odd: no skip or relay is needed"
    ),
    "movement_three_table_howell_pairs": _(
        "the three-table Howell is for 5 or 6 pairs, not %(pairs)s"
    ),
    "movement_three_table_howell_without_shared": _(
        "the three-table Howell without shared boards needs an even number of boards a round, not %(boards_per_round)s"
    ),
    "movement_unsound": _("the movement is unsound: %(problems)s"),
    "movement_no_phantom_seat": _(
        "from round %(round)s on nobody sits out: there is no place for a late pair"
    ),
}

#: The PBN reader's rulings, as an organiser importing a file reads them.
PBN_RULINGS = {
    "pbn_board": _("Board %(board)s, line %(line)s: %(ruling)s"),
    "pbn_board_twice": _(
        "Board %(board)s appears twice with different deals, dealers or trumps "
        "(lines %(first)s and %(second)s)."
    ),
    "pbn_no_deal": _("Board %(board)s (line %(line)s) has no [Deal] tag."),
    "pbn_tag_twice": _(
        "Line %(line)s: a second [%(tag)s] tag in one game (the first is on line %(first)s)."
    ),
    "pbn_board_number": _(
        "Line %(line)s: the board number “%(value)s” is not a whole number from 1."
    ),
    "pbn_malformed_tag": _('Line %(line)s: the tag %(tag)s cannot be read (write [Name "value"]).'),
    "pbn_comment_open": _("Line %(line)s: a comment opened with “{” is never closed."),
    "pbn_trump": _("The trump “%(trump)s” is not S, H, D, C or NT."),
    "pbn_dd_tricks": _(
        "DoubleDummyTricks “%(value)s” is not 20 hexadecimal digits (0–9, a–d) for N, S, E, W "
        "in NT, S, H, D, C."
    ),
    "pbn_table_column": _("“%(column)s” is not a table column (write Name\\4R)."),
    "pbn_table_row": _("A %(tag)s row has not as many values as the table has columns."),
    "pbn_table_row_values": _(
        "This table row has not as many values as the table has columns: %(line)s"
    ),
    "turned_card_unknown": _(
        "Board %(board)s: the trump is the turned card, but the turned card is not known."
    ),
}
