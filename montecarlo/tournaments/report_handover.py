"""A tournament's published prizes handed to the Monte Carlo Night report (30 DCMR 1603.25, 1603.26).

Publishing the results is the moment: the finishing order is final and the day's prize cap checked. A night
may hold several tournaments and has one report, so each publication hands over the prizes of every
published tournament of that license and date, in the order they started; the base keeps the night's
other prizes (licensing.reports.handover). A training tournament publishes nothing, so it reports nothing."""

from __future__ import annotations

from decimal import Decimal

from django.utils import translation
from django.utils.translation import gettext as _

from licensing.models import Report
from licensing.reports.content.schema import TEXT_MAX
from licensing.reports.handover import montecarlo_tournament_prizes_recorded
from montecarlo.models import Tournament, TournamentStatus


def night_prizes(tournament: Tournament) -> list[dict]:
    """The prize rows of every published tournament of the tournament's night (a place without a prize is none)."""
    published = (Tournament.objects.filter(license_id=tournament.license_id, date=tournament.date,
                                           status=TournamentStatus.PUBLISHED, training=False)
                 .order_by("starts_at", "pk"))
    rows = []
    with translation.override("en"):  # a regulated record, in English like the report's PDF
        for each in published:
            for result in each.results:
                value = Decimal(str(result.get("prize") or "0"))
                if value <= 0:
                    continue
                description = _("Place %(place)s, %(tournament)s") % {"place": result["place"], "tournament": each.name}
                rows.append({"participant": result.get("name", ""), "description": description[:TEXT_MAX],
                             "value": format(value.quantize(Decimal("0.01")), "f"), "date": each.date.isoformat()})
    return rows


def tournament_prizes_handover(tournament: Tournament) -> Report:
    return montecarlo_tournament_prizes_recorded(license=tournament.license, event_date=tournament.date,
                                                 prizes=night_prizes(tournament),
                                                 source=f"montecarlo.tournament:{tournament.pk}")
