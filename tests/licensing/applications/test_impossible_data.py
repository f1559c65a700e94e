"""Item 15: impossible dates, hours and amounts are refused where they are typed, in the API and the portal alike,
naming the field and the section (30 DCMR 1202.2(m),(n),(o), 1400.4), and block submission if they got in."""

import datetime as dt

import pytest

from licensing.models import Application, BingoOccasion
from tests.licensing.applications.factories import (
    NEXT_MONTH,
    TODAY,
    blocking,
    check,
    create,
    errors,
    fill_bingo,
    occasion,
    occasions,
    patch,
    premises,
    step,
    submit,
)
from tests.licensing.factories import BingoOccasionFactory

pytestmark = pytest.mark.django_db
YESTERDAY, TOMORROW = TODAY - dt.timedelta(days=1), TODAY + dt.timedelta(days=1)


@pytest.fixture
def bingo(api, organization):
    application = create(api, organization)
    assert premises(api, application["id"]).status_code == 200
    return application["id"]


# --- Bingo operations (1202.2(m)) ---

def test_an_operation_dated_in_the_past_is_refused_today_is_not(api, bingo):
    assert errors(occasions(api, bingo, occasion(YESTERDAY))) == [("occasions[0].date", "30 DCMR 1202.2(m)")]
    assert errors(occasions(api, bingo, occasion(dt.date(2020, 1, 1)))) == [
        ("occasions[0].date", "30 DCMR 1202.2(m)")]
    assert not BingoOccasion.objects.filter(application_id=bingo).exists()
    assert occasions(api, bingo, occasion(TODAY)).status_code == 200


def test_an_operation_ending_before_it_starts_says_so_rather_than_midnight(api, bingo):
    response = occasions(api, bingo, occasion(starts="22:00", ends="20:00"))
    assert errors(response) == [("occasions[0].ends_at", "30 DCMR 1202.2(m)")]
    message = response.json()["errors"][0]["message"]
    assert "before it starts" in message and "midnight" in message.lower()
    assert errors(occasions(api, bingo, occasion(), occasion(starts="19:00", ends="19:00"))) == [
        ("occasions[1].ends_at", "30 DCMR 1202.2(m)")]


def test_an_operation_may_end_at_midnight_exactly_but_not_a_minute_later(api, bingo):
    patch(api, bingo, lawful_purpose="Scholarships")
    assert occasions(api, bingo, occasion(starts="20:00", ends="00:01")).status_code == 200
    assert ("occasions", "30 DCMR 1202.2(m)") in blocking(check(api, bingo)["findings"])  # runs past midnight
    assert occasions(api, bingo, occasion(starts="20:00", ends="00:00")).status_code == 200
    found = check(api, bingo)
    assert found["can_submit"] is True, found["findings"]
    assert submit(api, bingo).status_code == 200


def test_the_portal_schedule_names_the_row_and_field(client, filer, bingo):
    client.force_login(filer)
    response = client.post(step(bingo, "schedule"), {
        "o-TOTAL_FORMS": "2", "o-INITIAL_FORMS": "0", "o-MIN_NUM_FORMS": "0", "o-MAX_NUM_FORMS": "400",
        "o-0-date": NEXT_MONTH.isoformat(), "o-0-starts_at": "18:00", "o-0-ends_at": "22:00",
        "o-1-date": "2020-01-01", "o-1-starts_at": "22:00", "o-1-ends_at": "20:00"})
    assert response.status_code == 200
    form = response.context["formset"].forms[1]
    assert "30 DCMR 1202.2(m)" in form.errors["date"][0] and "before it starts" in form.errors["ends_at"][0]
    assert not response.context["formset"].forms[0].errors
    assert not BingoOccasion.objects.filter(application_id=bingo).exists()


def test_a_stored_operation_that_is_past_or_backwards_blocks_submission_and_the_review_says_so(
        client, api, filer, bingo):
    fill_bingo(api, bingo)
    application = Application.objects.get(pk=bingo)
    BingoOccasionFactory(application=application, date=dt.date(2020, 1, 1))
    BingoOccasionFactory(application=application, date=NEXT_MONTH + dt.timedelta(days=7), starts_at=dt.time(22),
                         ends_at=dt.time(20))
    found = [f for f in check(api, bingo)["findings"] if f["blocking"] and f["rule"] == "30 DCMR 1202.2(m)"]
    assert any("2020-01-01" in f["message"] for f in found)
    assert any("before it starts" in f["message"] for f in found)
    assert not any("between 12:00 midnight" in f["message"] for f in found)  # 22:00-20:00 is no late night
    client.force_login(filer)
    review = client.get(step(bingo, "review")).content.decode()
    assert "No blocking findings" not in review and "2020-01-01" in review
    assert submit(api, bingo).status_code == 400


# --- The lease (1400.4) ---

@pytest.mark.parametrize(("amount", "refused"), [("-250", True), ("-0.01", True), ("0.00", False), ("250", False)])
def test_rent_is_never_negative(api, bingo, amount, refused):
    response = patch(api, bingo, rent_amount=amount)
    if refused:
        assert errors(response) == [("rent_amount", "30 DCMR 1400.4(a)")]
        assert Application.objects.get(pk=bingo).rent_amount is None
    else:
        assert response.status_code == 200 and response.json()["rent_amount"] == f"{float(amount):.2f}"


