"""The Board's list of overdue reports, with Board staff's waiver of a report's hold on new applications. Anyone
else is refused (403)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from core.forms import errors_to_form
from licensing.reports.overdue.forms import ReportWaiveForm
from licensing.reports.overdue.rules import days_overdue
from licensing.reports.overdue.selectors import overdue_report_get, overdue_report_list
from licensing.reports.overdue.services import report_overdue_waive


@login_required
@require_http_methods(["GET", "POST"])
def overdue_list(request):
    user = request.user
    if not user.is_board:
        raise PermissionDenied(_("Only the Board reads the list of overdue reports."))
    posted, status = None, 200
    if request.method == "POST":
        if not user.is_board_staff:
            raise PermissionDenied(_("Only Board staff waive an overdue report's hold on new applications."))
        posted = ReportWaiveForm(request.POST, auto_id="id_%s_posted")
        if posted.is_valid():
            report = overdue_report_get(user=user, pk=posted.cleaned_data["report"])
            try:
                report_overdue_waive(actor=user, report=report, reason=posted.cleaned_data["reason"])
            except ValidationError as error:
                errors_to_form(posted, error)
            else:
                messages.success(request, _("License %(number)s, operation of %(date)s: the organization may "
                                            "apply again while the report is overdue.") % {
                    "number": report.license.number, "date": report.event_date.isoformat()})
                return redirect("portal:report_overdue_list")
        status = 400
    today = timezone.localdate()
    rows = []
    for index, report in enumerate(overdue_report_list(user=user)):
        form = None
        if user.is_board_staff and report.waived_at is None:
            mine = posted is not None and posted.data.get("report") == str(report.pk)
            form = posted if mine else ReportWaiveForm(initial={"report": report.pk}, auto_id=f"id_%s_{index}")
        rows.append((report, days_overdue(report, today=today), form))
    if posted is not None and not any(form is posted for _report, _days, form in rows):
        # The report left the list meanwhile (filed, or waived by someone else): say why on top of the page.
        for errors in posted.errors.values():
            for message in errors:
                messages.error(request, message)
    return render(request, "licensing/reports/overdue/overdue_list.html", {"rows": rows}, status=status)
