"""A figure of the Board's register in a template, as in force today (or on a given day): a page that explains a
rule names the number the rule reads, never a copy of it.

    {% load rule_figures %}{% figure "senior.age" as senior_age %}...{{ senior_age }}"""

from django import template

from licensing.register.values import value

register = template.Library()


@register.simple_tag
def figure(key: str, on=None):
    return value(key, on)
