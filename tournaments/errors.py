"""The tournaments app's errors: messages an organiser can act on."""


class TournamentError(Exception):
    """Base class: something an organiser asked for cannot be done."""


class StatusError(TournamentError):
    """A status change that the event's life cycle does not allow."""


class ScheduleError(TournamentError):
    """A movement or schedule that cannot work for this section."""


class BoardSetError(TournamentError):
    """A board set that cannot be made, read or changed."""


class EntryError(TournamentError):
    """An entry that cannot be added, changed or withdrawn."""


class BoardPlayedError(BoardSetError):
    """A board whose deal cannot change: a result was entered for it."""


class DirectorError(TournamentError):
    """Someone who cannot direct the event (playing in it, or not an organiser or
    secretary of the club), or no director at all."""


class LockedError(ScheduleError, BoardSetError):
    """A schedule, board set or entry list that results already stand on."""
