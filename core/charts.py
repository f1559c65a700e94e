"""Charts drawn on the server: the geometry of a grouped bar chart or a line chart over a few series, written
out as SVG (role="img", an aria-label and a <title>, one <title> per bar or point, every text escaped), which
templates/_chart.html follows with the same figures as a table: the chart's text for screen
readers and for print.

No JavaScript and no library: the few hundred shapes of a dashboard chart are cheaper to compute than to ship
a chart library. The SVG is written here rather than by a template: five years of months are hundreds of
points, and a template's per-variable rendering cost more than the dashboard's queries. Coordinates are
floats (pixels, not money); the values are shown as formatted from their Decimals."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from core.money import money_text

WIDTH, HEIGHT = 720, 280
LEFT, RIGHT, TOP, BOTTOM = 84, 12, 12, 36  # room for the value axis labels and the category labels
TICKS = 4
LABEL_CHAR_WIDTH = 6.5  # px of an 11px sans-serif character: labels are spaced so they never overlap
# Colours as presentation attributes, not page CSS: the content security policy allows no inline style, and
# an SVG keeps its colours wherever it is shown (a browser, a PDF, a saved page). They differ in lightness as
# well as hue, and the legend and the table name every series.
PALETTE = {"gross_receipts": "#083a66", "prizes": "#d17a00", "expenses": "#767676", "net_proceeds": "#1a6b2f",
           "disbursed": "#7fb48c", "findings": "#a4001d", "reports": "#e59aa8", "waiting": "#083a66"}
INK, GRID = "#454545", "#e3e3e3"


@dataclass(frozen=True)
class Series:
    key: str  # names the colour: "gross_receipts", "prizes", ...
    label: str
    values: list

    @property
    def colour(self) -> str:
        return PALETTE.get(self.key, INK)

    @property
    def swatch(self) -> SafeString:
        """The legend's square of the series' colour."""
        return mark_safe(f'<svg class="chart-swatch" width="14" height="14" aria-hidden="true" focusable="false">'  # noqa: S308
                         f'<rect width="14" height="14" rx="2" fill="{self.colour}"/></svg>')


def shown(value, *, money: bool) -> str:
    """A value as the table and the tooltips print it, in the reader's language: formatted once here, not by a
    template filter per cell (a chart of five years of months has hundreds)."""
    return money_text(value) if money else str(value)


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
    colour: str
    category: str
    label: str
    value: str  # shown()


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    category: str
    label: str
    value: str  # shown()


@dataclass(frozen=True)
class Line:
    key: str
    colour: str
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
    table: list[list[str]]  # per category, each series' value as shown
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
    def rows(self) -> list[tuple[str, list[str]]]:
        """The table: one row per category, one value per series."""
        return list(zip(self.categories, self.table, strict=True))

    @property
    def empty(self) -> bool:
        return not self.categories

    @property
    def svg(self) -> SafeString:
        return svg(self)


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
    if not money and all(float(value).is_integer() for value in values):
        step = max(step, 1.0)  # counts: no tick between two whole numbers
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    top, bottom = TOP, HEIGHT - BOTTOM

    def y(value: float) -> float:
        return bottom - (value - low) / (high - low) * (bottom - top)

    count = round((high - low) / step)
    ticks = [Tick(position=y(low + i * step), label=tick_label(low + i * step, money=money)) for i in range(count + 1)]
    return y, ticks


def _x_ticks(labels: list[str], centre, plot: float) -> list[Tick]:
    """Every n-th label, n the smallest that leaves each room for its text (all are in the table)."""
    if not labels:
        return []
    room = max(len(label) for label in labels) * LABEL_CHAR_WIDTH + 8
    every = max(1, math.ceil(len(labels) / max(1, math.floor(plot / room))))
    return [Tick(position=centre(i), label=label) for i, label in enumerate(labels) if i % every == 0]


def _floats(series: list[Series]) -> list[float]:
    return [float(v) for s in series for v in s.values]


def _table(categories: list[str], series: list[Series], money: bool) -> list[list[str]]:
    return [[shown(s.values[index], money=money) for s in series] for index in range(len(categories))]


def bar_chart(*, chart_id: str, title: str, categories: list[str], series: list[Series], money: bool = True,
              labels: list[str] | None = None) -> Chart:
    """Grouped bars: per category one bar per series, from the zero line up (or down, for a loss). `labels`:
    shorter category names for the axis ("Mar" for "Mar 2026"); the table and the tooltips say it in full."""
    y, y_ticks = _scale(_floats(series), money=money)
    plot = WIDTH - RIGHT - LEFT
    group = plot / max(len(categories), 1)
    width = group * 0.8 / max(len(series), 1)
    zero = y(0.0)
    table = _table(categories, series, money)
    bars = []
    for index, category in enumerate(categories):
        for number, found in enumerate(series):
            top = y(float(found.values[index]))
            bars.append(Bar(x=LEFT + index * group + group * 0.1 + number * width, y=min(top, zero), width=width,
                            height=abs(zero - top), key=found.key, colour=found.colour, category=category,
                            label=found.label, value=table[index][number]))
    x_ticks = _x_ticks(labels or categories, lambda i: LEFT + (i + 0.5) * group, plot)
    return Chart(id=chart_id, title=title, kind="bar", money=money, categories=categories, series=series,
                 table=table, y_ticks=y_ticks, x_ticks=x_ticks, zero=zero, bars=bars)


def line_chart(*, chart_id: str, title: str, categories: list[str], series: list[Series], money: bool = True,
               labels: list[str] | None = None) -> Chart:
    """One line per series over the categories (months), a point with its value at each; `labels` as above."""
    y, y_ticks = _scale(_floats(series), money=money)
    plot = WIDTH - RIGHT - LEFT
    step = plot / max(len(categories), 1)

    def centre(index: int) -> float:
        return LEFT + (index + 0.5) * step

    table = _table(categories, series, money)
    lines = [Line(key=found.key, colour=found.colour, label=found.label, points=[
        Point(x=centre(i), y=y(float(value)), category=categories[i], label=found.label, value=table[i][number])
        for i, value in enumerate(found.values)]) for number, found in enumerate(series)]
    return Chart(id=chart_id, title=title, kind="line", money=money, categories=categories, series=series,
                 table=table, y_ticks=y_ticks, x_ticks=_x_ticks(labels or categories, centre, plot), zero=y(0.0),
                 lines=lines)



def _title(*parts: str) -> str:
    return f"<title>{escape(' · '.join(parts[:-1]))}: {escape(parts[-1])}</title>"


def svg(chart: Chart) -> SafeString:
    """The chart as SVG markup; every text in it is escaped, every number written by this module."""
    label = escape(f"{chart.title}. {_('The table that follows gives the same figures.')}")
    out = [f'<svg role="img" aria-label="{label}" viewBox="0 0 {chart.width} {chart.height}" width="100%" '
           f'preserveAspectRatio="xMidYMid meet" focusable="false"><title>{escape(chart.title)}</title>'
           f'<g class="chart-axis" font-size="11" fill="{INK}">']
    for tick in chart.y_ticks:
        out.append(f'<line x1="{chart.left}" x2="{chart.right_edge}" y1="{tick.position:.1f}" y2="{tick.position:.1f}" '
                   f'stroke="{GRID}"/><text x="{chart.left - 6}" y="{tick.position:.1f}" dy="4" '
                   f'text-anchor="end">{escape(tick.label)}</text>')
    for tick in chart.x_ticks:
        out.append(f'<text x="{tick.position:.1f}" y="{chart.bottom_edge + 18}" text-anchor="middle">'
                   f'{escape(tick.label)}</text>')
    out.append(f'<line x1="{chart.left}" x2="{chart.right_edge}" y1="{chart.zero:.1f}" y2="{chart.zero:.1f}" '
               f'stroke="{INK}"/></g>')
    for bar in chart.bars:
        out.append(f'<rect fill="{bar.colour}" x="{bar.x:.1f}" y="{bar.y:.1f}" width="{bar.width:.1f}" '
                   f'height="{bar.height:.1f}">{_title(bar.category, bar.label, bar.value)}</rect>')
    for line in chart.lines:
        out.append(f'<polyline points="{line.path}" fill="none" stroke="{line.colour}" stroke-width="2.5"/>')
        out.extend(f'<circle fill="{line.colour}" cx="{p.x:.1f}" cy="{p.y:.1f}" r="3.5">'
                   f'{_title(p.category, p.label, p.value)}</circle>' for p in line.points)
    out.append("</svg>")
    return mark_safe("".join(out))  # noqa: S308 (every text above is escaped)
