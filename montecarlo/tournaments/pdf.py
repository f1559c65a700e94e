"""The published results of a tournament as a PDF (WeasyPrint, like licensing.licenses.certificates):
the finishing order and prizes (30 DCMR 1603.25, 1603.26) that feed the Monte Carlo Night report."""

from decimal import Decimal

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from montecarlo.models import Tournament


def results_context(tournament: Tournament) -> dict:
    license = tournament.license
    return {
        "tournament": tournament,
        "license": license,
        "organization": license.organization,
        "results": tournament.results,
        "prize_total": sum((Decimal(str(row["prize"])) for row in tournament.results), Decimal("0.00")),
    }


def results_html(tournament: Tournament) -> str:
    # A regulated record: always in English, whatever language the director works in.
    with translation.override("en"):
        return render_to_string("montecarlo/tournaments/results_pdf.html", results_context(tournament))


def results_pdf(tournament: Tournament) -> bytes:
    from weasyprint import HTML  # heavy import, only where a PDF is made

    return HTML(string=results_html(tournament), base_url=str(settings.BASE_DIR)).write_pdf()
