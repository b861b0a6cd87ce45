"""What the tournaments app announces to the apps above it (they connect in their
``AppConfig.ready()``; a receiver only calls one of its own services)."""

from django.dispatch import Signal

#: Sent once the deals of a board set are committed: a new set dealt or imported, or one
#: board's deal corrected (its double-dummy table was cleared). Keyword: ``board_set_id``.
board_set_dealt = Signal()
