"""Every version of a vendor's price list, with the application each was filed with and where it stands: for the
Board and the vendor's own representatives (vendors.selectors scopes the vendor; anyone else gets a 404)."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.views.decorators.http import require_GET

from licensing.models import License
from vendors.price_lists.selectors import price_list_history, price_list_in_force
from vendors.selectors import vendor_get


@login_required
@require_GET
def price_list_history_page(request, pk: int):
    vendor = vendor_get(user=request.user, pk=pk)
    versions = list(price_list_history(vendor).select_related("application__base_license"))
    in_force = price_list_in_force(vendor)
    # The license each version's application issued (an original, a renewal) or amends.
    issued = {license.application_id: license for license in License.objects.filter(
        application_id__in=[version.application_id for version in versions])}
    rows = [{"price_list": version, "application": version.application,
             "license": issued.get(version.application_id) or version.application.base_license,
             "in_force": in_force is not None and version.pk == in_force.pk} for version in versions]
    return render(request, "vendors/price_lists/history.html",
                  {"vendor": vendor, "rows": rows, "in_force": in_force})
