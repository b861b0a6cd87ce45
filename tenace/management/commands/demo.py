"""``manage.py demo``: the demo club and every app's demo data, then the logins.

The club and its people come first (:func:`clubs.demo.demo_club_load`); then each installed
app's demo loader, as it declares it on its ``AppConfig`` (:mod:`tenace.parts`). Safe to run
again: every loader looks things up before it makes them.
"""

from django.core.management.base import BaseCommand

from clubs.demo import DEMO_PASSWORD, demo_club_load
from tenace import parts


class Command(BaseCommand):
    help = "Load the demo data (safe to run again) and print the demo logins."

    def handle(self, *args, **options) -> None:
        club, people = demo_club_load()
        lines = [line for load in parts.demo_loaders() for line in load(club)]
        self.stdout.write(self.style.SUCCESS(f"Demo club: {club.name} ({club.slug})"))
        for line in lines:
            self.stdout.write(line)
        self.stdout.write(f"Logins (password for all: {DEMO_PASSWORD}):")
        for person in people:
            self.stdout.write(f"  {person.username:<8} {person.role:<10} {person.name}")
