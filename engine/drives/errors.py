"""The drive rules' error: an :class:`engine.errors.EngineError` with a stable ``code``.

Codes (``params`` in brackets) — the apps register a translated text for each:

* ``drive_setting_unknown`` (setting), ``drive_setting_value`` (setting, value)
* ``drive_hands`` (hands), ``drive_hands_per_round`` (hands, per_round),
  ``drive_half_time`` (half_time, hands, per_round), ``drive_trumps`` (trump)
* ``drive_sit_out_score`` (winner, loser), ``drive_min_hands`` (min_hands, hands),
  ``drive_big_hand`` (threshold), ``drive_prize`` (prize), ``drive_prize_couple`` (prize)
* ``drive_too_few_players`` (players), ``drive_too_many_in_role`` (role, count, seats)
* ``drive_tables`` (tables, needed)
* ``drive_no_empty_seat`` (role), ``drive_seat_taken`` (token)
* ``drive_tricks_range`` (tricks), ``drive_tricks_not_thirteen`` (a, b, total),
  ``drive_tricks_too_many`` (a, b, total), ``drive_tricks_short_tied`` (a, b, total)
* ``drive_sit_out_no_tricks`` (table), ``drive_round_incomplete`` (round, tables)
* ``drive_no_such_table`` (table), ``drive_no_such_hand`` (hand)
* ``drive_seating_invalid`` (round)
"""

from __future__ import annotations

from engine.errors import EngineError


class DriveError(EngineError):
    """A whist drive's setting, seating, entry or prize is impossible."""

    code = "drive_error"
