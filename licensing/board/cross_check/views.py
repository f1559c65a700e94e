"""The Board's vendor cross-check page. Anyone else is refused (403)."""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import render
from django.utils.translation import gettext as _

from core.replica import reads_from_replica
from licensing.board.cross_check.forms import VendorCrossCheckForm
from licensing.board.cross_check.rules import gap_figures
from licensing.board.cross_check.selectors import vendor_cross_check


@login_required
@reads_from_replica
def vendor_cross_check_page(request):
    if not request.user.is_board:
        raise PermissionDenied(_("Only the Board reads the vendor cross-check."))
    form = VendorCrossCheckForm(request.GET or None)
    rows, status = [], 200
    if form.is_bound and not form.is_valid():
        status = 400
    else:
        data = form.cleaned_data if form.is_bound else {}
        rows = vendor_cross_check(user=request.user, year=data.get("year"), flagged_only=data.get("flagged", False))
    return render(request, "licensing/board/cross_check/vendor_cross_check.html",
                  {"form": form, "rows": rows, "gap": gap_figures()}, status=status)
