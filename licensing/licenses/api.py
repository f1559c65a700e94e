"""The licenses API: the licenses a caller may see, and each one's certificate (PDF)."""

from django.http import FileResponse, Http404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import renderers, viewsets
from rest_framework.decorators import action

from core.api.answers import ERRORS, FILE_GONE
from core.api.renderers import PdfRenderer
from core.stored_files import stored_file_open
from licensing.licenses import selectors as license_selectors
from licensing.licenses.serializers import LicenseSerializer


class LicenseViewSet(viewsets.ReadOnlyModelViewSet):
    """Licenses the caller may see: their organizations' own, or all for the Board."""

    serializer_class = LicenseSerializer
    filterset_fields = ["organization", "license_type", "license_class", "status"]

    def get_queryset(self):
        return license_selectors.license_list(user=self.request.user)

    @extend_schema(responses={(200, "application/pdf"): OpenApiTypes.BINARY, 404: ERRORS, 410: FILE_GONE})
    @action(detail=True, methods=["get"], renderer_classes=[renderers.JSONRenderer, PdfRenderer])
    def certificate(self, request, pk=None):
        """The license certificate (PDF), with the QR code of the public lookup."""
        license = self.get_object()
        if not license.certificate:
            raise Http404(_("The certificate is still being made."))
        return FileResponse(
            stored_file_open(license.certificate), content_type="application/pdf", filename=f"{license.number}.pdf"
        )
