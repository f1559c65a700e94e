"""The numbered receipt of a fee payment: an HTML template rendered to PDF by WeasyPrint when it is asked for
(as the license certificate is, licensing.licenses.certificates). Everything on it is read from append-only
records (the payment, its void), so the same receipt comes out every time."""

from django.conf import settings
from django.template.loader import render_to_string

from core.money import money_text
from licensing.models import FeePayment


def receipt_context(payment: FeePayment) -> dict:
    application = payment.application
    void = getattr(payment, "void", None)
    return {
        "payment": payment,
        "application": application,
        "organization": application.organization,
        "amount": money_text(payment.amount),
        "due": money_text(application.application_fee or 0),
        "balance": money_text(payment.balance_after),
        "void": void,
    }


def receipt_html(payment: FeePayment) -> str:
    return render_to_string("licensing/fees/receipt.html", receipt_context(payment))


def receipt_pdf(payment: FeePayment) -> bytes:
    from weasyprint import HTML  # heavy import, only where a PDF is made

    return HTML(string=receipt_html(payment), base_url=str(settings.BASE_DIR)).write_pdf()
