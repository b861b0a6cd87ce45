"""The form chart of the player page: an SVG line of cumulative points per date.

Pure: no Django, no database, no JavaScript. :func:`form_chart` takes the points and the
(already translated) title and description and returns SVG markup with every text escaped,
so a page can include it as it is.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from html import escape

WIDTH, HEIGHT, MARGIN = 320, 180, 24
#: The plot's box inside the chart: room on the left for the value labels and the y axis's
#: title, below for the dates and the x axis's title.
LEFT, BOTTOM = 52, 44


def _scale(value: float, low: float, high: float, start: float, end: float) -> float:
    if high == low:
        return (start + end) / 2
    return start + (value - low) * (end - start) / (high - low)


def _range(values: Sequence[float]) -> tuple[float, float]:
    return min(0.0, *values), max(0.0, *values)


def chart_coordinates(
    points: Sequence[tuple[dt.date, float]], *, width: int = WIDTH, height: int = HEIGHT
) -> list[tuple[float, float]]:
    """Where each (date, value) goes: x by date, y upwards by value, inside the plot's box
    (within a margin of the chart); the zero line stays in view (0 is always within the y
    range)."""
    if not points:
        return []
    days = [date.toordinal() for date, _value in points]
    low, high = _range([value for _date, value in points])
    return [
        (
            round(_scale(day, days[0], days[-1], LEFT, width - MARGIN), 1),
            round(_scale(value, low, high, height - BOTTOM, MARGIN), 1),
        )
        for day, value in zip(days, (value for _date, value in points), strict=True)
    ]


def _text(x: float, y: float, text: str, anchor: str = "start", extra: str = "") -> str:
    return (
        f'<text x="{x}" y="{y}" font-size="10" fill="#5b6470" text-anchor="{anchor}"{extra}>'
        f"{escape(text)}</text>"
    )


def _axes(
    points: Sequence[tuple[dt.date, float]],
    *,
    width: int,
    height: int,
    y_title: str,
    x_title: str,
    date_text: Callable[[dt.date], str],
) -> str:
    """The two axes with their labels: the lowest value, zero and the highest value on the
    y axis; the first and last dates on the x axis; each axis's title."""
    low, high = _range([value for _date, value in points])
    bottom, right = height - BOTTOM, width - MARGIN
    parts = [
        f'<line x1="{LEFT}" y1="{MARGIN}" x2="{LEFT}" y2="{bottom}" stroke="#5b6470"/>',
        f'<line x1="{LEFT}" y1="{bottom}" x2="{right}" y2="{bottom}" stroke="#5b6470"/>',
    ]
    for value in sorted({low, 0.0, high}):
        y = round(_scale(value, low, high, bottom, MARGIN), 1)
        parts.append(_text(LEFT - 4, y + 3, f"{value:g}", "end"))
        if value == 0.0:
            parts.append(
                f'<line x1="{LEFT}" y1="{y}" x2="{right}" y2="{y}" stroke="#d9dee4" '
                'stroke-dasharray="3 2"/>'
            )
    first, last = points[0][0], points[-1][0]
    parts.append(_text(LEFT, bottom + 14, date_text(first)))
    if last != first:
        parts.append(_text(right, bottom + 14, date_text(last), "end"))
    if x_title:
        parts.append(_text((LEFT + right) / 2, height - 6, x_title, "middle"))
    if y_title:
        middle = (MARGIN + bottom) / 2
        parts.append(_text(12, middle, y_title, "middle", f' transform="rotate(-90 12 {middle})"'))
    return '<g class="axes" aria-hidden="true">' + "".join(parts) + "</g>"


def form_chart(
    points: Sequence[tuple[dt.date, float]],
    *,
    title: str,
    description: str = "",
    y_title: str = "",
    x_title: str = "",
    date_text: Callable[[dt.date], str] | None = None,
    width: int = WIDTH,
    height: int = HEIGHT,
) -> str:
    """SVG of ``points`` (dates in order, a value each): a line with a dot per date, the
    axes labelled (values, first and last dates, ``y_title`` and ``x_title``: what is
    counted, and in what), the zero line, and an accessible ``<title>`` (and ``<desc>``).
    ``date_text`` writes a date (default ISO 8601). Empty points: ``""``."""
    if not points:
        return ""
    date_text = date_text or dt.date.isoformat
    xy = chart_coordinates(points, width=width, height=height)
    line = " ".join(f"{x},{y}" for x, y in xy)
    dots = "".join(
        f'<circle cx="{x}" cy="{y}" r="3"><title>{escape(date_text(date))}: '
        f"{value:g}</title></circle>"
        for (x, y), (date, value) in zip(xy, points, strict=True)
    )
    desc = f'<desc id="form-desc">{escape(description)}</desc>' if description else ""
    labelled = "form-title form-desc" if description else "form-title"
    axes = _axes(
        points, width=width, height=height, y_title=y_title, x_title=x_title, date_text=date_text
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="form-chart" role="img" '
        f'viewBox="0 0 {width} {height}" width="100%" aria-labelledby="{labelled}">'
        f'<title id="form-title">{escape(title)}</title>{desc}{axes}'
        f'<polyline points="{line}" fill="none" stroke="#0b6e4f" stroke-width="2"/>'
        f'<g fill="#0b6e4f">{dots}</g></svg>'
    )
