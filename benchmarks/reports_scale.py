"""Financial reports at scale: the Board's compliance dashboard, one organization's report list and the
compliance check of a large report.

Fills a fresh database with 200,000 submitted event reports (2,000,000 report lines, findings on about one in
seven) across 2,000 organizations and five years, plus superseded versions and open correction drafts the
figures must leave out; then times the Board's dashboard page (every year, and one year) and its API, one
organization's report list (the busiest organization's newest 50 and their count, as the reports list page
pages them), and licensing.reports.checks.report_findings on a report with 60 games and 500 expense lines.
Targets (issue 13): dashboard p95 under 300 ms, check under 100 ms, on PostgreSQL.

Run it on PostgreSQL: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (rows go in by COPY there; by
bulk_create elsewhere). Last line: one JSON object (dashboard_p95_ms, org_reports_p95_ms, check_ms, ...).
`--quick` uses 5,000 reports (50,000 lines) across 100 organizations."""

import argparse
import datetime as dt
import json
import math
import random

from _django import board_staff, test_database, timed

BATCH = 5000
YEARS = (2022, 2023, 2024, 2025, 2026)
LINES_PER_REPORT = 10
SHAPES = 60  # distinct report documents, reused: the content varies, the generator stays fast
RULES = ("30 DCMR 1408.1", "30 DCMR 1412.2", "30 DCMR 1411.1", "30 DCMR 1403.1", "30 DCMR 1412.4")
SUPERSEDED_EVERY = 50  # one report in 50 was corrected: its first version is superseded
DRAFT_EVERY = 200  # one in 200 has a correction open (a draft)


def _money(rng, low, high) -> str:
    return f"{rng.randint(low * 100, high * 100) / 100:.2f}"


def _document(kind: str, rng) -> dict:
    """A report as an organization files it, ten lines in all, cleaned by the real schema."""
    from licensing.reports.content import schema
    from licensing.reports.content.cleaning import clean

    data = schema.blank(kind)
    expenses = [{"payee": f"Supplier {n}", "category": rng.choice(["supplies", "rent", "security", "other"]),
                 "amount": _money(rng, 20, 400), "check_number": 1000 + n, "basis": "fixed",
                 "vendor_license": "VN-2024-00012" if n == 0 else "", "purchase_date": "2024-02-01"}
                for n in range(3 if kind == schema.BINGO else (5 if kind == schema.RAFFLE else 3))]
    data["expenses"] = expenses
    data["disbursements"] = [{"date": "2024-02-20", "payee": "Parish school", "purpose": "Scholarships",
                              "amount": _money(rng, 100, 900)}]
    if kind == schema.BINGO:
        data["admissions"] = {"count": rng.randint(60, 480), "price": "4.00"}
        data["card_sales"] = [{"kind": "special", "count": rng.randint(50, 400), "price": "1.00",
                               "first_serial": "S1000", "last_serial": "S1399"}]
        data["games"] = [{"number": n + 1, "game_type": "regular", "pattern": "Line", "prize": _money(rng, 50, 400),
                          "winners": 1, "paid_by": "cash", "check_requested": False} for n in range(5)]
        data["attestation"] = {"member_in_charge": "Ann Lee", "gross_receipts_member": "Bo Park", "us_currency": True}
    elif kind == schema.RAFFLE:
        data["tickets"] = {"first_number": 1, "last_number": 2000, "sold": rng.randint(300, 1800),
                           "unsold_returned": 100, "price": "5.00"}
        data["prizes"] = [{"description": f"Prize {n + 1}", "value": _money(rng, 100, 900), "winning_ticket": n + 7}
                          for n in range(4)]
        data["attestation"] = {"officer": "Ann Lee"}
    else:
        data["attendance"] = {"participants": 150, "admissions": rng.randint(80, 300), "admission_price": "25.00"}
        data["chips"] = [{"participant": f"Player {n}", "chips": 500} for n in range(4)]
        data["prizes"] = [{"participant": f"Player {n}", "description": "Gift card", "value": _money(rng, 50, 400),
                           "game": "holdem", "date": "2024-02-10"} for n in range(2)]
        data["attestation"] = {"officer": "Ann Lee"}
    return clean(kind, data)


