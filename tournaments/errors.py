"""The tournaments app's errors: messages an organiser can act on."""


class TournamentError(Exception):
    """Base class: something an organiser asked for cannot be done. ``code`` names the
    kind of refusal for programs (the API sends it with the ``detail``)."""

    code = "refused"


class StatusError(TournamentError):
    """A status change that the event's life cycle does not allow."""

    code = "status"


class ScheduleError(TournamentError):
    """A movement or schedule that cannot work for this section."""

    code = "schedule"


class BoardSetError(TournamentError):
    """A board set that cannot be made, read or changed."""

    code = "board_set"


class EntryError(TournamentError):
    """An entry that cannot be added, changed or withdrawn."""

    code = "entry"


class BoardPlayedError(BoardSetError):
    """A board whose deal cannot change: a result was entered for it."""

    code = "board_played"


class DirectorError(TournamentError):
    """Someone who cannot direct the event (playing in it, or not an organiser or
    secretary of the club), or no director at all."""

    code = "director"


class LockedError(ScheduleError, BoardSetError):
    """A schedule, board set or entry list that results already stand on."""

    code = "locked"
