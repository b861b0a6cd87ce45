"""``manage.py drive``: run a whole drive from given trick counts and print its seating,
cards, totals and prizes as JSON (the shape is documented in docs/drives.md).

    manage.py drive --tables 10 --hands 24 --movement progressive --tricks tricks.json
    manage.py drive --ladies 19 --gents 18 --hands 4 --half-time 2 --tricks - < t.json

The tricks file is JSON: a list per hand of pair A's tricks at each table (``null`` or
anything at a table that sits out). Players are numbered ladies first (1 …), then gents,
then late arrivals. Nothing is stored."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from engine.drives.errors import DriveError
from engine.drives.report import run_report
from engine.drives.run import Arrival, Leave, run_drive, tricks_from_rows
from engine.drives.settings import DriveSettings


def _pair(text: str, name: str) -> tuple[str, int]:
    head, _sep, tail = text.partition(":")
    if not tail.isdecimal():
        raise CommandError(f"{name}: expected e.g. gent:3, not {text!r}")
    return head, int(tail)


class Command(BaseCommand):
    help = "Run a whist drive from given trick counts; print seating, cards, totals, prizes."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--tables", type=int, help="tables (2 ladies, 2 gents each)")
        parser.add_argument("--ladies", type=int, help="ladies (with --gents; ghosts fill up)")
        parser.add_argument("--gents", type=int)
        parser.add_argument("--hands", type=int, default=24)
        parser.add_argument("--half-time", type=int, default=None, help="default: hands // 2")
        parser.add_argument("--hands-per-round", type=int, default=1)
        parser.add_argument(
            "--movement",
            default="progressive",
            choices=["progressive", "semi_partner", "couple", "head_table"],
        )
        parser.add_argument("--mover", default="winners", choices=["winners", "losers"])
        parser.add_argument("--change-partners", choices=["yes", "no"], default=None)
        parser.add_argument("--trumps", default="H,D,S,C", help="e.g. H,D,S,C,NT")
        parser.add_argument("--scoring", default="tricks", choices=["tricks", "wins"])
        parser.add_argument("--incomplete", default="dummy", choices=["dummy", "sit_out"])
        parser.add_argument("--tie-break", default="cut", choices=["cut", "share", "countback"])
        parser.add_argument("--rules", default="{}", help="more drive settings as a JSON object")
        parser.add_argument(
            "--late", action="append", default=[], help="a late arrival ROLE:ROUND (repeatable)"
        )
        parser.add_argument(
            "--leave", action="append", default=[], help="a leaver PLAYER:AFTER_ROUND (repeatable)"
        )
        parser.add_argument(
            "--cut",
            action="append",
            default=[],
            help="the cut for a tied prize PRIZE:PLAYER, e.g. 1:5 (repeatable)",
        )
        parser.add_argument("--tricks", required=True, help="JSON file, or - for stdin")

    def handle(self, *args, **options) -> None:
        try:
            source = options["tricks"]
            text = sys.stdin.read() if source == "-" else Path(source).read_text()
            rows = json.loads(text)
            extra = json.loads(options["rules"])
        except (OSError, ValueError) as error:
            raise CommandError(f"cannot read: {error}") from None
        if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
            raise CommandError("the tricks file must be a list (hands) of lists (tables)")
        ladies, gents = self._players(options)
        half = options["half_time"]
        settings = {
            "hands": options["hands"],
            "half_time_after": options["hands"] // 2 if half is None else half,
            "hands_per_round": options["hands_per_round"],
            "movement": options["movement"],
            "mover": options["mover"],
            "change_partners": {"yes": True, "no": False}.get(options["change_partners"]),
            "trumps": options["trumps"].split(","),
            "scoring": options["scoring"],
            "incomplete_table": options["incomplete"],
            "tie_break": options["tie_break"],
            **extra,
        }
        late = [_pair(text, "--late") for text in options["late"]]
        arrivals = [
            Arrival(ladies + gents + n + 1, role, rnd) for n, (role, rnd) in enumerate(late)
        ]
        leaves = [
            Leave(int(p), rnd)
            for p, rnd in (_pair(t, "--leave") for t in options["leave"])
            if p.isdecimal()
        ]
        cuts = {}
        for text in options["cut"]:
            prize, player = _pair(text, "--cut")
            if not prize.isdecimal():
                raise CommandError(f"--cut: expected e.g. 1:5, not {text!r}")
            cuts[int(prize)] = player
        try:
            run = run_drive(
                DriveSettings.from_dict(settings),
                list(range(1, ladies + 1)),
                list(range(ladies + 1, ladies + gents + 1)),
                tricks_from_rows(rows),
                arrivals=arrivals,
                leaves=leaves,
                tables=options["tables"],
                cuts=cuts,
            )
        except DriveError as error:
            raise CommandError(f"{error} [{error.code}]") from None
        self.stdout.write(json.dumps(run_report(run), indent=1))

    def _players(self, options) -> tuple[int, int]:
        if options["ladies"] is not None or options["gents"] is not None:
            return options["ladies"] or 0, options["gents"] or 0
        if options["tables"] is None:
            raise CommandError("give --tables, or --ladies and --gents")
        return 2 * options["tables"], 2 * options["tables"]