def _shapes(rng) -> dict[str, list[dict]]:
    """Per kind, documents with their totals and lines, computed by licensing.reports.content."""
    from licensing.reports.content.lines import lines as report_lines
    from licensing.reports.content.schema import KINDS
    from licensing.reports.content.totals import totals

    shapes = {}
    for kind in KINDS:
        shapes[kind] = []
        for index in range(SHAPES):
            data = _document(kind, rng)
            lines = report_lines(kind, data)
            assert len(lines) == LINES_PER_REPORT, (kind, len(lines))
            findings = [{"rule": rule, "message": "Found by the compliance checks", "field": None}
                        for rule in RULES[index % len(RULES): index % len(RULES) + 1 + index % 2]] if index % 7 == 0 \
                else []
            shapes[kind].append({"data": data, "totals": totals(kind, data).as_dict(), "lines": lines,
                                 "findings": findings})
    return shapes


class Writer:
    """Rows into a table by COPY on PostgreSQL (fast), by bulk_create elsewhere."""

    def __init__(self, connection):
        self.connection = connection
        self.copy = connection.vendor == "postgresql"

    def write(self, model, columns: list[str], rows) -> int:
        if self.copy:
            from django.core.serializers.json import DjangoJSONEncoder

            table = model._meta.db_table
            json_columns = {f.column for f in model._meta.fields if f.get_internal_type() == "JSONField"}
            positions = [i for i, c in enumerate(columns) if c in json_columns]
            texts: dict[int, str] = {}  # the documents are shared between rows: each is written out once

            def text(value) -> str:
                key = id(value)
                if key not in texts:
                    texts[key] = json.dumps(value, cls=DjangoJSONEncoder)
                return texts[key]

            count = 0
            with self.connection.cursor() as cursor, cursor.cursor.copy(
                    f"COPY {table} ({', '.join(columns)}) FROM STDIN") as copy:
                for row in rows:
                    if positions:
                        row = list(row)
                        for i in positions:
                            row[i] = text(row[i])
                    copy.write_row(row)
                    count += 1
            return count
        names = {f.column: f.attname for f in model._meta.fields}
        batch, count = [], 0
        for row in rows:
            batch.append(model(**{names[c]: v for c, v in zip(columns, row, strict=True)}))
            if len(batch) == BATCH:
                model.objects.bulk_create(batch)
                count, batch = count + len(batch), []
        model.objects.bulk_create(batch)
        return count + len(batch)

    def reset_sequence(self, model) -> None:
        if self.copy:
            table = model._meta.db_table
            with self.connection.cursor() as cursor:
                cursor.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "  # noqa: S608 (our names)
                               f"(SELECT coalesce(max(id), 1) FROM {table}))")


