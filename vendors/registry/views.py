"""The public vendor registry: anyone may find a licensed vendor of bingo and Monte Carlo Night supplies and
read its certified price list (30 DCMR 1206.1, 1207.2(j), 1403.1). No sign-in."""

from django.core.paginator import Paginator
from django.shortcuts import render
from django.views.decorators.http import require_GET

from vendors.registry.forms import RegistrySearchForm
from vendors.registry.selectors import registry_facts_attach, vendor_registry_get, vendor_registry_search

PAGE_SIZE = 25


@require_GET
def registry_list(request):
    form = RegistrySearchForm(request.GET)
    status = 200
    if form.is_valid():
        licenses = vendor_registry_search(query=form.cleaned_data["q"], status=form.cleaned_data["status"],
                                          category=form.cleaned_data["category"] or None)
    else:
        licenses, status = vendor_registry_search().none(), 400
    page = Paginator(licenses, PAGE_SIZE).get_page(request.GET.get("page"))
    context = {"form": form, "page": page, "licenses": registry_facts_attach(page.object_list),
               "filtered": form.is_valid() and any(form.cleaned_data.get(key) for key in ("q", "category"))}
    # htmx live search swaps only the results; without JavaScript the form submits and the whole page comes back.
    if request.htmx and request.htmx.target == "vendor-results":
        return render(request, "vendors/registry/_results.html", context, status=status)
    return render(request, "vendors/registry/list.html", context, status=status)


@require_GET
def registry_detail(request, number: str):
    entry = vendor_registry_get(number=number)
    return render(request, "vendors/registry/detail.html", {"entry": entry, "license": entry.license,
                                                            "vendor": entry.vendor})
