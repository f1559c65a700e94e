"""Public game-rule pages cite DC's sections; a foreign text a game's play comes from is named in words, never
by the bare number of our copy of it ("002 art. 8" reads "Castilla-La Mancha's punto y banca order, art. 8")."""

import re

from django import template
from django.utils.translation import gettext as _

register = template.Library()

_CODE_AFTER_NAME = re.compile(r"\s*\((00[0-3])\)")
_BARE_CODE = re.compile(r"(?<![\d,.$])\b(00[0-3])\b")


def _names() -> dict[str, str]:
    return {"000": _("Peru's Caribbean poker rules"), "001": _("Montevideo's progressive Caribbean poker rules"),
            "002": _("Castilla-La Mancha's punto y banca order"), "003": _("Andorra's casino game rules")}


@register.filter
def source_in_words(citation) -> str:
    if not citation:
        return ""
    names = _names()
    text = _CODE_AFTER_NAME.sub("", str(citation))
    return _BARE_CODE.sub(lambda match: names[match.group(1)] + ",", text)
