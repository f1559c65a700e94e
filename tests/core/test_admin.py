"""Every admin change writes an audit event naming the model, the object and the changed fields with their
new values (never a secret), in the admin's own transaction."""

import datetime as dt
import json

import pytest
from django.contrib import admin
from django.contrib.admin.models import LogEntry
from django.contrib.auth.models import Group, Permission
from django.test import RequestFactory
from django.urls import reverse
from django_celery_beat.models import IntervalSchedule, PeriodicTask
from rest_framework.authtoken.models import Token

from core.admin.changes import NOT_RECORDED
from licensing.admin.accounts import UserAdmin
from licensing.admin.site import BoardAdminSite
from licensing.models import AuditEvent, Membership, Organization, Role, User
from tests.licensing.admin.factories import inline_membership_form
from tests.licensing.factories import PASSWORD, OrganizationFactory, UserFactory, board_staff
from tests.licensing.factories import superuser as make_superuser

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "A-fresh-admin-passphrase-42"


@pytest.fixture
def superuser(client):
    user = make_superuser()
    client.force_login(user)
    return user


def admin_event(event_type: str, obj) -> AuditEvent:
    return AuditEvent.objects.get(event_type=event_type, object_type=obj._meta.label_lower, object_id=str(obj.pk))


def test_every_registered_admin_is_audited_and_guarded():
    from core.admin import AuditedAdminMixin

    assert isinstance(admin.site, BoardAdminSite)
    assert all(isinstance(model_admin, AuditedAdminMixin) for model_admin in admin.site._registry.values())


def test_a_user_change_records_the_fields_and_values_but_no_password_hash(client, superuser):
    person = UserFactory()
    board_admin_group = Group.objects.get(name="board_admin")
    response = client.post(reverse("admin:licensing_user_change", args=[person.pk]), {
        "email": person.email, "full_name": "Renamed Person", "phone": "", "is_active": "on", "is_staff": "on",
        "groups": [board_admin_group.pk], "date_joined_0": "2026-01-01", "date_joined_1": "00:00:00",
    })
    assert response.status_code == 302, response.context["adminform"].form.errors
    event = admin_event("admin.object_changed", person)
    assert event.actor == superuser
    assert event.payload["model"] == "licensing.user" and event.payload["object_id"] == str(person.pk)
    fields = event.payload["fields"]
    assert fields.pop("date_joined") == "2026-01-01T00:00:00-05:00"  # a datetime as ISO text, with its offset
    assert fields == {"full_name": "Renamed Person", "is_staff": True, "groups": [board_admin_group.pk]}
    person.refresh_from_db()
    assert person.password not in json.dumps(event.payload)


def test_a_password_change_is_recorded_without_the_password(client, superuser):
    person = UserFactory()
    response = client.post(reverse("admin:auth_user_password_change", args=[person.pk]), {
        "password1": NEW_PASSWORD, "password2": NEW_PASSWORD, "usable_password": "true"})
    assert response.status_code == 302
    person.refresh_from_db()
    assert person.check_password(NEW_PASSWORD)
    event = admin_event("admin.password_changed", person)
    assert event.actor == superuser
    assert event.payload["fields"] == {"password": NOT_RECORDED}
    assert NEW_PASSWORD not in json.dumps(event.payload) and person.password not in json.dumps(event.payload)


