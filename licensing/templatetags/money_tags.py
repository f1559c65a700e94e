"""Amounts in templates as core.money.money_text writes them: "$1,234.50", a loss "-$138.00"."""

from decimal import Decimal, InvalidOperation

from django import template

from core.money import money_text

register = template.Library()


@register.filter
def dollars(value) -> str:
    if value in (None, ""):
        return "—"
    try:
        return money_text(Decimal(value))
    except (InvalidOperation, TypeError, ValueError):
        return str(value)