def _dates(count: int) -> list[dt.date]:
    """`count` distinct event dates spread over the five years (one license per organization and year)."""
    per_year = math.ceil(count / len(YEARS))
    step = max(1, 365 // per_year)
    return [dt.date(YEARS[j % len(YEARS)], 1, 1) + dt.timedelta(days=(j // len(YEARS)) * step) for j in range(count)]


def fill(connection, *, organizations: int, reports: int, seed: int = 13) -> dict:
    from django.utils import timezone

    from licensing.models import (
        Application,
        License,
        Membership,
        Organization,
        Premises,
        Report,
        ReportFinding,
        ReportLine,
        Role,
        User,
    )
    from licensing.models.choices import ApplicationStatus, LicenseStatus

    rng = random.Random(seed)
    writer = Writer(connection)
    officer = User.objects.create_user(email="bench-officer@example.org", full_name="Bench Officer", password=None)
    orgs = Organization.objects.bulk_create([
        Organization(name=f"Bench Organization {i}", organization_type="charitable",
                     street_address=f"{i} Bench Street NW", postal_code="20001") for i in range(organizations)
    ], batch_size=BATCH)
    busiest = orgs[0]
    Membership.objects.create(user=officer, organization=busiest, role=Role.OFFICER)
    hall = Premises.objects.create(name="Bench Hall", street_address="1 Hall Avenue NE", postal_code="20018",
                                   address_key="1 hall avenue ne 20018")
    kinds = {i: ("raffle" if i % 10 == 8 else "montecarlo" if i % 10 == 9 else "bingo") for i in range(organizations)}
    classes = {"bingo": "B", "raffle": "2", "montecarlo": "1"}
    applications = Application.objects.bulk_create([
        Application(organization=org, license_type=kinds[i], license_class=classes[kinds[i]], premises=hall,
                    status=ApplicationStatus.APPROVED, created_by=officer, lawful_purpose="Scholarships")
        for i, org in enumerate(orgs) for _year in YEARS], batch_size=BATCH)
    licenses = License.objects.bulk_create([
        License(number=f"{kinds[i][:2].upper()}-{year}-{i:06d}", organization=orgs[i], application=application,
                license_type=kinds[i], license_class=classes[kinds[i]], period="regular", premises=hall,
                status=LicenseStatus.ACTIVE if year == YEARS[-1] else LicenseStatus.EXPIRED,
                effective_on=dt.date(year, 1, 1), expires_on=dt.date(year, 12, 31))
        for (i, year), application in zip(((i, y) for i in range(organizations) for y in YEARS), applications,
                                          strict=True)], batch_size=BATCH)
    license_of = {(lic.organization_id, lic.effective_on.year): lic for lic in licenses}

    # The busiest organization files one report in 200 (a hall open most days); the rest share the others.
    busiest_count = max(reports // 200, 60)
    counts = [busiest_count] + [0] * (organizations - 1)
    for n in range(reports - busiest_count):
        counts[1 + n % (organizations - 1)] += 1

    shapes = _shapes(rng)
    now = timezone.now()
    report_rows, line_rows, finding_rows = [], [], []
    next_id = 1
    columns = ["id", "license_id", "organization_id", "kind", "license_class", "period", "event_date", "source",
               "version", "previous_id", "correction_reason", "status", "data", "recorded", "findings", "handle",
               "charity_tickets", "charity_ticket_prizes", "gross_receipts", "prizes", "expenses", "net_proceeds",
               "disbursed", "report_due", "deposit_due", "proceeds_used_by", "waiver_reason", "not_held_reason",
               "submitted_at", "submitted_by_id", "created_by_id", "created_at", "updated_at"]

    def row(*, pk, license, day, shape, version, previous, status):
        t = shape["totals"]
        submitted = status != "draft"
        return (pk, license.pk, license.organization_id, kinds_by_org[license.organization_id], license.license_class,
                "regular", day, "", version, previous, "Corrected figures" if version > 1 else "", status,
                shape["data"], {}, shape["findings"] if submitted else [], t["handle"], t["charity_tickets"],
                t["charity_ticket_prizes"], t["gross_receipts"],
                t["prizes"], t["expenses"], t["net_proceeds"], t["disbursed"], day + dt.timedelta(days=10),
                day + dt.timedelta(days=1), day + dt.timedelta(days=30), "", "",
                dt.datetime.combine(day + dt.timedelta(days=3), dt.time(17), tzinfo=dt.UTC) if submitted else None,
                officer.pk if submitted else None, officer.pk, now, now)

    kinds_by_org = {org.pk: kinds[i] for i, org in enumerate(orgs)}
    serial = 0
    for index, org in enumerate(orgs):
        for day in _dates(counts[index]):
            serial += 1
            license = license_of[(org.pk, day.year)]
            shape = rng.choice(shapes[kinds[index]])
            version, previous = 1, None
            if serial % SUPERSEDED_EVERY == 0:  # its first version, since corrected
                report_rows.append(row(pk=next_id, license=license, day=day, shape=rng.choice(shapes[kinds[index]]),
                                       version=1, previous=None, status="superseded"))
                version, previous, next_id = 2, next_id, next_id + 1
            pk = next_id
            report_rows.append(row(pk=pk, license=license, day=day, shape=shape, version=version, previous=previous,
                                   status="submitted"))
            next_id += 1
            if serial % DRAFT_EVERY == 1:  # a correction in the works
                report_rows.append(row(pk=next_id, license=license, day=day, shape=shape, version=version + 1,
                                       previous=pk, status="draft"))
                next_id += 1
            line_rows.append((pk, shape))
            finding_rows.extend((pk, f["rule"], f["message"], "") for f in shape["findings"])

    written = writer.write(Report, columns, report_rows)
    writer.reset_sequence(Report)
    lines = writer.write(ReportLine, ["report_id", "section", "position", "description", "category", "amount",
                                      "quantity", "on_date", "vendor_license", "data"],
                         ((pk, line.section, line.position, line.description, line.category, line.amount,
                           line.quantity, line.on_date, line.vendor_license, line.data)
                          for pk, shape in line_rows for line in shape["lines"]))
    writer.reset_sequence(ReportLine)
    findings = writer.write(ReportFinding, ["report_id", "rule", "message", "field"], finding_rows)
    writer.reset_sequence(ReportFinding)
    return {"staff": board_staff(), "officer": officer, "busiest": busiest, "busiest_reports": busiest_count,
            "rows": written, "submitted": serial, "lines": lines, "findings": findings, "hall": hall}


def big_report(world):
    """A draft bingo report of 60 games and 500 expense lines, filed through the services."""
    from licensing.models import Application, License, Membership, Role
    from licensing.models.choices import ApplicationStatus, LicenseStatus
    from licensing.reports import services
    from licensing.reports.content import schema

    org = world["busiest"]
    application = Application.objects.create(organization=org, license_type="bingo", license_class="A",
                                             premises=world["hall"], status=ApplicationStatus.APPROVED,
                                             created_by=world["officer"], lawful_purpose="Scholarships")
    license = License.objects.create(number="BG-2026-BIG001", organization=org, application=application,
                                     license_type="bingo", license_class="A", period="regular",
                                     premises=world["hall"], status=LicenseStatus.ACTIVE,
                                     effective_on=dt.date(2026, 1, 1), expires_on=dt.date(2026, 12, 31))
    officer = world["officer"]
    assert Membership.objects.filter(user=officer, organization=org, role=Role.OFFICER).exists()
    data = schema.blank(schema.BINGO)
    data["admissions"] = {"count": 480, "price": "4.00"}
    data["card_sales"] = [{"kind": "special", "count": 900, "price": "1.00", "first_serial": "S1",
                           "last_serial": "S900"}]
    data["games"] = [{"number": n + 1, "game_type": "early_bird" if n < 6 else "regular", "pattern": "Line",
                      "prize": "150.00", "winners": 1, "paid_by": "cash", "check_requested": False}
                     for n in range(60)]
    data["expenses"] = [{"payee": f"Payee {n}", "category": "supplies" if n % 5 == 0 else "other",
                         "amount": f"{10 + n % 90}.25", "check_number": 5000 + n, "basis": "fixed",
                         "vendor_license": "VN-2026-00001" if n % 5 == 0 else "", "purchase_date": "2026-06-01"}
                        for n in range(500)]
    data["attestation"] = {"member_in_charge": "Ann Lee", "gross_receipts_member": "Bo Park", "us_currency": True}
    return services.report_create(actor=officer, license=license, event_date=dt.date(2026, 6, 6), data=data)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    organizations, reports, runs, check_runs = (100, 5000, 20, 10) if args.quick else (2000, 200_000, 100, 30)

    with test_database() as connection:
        import time

        from django.core.paginator import Paginator
        from django.test import Client
        from django.test.utils import CaptureQueriesContext

        from licensing.models import Report, ReportStatus
        from licensing.reports.checks import report_findings

        started = time.perf_counter()
        world = fill(connection, organizations=organizations, reports=reports)
        from licensing.reports.month_totals import month_totals_rebuild

        month_totals_rebuild()  # the rows went in by COPY, past the services that keep the month totals
        fill_s = time.perf_counter() - started
        if connection.vendor == "postgresql":
            # What autovacuum does to a table after a bulk load: statistics and the visibility map.
            with connection.cursor() as cursor:
                for table in ("licensing_report", "licensing_reportline", "licensing_reportfinding"):
                    cursor.execute(f"VACUUM ANALYZE {table}")
        print(f"filled {world['submitted']:,} submitted reports ({world['rows']:,} rows), {world['lines']:,} lines, "
              f"{world['findings']:,} findings in {fill_s:.1f} s")

        staff = Client()
        staff.force_login(world["staff"])
        pages = {
            "dashboard": "/portal/board/",  # as the Board opens it: the latest year, and every year's totals
            "dashboard_all": "/portal/board/?year=",  # every year's months, findings and organizations
            "dashboard_kind": "/portal/board/?kind=bingo&year=2025",
            "dashboard_api": "/api/v1/board/dashboard?year=2026",
            "organization": f"/portal/organizations/{world['busiest'].pk}/figures/",
        }
        figures = {}
        for name, url in pages.items():
            response = staff.get(url)
            assert response.status_code == 200, (url, response.status_code)
            with CaptureQueriesContext(connection) as captured:
                staff.get(url)
            queries = len(captured)  # now: each request clears the connection's query log
            result = timed(lambda url=url: staff.get(url), runs)
            figures[name] = {**result, "queries": queries}
            print(f"{name:16} median {result['median_ms']:7.2f} ms  p95 {result['p95_ms']:7.2f} ms  queries {queries}")

        busiest = world["busiest"]

        def org_reports():
            # The reports list page's read: the organization's reports (versions in force and drafts), newest
            # first, a page of 50 and the count.
            found = (Report.objects.filter(organization=busiest).exclude(status=ReportStatus.SUPERSEDED)
                     .select_related("license").order_by("-event_date", "-version", "-pk"))
            page = Paginator(found, 50).get_page(1)
            return len(page.object_list), page.paginator.count

        shown, total = org_reports()
        assert shown == 50, shown
        figures["org_reports"] = timed(org_reports, runs)
        print(f"{'org_reports':16} median {figures['org_reports']['median_ms']:7.2f} ms  "
              f"p95 {figures['org_reports']['p95_ms']:7.2f} ms  ({total} reports)")

        report = big_report(world)
        report_findings(report)
        figures["check"] = timed(lambda: report_findings(report), check_runs)
        print(f"{'check':16} median {figures['check']['median_ms']:7.2f} ms  p95 {figures['check']['p95_ms']:7.2f} ms"
              f"  (60 games, 500 expense lines)")
        vendor = connection.vendor

    summary = {
        "dashboard_p95_ms": figures["dashboard"]["p95_ms"], "org_reports_p95_ms": figures["org_reports"]["p95_ms"],
        "check_ms": figures["check"]["median_ms"],
        "dashboard_all_p95_ms": figures["dashboard_all"]["p95_ms"],
        "organization_p95_ms": figures["organization"]["p95_ms"],
        "dashboard_kind_p95_ms": figures["dashboard_kind"]["p95_ms"],
        "dashboard_api_p95_ms": figures["dashboard_api"]["p95_ms"],
        "dashboard_queries": figures["dashboard"]["queries"], "reports": world["submitted"], "lines": world["lines"],
        "organizations": organizations, "database": vendor, "runs": runs,
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
