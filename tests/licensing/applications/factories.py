"""Filing an application through the API and the portal, on a frozen day: shared by the tests of the rules
that hold in every filing (senior groups, impossible data, premises, multi-hall, raffles, substantial changes).
The fixtures (the frozen day, an eligible filer, its API client) are in tests/licensing/conftest.py."""

import datetime as dt
from zoneinfo import ZoneInfo

from django.urls import reverse

TODAY = dt.date(2027, 3, 1)  # a Monday
NOON = dt.datetime(2027, 3, 1, 12, 0, tzinfo=ZoneInfo("America/New_York"))
NEXT_MONTH = TODAY + dt.timedelta(days=30)
HALL = {"name": "St. Augustine Parish Hall", "street_address": "1419 V Street NW", "postal_code": "20009",
        "certificate_of_occupancy": "CO-2019-04417"}


def url(application_id: int, action: str | None = None) -> str:
    if action is None:
        return reverse("application-detail", args=[application_id])
    return reverse(f"application-{action}", args=[application_id])


def create(api, organization, *, status: int = 201, **data) -> dict:
    body = {"organization": organization.pk, "license_type": "bingo", "license_class": "B", **data}
    response = api.post(reverse("application-list"), body, content_type="application/json")
    assert response.status_code == status, response.json()
    return response.json()


def patch(api, application_id: int, **data):
    return api.patch(url(application_id), data, content_type="application/json")


def premises(api, application_id: int, **data):
    return api.post(url(application_id, "premises"), {**HALL, **data}, content_type="application/json")


def occasions(api, application_id: int, *rows: dict):
    return api.put(url(application_id, "occasions"), list(rows), content_type="application/json")


def occasion(day: dt.date = NEXT_MONTH, starts: str = "18:00", ends: str = "22:00") -> dict:
    return {"date": day.isoformat(), "starts_at": starts, "ends_at": ends}


def check(api, application_id: int) -> dict:
    return api.get(url(application_id, "check")).json()


def submit(api, application_id: int):
    return api.post(url(application_id, "submit"))


def fill_bingo(api, application_id: int, *rows: dict) -> None:
    assert premises(api, application_id).status_code == 200
    assert patch(api, application_id, lawful_purpose="Scholarships for the parish school").status_code == 200
    assert occasions(api, application_id, *(rows or [occasion()])).status_code == 200


def errors(response) -> list[tuple[str | None, str | None]]:
    """(field, rule) of each error of a 400 answer."""
    assert response.status_code == 400, response.content
    return [(error["field"], error["rule"]) for error in response.json()["errors"]]


def blocking(findings: list[dict]) -> set[tuple[str | None, str]]:
    return {(f["field"], f["rule"]) for f in findings if f["blocking"]}


def step(application_id: int, name: str) -> str:
    return reverse("portal:application_step", args=[application_id, name])
