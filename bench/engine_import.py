"""Benchmark: what ``import engine`` costs (without the analysis extra being loaded).

Run: ``.venv/bin/python bench/engine_import.py [runs]`` (default 15). Each run is a fresh
interpreter that imports ``engine`` and every one of its submodules (``engine.analysis``
included: it loads endplay only when a function is called). It prints the median import time
and the median peak resident memory (``ru_maxrss``) above a bare interpreter started the same
way, and checks that neither endplay nor matplotlib was loaded.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BARE = "import json, resource; print(json.dumps({'rss_kb': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))"
ENGINE = """
import json, resource, sys, time
start = time.perf_counter()
import importlib, pkgutil, engine
for module in pkgutil.iter_modules(engine.__path__):
    importlib.import_module('engine.' + module.name)
seconds = time.perf_counter() - start
heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('endplay', 'matplotlib', 'numpy'))
print(json.dumps({'seconds': seconds, 'heavy': heavy, 'modules': len(list(pkgutil.iter_modules(engine.__path__))),
                  'rss_kb': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
"""


def run(code: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


def main() -> None:
    runs = (
        int(sys.argv[1])
        if len(sys.argv) > 1
        else (2 if os.environ.get("BENCH_TINY") == "1" else 15)
    )
    bare = [run(BARE)["rss_kb"] for _ in range(runs)]
    loaded = [run(ENGINE) for _ in range(runs)]
    assert not any(result["heavy"] for result in loaded), loaded[0]["heavy"]
    seconds = statistics.median(result["seconds"] for result in loaded)
    delta_kb = statistics.median(result["rss_kb"] for result in loaded) - statistics.median(bare)
    print(
        f"import engine + {loaded[0]['modules']} submodules: {seconds * 1000:.1f} ms "
        f"(median of {runs} fresh interpreters)"
    )
    print(
        f"peak RSS above a bare interpreter: {delta_kb / 1024:.1f} MB "
        f"(bare {statistics.median(bare) / 1024:.1f} MB)"
    )
    print("endplay / matplotlib / numpy loaded: no")


if __name__ == "__main__":
    main()
