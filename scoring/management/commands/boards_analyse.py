"""``manage.py boards_analyse [--club SLUG] [--board-set ID]``: store the missing double-dummy
tables of every board set (or of one club's, or one set) in this process, without a worker
(the hand records page's *Analyse now* starts it in the background on a site without one). Boards that have a table
keep it; prints how many boards were analysed, or why none could be."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from engine.errors import EngineError
from scoring.analysis_jobs import board_set_analyse
from tournaments.models import Board


class Command(BaseCommand):
    help = "Compute the missing double-dummy tables of the board sets (needs the analysis extra)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--club", help="Only this club's board sets (its short name).")
        parser.add_argument("--board-set", type=int, help="Only this board set (its id).")

    def handle(
        self, *args, club: str | None = None, board_set: int | None = None, **options
    ) -> None:
        missing = Board.objects.filter(dd_tricks="").exclude(deal="")
        if club:
            missing = missing.filter(board_set__club__slug=club)
        if board_set:
            missing = missing.filter(board_set_id=board_set)
        board_sets = sorted(set(missing.values_list("board_set_id", flat=True)))
        analysed = 0
        try:
            for board_set_id in board_sets:
                analysed += board_set_analyse(board_set_id=board_set_id)
        except EngineError as error:  # AnalysisUnavailable: the extra is not installed
            self.stdout.write(f"No double-dummy analysis here: {error}")
            return
        self.stdout.write(f"Double-dummy tables stored for {analysed} boards.")
