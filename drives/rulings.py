"""The drive rules' refusals in the reader's language, by :class:`DriveError` code
(registered in :class:`drives.apps.DrivesConfig.ready`)."""

from django.utils.translation import gettext_lazy as _

RULINGS = {
    "drive_setting_unknown": _("There is no drive setting called “%(setting)s”."),
    "drive_setting_value": _("The setting “%(setting)s” cannot be “%(value)s”."),
    "drive_hands": _("A drive has 1 to 200 hands, not %(hands)s."),
    "drive_hands_per_round": _("%(hands)s hands cannot be played %(per_round)s to a move."),
    "drive_half_time": _(
        "Half-time after hand %(half_time)s: it must come between moves and before the last "
        "hand (%(hands)s)."
    ),
    "drive_trumps": _("“%(trump)s” is not a trump: use H, D, S, C or NT."),
    "drive_sit_out_score": _(
        "A sit-out scores %(winner)s for the winners and %(loser)s for the losers: the "
        "winners' score must be at least the losers', both 0 to 13."
    ),
    "drive_min_hands": _("A prize cannot need %(min_hands)s hands in a drive of %(hands)s."),
    "drive_big_hand": _("A big hand is 7 to 13 tricks, not %(threshold)s."),
    "drive_prize": _("The prize “%(prize)s” is not possible in this drive."),
    "drive_prize_couple": _("Couples' prizes need partners kept all evening (a couple drive)."),
    "drive_too_few_players": _("A drive needs at least 3 players; there are %(players)s."),
    "drive_too_many_in_role": _(
        "%(count)s players as %(role)s for %(seats)s seats: some must play the other role."
    ),
    "drive_tables": _("These players need %(needed)s tables, not %(tables)s."),
    "drive_no_empty_seat": _("No seat for %(role)s is empty: seat the newcomer in the other role."),
    "drive_seat_taken": _("Seat %(token)s is held by two players."),
    "drive_tricks_range": _("“%(tricks)s” is not a number of tricks from 0 to 13."),
    "drive_tricks_not_thirteen": _("%(a)s + %(b)s = %(total)s tricks: a hand has 13 tricks."),
    "drive_tricks_too_many": _("%(a)s + %(b)s = %(total)s tricks: a hand has 13 tricks at most."),
    "drive_tricks_short_tied": _(
        "%(a)s all: a hand stopped by the bell goes to the side ahead in the count, and "
        "neither is ahead."
    ),
    "drive_table_waits": _(
        "Who sits at table %(table)s for hand %(hand)s depends on a table that has not "
        "entered the last round yet: enter that table's hand first."
    ),
    "drive_sit_out_no_tricks": _("Table %(table)s sits out this hand: there is nothing to enter."),
    "drive_round_incomplete": _("Round %(round)s: tables %(tables)s have not entered yet."),
    "drive_no_such_table": _("There is no table %(table)s."),
    "drive_no_such_hand": _("Hand %(hand)s has not been called."),
    "drive_seating_invalid": _("The seating of round %(round)s does not seat everyone once."),
}


def drive_ruling(error) -> str:
    """:func:`clubs.rulings.ruling_text` with a seat role named in the reader's language."""
    from clubs.rulings import ruling_text
    from drives.models import RoleName

    params = getattr(error, "params", {})
    if params.get("role") in RoleName.values:
        labels = {RoleName.LADY: _("ladies"), RoleName.GENT: _("gents")}
        params = {**params, "role": str(labels[params["role"]])}
        error = type(error)(str(error), code=error.code, params=params)
    return ruling_text(error)
