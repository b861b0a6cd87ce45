from django.core.management.base import BaseCommand

from clubs.demo import DEMO_PASSWORD, demo_club_load


class Command(BaseCommand):
    help = "Load the demo data (safe to run again) and print the demo logins."

    def handle(self, *args, **options) -> None:
        club, people = demo_club_load()
        self.stdout.write(self.style.SUCCESS(f"Demo club: {club.name} ({club.slug})"))
        self.stdout.write(f"Logins (password for all: {DEMO_PASSWORD}):")
        for person in people:
            self.stdout.write(f"  {person.username:<8} {person.role:<10} {person.name}")
