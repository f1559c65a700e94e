"""The dashboard's sums in the database: only the version in force counts, grouped by month and year, narrowed by
year and kind, findings by rule, the organizations with the most receipts, and each reader's scope."""

import datetime as dt
from collections import Counter
from decimal import Decimal

import pytest

from licensing.board import selectors
from licensing.models import ReportFinding, ReportStatus
from tests.licensing.board.factories import bingo_license, corrected, drafted, filed, officer_of
from tests.licensing.factories import board_staff

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    """Organization A: two operations in March 2026, one in November 2025 corrected (its first version superseded),
    a draft in April 2026. Organization B: one operation in March 2026."""
    a, b = bingo_license(), bingo_license()
    a_officer = officer_of(a)
    first = filed(a, dt.date(2025, 11, 2), officer=a_officer)  # handle 450, prizes 100
    nov = corrected(first, officer=a_officer, prize="200.00")  # now prizes 200
    mar1 = filed(a, dt.date(2026, 3, 5), officer=a_officer, expense="45.00")  # 450, 100, expenses 45
    mar2 = filed(a, dt.date(2026, 3, 20), officer=a_officer, admissions=200, prize="300.00")  # 850, 300
    draft = drafted(a, dt.date(2026, 4, 1), officer=a_officer, admissions=1000)
    other = filed(b, dt.date(2026, 3, 10), admissions=50, prize="50.00", disbursed="150.00")  # 250, 50
    first.refresh_from_db()
    assert first.status == ReportStatus.SUPERSEDED and draft.status == ReportStatus.DRAFT
    return {"a": a.organization, "b": b.organization, "a_officer": a_officer, "first": first, "nov": nov,
            "mar1": mar1, "mar2": mar2, "other": other}


def months(found):
    return {m.start: m.figures for m in found.months}


def test_sums_by_month_and_year_count_only_the_version_in_force(world):
    found = selectors.dashboard(user=board_staff())
    by_month = months(found)
    assert list(by_month) == [dt.date(2025, 11, 1), dt.date(2026, 3, 1)]  # the April draft is not filed
    november, march = by_month[dt.date(2025, 11, 1)], by_month[dt.date(2026, 3, 1)]
    assert (november.reports, november.handle, november.prizes) == (1, Decimal("450.00"), Decimal("200.00"))
    assert november.net_proceeds == Decimal("250.00")
    assert march.reports == 3
    assert march.handle == march.gross_receipts == Decimal("1550.00")
    assert march.prizes == Decimal("450.00") and march.expenses == Decimal("45.00")
    assert march.net_proceeds == Decimal("1055.00") and march.disbursed == Decimal("150.00")
    assert [(p.start.year, p.figures.reports, p.figures.handle) for p in found.years] == [
        (2025, 1, Decimal("450.00")), (2026, 3, Decimal("1550.00"))]
    assert found.total.reports == 4 and found.total.handle == Decimal("2000.00")
    assert found.total.prizes == Decimal("650.00")


def test_year_narrows_months_total_and_organizations_but_not_the_years(world):
    found = selectors.dashboard(user=board_staff(), year=2026)
    assert list(months(found)) == [dt.date(2026, 3, 1)]
    assert [p.start.year for p in found.years] == [2025, 2026]
    assert found.total.reports == 3 and found.total.handle == Decimal("1550.00")
    assert [(o.organization_id, o.figures.gross_receipts) for o in found.organizations] == [
        (world["a"].pk, Decimal("1300.00")), (world["b"].pk, Decimal("250.00"))]
    assert found.organizations[0].name == world["a"].name
    empty = selectors.dashboard(user=board_staff(), year=2024)
    assert empty.months == [] and empty.total.reports == 0 and empty.total.shares.prizes is None


def test_kind_narrows_everything(world):
    found = selectors.dashboard(user=board_staff(), kind="raffle")
    assert found.months == [] and found.years == [] and found.organizations == [] and found.total.reports == 0
    assert selectors.dashboard(user=board_staff(), kind="bingo").total.reports == 4
    with pytest.raises(ValueError):
        selectors.dashboard(user=board_staff(), kind="poker")


def test_shares_of_the_handle(world):
    shares = selectors.dashboard(user=board_staff(), organization=world["a"], year=2026).total.shares
    # handle 1300, prizes 400, expenses 45, net 855
    assert shares.prizes == Decimal("30.8") and shares.expenses == Decimal("3.5")
    assert shares.lawful_purpose == Decimal("65.8")


def test_an_officer_reads_only_their_organization(world):
    officer = world["a_officer"]
    assert set(selectors.submitted_reports(user=officer).values_list("organization_id", flat=True)) == {
        world["a"].pk}
    # Even without naming the organization, and even naming another one, the scope holds.
    assert selectors.dashboard(user=officer).total.reports == 3
    assert selectors.dashboard(user=officer, organization=world["b"]).total.reports == 0
    assert selectors.dashboard(user=board_staff(), organization=world["b"]).total.reports == 1


def test_findings_by_rule_count_reports_in_force_only(world):
    for report, rule in ((world["mar1"], "30 DCMR 1412.2"), (world["mar1"], "30 DCMR 1412.2"),
                         (world["mar2"], "30 DCMR 1412.2"), (world["mar2"], "30 DCMR 1408.1"),
                         (world["first"], "30 DCMR 1411.1")):  # the superseded version's finding is history
        ReportFinding.objects.create(report=report, rule=rule, message="A finding", field="")
    found = {r.rule: (r.findings, r.reports) for r in selectors.dashboard(user=board_staff()).findings}
    in_force = ReportFinding.objects.filter(report__status=ReportStatus.SUBMITTED)
    expected = Counter(in_force.values_list("rule", flat=True))  # the checks may add their own findings too
    assert {rule: n for rule, (n, _) in found.items()} == dict(expected)
    assert found["30 DCMR 1412.2"][1] == len({f.report_id for f in in_force.filter(rule="30 DCMR 1412.2")})
    assert "30 DCMR 1411.1" not in found or found["30 DCMR 1411.1"][0] == in_force.filter(
        rule="30 DCMR 1411.1").count()
    assert world["first"].pk not in set(in_force.values_list("report_id", flat=True))
    # The shortcut for every report in force (all findings less those of reports not in force) agrees.
    every = selectors.submitted_reports(user=board_staff())
    assert selectors.findings_by_rule(every, every_report=True) == selectors.findings_by_rule(every)


def test_the_posting_sheet_year_and_figures(world):
    staff = board_staff()
    today = dt.date(2026, 12, 2)
    assert selectors.posting_year_default(user=staff, organization=world["a"], today=today) == 2026
    found = selectors.posting(user=staff, organization=world["a"], year=2025)
    assert found.figures.reports == 1 and found.first_event == found.last_event == dt.date(2025, 11, 2)
    assert found.figures.shares.prizes == Decimal("44.4")
    nothing = bingo_license().organization
    assert selectors.posting_year_default(user=staff, organization=nothing, today=today) == 2026
    assert selectors.posting(user=staff, organization=nothing, year=2026).figures.reports == 0
