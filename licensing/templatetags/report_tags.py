"""Report figures as people read them: "$1,234.50", a loss as "-$138.00"."""

from decimal import Decimal, InvalidOperation

from django import template
from django.template.defaultfilters import floatformat

register = template.Library()


@register.filter
def dollars(value) -> str:
    if value in (None, ""):
        return "—"
    try:
        amount = Decimal(value)
    except (InvalidOperation, TypeError, ValueError):
        return str(value)
    shown = floatformat(abs(amount), "2g")
    return f"-${shown}" if amount < 0 else f"${shown}"
