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
}
