"""The report checks with the database (licensing.reports.checks): the sellers' licenses on the purchase date
(30 DCMR 1403.1), the operations of the week on the premises (1400.5), the filing date (1413.1), the findings kept
at submission, and a fixed number of queries whatever the report holds."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from licensing.models import ReportFinding, Role
from licensing.models.choices import LicenseStatus
from licensing.reports import services
from licensing.reports.checks import report_findings
from licensing.reports.content import schema
from tests.licensing.factories import LicenseFactory, PremisesFactory, board_number, license_for, member
from tests.vendors.factories import licensed_vendor, revoked, suspended

pytestmark = pytest.mark.django_db
DAY = dt.date(2027, 3, 3)  # a Wednesday: its week runs from Monday 2027-03-01 to Sunday 2027-03-07
EASTERN = ZoneInfo("America/New_York")


def bingo_license(**fields):
    fields.setdefault("dates", [DAY])
    return license_for(license_type="bingo", license_class="B", effective_on=dt.date(2027, 1, 1),
                       expires_on=dt.date(2027, 12, 31), **fields)


def filled(**changes):
    data = schema.blank(schema.BINGO)
    data["operation"] = {"starts_at": "18:00", "ends_at": "22:00"}
    data["admissions"] = {"count": 100, "price": "4.00"}
    data["games"] = [{"number": 1, "game_type": "regular", "prize": "100.00"}]
    data["deposit"] = {"date": "2027-03-04", "amount": "300.00"}
    data["disbursements"] = [{"date": "2027-03-10", "payee": "Parish school", "amount": "300.00"}]
    data["attestation"] = {"member_in_charge": "Ann Lee", "gross_receipts_member": "Bo Park", "us_currency": True}
    data.update(changes)
    return data


def draft(license, **changes):
    officer = member(license.organization, Role.OFFICER)
    return services.report_create(actor=officer, license=license, event_date=DAY, data=filled(**changes)), officer


def at(day: dt.date) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(12, 0), tzinfo=EASTERN)


def rules_of(findings):
    return [f.rule for f in findings]


def supplies_from(number: str, on: dt.date):
    return [{"payee": "Potomac Gaming Supply", "category": "supplies", "amount": "80.00", "check_number": 101,
             "vendor_license": number, "purchase_date": on.isoformat()}]


def test_a_clean_report_has_no_findings_and_none_are_kept():
    report, officer = draft(bingo_license())
    report = services.report_submit(actor=officer, report=report, now=at(DAY + dt.timedelta(days=2)))
    assert report.findings == [] and not ReportFinding.objects.filter(report=report).exists()


# --- 30 DCMR 1403.1 ---


def test_vendor_licensed_on_the_purchase_date_passes_a_day_before_fails():
    vendor = licensed_vendor()
    report, officer = draft(bingo_license(), expenses=supplies_from(vendor.number.lower(), vendor.effective_on))
    assert report_findings(report, today=DAY) == []  # the number as typed, in any case
    report = services.report_save(actor=officer, report=report, data=filled(
        expenses=supplies_from(vendor.number, vendor.effective_on - dt.timedelta(days=1))))
    [finding] = report_findings(report, today=DAY)
    assert finding.rule == "30 DCMR 1403.1" and finding.field == "expenses.1.vendor_license"
    assert vendor.number in finding.message


def test_vendor_expired_on_the_purchase_date_fails():
    vendor = LicenseFactory(application__license_type="vendor", application__license_class="", number="VD-2025-00077",
                            effective_on=dt.date(2025, 1, 1), expires_on=dt.date(2025, 12, 31),
                            status=LicenseStatus.EXPIRED)
    report, officer = draft(bingo_license(), expenses=supplies_from(vendor.number, dt.date(2025, 12, 31)))
    assert report_findings(report, today=DAY) == []  # bought on its last day, when it was in force
    report = services.report_save(actor=officer, report=report,
                                  data=filled(expenses=supplies_from(vendor.number, dt.date(2026, 1, 1))))
    assert rules_of(report_findings(report, today=DAY)) == ["30 DCMR 1403.1"]


def test_vendor_suspended_on_the_purchase_date_fails():
    vendor = suspended(licensed_vendor(), days=10)
    today = timezone.localdate()
    report, officer = draft(bingo_license(), expenses=supplies_from(vendor.number, today))
    [finding] = report_findings(report, today=DAY)
    assert finding.rule == "30 DCMR 1403.1" and "suspended" in finding.message
    report = services.report_save(actor=officer, report=report,
                                  data=filled(expenses=supplies_from(vendor.number, today + dt.timedelta(days=10))))
    assert report_findings(report, today=DAY) == []  # the day after the suspension's last


def test_vendor_revoked_before_the_purchase_fails():
    vendor = revoked(licensed_vendor())
    report, officer = draft(bingo_license(), expenses=supplies_from(vendor.number, timezone.localdate()))
    [finding] = report_findings(report, today=DAY)
    assert finding.rule == "30 DCMR 1403.1" and "revoked" in finding.message


def test_an_unknown_license_number_fails():
    report, officer = draft(bingo_license(), expenses=supplies_from("VD-1999-99999", dt.date(2027, 2, 1)))
    [finding] = report_findings(report, today=DAY)
    assert finding.rule == "30 DCMR 1403.1" and "VD-1999-99999" in finding.message


def test_another_organization_licensed_within_twelve_months_before_the_sale():
    ended = LicenseFactory(application__license_type="raffle", application__license_class="1",
                           number="RF-2025-00012", effective_on=dt.date(2025, 3, 1), expires_on=dt.date(2026, 2, 28),
                           status=LicenseStatus.EXPIRED)
    report, officer = draft(bingo_license(), expenses=supplies_from(ended.number, dt.date(2027, 2, 28)))
    assert report_findings(report, today=DAY) == []
    report = services.report_save(actor=officer, report=report,
                                  data=filled(expenses=supplies_from(ended.number, dt.date(2027, 3, 1))))
    assert rules_of(report_findings(report, today=DAY)) == ["30 DCMR 1403.1"]
    # Another license of the same organization in force at the sale: a licensed organization.
    LicenseFactory(application__license_type="bingo", application__organization=ended.organization,
                   number="BG-2027-00099", effective_on=dt.date(2027, 1, 1), expires_on=dt.date(2027, 12, 31))
    assert report_findings(report, today=DAY) == []


# --- 30 DCMR 1400.5 ---


def test_a_third_operation_that_week_on_the_premises():
    hall = PremisesFactory()
    ours = bingo_license(premises=hall)
    monday, tuesday = dt.date(2027, 3, 1), dt.date(2027, 3, 2)
    bingo_license(premises=hall, dates=[monday])  # another organization's, scheduled there
    report, officer = draft(ours)
    assert report_findings(report, today=DAY) == []  # two a week: this one and Monday's
    other = bingo_license(premises=hall, dates=[tuesday, dt.date(2027, 3, 8)])  # the 8th is the next week
    [finding] = report_findings(report, today=DAY)
    assert finding.rule == "30 DCMR 1400.5" and finding.field == "event_date"
    assert "3 bingo operations" in finding.message
    # A report of a scheduled operation is the same operation, not another.
    services.report_create(actor=member(other.organization, Role.OFFICER), license=other, event_date=tuesday,
                           data=filled())
    [finding] = report_findings(report, today=DAY)
    assert finding.rule == "30 DCMR 1400.5" and "3 bingo operations" in finding.message


def test_operations_elsewhere_or_reported_at_other_premises_do_not_count():
    hall, elsewhere = PremisesFactory(), PremisesFactory()
    ours = bingo_license(premises=hall)
    bingo_license(premises=elsewhere, dates=[dt.date(2027, 3, 1), dt.date(2027, 3, 2)])
    # A license at the hall whose schedule puts Thursday's operation elsewhere.
    moved = bingo_license(premises=hall, dates=[])
    moved.schedule = [{"date": "2027-03-04", "starts_at": "18:00", "ends_at": "22:00", "premises": elsewhere.pk},
                      {"date": "2027-03-05", "starts_at": "18:00", "ends_at": "22:00", "premises": hall.pk}]
    moved.save()
    report, officer = draft(ours)
    assert report_findings(report, today=DAY) == []  # Friday's at the hall and this one: two


def test_a_report_of_an_unscheduled_operation_counts():
    hall = PremisesFactory()
    ours = bingo_license(premises=hall, dates=[DAY, dt.date(2027, 3, 1)])
    other = bingo_license(premises=hall, dates=[dt.date(2027, 3, 20)])
    services.report_create(actor=member(other.organization, Role.OFFICER), license=other,
                           event_date=dt.date(2027, 3, 6), data=filled())
    report, officer = draft(ours)
    assert rules_of(report_findings(report, today=DAY)) == ["30 DCMR 1400.5"]


# --- 30 DCMR 1413.1 ---


def test_filed_on_the_due_day_passes_a_day_later_fails():
    report, officer = draft(bingo_license())
    assert report.report_due == DAY + dt.timedelta(days=10)
    assert report_findings(report, today=report.report_due) == []
    [late_draft] = report_findings(report, today=report.report_due + dt.timedelta(days=1))
    assert late_draft.rule == "30 DCMR 1413.1" and "not filed yet" in late_draft.message
    report = services.report_submit(actor=officer, report=report, now=at(report.report_due + dt.timedelta(days=1)))
    assert [f["rule"] for f in report.findings] == ["30 DCMR 1413.1"]
    assert list(ReportFinding.objects.filter(report=report).values_list("rule", "field")) == [
        ("30 DCMR 1413.1", "submitted_at")]


def test_a_correction_is_filed_when_its_first_version_was():
    report, officer = draft(bingo_license())
    first = services.report_submit(actor=officer, report=report, now=at(DAY + dt.timedelta(days=3)))
    correction = services.report_correct(actor=officer, report=first, reason="A game's prize was mistyped.")
    later = at(DAY + dt.timedelta(days=40))
    assert report_findings(correction, today=later.date()) == []
    correction = services.report_submit(actor=officer, report=correction, now=later)
    assert correction.findings == []


# --- the figures in force on the event date (the Board's register) ---


def test_a_report_is_judged_by_the_figures_in_force_on_its_event_date():
    """The Board raised the game prize cap and the days a report is due in from the day after the operation: the
    report, filed after that, is still due and judged by the figures of its event date."""
    board_number("bingo.game_prize_cap.class_abc", "2500.00", since=DAY + dt.timedelta(days=1))
    board_number("reports.due_days.regular", "15", since=DAY + dt.timedelta(days=1))
    report, officer = draft(bingo_license(), games=[{"number": 1, "game_type": "regular", "prize": "2400.00"}])
    assert report.report_due == DAY + dt.timedelta(days=10)
    report = services.report_submit(actor=officer, report=report, now=at(DAY + dt.timedelta(days=2)))
    [capped] = [f for f in report.findings if f["rule"] == "30 DCMR 1408.1"]
    assert "at most $2,000.00 per game, not $2,400.00" in capped["message"]


# --- every check of a large report in a fixed number of queries ---


def test_a_large_report_checks_in_a_fixed_number_of_queries(django_assert_max_num_queries):
    vendor = licensed_vendor()
    hall = PremisesFactory()
    ours = bingo_license(premises=hall)
    bingo_license(premises=hall, dates=[dt.date(2027, 3, 1)])
    games = [{"number": n, "game_type": "regular", "prize": "200.00"} for n in range(1, 61)]
    expenses = [{"payee": f"Supplier {n % 7}", "category": "supplies", "amount": "10.00", "check_number": 1000 + n,
                 "vendor_license": vendor.number if n % 2 else f"VD-2020-{n:05d}",
                 "purchase_date": (vendor.effective_on + dt.timedelta(days=n % 30)).isoformat()}
                for n in range(1, 501)]
    report, officer = draft(ours, games=games, expenses=expenses)
    report.refresh_from_db()
    with django_assert_max_num_queries(6):
        findings = report_findings(report, today=DAY)
    assert rules_of(findings).count("30 DCMR 1403.1") == 250  # the unknown numbers
    assert rules_of(findings).count("30 DCMR 1408.1") == 1  # 60 games of $200: $12,000 for the operation
    assert "30 DCMR 1400.5" not in rules_of(findings)  # Monday's and this one
