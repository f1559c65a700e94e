"""The public "when is it due" helper: the deadlines of one event, answered in place by htmx and as a full page
without JavaScript; the fee calculator page carries it too."""

from django.shortcuts import render
from django.views.decorators.vary import vary_on_headers

from licensing.reports.deadlines import deadlines
from licensing.reports.forms import DeadlinesForm

PARTIAL = "licensing/reports/_deadline_form.html"  # the form and its answer, so errors show inline


@vary_on_headers("HX-Request")
def deadline_helper(request):
    form = DeadlinesForm(request.GET) if "license_type" in request.GET else DeadlinesForm()
    found = deadlines(**form.cleaned_data) if form.is_bound and form.is_valid() else None
    context = {"deadline_form": form, "deadlines": found}
    if request.htmx and not request.htmx.history_restore_request:
        return render(request, PARTIAL, context)
    return render(request, "licensing/reports/deadlines.html", context)
