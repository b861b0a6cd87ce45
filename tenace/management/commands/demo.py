"""``manage.py demo [--analyse-later]``: the demo club and every app's demo data, then the
logins (last, so they are what a newcomer sees).

The club and its people come first (:func:`clubs.demo.demo_club_load`); then each installed
app's demo loader, as it declares it on its ``AppConfig`` (:mod:`tenace.parts`). Safe to run
again: every loader looks things up before it makes them. ``--analyse-later`` leaves the
double-dummy tables to ``manage.py boards_analyse`` (``make demo`` runs it in the background).
"""

from django.core.management.base import BaseCommand

from clubs.demo import DEMO_PASSWORD, DemoOptions, demo_club_load
from tenace import parts


class Command(BaseCommand):
    help = "Load the demo data (safe to run again) and print the demo logins."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--analyse-later",
            action="store_true",
            help="Leave the double-dummy tables to `manage.py boards_analyse`.",
        )
        parser.add_argument("--url", help="Where the site will answer (printed before the logins).")

    def handle(self, *args, analyse_later: bool = False, url: str = "", **options) -> None:
        club, people = demo_club_load()
        demo = DemoOptions(analyse=not analyse_later)
        lines = [line for load in parts.demo_loaders() for line in load(club, demo)]
        self.stdout.write(self.style.SUCCESS(f"Demo club: {club.name} ({club.slug})"))
        for line in lines:
            self.stdout.write(line)
        if analyse_later:
            self.stdout.write("  double-dummy tables: left to `manage.py boards_analyse`")
        if url:
            self.stdout.write(self.style.SUCCESS(f"Tenace answers at {url} (Ctrl-C to stop)"))
        self.stdout.write(f"Logins (password for all: {DEMO_PASSWORD}):")
        for person in people:
            self.stdout.write(f"  {person.username:<8} {person.role:<10} {person.name}")
