"""The public page of a raffle drawing (no sign-in) and the published drawing's download."""

import json

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from licensing.reports.drawings.selectors import drawing_public, drawing_public_get, drawing_published

VERIFY_COMMAND = "python -m licensing.reports.raffle_draw verify {file}"


def _file_name(drawing) -> str:
    return f"raffle-drawing-{drawing.license.number}-{drawing.pk}.json"


@require_GET
def drawing_public_page(request, pk: int):
    drawing = drawing_public_get(pk=pk)
    return render(request, "licensing/reports/drawings/drawing_public.html", {
        "drawing": drawing, "public": drawing_public(drawing),
        "verify_command": VERIFY_COMMAND.format(file=_file_name(drawing))})


@require_GET
def drawing_published_download(request, pk: int):
    drawing = drawing_public_get(pk=pk)
    published = drawing_published(drawing)
    if published is None:
        return HttpResponse(status=404)
    response = HttpResponse(json.dumps(published) + "\n", content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{_file_name(drawing)}"'
    return response
