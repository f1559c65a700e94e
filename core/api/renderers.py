"""Renderers that let a client ask for a file (a PDF certificate, a CSV or XLSX export): the view answers the
file's bytes, and an error still comes out in the JSON error shape, labelled as JSON."""

from rest_framework import renderers


class FileRenderer(renderers.BaseRenderer):
    charset = None
    render_style = "binary"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if isinstance(data, bytes):
            return data
        response = (renderer_context or {}).get("response")
        if response is not None:  # an error: JSON, and labelled so, not as the file's type
            response["Content-Type"] = renderers.JSONRenderer.media_type
        return renderers.JSONRenderer().render(data)


class PdfRenderer(FileRenderer):
    media_type = "application/pdf"
    format = "pdf"


class CsvRenderer(FileRenderer):
    media_type = "text/csv"
    format = "csv"


class XlsxRenderer(FileRenderer):
    media_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    format = "xlsx"
