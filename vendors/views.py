"""The vendors app's landing pages: the vendors a person may see (a representative's own, the Board's all) and a
vendor's home: its profile, owners and officers, suppliers, applications and licenses, and where to start an
original application, or a renewal or amendment of the license in force."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from licensing.applications.services import EDITABLE_STATUSES
from licensing.models.choices import ApplicationKind, ApplicationStatus
from vendors import selectors
from vendors.price_lists.selectors import price_list_in_force, vendor_license_in_force


@login_required
def vendor_list(request):
    return render(request, "vendors/home/vendor_list.html", {"vendors": selectors.vendor_list(user=request.user)})


@login_required
def vendor_detail(request, pk: int):
    user = request.user
    vendor = selectors.vendor_get(user=user, pk=pk)
    applications = list(selectors.vendor_application_list(user=user, vendor=vendor))
    license_in_force = vendor_license_in_force(vendor)
    price_list = price_list_in_force(vendor)
    return render(request, "vendors/home/vendor_detail.html", {
        "vendor": vendor,
        "organization": vendor.organization,
        "can_file": selectors.represents(user=user, vendor=vendor),
        "owners": selectors.owner_list(vendor=vendor),
        "former_owners": selectors.owner_list(vendor=vendor, current=False),
        "suppliers": selectors.supplier_list(vendor=vendor),
        "applications": applications,
        "drafts": [a for a in applications if a.status in EDITABLE_STATUSES],
        # One application at a time: a new one is started once the open one is decided or withdrawn.
        "pending": [a for a in applications if a.status == ApplicationStatus.SUBMITTED],
        "licenses": selectors.vendor_license_list(user=user, vendor=vendor),
        "license_in_force": license_in_force,
        "price_list": price_list,
        "clearances": selectors.police_clearance_list(user=user, vendor=vendor),
        "kinds": ApplicationKind,
    })
