"""Board staff keep the fee and bond schedules in the admin: checked, audited, never deleted or rewritten."""

import datetime
import importlib
from decimal import Decimal

import pytest
from django.apps import apps
from django.core.exceptions import ValidationError

from licensing.fees.services import schedule_row_save
from licensing.models import AuditEvent, BondScheduleRow, FeeScheduleRow
from tests.licensing.factories import board_staff, superuser

pytestmark = pytest.mark.django_db

TODAY = datetime.date(2025, 3, 1)
ADD_FEE_URL = "/admin/licensing/feeschedulerow/add/"
ADD_BOND_URL = "/admin/licensing/bondschedulerow/add/"


@pytest.fixture(autouse=True)
def seeded():
    importlib.import_module("licensing.migrations.0004_seed_fee_schedule").seed(apps, None)


@pytest.fixture
def staff(client):
    user = board_staff()
    user.is_staff = True
    user.save()
    client.force_login(user)
    return user


def fee_row(**overrides):
    values = {"license_type": "raffle", "license_class": "2", "kind": "original", "amount": Decimal("40.00"),
              "effective_from": TODAY, "rule": "Board decision 2025-02"}
    return FeeScheduleRow(**(values | overrides))


def form_data(**overrides):
    return {"license_type": "raffle", "license_class": "2", "kind": "original", "period": "", "senior": "",
            "amount": "40.00", "effective_from": "2025-03-01", "effective_to": "", "rule": "Board decision 2025-02",
            "notes": ""} | overrides


def test_board_staff_add_a_raffle_fee_in_the_admin_and_it_is_audited(client, staff):
    response = client.post(ADD_FEE_URL, form_data())
    assert response.status_code == 302, response.content.decode()
    row = FeeScheduleRow.objects.get(license_type="raffle")
    assert row.amount == Decimal("40.00") and row.senior is None and row.period == ""
    event = AuditEvent.objects.get(event_type="licensing.feeschedulerow_saved")
    assert event.actor == staff and event.payload["before"] is None and event.payload["after"]["amount"] == "40.00"


def test_the_admin_explains_how_rows_work(client, staff):
    page = client.get(ADD_FEE_URL).content.decode()
    assert "never deleted" in page and "effective until" in page


@pytest.mark.parametrize(
    ("url", "overrides", "field_message"),
    [
        (ADD_FEE_URL, {"license_type": "bingo", "license_class": "5"}, "Class 5 does not exist"),
        (ADD_FEE_URL, {"period": "limited"}, "limited period"),
        (ADD_FEE_URL, {"amount": "-1.00"}, "cannot be negative"),
        (ADD_FEE_URL, {"effective_to": "2025-03-01"}, "must end after"),
        (ADD_BOND_URL, {"license_type": "multihall", "license_class": "A"}, "1414.9"),
        (ADD_BOND_URL, {"license_type": "bingo", "license_class": "D"}, "1201.3"),
    ],
)
def test_the_admin_refuses_a_row_that_cannot_apply(client, staff, url, overrides, field_message):
    data = form_data(**overrides)
    if url == ADD_BOND_URL:
        data.pop("kind")
    response = client.post(url, data)
    assert response.status_code == 200
    assert field_message in response.content.decode()
    assert not FeeScheduleRow.objects.filter(license_type="raffle").exists()
    assert not BondScheduleRow.objects.exists()


def test_rows_cannot_be_deleted_in_the_admin_even_by_a_superuser(client):
    client.force_login(superuser())
    row = FeeScheduleRow.objects.get(license_type="bingo", license_class="A", kind="original")
    response = client.post(f"/admin/licensing/feeschedulerow/{row.pk}/delete/", {"post": "yes"})
    assert response.status_code == 403
    assert FeeScheduleRow.objects.filter(pk=row.pk).exists()
    changelist = client.get("/admin/licensing/feeschedulerow/").content.decode()
    assert "delete_selected" not in changelist and "30 DCMR 1204.1" in changelist


