"""The public license lookup: anyone may check a license by number or organization name."""

from django.shortcuts import render
from django.views.decorators.http import require_GET

from licensing.public.selectors import (
    RESULTS_MAX,
    LicenseLookupPaginator,
    license_public_get,
    license_public_search,
    license_query_clean,
)

PAGE_SIZE = 25


@require_GET
def license_lookup(request):
    query = license_query_clean(request.GET.get("q"))
    page = LicenseLookupPaginator(license_public_search(query=query), PAGE_SIZE).get_page(request.GET.get("page"))
    context = {"query": query, "page": page, "licenses": page.object_list, "results_max": RESULTS_MAX}
    # htmx live search swaps only the results; without JavaScript the form submits and the whole page comes back.
    if request.htmx and request.htmx.target == "license-results":
        return render(request, "licensing/public/_license_results.html", context)
    return render(request, "licensing/public/license_lookup.html", context)


@require_GET
def license_detail(request, number: str):
    license = license_public_get(number=number)
    return render(request, "licensing/public/license_detail.html", {"license": license})
