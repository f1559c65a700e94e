"""Board queue, organization dashboard and public lookup under a realistic load.

Fills a fresh database with 100,000 applications across 5,000 organizations (about a
third of them licensed), then times the staff review queue, an organization's dashboard
and the public license lookup, and counts each page's queries (the queue's count must not
grow with the page size). Target (issue 3): p95 under 150 ms on PostgreSQL.

Run it on PostgreSQL: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres.
Last line: one JSON object (queue_p95_ms, dashboard_p95_ms, lookup_p95_ms, queue_queries, ...).
`--quick` uses 5,000 applications across 250 organizations."""

import argparse
import datetime as dt
import json
import random
from decimal import Decimal

from _django import board_staff, test_database, timed

BATCH = 5000


def fill(organizations: int, applications: int, seed: int = 7) -> dict:
    from django.utils import timezone

    from licensing.models import Application, License, Membership, Organization, Premises, Role, User
    from licensing.models.choices import ApplicationStatus, LicenseStatus

    rng = random.Random(seed)
    today = timezone.localdate()
    now = timezone.now()
    creator = User.objects.create_user(email="bench-officer@example.org", full_name="Bench Officer",
                                       password=None)
    orgs = Organization.objects.bulk_create([
        Organization(name=f"{rng.choice(['St.', 'Holy', 'Grace', 'Union', 'Capitol'])} {word} {i}",
                     organization_type=rng.choice(["religious", "educational", "veterans", "charitable"]),
                     street_address=f"{i} Bench Street NW", postal_code="20001")
        for i, word in ((i, rng.choice(["Parish", "School", "Post", "Club", "League"])) for i in range(organizations))
    ], batch_size=BATCH)
    Membership.objects.create(user=creator, organization=orgs[0], role=Role.OFFICER)
    halls = Premises.objects.bulk_create([
        Premises(name=f"Hall {i}", street_address=f"{i} Hall Avenue NE", postal_code="20018",
                 address_key=f"{i} hall avenue ne 20018") for i in range(max(organizations // 10, 1))
    ], batch_size=BATCH)
    statuses = ([ApplicationStatus.APPROVED] * 35 + [ApplicationStatus.SUBMITTED] * 20 +
                [ApplicationStatus.DEFICIENT] * 5 + [ApplicationStatus.DRAFT] * 25 + [ApplicationStatus.DENIED] * 5 +
                [ApplicationStatus.WITHDRAWN] * 10)
    types = [("bingo", "A"), ("bingo", "B"), ("bingo", "C"), ("raffle", "2"), ("montecarlo", "1"),
             ("montecarlo", "2")]
    rows = []
    for i in range(applications):
        license_type, license_class = rng.choice(types)
        status = rng.choice(statuses)
        submitted = status != ApplicationStatus.DRAFT
        findings = ([{"rule": "30 DCMR 1204.2", "message": "late renewal", "field": None, "blocking": False}]
                    if rng.random() < 0.2 else [])
        rows.append(Application(
            organization=orgs[i % organizations], license_type=license_type, license_class=license_class,
            status=status, premises=halls[i % len(halls)], created_by=creator, findings=findings,
            lawful_purpose="Scholarships", application_fee=Decimal("250.00") if submitted else None,
            submitted_at=now - dt.timedelta(minutes=rng.randint(1, 60 * 24 * 400)) if submitted else None,
        ))
    created = Application.objects.bulk_create(rows, batch_size=BATCH)
    prefixes = {"bingo": "BG", "raffle": "RF", "montecarlo": "MC"}
    licenses = [
        License(number=f"{prefixes[a.license_type]}-2026-{index:06d}", organization_id=a.organization_id,
                application=a, license_type=a.license_type, license_class=a.license_class, period="regular",
                status=rng.choice([LicenseStatus.ACTIVE] * 8 + [LicenseStatus.EXPIRED, LicenseStatus.SUSPENDED]),
                effective_on=today - dt.timedelta(days=rng.randint(0, 300)),
                expires_on=today + dt.timedelta(days=rng.randint(1, 365)), premises_id=a.premises_id)
        for index, a in enumerate(a for a in created if a.status == ApplicationStatus.APPROVED)
    ]
    License.objects.bulk_create(licenses, batch_size=BATCH)
    return {"staff": board_staff(), "officer": creator, "officer_organization": orgs[0].pk,
            "lookup_name": orgs[organizations // 2].name.split()[1],
            "lookup_number": licenses[len(licenses) // 2].number, "licenses": len(licenses)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    organizations, applications, runs = (250, 5000, 20) if args.quick else (5000, 100_000, 100)

    with test_database() as connection:
        from django.db import connection as db
        from django.test import Client
        from django.test.utils import CaptureQueriesContext

        world = fill(organizations, applications)
        with db.cursor() as cursor:
            if db.vendor == "postgresql":
                cursor.execute("ANALYZE")
        staff, officer = Client(), Client()
        staff.force_login(world["staff"])
        officer.force_login(world["officer"])
        public = Client()
        pages = {
            "queue": (staff, "/portal/review/"),
            "queue_filtered": (staff, "/portal/review/?license_type=bingo&status=submitted"),
            # An officer of one organization lands on its home (/portal/ redirects there): that page is the dashboard.
            "dashboard": (officer, f"/portal/organizations/{world['officer_organization']}/"),
            "lookup": (public, f"/public/licenses/?q={world['lookup_name']}"),
            "lookup_number": (public, f"/public/licenses/?q={world['lookup_number']}"),
        }
        figures = {}
        for name, (client, url) in pages.items():
            response = client.get(url)
            assert response.status_code == 200, (url, response.status_code)
            with CaptureQueriesContext(connection) as captured:
                client.get(url)
            queries = len(captured)
            result = timed(lambda client=client, url=url: client.get(url), runs)
            figures[name] = {**result, "queries": queries}
            print(f"{name:15} median {result['median_ms']:7.2f} ms  p95 {result['p95_ms']:7.2f} ms  queries {queries}")
        # The queue's query count must not depend on how many rows a page shows.
        with CaptureQueriesContext(connection) as captured:
            staff.get("/portal/review/?page=2")
        figures["queue_page2_queries"] = len(captured)
        vendor = db.vendor

    summary = {
        "queue_p95_ms": figures["queue"]["p95_ms"], "dashboard_p95_ms": figures["dashboard"]["p95_ms"],
        "lookup_p95_ms": figures["lookup"]["p95_ms"], "queue_queries": figures["queue"]["queries"],
        "queue_filtered_p95_ms": figures["queue_filtered"]["p95_ms"],
        "lookup_number_p95_ms": figures["lookup_number"]["p95_ms"],
        "queue_page2_queries": figures["queue_page2_queries"], "dashboard_queries": figures["dashboard"]["queries"],
        "lookup_queries": figures["lookup"]["queries"], "applications": applications, "organizations": organizations,
        "licenses": world["licenses"], "database": vendor, "runs": runs,
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
