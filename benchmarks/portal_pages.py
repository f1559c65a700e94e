"""Baseline speed of the portal shell and API on the demo world.

Prints the median and p95 of each page and its query count, and each page's p95 as a
ratio to the public home page (the reference: the same stack with no database work).
Last line: one JSON object. `--quick` runs a small version."""

import argparse
import json

from _django import test_database, timed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="20 runs per page instead of 200")
    args = parser.parse_args()
    runs = 20 if args.quick else 200

    with test_database() as connection:
        from django.core.management import call_command
        from django.test import Client
        from django.test.utils import CaptureQueriesContext

        from licensing.models import Organization, User

        call_command("seed_demo", "--only", "world", stdout=open("/dev/null", "w"))  # noqa: SIM115
        officer = User.objects.get(email="officer@staugustine.demo.dcgaming.org")
        staff = User.objects.get(email="staff@demo.dcgaming.org")
        organization = Organization.objects.get(name="St. Augustine Catholic Parish")

        public, as_officer, as_staff = Client(), Client(), Client()
        as_officer.force_login(officer)
        as_staff.force_login(staff)
        pages = {
            "home": (public, "/"),
            "healthz": (public, "/healthz"),
            "dashboard": (as_officer, "/portal/"),
            "organization": (as_officer, f"/portal/organizations/{organization.pk}/"),
            "staff_dashboard": (as_staff, "/portal/"),
            "api_organizations": (as_staff, "/api/v1/organizations/"),
            "api_audit_events": (as_staff, "/api/v1/audit-events/"),
        }
        figures = {}
        # Followed to the page a person sees: an officer of one organization is sent from /portal/ to its home.
        for name, (client, url) in pages.items():
            assert client.get(url, follow=True).status_code == 200, url  # warm up, and prove the page works
            with CaptureQueriesContext(connection) as captured:
                client.get(url, follow=True)
            queries = len(captured)  # read now: later requests reset the connection's query log
            result = timed(lambda client=client, url=url: client.get(url, follow=True), runs)
            figures[name] = {**result, "queries": queries}
            print(f"{name:18} median {result['median_ms']:7.2f} ms  p95 {result['p95_ms']:7.2f} ms  queries {queries}")

    reference = figures["home"]["p95_ms"] or 1
    summary = {f"{name}_p95_ms": figure["p95_ms"] for name, figure in figures.items()}
    summary.update({f"{name}_queries": figure["queries"] for name, figure in figures.items()})
    summary["dashboard_vs_home"] = round(figures["dashboard"]["p95_ms"] / reference, 2)
    summary["database"] = connection.vendor
    summary["runs"] = runs
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