def test_a_lease_that_ends_before_it_starts_is_refused_one_that_ends_the_day_it_starts_is_not(api, bingo):
    starts = NEXT_MONTH
    assert errors(patch(api, bingo, lease_starts_on=starts.isoformat(),
                        lease_ends_on=(starts - dt.timedelta(days=1)).isoformat())) == [
        ("lease_ends_on", "30 DCMR 1400.4(d)")]
    assert patch(api, bingo, lease_starts_on=starts.isoformat(), lease_ends_on=starts.isoformat()).status_code == 200
    # Moving only the start past the end names the end of the range, the other side of the same term.
    assert errors(patch(api, bingo, lease_starts_on=(starts + dt.timedelta(days=1)).isoformat())) == [
        ("lease_ends_on", "30 DCMR 1400.4(d)")]
    assert Application.objects.get(pk=bingo).lease_starts_on == starts


def test_a_lease_signed_in_the_future_is_refused_today_is_not(api, bingo):
    assert errors(patch(api, bingo, lease_signed_on=TOMORROW.isoformat())) == [
        ("lease_signed_on", "30 DCMR 1400.4(e)")]
    assert errors(patch(api, bingo, lease_signed_on="2030-01-01")) == [("lease_signed_on", "30 DCMR 1400.4(e)")]
    assert patch(api, bingo, lease_signed_on=TODAY.isoformat()).status_code == 200


def test_the_portal_lease_step_names_the_field_and_section(client, filer, bingo):
    client.force_login(filer)
    response = client.post(step(bingo, "lease"), {
        "premises_leased": "on", "rent_amount": "-250", "lease_purpose": "Bingo", "lease_starts_on": "2027-04-01",
        "lease_ends_on": "2027-03-31", "lease_signed_on": "2030-01-01", "lessor_name": "Hall LLC",
        "lessor_address": "1 Main St NW", "lessor_identification": "DC-123"})
    assert response.status_code == 200
    form = response.context["forms"][0]
    assert "30 DCMR 1400.4(a)" in form.errors["rent_amount"][0]
    application = Application.objects.get(pk=bingo)
    assert application.rent_amount is None and application.lease_signed_on is None
    response = client.post(step(bingo, "lease"), {
        "premises_leased": "on", "rent_amount": "250", "lease_purpose": "Bingo", "lease_starts_on": "2027-04-01",
        "lease_ends_on": "2027-03-31", "lease_signed_on": "2030-01-01", "lessor_name": "Hall LLC",
        "lessor_address": "1 Main St NW", "lessor_identification": "DC-123"})
    form = response.context["forms"][0]
    assert "30 DCMR 1400.4(d)" in form.errors["lease_ends_on"][0]
    assert "30 DCMR 1400.4(e)" in form.errors["lease_signed_on"][0]


def test_a_stored_impossible_lease_blocks_submission(api, bingo):
    fill_bingo(api, bingo)
    Application.objects.filter(pk=bingo).update(premises_leased=True, lease_starts_on=NEXT_MONTH,
                                                 lease_ends_on=TODAY, lease_signed_on=dt.date(2030, 1, 1))
    found = blocking(check(api, bingo)["findings"])
    assert {("lease_ends_on", "30 DCMR 1400.4(d)"), ("lease_signed_on", "30 DCMR 1400.4(e)")} <= found


# --- Monte Carlo Night (1202.2(o)) and raffle drawing (1202.2(n)) ---

def at(day: dt.date, hour: int, minute: int = 0) -> str:
    return f"{day.isoformat()}T{hour:02d}:{minute:02d}:00-05:00"


def test_a_monte_carlo_night_ends_after_it_starts_and_is_not_in_the_past(api, organization):
    night = create(api, organization, license_type="montecarlo", license_class="1")["id"]
    assert errors(patch(api, night, event_starts_at=at(NEXT_MONTH, 19), event_ends_at=at(NEXT_MONTH, 18))) == [
        ("event_ends_at", "30 DCMR 1202.2(o)")]
    assert errors(patch(api, night, event_starts_at=at(NEXT_MONTH, 19), event_ends_at=at(NEXT_MONTH, 19))) == [
        ("event_ends_at", "30 DCMR 1202.2(o)")]
    assert errors(patch(api, night, event_starts_at=at(YESTERDAY, 19), event_ends_at=at(YESTERDAY, 23))) == [
        ("event_starts_at", "30 DCMR 1202.2(o)")]
    assert patch(api, night, event_starts_at=at(NEXT_MONTH, 19), event_ends_at=at(NEXT_MONTH, 19, 1)
                 ).status_code == 200
    assert patch(api, night, event_starts_at=at(TODAY, 19), event_ends_at=at(TODAY, 23)).status_code == 200


def test_the_portal_monte_carlo_step_names_the_field(client, filer, organization, api):
    night = create(api, organization, license_type="montecarlo", license_class="1")["id"]
    client.force_login(filer)
    response = client.post(step(night, "details"), {
        "p-premises_name": "Post 8 Hall", "p-premises_street_address": "224 D Street SE",
        "p-premises_postal_code": "20003", "event_starts_at": f"{NEXT_MONTH}T19:00",
        "event_ends_at": f"{NEXT_MONTH}T18:00"})
    assert response.status_code == 200
    assert "30 DCMR 1202.2(o)" in response.context["forms"][1].errors["event_ends_at"][0]
    assert Application.objects.get(pk=night).event_ends_at is None


def test_a_raffle_drawing_in_the_past_is_refused(api, organization):
    raffle = create(api, organization, license_type="raffle", license_class="1")["id"]
    assert errors(patch(api, raffle, drawing_at=at(YESTERDAY, 20))) == [("drawing_at", "30 DCMR 1202.2(n)")]
    assert patch(api, raffle, drawing_at=at(TODAY, 20)).status_code == 200
    assert errors(patch(api, raffle, ticket_price="-1")) == [("ticket_price", "30 DCMR 1202.2(n)")]
