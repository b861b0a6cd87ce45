"""The player's form chart (clubs.svg): pure, no database."""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from clubs.svg import HEIGHT, MARGIN, WIDTH, chart_coordinates, form_chart

SVG = "{http://www.w3.org/2000/svg}"
D = dt.date(2026, 1, 6)


def test_form_chart_is_valid_svg_with_an_accessible_title_and_description():
    points = [(D, 12.0), (D + dt.timedelta(days=7), 5.0), (D + dt.timedelta(days=21), 30.0)]
    svg = ET.fromstring(form_chart(points, title="Form of Ana", description="3 nights"))
    assert svg.get("role") == "img"
    assert svg.get("aria-labelledby") == "form-title form-desc"
    assert svg.find(f"{SVG}title").text == "Form of Ana"
    assert svg.find(f"{SVG}desc").text == "3 nights"
    assert len(svg.findall(f".//{SVG}circle")) == 3
    line = svg.find(f"{SVG}polyline").get("points").split()
    assert len(line) == 3


def test_form_chart_escapes_text():
    svg = form_chart([(D, 1.0)], title='<script>"x"</script> & co')
    assert "<script>" not in svg
    assert ET.fromstring(svg).find(f"{SVG}title").text == '<script>"x"</script> & co'


def test_form_chart_of_no_points_is_empty():
    assert form_chart([], title="Nothing") == ""


def test_higher_points_are_drawn_higher_and_later_dates_further_right():
    (x1, y1), (x2, y2) = chart_coordinates([(D, -10.0), (D + dt.timedelta(days=1), 10.0)])
    assert x2 > x1 and y2 < y1


series = st.lists(st.integers(-500, 500).map(float), min_size=1, max_size=40)


@given(series, st.integers(0, 30))
def test_every_point_stays_inside_the_chart(values, step):
    points = [(D + dt.timedelta(days=i * step), v) for i, v in enumerate(values)]
    xy = chart_coordinates(points)
    assert len(xy) == len(points)
    for x, y in xy:
        assert MARGIN <= x <= WIDTH - MARGIN
        assert MARGIN <= y <= HEIGHT - MARGIN
    xs = [x for x, _y in xy]
    assert xs == sorted(xs)
    ET.fromstring(form_chart(points, title="t"))  # well-formed whatever the values
