"""The drive benchmark (``bench/drive_entries.py``) at a tiny size, as CI runs it: two
tables, two hands, every entry stored and the drive finished."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from drives.models import Drive, DriveEntry, DriveStatus

BENCH = Path(__file__).resolve().parents[2] / "bench" / "drive_entries.py"


def test_the_drive_benchmark_runs_at_a_tiny_size(db):
    spec = importlib.util.spec_from_file_location("drive_entries", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = module.evening(2, 2)
    assert result["entries"] == 4 == DriveEntry.objects.count()
    assert Drive.objects.get().status == DriveStatus.FINISHED
