"""Fail when a translation catalogue has untranslated or fuzzy entries.

Run as ``python -m tests.i18n_check locale`` (``make i18n-check`` runs ``makemessages``
first, so strings added to the code show up here as untranslated).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def catalogue_problems(po: Path) -> list[str]:
    problems = []
    for flag, what in (("--untranslated", "untranslated"), ("--only-fuzzy", "fuzzy")):
        out = subprocess.run(
            ["msgattrib", flag, "--no-wrap", str(po)], capture_output=True, text=True, check=True
        ).stdout
        lines = out.splitlines()
        # Every entry starts with "msgid"; the first one printed is the catalogue's header.
        starts = [n for n, line in enumerate(lines) if line.startswith("msgid ")][1:]
        for n in starts:
            text = lines[n][len("msgid ") :]
            if text == '""' and n + 1 < len(lines):
                text = lines[n + 1]
            problems.append(f"{po}: {what} {text}")
    return problems


def main(root: str) -> int:
    catalogues = sorted(Path(root).glob("*/LC_MESSAGES/*.po"))
    if not catalogues:
        print(f"no catalogues under {root}")
        return 1
    problems = [p for po in catalogues for p in catalogue_problems(po)]
    for problem in problems:
        print(problem)
    print(f"{len(catalogues)} catalogues checked, {len(problems)} entries need a translation")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "locale"))
