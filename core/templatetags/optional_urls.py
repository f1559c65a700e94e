"""A link to a page that may not be installed: `{% optional_url "portal:payout_w2g_pdf" payout.pk as pdf_url %}` is
the page's URL, or "" when no route has that name (NoReverseMatch), so a page links to another feature's page only
where that feature is there, and renders without it."""

from django import template
from django.urls import NoReverseMatch, reverse

register = template.Library()


@register.simple_tag
def optional_url(name: str, *args) -> str:
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return ""
