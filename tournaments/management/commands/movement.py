"""Print a movement as JSON (validated first).

python manage.py movement mitchell --tables 7 --boards-per-round 3 [--skip|--relay] [--arrow-switch]
python manage.py movement howell --pairs 10 --boards-per-round 2
python manage.py movement individual --players 8 --boards-per-round 2
python manage.py movement rubber3
"""

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments import movements


class Command(BaseCommand):
    help = "Print a Mitchell, Howell, individual or three-rubber movement as JSON."

    def add_arguments(self, parser) -> None:
        parser.add_argument("kind", choices=["mitchell", "howell", "individual", "rubber3"])
        parser.add_argument("--tables", type=int)
        parser.add_argument("--pairs", type=int)
        parser.add_argument("--players", type=int)
        parser.add_argument("--boards-per-round", type=int, default=2)
        parser.add_argument("--rounds", type=int)
        even = parser.add_mutually_exclusive_group()
        even.add_argument("--skip", action="store_true", help="even tables: EW skip a table")
        even.add_argument("--relay", action="store_true", help="even tables: relay and bye stand")
        parser.add_argument("--arrow-switch", action="store_true", help="one field of winners")

    def handle(self, *args, kind: str, **options) -> None:
        per_round = options["boards_per_round"]
        try:
            if kind == "mitchell":
                if not options["tables"]:
                    raise CommandError("mitchell needs --tables")
                even = "skip" if options["skip"] else "relay" if options["relay"] else None
                movement = movements.mitchell(
                    options["tables"],
                    per_round,
                    even=even,
                    arrow_switch=options["arrow_switch"],
                    rounds=options["rounds"],
                )
            elif kind == "howell":
                if not options["pairs"]:
                    raise CommandError("howell needs --pairs")
                movement = movements.howell(options["pairs"], per_round)
            elif kind == "individual":
                if not options["players"]:
                    raise CommandError("individual needs --players")
                movement = movements.individual(options["players"], per_round)
            else:
                movement = movements.rubber3(per_round if options["boards_per_round"] != 2 else 1)
            movements.validate_or_raise(movement)
        except movements.MovementError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(json.dumps(movement.to_json()))
