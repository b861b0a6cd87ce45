"""``manage.py standings_rebuild [--section ID ...]``: recompute standings from the database.

Runs in this process (no broker needed) and writes a fresh snapshot of every section that has
results (or of the sections named), clearing their stale marks.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from scoring.models import Result, SectionScoring
from scoring.standings import standings_publish


class Command(BaseCommand):
    help = "Recompute the standings of every section (or of --section ID) from the database."

    def add_arguments(self, parser):
        parser.add_argument("--section", type=int, action="append", dest="sections")

    def handle(self, *args, sections=None, **options):
        if not sections:
            with_results = set(Result.objects.values_list("section_id", flat=True).distinct())
            with_state = set(SectionScoring.objects.values_list("section_id", flat=True))
            sections = sorted(with_results | with_state)
        for section_id in sections:
            snapshot = standings_publish(section_id=section_id, force=True)
            version = snapshot.version if snapshot else "-"
            self.stdout.write(f"section {section_id}: snapshot v{version}")
        self.stdout.write(self.style.SUCCESS(f"{len(sections)} section(s) rebuilt"))
