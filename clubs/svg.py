"""The form chart of the player page: an SVG line of cumulative points per date.

Pure: no Django, no database, no JavaScript. :func:`form_chart` takes the points and the
(already translated) title and description and returns SVG markup with every text escaped,
so a page can include it as it is.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from html import escape

WIDTH, HEIGHT, MARGIN = 320, 160, 24


def _scale(value: float, low: float, high: float, start: float, end: float) -> float:
    if high == low:
        return (start + end) / 2
    return start + (value - low) * (end - start) / (high - low)


def chart_coordinates(
    points: Sequence[tuple[dt.date, float]], *, width: int = WIDTH, height: int = HEIGHT
) -> list[tuple[float, float]]:
    """Where each (date, cumulative points) goes: x by date, y upwards by points, inside a
    margin; the zero line stays in view (0 is always within the y range)."""
    if not points:
        return []
    days = [date.toordinal() for date, _value in points]
    values = [value for _date, value in points]
    low, high = min(0.0, *values), max(0.0, *values)
    return [
        (
            round(_scale(day, days[0], days[-1], MARGIN, width - MARGIN), 1),
            round(_scale(value, low, high, height - MARGIN, MARGIN), 1),
        )
        for day, value in zip(days, values, strict=True)
    ]


def form_chart(
    points: Sequence[tuple[dt.date, float]],
    *,
    title: str,
    description: str = "",
    width: int = WIDTH,
    height: int = HEIGHT,
) -> str:
    """SVG of ``points`` (dates in order, cumulative points): a line with a dot per date,
    the zero line, and an accessible ``<title>`` (and ``<desc>``). Empty points: ``""``."""
    if not points:
        return ""
    xy = chart_coordinates(points, width=width, height=height)
    values = [value for _date, value in points]
    low, high = min(0.0, *values), max(0.0, *values)
    zero = round(_scale(0.0, low, high, height - MARGIN, MARGIN), 1)
    line = " ".join(f"{x},{y}" for x, y in xy)
    dots = "".join(
        f'<circle cx="{x}" cy="{y}" r="3"><title>{escape(date.isoformat())}: '
        f"{value:g}</title></circle>"
        for (x, y), (date, value) in zip(xy, points, strict=True)
    )
    desc = f'<desc id="form-desc">{escape(description)}</desc>' if description else ""
    labelled = "form-title form-desc" if description else "form-title"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="form-chart" role="img" '
        f'viewBox="0 0 {width} {height}" width="100%" aria-labelledby="{labelled}">'
        f'<title id="form-title">{escape(title)}</title>{desc}'
        f'<line x1="{MARGIN}" y1="{zero}" x2="{width - MARGIN}" y2="{zero}" '
        f'stroke="#d9dee4" stroke-width="1"/>'
        f'<text x="2" y="{zero + 4}" font-size="10" fill="#5b6470">0</text>'
        f'<text x="2" y="{MARGIN - 8}" font-size="10" fill="#5b6470">{high:g}</text>'
        f'<polyline points="{line}" fill="none" stroke="#0b6e4f" stroke-width="2"/>'
        f'<g fill="#0b6e4f">{dots}</g></svg>'
    )
