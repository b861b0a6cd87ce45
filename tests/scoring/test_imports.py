"""CSV import of travellers: row by row with a report, nothing stored twice."""

from __future__ import annotations

import io

import pytest

from scoring.errors import ImportRefused
from scoring.imports import results_import_csv
from scoring.models import Result
from tests.scoring.factories import mitchell_section


def _file(text: str) -> io.BytesIO:
    return io.BytesIO(text.encode("utf-8-sig"))


@pytest.mark.django_db
def test_import_stores_good_rows_and_reports_bad_ones_with_their_line_and_reason():
    scheduled = mitchell_section(tables=3)
    text = (
        "board;round;table;ns;ew;result\n"
        "1;1;1;1;4;8\n"  # good
        "2;1;1;1;4;A+/A-\n"  # good, adjusted
        "3;1;1;1;4;7\n"  # board 3 is not at table 1 in round 1
        "3;1;2;2;5;14\n"  # impossible tricks
        "3;1;2;2;6;7\n"  # wrong EW pair
    )
    report = results_import_csv(section_id=scheduled.section.pk, file=_file(text), by=None)
    assert report.stored == 2
    reasons = {row["line"]: row["reason"] for row in report.refused}
    assert set(reasons) == {4, 5, 6}
    assert "not scheduled at table 1" in reasons[4]
    assert "NS cannot take 14 tricks" in reasons[5]
    assert "pair 5 EW" in reasons[6]
    assert Result.objects.count() == 2


@pytest.mark.django_db
def test_importing_the_same_file_twice_stores_nothing_twice():
    scheduled = mitchell_section(tables=3)
    text = "board,round,table,ns,ew,ns_tricks\n1,1,1,1,4,8\n"
    results_import_csv(section_id=scheduled.section.pk, file=_file(text), by=None)
    again = results_import_csv(section_id=scheduled.section.pk, file=_file(text), by=None)
    assert (again.stored, again.already, again.refused) == (0, 1, [])
    different = results_import_csv(
        section_id=scheduled.section.pk, file=_file(text.replace(",8", ",9")), by=None
    )
    assert different.refused and "already has a result" in different.refused[0]["reason"]
    assert Result.objects.get().ns_tricks == 8


@pytest.mark.django_db
def test_import_refuses_a_file_without_the_needed_columns():
    scheduled = mitchell_section(tables=3)
    with pytest.raises(ImportRefused, match="missing: ns, ew"):
        results_import_csv(
            section_id=scheduled.section.pk,
            file=_file("board,round,table,result\n1,1,1,8\n"),
            by=None,
        )
