from django.core.management.base import BaseCommand

from boston.demo import demo_boston_load
from clubs.demo import DEMO_PASSWORD, demo_club_load
from scoring.demo import demo_results_load
from tournaments.demo import demo_boards_analyse, demo_tournaments_load


class Command(BaseCommand):
    help = "Load the demo data (safe to run again) and print the demo logins."

    def handle(self, *args, **options) -> None:
        club, people = demo_club_load()
        events = demo_tournaments_load(club)
        demo_results_load(club)
        analysed = demo_boards_analyse(events)
        demo_boston_load(club)
        self.stdout.write(self.style.SUCCESS(f"Demo club: {club.name} ({club.slug})"))
        for event in events:
            self.stdout.write(f"  event: {event.name} ({event.get_status_display()})")
        self.stdout.write(f"  double-dummy tables computed for {analysed} boards")
        self.stdout.write(f"Logins (password for all: {DEMO_PASSWORD}):")
        for person in people:
            self.stdout.write(f"  {person.username:<8} {person.role:<10} {person.name}")
