"""Audit events are append-only: the model, the queryset, the database and the admin refuse change."""

import datetime as dt

import pytest
from django.db import DatabaseError, connection, transaction
from django.urls import reverse

from licensing.audit.events import audit_event_record
from licensing.models import AuditEvent, Role
from licensing.models.audit import AuditImmutableError
from licensing.organizations.services import membership_end, membership_grant, organization_create
from tests.licensing.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(organization):
    return audit_event_record(event_type="test.created", actor=None, organization=organization, payload={"a": 1})


def test_saving_an_existing_event_is_refused(event):
    event.payload = {"a": 2}
    with pytest.raises(AuditImmutableError):
        event.save()
    event.refresh_from_db()
    assert event.payload == {"a": 1}


def test_deleting_an_event_is_refused(event):
    with pytest.raises(AuditImmutableError):
        event.delete()
    with pytest.raises(AuditImmutableError):
        AuditEvent.objects.filter(pk=event.pk).delete()
    with pytest.raises(AuditImmutableError):
        AuditEvent.objects.filter(pk=event.pk).update(event_type="tampered")
    assert AuditEvent.objects.filter(pk=event.pk, event_type="test.created").exists()


def test_the_database_refuses_an_update_behind_the_orm(event):
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE licensing_auditevent SET event_type = 'tampered' WHERE id = %s", [event.pk])
    assert AuditEvent.objects.get(pk=event.pk).event_type == "test.created"


def test_the_database_refuses_a_delete_behind_the_orm_on_postgresql(event):
    if connection.vendor != "postgresql":
        pytest.skip("SQLite keeps DELETE open for Django's test flush; PostgreSQL refuses it")
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("DELETE FROM licensing_auditevent WHERE id = %s", [event.pk])
    assert AuditEvent.objects.filter(pk=event.pk).exists()


def test_admin_shows_events_but_cannot_change_or_delete_them(admin_client, event):
    change_url = reverse("admin:licensing_auditevent_change", args=[event.pk])
    assert admin_client.get(reverse("admin:licensing_auditevent_changelist")).status_code == 200
    page = admin_client.get(change_url)
    assert page.status_code == 200
    assert 'name="_save"' not in page.content.decode()  # read-only view
    assert admin_client.post(change_url, {"event_type": "tampered"}).status_code == 403
    delete_url = reverse("admin:licensing_auditevent_delete", args=[event.pk])
    assert admin_client.post(delete_url, {"post": "yes"}).status_code == 403
    assert admin_client.get(reverse("admin:licensing_auditevent_add")).status_code == 403
    assert AuditEvent.objects.get(pk=event.pk).event_type == "test.created"


def test_services_record_who_did_what_with_the_request_id(client):
    actor = UserFactory()
    organization = organization_create(
        actor=actor, name="Shiloh Baptist Church", organization_type="religious", street_address="1500 9th St NW",
        postal_code="20001",
    )
    member = UserFactory()
    membership = membership_grant(actor=actor, organization=organization, user=member, role=Role.CALLER)
    membership_end(actor=actor, membership=membership)
    trail = list(AuditEvent.objects.filter(organization=organization).order_by("id"))
    assert [e.event_type for e in trail] == [
        "licensing.organization_created", "licensing.membership_granted", "licensing.membership_ended",
    ]
    assert all(e.actor == actor for e in trail)
    assert trail[1].payload == {"user": member.email, "role": "caller"}
    assert trail[1].object_type == "licensing.membership" and trail[1].object_id == str(membership.pk)
    membership.refresh_from_db()
    assert not membership.is_active  # ended, kept


def test_request_id_is_echoed_and_stamped_on_events(client):
    user = UserFactory()
    response = client.post(
        reverse("login"), {"login": user.email, "password": "wrong"}, headers={"X-Request-ID": "req-abc-123"}
    )
    assert response["X-Request-ID"] == "req-abc-123"
    assert AuditEvent.objects.get(event_type="licensing.login_failed").request_id == "req-abc-123"
    generated = client.get(reverse("home"))["X-Request-ID"]
    assert len(generated) == 32


def test_a_failed_service_leaves_no_event_behind():
    with pytest.raises(Exception):  # noqa: B017 - full_clean rejects the unknown type
        organization_create(actor=None, name="X", organization_type="casino", street_address="1 St", postal_code="1")
    assert not AuditEvent.objects.filter(event_type="licensing.organization_created").exists()


@pytest.mark.parametrize("name, value", [
    ("until", "0451-02-19T16:35:58-16:41"),  # found by an audit: a UTC offset PostgreSQL refuses (a 500)
    ("since", "7816-02-26T00:29:53.3175+22:55"),
    ("until", "9999-12-31T23:59:59-12:00"),
    ("since", "1999-12-31T23:59:59Z"),
    ("until", "yesterday"),
])
def test_audit_filter_times_must_be_iso_and_within_range(client, staff_user, name, value):
    client.force_login(staff_user)
    response = client.get(reverse("audit-event-list"), {name: value})
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["field"] == name
    if error["code"] == "out_of_range":
        assert f"“{name}”" in error["message"] and "2000-01-01" in error["message"]


def test_audit_filter_times_keep_their_offset(client, staff_user):
    event = audit_event_record(event_type="test.timed", actor=None)
    client.force_login(staff_user)
    local = event.created_at.astimezone(dt.timezone(dt.timedelta(hours=-15, minutes=-30)))
    found = client.get(reverse("audit-event-list"), {"since": local.isoformat(), "event_type": "test.timed"})
    assert [row["id"] for row in found.json()["results"]] == [event.pk]
    later = (local + dt.timedelta(seconds=1)).isoformat()
    assert client.get(reverse("audit-event-list"), {"since": later, "event_type": "test.timed"}).json()["results"] == []