def test_changing_ones_own_password_in_the_admin_is_recorded(client):
    staff = board_staff(is_staff=True)
    client.force_login(staff)
    response = client.post(reverse("admin:password_change"), {
        "old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert response.status_code == 302
    event = admin_event("admin.password_changed", staff)
    assert event.actor == staff and event.payload["fields"] == {"password": NOT_RECORDED}
    assert NEW_PASSWORD not in json.dumps(event.payload)


def test_adding_a_user_records_its_fields_without_the_password(client, superuser):
    response = client.post(reverse("admin:licensing_user_add"), {
        "email": "new.person@example.org", "full_name": "New Person", "password1": NEW_PASSWORD,
        "password2": NEW_PASSWORD, "usable_password": "true"})
    assert response.status_code == 302, response.context["adminform"].form.errors
    person = User.objects.get(email="new.person@example.org")
    event = admin_event("admin.object_added", person)
    assert event.payload["fields"]["email"] == "new.person@example.org"
    assert event.payload["fields"]["password1"] == NOT_RECORDED and NEW_PASSWORD not in json.dumps(event.payload)


def test_a_membership_added_through_the_organization_inline_is_recorded(client, superuser):
    organization, person = OrganizationFactory(), UserFactory()
    response = client.post(reverse("admin:licensing_organization_change", args=[organization.pk]),
                           inline_membership_form(organization, person))
    assert response.status_code == 302, response.context["adminform"].form.errors
    membership = Membership.objects.get(user=person, organization=organization)
    event = admin_event("admin.object_changed", organization)
    assert event.payload["fields"] == {}
    assert event.payload["inlines"] == [{"model": "licensing.membership", "object_id": str(membership.pk),
                                         "action": "added", "fields": {"user": person.pk, "role": Role.OFFICER}}]


def test_a_many_to_many_field_is_recorded_on_an_addition(client, superuser):
    permission = Permission.objects.get(codename="view_license")
    response = client.post(reverse("admin:auth_group_add"), {"name": "auditors", "permissions": [permission.pk]})
    assert response.status_code == 302
    group = Group.objects.get(name="auditors")
    assert admin_event("admin.object_added", group).payload["fields"] == {"name": "auditors",
                                                                           "permissions": [permission.pk]}


def test_an_api_token_added_in_the_admin_is_recorded_without_its_key(client, superuser):
    person = UserFactory()
    assert client.post(reverse("admin:authtoken_tokenproxy_add"), {"user": person.pk}).status_code == 302
    token = Token.objects.get(user=person)
    event = AuditEvent.objects.get(event_type="admin.object_added", object_type="authtoken.tokenproxy")
    assert event.payload["fields"] == {"user": person.pk} and event.payload["object"] == NOT_RECORDED
    assert token.key not in json.dumps(event.payload)


def test_a_deletion_is_recorded_before_the_row_goes(client, superuser):
    group = Group.objects.create(name="temporary")
    response = client.post(reverse("admin:auth_group_delete", args=[group.pk]), {"post": "yes"})
    assert response.status_code == 302
    assert not Group.objects.filter(name="temporary").exists()
    event = AuditEvent.objects.get(event_type="admin.object_deleted", object_type="auth.group")
    assert event.object_id == str(group.pk) and event.payload["object"] == "temporary"


def test_the_bulk_delete_action_records_each_row(client, superuser):
    groups = [Group.objects.create(name=f"bulk {n}") for n in range(2)]
    response = client.post(reverse("admin:auth_group_changelist"), {
        "action": "delete_selected", "_selected_action": [g.pk for g in groups], "post": "yes"})
    assert response.status_code == 302
    assert not Group.objects.filter(name__startswith="bulk").exists()
    recorded = set(AuditEvent.objects.filter(event_type="admin.object_deleted").values_list("object_id", flat=True))
    assert recorded == {str(g.pk) for g in groups}


def test_another_bulk_action_is_recorded_with_the_rows_it_ran_on(client, superuser):
    interval = IntervalSchedule.objects.create(every=5, period=IntervalSchedule.MINUTES)
    task = PeriodicTask.objects.create(name="nightly", task="licensing.tasks.reminders_send", interval=interval)
    response = client.post(reverse("admin:django_celery_beat_periodictask_changelist"), {
        "action": "disable_tasks", "_selected_action": [task.pk]})
    assert response.status_code == 302
    task.refresh_from_db()
    assert not task.enabled
    event = AuditEvent.objects.get(event_type="admin.action_run")
    assert event.payload == {"model": "django_celery_beat.periodictask", "action": "disable_tasks",
                             "object_ids": [str(task.pk)]}


def test_a_change_whose_audit_fails_is_rolled_back_with_it():
    """Django's password view has no transaction of its own: the site's makes the change and its audit one."""

    class UnrecordableSite(BoardAdminSite):
        def audit_record(self, **kwargs):
            raise RuntimeError("the audit trail is unavailable")

    site = UnrecordableSite(name="unrecordable")
    site.register(User, UserAdmin)
    view = site.admin_view(site._registry[User].user_change_password)
    person, superuser = UserFactory(), make_superuser()
    request = RequestFactory().post("/", {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD,
                                          "usable_password": "true"})
    request.user, request._dont_enforce_csrf_checks = superuser, True
    with pytest.raises(RuntimeError):
        view(request, str(person.pk))
    person.refresh_from_db()
    assert person.check_password(PASSWORD) and not person.check_password(NEW_PASSWORD)
    assert not LogEntry.objects.filter(object_id=str(person.pk)).exists()


def test_a_date_value_is_written_as_iso_text(client, superuser):
    organization = OrganizationFactory()
    data = inline_membership_form(organization, UserFactory()) | {"founded_on": "1950-05-01",
                                                                  "memberships-TOTAL_FORMS": "0"}
    assert client.post(reverse("admin:licensing_organization_change", args=[organization.pk]), data).status_code == 302
    assert Organization.objects.get(pk=organization.pk).founded_on == dt.date(1950, 5, 1)
    assert admin_event("admin.object_changed", organization).payload["fields"] == {"founded_on": "1950-05-01"}
