"""The public license lookup: by number (exact or prefix, any case) or organization name,
licenses only (never applications or drafts), paginated, with an htmx partial and a JSON API."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from licensing.enforcement.services import license_suspend
from licensing.models.choices import ApplicationStatus, LicenseStatus
from tests.licensing.factories import ApplicationFactory, LicenseFactory, OrganizationFactory

pytestmark = pytest.mark.django_db

LOOKUP = "public:license_lookup"


@pytest.fixture
def parish():
    return OrganizationFactory(name="Saint Anne Parish Council")


@pytest.fixture
def parish_license(parish):
    return LicenseFactory(application__organization=parish, number="BG-2026-00417")


@pytest.fixture
def other_license():
    return LicenseFactory(application__organization=OrganizationFactory(name="Veterans Post 12"),
                          number="RF-2026-00002", license_type="raffle", license_class="1")


def lookup(client, q, **extra):
    return client.get(reverse(LOOKUP), {"q": q, **extra})


def numbers(response) -> set[str]:
    return {license.number for license in response.context["licenses"]}


@pytest.mark.parametrize("q", ["BG-2026-00417", "bg-2026-00417", "BG-2026-004", "bg-2026", "  BG-2026-00417 "])
def test_lookup_by_number_exact_or_prefix_in_any_case(client, parish_license, other_license, q):
    response = lookup(client, q)
    assert response.status_code == 200
    assert numbers(response) == {"BG-2026-00417"}


def test_a_number_is_matched_from_its_start_only(client, parish_license):
    assert numbers(lookup(client, "2026-00417")) == set()


@pytest.mark.parametrize("q", ["Saint Anne", "anne parish", "COUNCIL"])
def test_lookup_by_part_of_the_organization_name(client, parish_license, other_license, q):
    assert numbers(lookup(client, q)) == {"BG-2026-00417"}


def test_the_results_show_what_the_certificate_shows(client, parish_license):
    page = lookup(client, "Saint Anne").content.decode()
    for text in ("BG-2026-00417", "Saint Anne Parish Council", "Active", "Bingo B", "Regular",
                 parish_license.premises.name, parish_license.premises.street_address,
                 parish_license.effective_on.isoformat(), parish_license.expires_on.isoformat()):
        assert text in page, text
    assert reverse("public:license_detail", args=["BG-2026-00417"]) in page


def test_drafts_and_applications_never_appear(client, parish):
    ApplicationFactory(organization=parish)  # a draft
    ApplicationFactory(organization=parish, submitted=True)
    ApplicationFactory(organization=parish, status=ApplicationStatus.APPROVED)  # approved, no license issued yet
    response = lookup(client, "Saint Anne")
    assert numbers(response) == set()
    assert "No license matches" in response.content.decode()
    assert client.get(reverse("public-license-list"), {"q": "Saint Anne"}).json()["count"] == 0


def test_an_empty_query_lists_nothing(client, parish_license):
    response = lookup(client, "")
    assert numbers(response) == set()
    assert "Type a license number" in response.content.decode()


def test_a_suspended_license_shows_so_with_its_end_date(client, parish_license, staff_user):
    action = license_suspend(actor=staff_user, license=parish_license, days=30, reasons=["f"], rules=[],
                             explanation="Records not kept.")
    last_day = action.ends_on
    page = lookup(client, "BG-2026-00417").content.decode()
    assert "license-status-suspended" in page and "Suspended" in page
    assert f"suspended until <time datetime=\"{last_day.isoformat()}\">" in page

    detail = client.get(reverse("public:license_detail", args=["bg-2026-00417"]))
    assert detail.status_code == 200
    text = detail.content.decode()
    assert "This license is suspended until" in text and "license-alert-suspended" in text
    api = client.get(reverse("public-license-detail", args=["BG-2026-00417"])).json()
    assert api["status"] == "suspended" and api["suspended_until"] == last_day.isoformat()


def test_a_revoked_license_shows_so(client, parish_license):
    parish_license.status = LicenseStatus.REVOKED
    parish_license.save()
    text = client.get(reverse("public:license_detail", args=["BG-2026-00417"])).content.decode()
    assert "This license has been revoked" in text and "license-status-revoked" in text


def test_an_unknown_number_is_404(client, parish_license):
    assert client.get(reverse("public:license_detail", args=["BG-1999-00001"])).status_code == 404
    assert client.get(reverse("public-license-detail", args=["BG-1999-00001"])).status_code == 404


def test_results_are_paginated_by_25_current_licenses_first(client, parish):
    today = timezone.localdate()
    for n in range(27):
        LicenseFactory(application__organization=parish, number=f"BG-2025-{n:05d}",
                       expires_on=today + dt.timedelta(days=n))
    first = lookup(client, "Saint Anne")
    assert len(first.context["licenses"]) == 25 and first.context["page"].paginator.count == 27
    assert first.context["licenses"][0].number == "BG-2025-00026"  # latest expiry first
    assert "Page 1 of 2" in first.content.decode()
    second = lookup(client, "Saint Anne", page=2)
    assert numbers(second) == {"BG-2025-00001", "BG-2025-00000"}


def test_the_lookup_query_count_does_not_grow_with_the_results(client, parish, django_assert_max_num_queries):
    for n in range(25):
        LicenseFactory(application__organization=parish, number=f"BG-2024-{n:05d}")
    with django_assert_max_num_queries(3):  # count + one joined select, whatever the number of rows
        page = lookup(client, "Saint Anne").content.decode()
    assert page.count("BG-2024-") >= 25
    with django_assert_max_num_queries(3):
        assert len(client.get(reverse("public-license-list"), {"q": "saint"}).json()["results"]) == 25


def test_htmx_live_search_gets_only_the_results(client, parish_license):
    page = lookup(client, "").content.decode()
    # The search field asks for results as one types, and the form still works without JavaScript.
    assert 'hx-get="/public/licenses/"' in page and "delay:300ms" in page and 'hx-target="#license-results"' in page
    assert '<form method="get" action="/public/licenses/"' in page

    partial = client.get(reverse(LOOKUP), {"q": "anne"}, headers={"HX-Request": "true", "HX-Target": "license-results"})
    text = partial.content.decode()
    assert partial.status_code == 200 and "<html" not in text and "BG-2026-00417" in text


def test_the_lookup_is_in_the_navigation(client):
    page = client.get(reverse("home")).content.decode()
    assert f'href="{reverse(LOOKUP)}"' in page and "License lookup" in page


# --- API ---


def test_api_list_shape(client, parish_license, other_license):
    response = client.get(reverse("public-license-list"), {"q": "bg-2026"})
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == 1 and set(body) >= {"count", "next", "previous", "results"}
    (row,) = body["results"]
    assert row == {
        "number": "BG-2026-00417",
        "organization_name": "Saint Anne Parish Council",
        "status": "active",
        "license_type": "bingo",
        "license_class": "B",
        "period": "regular",
        "premises": {
            "name": parish_license.premises.name,
            "street_address": parish_license.premises.street_address,
            "city": "Washington", "state": "DC", "postal_code": "20018",
        },
        "effective_on": parish_license.effective_on.isoformat(),
        "expires_on": parish_license.expires_on.isoformat(),
        "suspended_until": None,
    }


def test_api_needs_no_sign_in_and_ignores_bad_tokens(client, parish_license):
    by_name = client.get(reverse("public-license-list"), {"q": "veterans post"}, headers={"Authorization": "Token x"})
    assert by_name.status_code == 200 and by_name.json()["count"] == 0
    detail = client.get(reverse("public-license-detail", args=["BG-2026-00417"]))
    assert detail.status_code == 200 and detail.json()["organization_name"] == "Saint Anne Parish Council"
    assert client.post(reverse("public-license-list"), {"q": "x"}).status_code == 405


def test_a_very_broad_search_is_capped_and_asks_to_narrow(client, parish, monkeypatch):
    monkeypatch.setattr("licensing.public.selectors.RESULTS_MAX", 3)
    monkeypatch.setattr("licensing.public.views.RESULTS_MAX", 3)
    for n in range(5):
        LicenseFactory(application__organization=parish, number=f"BG-2023-{n:05d}")
    response = lookup(client, "saint")
    assert response.context["page"].paginator.count == 3 and len(response.context["licenses"]) == 3
    assert "More than 3 licenses match" in response.content.decode()
    assert client.get(reverse("public-license-list"), {"q": "saint"}).json()["count"] == 3
