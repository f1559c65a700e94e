"""Charts drawn on the server: the geometry of a grouped bar chart or a line chart over a few series, which
templates/licensing/board/_chart.html writes out as SVG (role="img", a label and a <title>, one <title> per
bar or point) followed by the same figures as a table, the chart's text for screen readers and for print.

No JavaScript and no library: the few dozen shapes of a dashboard chart are cheaper to compute than to ship a
chart library. Coordinates are floats (pixels, not money); the values shown stay the Decimals they were."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

WIDTH, HEIGHT = 720, 280
LEFT, RIGHT, TOP, BOTTOM = 84, 12, 12, 36  # room for the value axis labels and the category labels
MAX_CATEGORY_LABELS = 12  # beyond this, every n-th category is labelled (all are in the table)
TICKS = 4


@dataclass(frozen=True)
class Series:
    key: str  # names the colour (a CSS class): "gross_receipts", "prizes", ...
    label: str
    values: list


@dataclass(frozen=True)
class Tick:
    position: float
    label: str


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    key: str
    category: str
    label: str
    value: object


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    category: str
    label: str
    value: object


@dataclass(frozen=True)
class Line:
    key: str
    label: str
    points: list[Point]

    @property
    def path(self) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)


@dataclass(frozen=True)
class Chart:
    id: str
    title: str
    kind: str  # "bar" or "line"
    money: bool  # values are dollars (the table shows cents) or counts
    categories: list[str]
    series: list[Series]
    y_ticks: list[Tick]
    x_ticks: list[Tick]
    zero: float
    bars: list[Bar] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right_edge: int = WIDTH - RIGHT
    top: int = TOP
    bottom_edge: int = HEIGHT - BOTTOM

    @property
    def rows(self) -> list[tuple[str, list]]:
        """The table: one row per category, one value per series."""
        return [(category, [s.values[index] for s in self.series]) for index, category in enumerate(self.categories)]

    @property
    def empty(self) -> bool:
        return not self.categories


def nice_step(span: float) -> float:
    """A round step (1, 2, 2.5 or 5 times a power of ten) cutting `span` into about TICKS parts."""
    raw = span / TICKS
    power = 10 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)


def tick_label(value: float, *, money: bool) -> str:
    sign = "-" if value < 0 else ""
    value = abs(value)
    for size, suffix in ((1e9, "B"), (1e6, "M"), (1e3, "k")):
        if value >= size:
            text = f"{value / size:.1f}".removesuffix(".0") + suffix
            break
    else:
        text = f"{value:.0f}" if value == int(value) else f"{value:.1f}"
    return f"{sign}${text}" if money else f"{sign}{text}"


def _scale(values: list[float], *, money: bool):
    low, high = min([0.0, *values]), max([0.0, *values])
    if low == high:
        high = 1.0
    step = nice_step(high - low)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    top, bottom = TOP, HEIGHT - BOTTOM

    def y(value: float) -> float:
        return bottom - (value - low) / (high - low) * (bottom - top)

    count = round((high - low) / step)
    ticks = [Tick(position=y(low + i * step), label=tick_label(low + i * step, money=money)) for i in range(count + 1)]
    return y, ticks


def _x_ticks(categories: list[str], centre) -> list[Tick]:
    every = max(1, math.ceil(len(categories) / MAX_CATEGORY_LABELS))
    return [Tick(position=centre(i), label=c) for i, c in enumerate(categories) if i % every == 0]


def _floats(series: list[Series]) -> list[float]:
    return [float(v) for s in series for v in s.values]


def bar_chart(*, chart_id: str, title: str, categories: list[str], series: list[Series], money: bool = True) -> Chart:
    """Grouped bars: per category one bar per series, from the zero line up (or down, for a loss)."""
    y, y_ticks = _scale(_floats(series), money=money)
    plot = WIDTH - RIGHT - LEFT
    group = plot / max(len(categories), 1)
    width = group * 0.8 / max(len(series), 1)
    zero = y(0.0)
    bars = []
    for index, category in enumerate(categories):
        for number, found in enumerate(series):
            value = found.values[index]
            top = y(float(value))
            bars.append(Bar(x=LEFT + index * group + group * 0.1 + number * width, y=min(top, zero), width=width,
                            height=abs(zero - top), key=found.key, category=category, label=found.label,
                            value=value))
    return Chart(id=chart_id, title=title, kind="bar", money=money, categories=categories, series=series,
                 y_ticks=y_ticks, x_ticks=_x_ticks(categories, lambda i: LEFT + (i + 0.5) * group), zero=zero,
                 bars=bars)


def line_chart(*, chart_id: str, title: str, categories: list[str], series: list[Series], money: bool = True) -> Chart:
    """One line per series over the categories (months), a point with its value at each."""
    y, y_ticks = _scale(_floats(series), money=money)
    plot = WIDTH - RIGHT - LEFT
    step = plot / max(len(categories), 1)

    def centre(index: int) -> float:
        return LEFT + (index + 0.5) * step

    lines = [Line(key=found.key, label=found.label, points=[
        Point(x=centre(i), y=y(float(value)), category=categories[i], label=found.label, value=value)
        for i, value in enumerate(found.values)]) for found in series]
    return Chart(id=chart_id, title=title, kind="line", money=money, categories=categories, series=series,
                 y_ticks=y_ticks, x_ticks=_x_ticks(categories, centre), zero=y(0.0), lines=lines)

