"""The fee pages: the public fee calculator (a GET form, answered in place by htmx and as a full page without
JavaScript), and a payment's numbered receipt (PDF) for the organization and the Board. Staff receive the fee on
the review page (its forms post to licensing.review.views)."""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.vary import vary_on_headers

from licensing.fees import selectors as fee_selectors
from licensing.fees.forms import FeeCalculatorForm
from licensing.fees.quotes import fee_quote
from licensing.fees.receipts import receipt_pdf

QUOTE_PARTIAL = "licensing/fees/_fee_quote.html"


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
    return render(request, "licensing/fees/fee_calculator.html", context)


def receipt_response(payment) -> HttpResponse:
    response = HttpResponse(receipt_pdf(payment), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{payment.receipt_number}.pdf"'
    return response


@login_required
def fee_receipt(request, pk: int):
    """The receipt, for the organization's people and the Board; another organization's is a 404."""
    return receipt_response(fee_selectors.fee_payment_get(user=request.user, pk=pk))