def test_a_row_in_effect_keeps_its_figures_and_is_ended_instead():
    row = schedule_row_save(row=fee_row(), actor=None, today=TODAY)
    row.amount = Decimal("45.00")
    with pytest.raises(ValidationError) as caught:
        schedule_row_save(row=row, actor=None, today=TODAY)
    assert set(caught.value.error_dict) == {"amount"}
    assert FeeScheduleRow.objects.get(pk=row.pk).amount == Decimal("40.00")

    row.amount = Decimal("40.00")
    row.effective_to = datetime.date(2025, 7, 1)
    schedule_row_save(row=row, actor=None, today=TODAY)
    assert FeeScheduleRow.objects.get(pk=row.pk).effective_to == datetime.date(2025, 7, 1)
    events = AuditEvent.objects.filter(event_type="licensing.feeschedulerow_saved", object_id=str(row.pk))
    assert [event.payload["after"]["effective_to"] for event in events.order_by("created_at", "pk")] == [
        None, "2025-07-01"
    ]


def test_a_future_row_may_still_be_corrected():
    row = schedule_row_save(row=fee_row(effective_from=datetime.date(2025, 6, 1)), actor=None, today=TODAY)
    row.amount = Decimal("45.00")
    schedule_row_save(row=row, actor=None, today=TODAY)
    assert FeeScheduleRow.objects.get(pk=row.pk).amount == Decimal("45.00")


def test_the_admin_shows_a_row_in_effect_read_only(client, staff):
    row = FeeScheduleRow.objects.get(license_type="bingo", license_class="A", kind="original")
    page = client.get(f"/admin/licensing/feeschedulerow/{row.pk}/change/").content.decode()
    assert 'name="effective_to"' in page
    assert 'name="amount"' not in page


def test_a_row_in_effect_cannot_be_ended_in_the_past_nor_an_ended_row_reopened():
    row = schedule_row_save(row=fee_row(effective_from=datetime.date(2025, 1, 1)), actor=None, today=TODAY)
    row.effective_to = TODAY - datetime.timedelta(days=1)
    with pytest.raises(ValidationError) as caught:
        schedule_row_save(row=row, actor=None, today=TODAY)
    assert set(caught.value.error_dict) == {"effective_to"}

    row.effective_to = TODAY  # from today at the earliest
    schedule_row_save(row=row, actor=None, today=TODAY)
    row.effective_to = None
    with pytest.raises(ValidationError):
        schedule_row_save(row=row, actor=None, today=TODAY)
    assert FeeScheduleRow.objects.get(pk=row.pk).effective_to == TODAY


def test_the_admin_refuses_ending_a_row_in_the_past(client, staff):
    row = FeeScheduleRow.objects.get(license_type="bingo", license_class="B", kind="original")
    response = client.post(f"/admin/licensing/feeschedulerow/{row.pk}/change/",
                           {"effective_to": "2001-01-01", "rule": row.rule, "notes": row.notes})
    assert response.status_code == 200
    assert "never in the past" in response.content.decode()
    row.refresh_from_db()
    assert row.effective_to is None
    assert not AuditEvent.objects.filter(event_type="licensing.feeschedulerow_saved").exists()


def test_the_admin_ends_a_row_from_a_future_date(client, staff):
    row = FeeScheduleRow.objects.get(license_type="bingo", license_class="B", kind="original")
    response = client.post(f"/admin/licensing/feeschedulerow/{row.pk}/change/",
                           {"effective_to": "2099-01-01", "rule": row.rule, "notes": row.notes})
    assert response.status_code == 302
    row.refresh_from_db()
    assert row.effective_to == datetime.date(2099, 1, 1) and row.amount == Decimal("250.00")
    event = AuditEvent.objects.get(event_type="licensing.feeschedulerow_saved")
    assert event.payload["before"]["effective_to"] is None and event.payload["after"]["effective_to"] == "2099-01-01"
