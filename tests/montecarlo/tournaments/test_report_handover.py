"""Published tournament prizes prefill the Monte Carlo Night report (30 DCMR 1603.25, 1603.26): two tournaments of
one night share one report, each publication handing over the prizes of both, and the night's own part (its chip
ledger's hand-over) stays."""

import datetime as dt

import pytest

from licensing.models import Report, ReportStatus
from licensing.reports.handover import montecarlo_night_recorded
from montecarlo.tournaments import services
from tests.montecarlo.factories import DAY, mcn_license, play_to_one, running

pytestmark = pytest.mark.django_db


def finished(license, names, **overrides):
    tournament, director = running(names, license=license, **overrides)
    play_to_one(director, tournament)
    return services.results_publish(actor=director, tournament=tournament)


def prize_rows(tournament, name):
    return [{"participant": row["name"], "description": f"Place {row['place']}, {name}", "value": row["prize"],
             "game": "holdem", "date": DAY.isoformat()} for row in tournament.results]


def test_each_published_tournament_hands_over_the_nights_prizes(board_clock):
    license = mcn_license()
    early = finished(license, ["Ana", "Ben", "Cy"], name="Early Hold'em", starts_at=dt.time(18, 30))
    report = Report.objects.get(license=license, event_date=DAY)
    assert report.status == ReportStatus.DRAFT and report.source == f"montecarlo.tournament:{early.pk}"
    assert report.recorded == {"prizes": prize_rows(early, "Early Hold'em")}
    assert [row["value"] for row in report.recorded["prizes"]][0] == "300.00"  # 2nd and 3rd may tie and split
    assert report.data["prizes"] == report.recorded["prizes"] and str(report.prizes) == "500.00"

    # The night's chip ledger hands over its part in between (the Monte Carlo Night module).
    montecarlo_night_recorded(license=license, event_date=DAY, participants=40,
                              chips=[{"participant": "Dee", "chips": 500}],
                              prizes=[{"participant": "Dee", "description": "Gift card", "value": "25.00"}],
                              source="montecarlo.night:1")
    late = finished(license, ["Dee", "Eve", "Fay"], name="Late Hold'em", starts_at=dt.time(20, 0))
    report = Report.objects.get(license=license, event_date=DAY)
    assert report.source == f"montecarlo.tournament:{late.pk}"
    assert report.recorded["prizes"] == [
        *prize_rows(early, "Early Hold'em"), *prize_rows(late, "Late Hold'em"),
        {"participant": "Dee", "description": "Gift card", "value": "25.00", "game": "other"}]
    assert report.recorded["attendance"] == {"participants": 40}
    assert report.recorded["chips"] == [{"participant": "Dee", "chips": 500}]
    assert report.data["prizes"][6]["date"] is None  # the night gave no date: the draft's default
    assert str(report.prizes) == "1025.00"
    assert Report.objects.filter(license=license).count() == 1
