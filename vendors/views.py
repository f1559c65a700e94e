from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from vendors import selectors


@login_required
def vendor_list(request):
    return render(request, "vendors/vendor_list.html", {"vendors": selectors.vendor_list(user=request.user)})


@login_required
def vendor_detail(request, pk: int):
    vendor = selectors.vendor_get(user=request.user, pk=pk)
    return render(request, "vendors/vendor_detail.html", {"vendor": vendor})
