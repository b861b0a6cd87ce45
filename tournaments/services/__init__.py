"""Writes for tournaments: events, entries, board sets and schedules.

Each service loads rows, converts them to engine or movement values, calls the pure code,
and saves in one transaction. Errors are :class:`~tournaments.errors.TournamentError`
subclasses with a message an organiser can act on. By concern:

* :mod:`.events` — events and their life cycle, entries (add, remove, substitute, withdraw);
* :mod:`.entries` — entries from a pasted list or picked members, a late pair after the start;
* :mod:`.boards` — board sets (seed, PBN) and correcting a board's deal;
* :mod:`.sections` — a section's schedule and board set.

Import from here (``from tournaments import services``); the split is an implementation
detail.
"""

from tournaments.services.boards import (
    MAX_BOARDS,
    PBNImport,
    board_deal_change,
    board_set_generate,
    board_set_import_pbn,
    board_set_import_pbn_file,
)
from tournaments.services.entries import (
    EntryLine,
    elsewhere_warning,
    entries_list_add,
    entries_list_read,
    entry_late_pair,
    names_list_text,
    section_late_pair,
)
from tournaments.services.events import (
    entry_add,
    entry_remove,
    entry_substitute,
    entry_withdraw,
    tournament_create,
    tournament_directors_set,
    tournament_live_standings_set,
    tournament_set_status,
)
from tournaments.services.sections import section_board_set_choose, section_schedule_save

__all__ = [
    "MAX_BOARDS",
    "EntryLine",
    "PBNImport",
    "board_deal_change",
    "board_set_generate",
    "board_set_import_pbn",
    "board_set_import_pbn_file",
    "elsewhere_warning",
    "entries_list_add",
    "entries_list_read",
    "entry_add",
    "entry_late_pair",
    "section_late_pair",
    "entry_remove",
    "entry_substitute",
    "entry_withdraw",
    "names_list_text",
    "section_board_set_choose",
    "section_schedule_save",
    "tournament_create",
    "tournament_directors_set",
    "tournament_live_standings_set",
    "tournament_set_status",
]
