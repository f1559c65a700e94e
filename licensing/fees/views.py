"""The public fee calculator: a GET form, answered in place by htmx and as a full page without JavaScript."""

from django.core.exceptions import ValidationError
from django.shortcuts import render
from django.views.decorators.vary import vary_on_headers

from licensing.fees.forms import FeeCalculatorForm
from licensing.fees.quotes import fee_quote

QUOTE_PARTIAL = "licensing/_fee_quote.html"


@vary_on_headers("HX-Request")
def fee_calculator(request):
    form = FeeCalculatorForm(request.GET) if "license_type" in request.GET else FeeCalculatorForm()
    quote = None
    if form.is_bound and form.is_valid():
        try:
            quote = fee_quote(**form.cleaned_data)
        except ValidationError as error:
            form.add_error(None, error)  # keyed by the form's own field names, so errors show inline
    context = {"form": form, "quote": quote}
    # A history restore asks for the whole page, even though htmx sends it.
    if request.htmx and not request.htmx.history_restore_request:
        return render(request, QUOTE_PARTIAL, context)
    return render(request, "licensing/fee_calculator.html", context)
