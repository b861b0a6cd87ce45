import json

import pytest
from django.core.management import CommandError, call_command


def run(*args) -> dict:
    from io import StringIO

    out = StringIO()
    call_command("movement", *args, stdout=out)
    return json.loads(out.getvalue())


def test_movement_command_prints_a_mitchell_as_json():
    data = run("mitchell", "--tables", "7", "--boards-per-round", "3")
    assert data["type"] == "mitchell" and len(data["rounds"]) == 7
    assert data["rounds"][0]["tables"][0] == {"table": 1, "ns": 1, "ew": 8, "boards": [1, 2, 3]}


def test_movement_command_howell_and_individual():
    assert len(run("howell", "--pairs", "10", "--boards-per-round", "2")["rounds"]) == 9
    first = run("individual", "--players", "8")["rounds"][0]["tables"][0]
    assert {"north", "south", "east", "west"} <= set(first)
    assert len(run("rubber3")["rounds"]) == 3


def test_movement_command_reports_what_cannot_work():
    with pytest.raises(CommandError, match="even: choose a skip or a relay"):
        run("mitchell", "--tables", "4")
    with pytest.raises(CommandError, match="needs --pairs"):
        run("howell")
