"""A license's certificate, downloaded from the portal by the people who may see the license."""

from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404
from django.utils.translation import gettext as _

from core.stored_files import stored_file_open
from licensing.licenses import selectors as license_selectors


@login_required
def license_certificate(request, pk: int):
    license = license_selectors.license_get(user=request.user, pk=pk)
    if not license.certificate:
        raise Http404(_("The certificate is still being made."))
    return FileResponse(
        stored_file_open(license.certificate), content_type="application/pdf", filename=f"{license.number}.pdf",
        as_attachment=True,
    )
