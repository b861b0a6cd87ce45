"""The demo drives and ``manage.py drive``."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command

from clubs.demo import demo_club_load
from drives.demo import demo_drives_load
from drives.models import DriveStatus
from drives.selectors import drive_state
from engine.drives.settings import DriveSettings


@pytest.mark.django_db
def test_the_demo_has_a_finished_drive_of_37_and_one_being_played():
    club, _people = demo_club_load()
    finished, running = demo_drives_load(club)
    assert finished.status == DriveStatus.FINISHED and finished.tables == 10
    state = drive_state(finished)
    assert len(state.players) == 38  # 37 at the start, one late arrival
    assert sum(p.member_id is not None for p in state.players.values()) == 4
    assert not [a for a in state.awards if a.status in ("cut_needed", "waiting")]
    assert running.status == DriveStatus.RUNNING and running.current_hand == 3
    assert demo_drives_load(club) == [finished, running]  # safe to run again


def _run(tmp_path, rows, *args):
    path = tmp_path / "tricks.json"
    path.write_text(json.dumps(rows))
    out = tmp_path / "out.json"
    with out.open("w") as stream:
        call_command("drive", *args, "--tricks", str(path), stdout=stream)
    return json.loads(out.read_text())


def test_the_drive_command_prints_seating_cards_totals_and_prizes(tmp_path):
    rows = [[8, 5, 7], [6, 6, 9], [13, 0, 7], [4, 9, 7]]
    report = _run(tmp_path, rows, "--tables", "3", "--hands", "4")
    assert report["tables"] == 3 and len(report["players"]) == 12
    assert DriveSettings.from_dict(report["settings"]).hands == 4
    first = report["hands"][0]["tables"][0]
    assert first == {
        "table": 1,
        "kind": "played",
        "pair_a": [1, 7],
        "pair_b": [2, 8],
        "tricks_a": 8,
        "tricks_b": 5,
        "deemed_winner": None,
    }
    lady_1 = next(c for c in report["cards"] if c["player"] == 1)
    assert lady_1["rows"][0]["tricks"] == 8 and lady_1["total"] == sum(
        r["score"] for r in lady_1["rows"]
    )
    assert [p["prize"] for p in report["prizes"]][:2] == ["lady:total", "lady:total"]
    assert {t["role"] for t in report["totals"]} == {"lady", "gent"}


def test_the_drive_command_with_ghosts_a_late_arrival_and_a_leaver(tmp_path):
    rows = [[8, None], [6, 7], [9, 4]]
    report = _run(
        tmp_path,
        rows,
        "--ladies",
        "4",
        "--gents",
        "3",
        "--hands",
        "3",
        "--half-time",
        "1",
        "--incomplete",
        "sit_out",
        "--late",
        "gent:2",
        "--leave",
        "1:2",
        "--rules",
        '{"prizes": ["lady:total"]}',
    )
    assert report["hands"][0]["tables"][1]["kind"] == "sit_out"
    # 4 ladies, 3 gents: table 2's gent B is a ghost, and with "sit_out" the table sits out
    assert report["hands"][0]["tables"][1]["pair_b"] == [4, None]
    late = next(c for c in report["cards"] if c["player"] == 8)
    assert late["rows"][0]["kind"] == "absent"


def test_the_drive_command_says_why_it_refuses(tmp_path):
    with pytest.raises(CommandError, match="drive_round_incomplete"):
        _run(tmp_path, [[8, 5, 7]], "--tables", "3", "--hands", "4")
    with pytest.raises(CommandError, match="drive_tricks_range"):
        _run(
            tmp_path,
            [["8", 5, 7]],
            "--tables",
            "3",
            "--hands",
            "1",
            "--half-time",
            "0",
            "--rules",
            '{"prizes": []}',
        )


def test_the_drive_command_records_the_cut_for_a_tied_prize(tmp_path):
    """drives.md §10.9: a tie waits for the MC's cut, which is then recorded. One table,
    ladies 1 and 2 always opposite: hand 1 pair A (1, 3) 8 tricks; the winners split, so
    hand 2 seats (2, 3) as pair A, who take 8: ladies 1 and 2 both make 8 + 5 = 13."""
    args = ("--tables", "1", "--hands", "2", "--rules", '{"prizes": ["lady:total"]}')
    uncut = _run(tmp_path, [[8], [8]], *args)["prizes"][0]
    assert uncut["status"] == "cut_needed" and uncut["tied"] == [1, 2] and uncut["value"] == 13
    cut = _run(tmp_path, [[8], [8]], *args, "--cut", "1:2")["prizes"][0]
    assert (cut["status"], cut["winners"], cut["decided_by"]) == ("awarded", [2], "cut")
    with pytest.raises(CommandError, match="--cut"):
        _run(tmp_path, [[8], [8]], *args, "--cut", "first:2")
