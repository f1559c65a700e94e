"""A figure of the Board's register in a template, as in force today (or on a given day): a page that explains a
rule names the number the rule reads, never a copy of it.

    {% load rule_figures %}{% figure "senior.age" as senior_age %}...{{ senior_age }}
    {% no_bingo_hours as hours %}...{{ hours.from }} and {{ hours.until }}"""

from django import template

from licensing.licenses.limits import no_bingo_hours_words
from licensing.register.values import value

register = template.Library()


@register.simple_tag
def figure(key: str, on=None):
    return value(key, on)


@register.simple_tag
def no_bingo_hours(on=None) -> dict[str, str]:
    """30 DCMR 1202.2(m): the overnight ban's hours as the rules write them ("12:00 midnight", "9:00 am"), in force
    on `on` (default today)."""
    return no_bingo_hours_words(on)
