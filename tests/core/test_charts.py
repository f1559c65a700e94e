"""Charts drawn on the server: geometry, accessible SVG with escaped text, and the table after each."""

import re
from decimal import Decimal

from django.template.loader import render_to_string

from core import charts


def test_nice_steps_and_labels():
    assert charts.nice_step(1000) == 250 and charts.nice_step(7) == 2 and charts.nice_step(0.4) == 0.1
    assert charts.tick_label(250000, money=True) == "$250k" and charts.tick_label(1500000, money=True) == "$1.5M"
    assert charts.tick_label(-2000, money=True) == "-$2k" and charts.tick_label(3, money=False) == "3"


def test_bars_stand_on_the_zero_line_and_a_loss_hangs_below_it():
    chart = charts.bar_chart(chart_id="c", title="T", categories=["2025", "2026"], series=[
        charts.Series(key="net_proceeds", label="Net", values=[Decimal("100.00"), Decimal("-50.00")])])
    up, down = chart.bars
    assert abs(up.y + up.height - chart.zero) < 0.01  # from the zero line up
    assert abs(down.y - chart.zero) < 0.01 and down.height > 0  # from the zero line down
    assert up.height > down.height
    for bar in chart.bars:
        assert chart.top <= bar.y and bar.y + bar.height <= chart.bottom_edge
        assert chart.left <= bar.x and bar.x + bar.width <= chart.right_edge


def test_the_chart_renders_as_an_image_with_a_title_and_a_table_and_escapes_its_text():
    chart = charts.line_chart(chart_id="m", title="Receipts <by month>", categories=["Jan <2026>", "Feb 2026"],
                              series=[charts.Series(key="prizes", label="Prizes & awards",
                                                    values=[Decimal("1234.50"), Decimal("0.00")])])
    html = render_to_string("_chart.html", {"chart": chart, "heading": "Month"})
    assert 'role="img"' in html and 'aria-label="Receipts &lt;by month&gt;.' in html
    assert "<title>Receipts &lt;by month&gt;</title>" in html
    assert "<caption>Receipts &lt;by month&gt;</caption>" in html
    assert "Jan &lt;2026&gt;" in html and "<2026>" not in html and "Prizes &amp; awards" in html
    assert "$1,234.50" in html and html.count("<circle") == 2 and "<polyline" in html


def test_the_chart_keeps_points_in_svg_numbers_in_spanish():
    from django.utils import translation

    with translation.override("es"):
        chart = charts.line_chart(chart_id="m", title="T", categories=["a", "b"], series=[
            charts.Series(key="prizes", label="P", values=[Decimal("1234.50"), Decimal("10.25")])])
        html = render_to_string("_chart.html", {"chart": chart, "heading": "Mes"})
    for value in re.findall(r' (?:x|y|cx|cy|width|height)="([^"]*)"', html):
        assert "," not in value, value  # SVG coordinates, not localized numbers
    assert "$1,234.50" in html  # the table is localized (US/Mexican Spanish writes money as English does)


def test_an_empty_chart_says_so():
    chart = charts.bar_chart(chart_id="e", title="T", categories=[], series=[])
    html = render_to_string("_chart.html", {"chart": chart, "heading": "Year"})
    assert "No submitted report matches these filters." in html and "<svg" not in html
