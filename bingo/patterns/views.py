from django.shortcuts import render
from django.utils.translation import get_language

from bingo.patterns.selectors import pattern_list


def pattern_library(request):
    """Public: the patterns callers can announce, drawn as 5x5 grids (30 DCMR 1405.17). Anonymous
    visitors see the standard library; an organization's people also see its custom patterns."""
    language = get_language()
    patterns = [
        {"name": pattern.name_for(language), "grid": _grid(pattern.masks[0]) if pattern.masks else None,
         "variants": len(pattern.masks)}
        for pattern in pattern_list(user=request.user)
    ]
    return render(request, "bingo/patterns/pattern_library.html", {"patterns": patterns})


def _grid(mask: int) -> list[list[bool]]:
    return [[bool(mask >> (row * 5 + column) & 1) for column in range(5)] for row in range(5)]
