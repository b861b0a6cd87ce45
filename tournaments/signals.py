"""What the tournaments app announces to the apps above it (they connect in their
``AppConfig.ready()``; a receiver only calls one of its own services)."""

from django.dispatch import Signal

#: Sent once the deals of a board set are committed: a new set dealt or imported, or one
#: board's deal corrected (its double-dummy table was cleared). Keyword: ``board_set_id``.
board_set_dealt = Signal()

#: Sent after the commit that releases an event's standings (status → released). Keywords:
#: ``tournament_id`` and ``change_id`` (the :class:`~tournaments.models.StatusChange` row
#: of this release: one id per release, so a receiver can act once per release).
tournament_released = Signal()
