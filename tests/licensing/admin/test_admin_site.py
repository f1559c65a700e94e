"""Every admin page of every registered model, as every role.

The models come from `admin.site._registry`: a newly registered model fails
`test_every_registered_model_is_declared` until this module says what each role may do with it, and is
then walked like the others. Expected statuses: 302 to the admin's sign-in for anyone who is not admin
staff; 403 for admin staff on what their work does not need; 200 where they may look or write."""

import pytest
from django.contrib import admin
from django.contrib.auth.models import Permission
from django.urls import reverse

from tests.licensing.admin.factories import build_admin_world
from tests.licensing.factories import ROLES, board_admin, board_member, role_user

pytestmark = pytest.mark.django_db

# What board staff may do: "view" the record, or "keep" it (view, add, change). Anything else: nothing. (The fees
# and bonds they kept here are the register's now, changed in the portal: licensing.register.)
STAFF = {
    **dict.fromkeys([
        "licensing.organization", "licensing.auditevent", "licensing.application", "licensing.license",
        "licensing.boardnumber", "licensing.enforcementaction", "licensing.deficiencynotice", "licensing.vote",
        "licensing.decision",
        "licensing.premises", "licensing.organizationmember", "licensing.responsibleperson", "licensing.document",
        "vendors.vendor", "vendors.owner", "vendors.supplier", "vendors.pricelist",
        "bingo.pattern", "bingo.operation", "bingo.game", "bingo.gameevent",
        "montecarlo.gamecatalogentry",
    ], "view"),
}
SUPERUSER_ONLY = {
    "account.emailaddress", "mfa.authenticator",
    "licensing.user", "auth.group", "authtoken.tokenproxy", "axes.accessattempt", "axes.accesslog",
    "axes.accessfailurelog", "django_celery_beat.periodictask", "django_celery_beat.intervalschedule",
    "django_celery_beat.crontabschedule", "django_celery_beat.solarschedule", "django_celery_beat.clockedschedule",
}
# What even a superuser may not do there: records are added by the services, and regulated ones never deleted.
NO_ADD = {
    "licensing.auditevent", "licensing.boardnumber", "licensing.application", "licensing.license",
    "licensing.enforcementaction",
    "licensing.deficiencynotice", "licensing.vote", "licensing.decision", "licensing.premises",
    "licensing.organizationmember", "licensing.responsibleperson", "licensing.document", "bingo.operation",
    "bingo.game", "bingo.gameevent", "axes.accessattempt", "axes.accesslog", "axes.accessfailurelog",
    "vendors.vendor", "vendors.owner", "vendors.supplier", "vendors.pricelist",
}
DELETABLE = {
    "account.emailaddress", "mfa.authenticator",
    "bingo.pattern", "auth.group", "authtoken.tokenproxy", "axes.accessattempt", "axes.accesslog",
    "axes.accessfailurelog", "django_celery_beat.periodictask", "django_celery_beat.intervalschedule",
    "django_celery_beat.crontabschedule", "django_celery_beat.solarschedule", "django_celery_beat.clockedschedule",
}
PAGES = ["changelist", "add", "change", "delete", "history"]


def registered() -> list:
    return sorted(admin.site._registry, key=lambda model: model._meta.label_lower)


def expected(role: str, label: str, page: str) -> int:
    if role not in ("board_staff", "superuser"):
        return 302  # not admin staff: the admin's sign-in page
    if role == "superuser":
        refused = (page == "add" and label in NO_ADD) or (page == "delete" and label not in DELETABLE)
        return 403 if refused else 200
    access = STAFF.get(label)
    if access is None:
        return 403
    if page in ("changelist", "change", "history"):
        return 200
    return 200 if page == "add" and access == "keep" else 403


def url(model, page: str) -> str:
    name = f"admin:{model._meta.app_label}_{model._meta.model_name}_{page}"
    if page in ("changelist", "add"):
        return reverse(name)
    obj = model._default_manager.order_by("pk").first()
    assert obj is not None, f"build_admin_world makes no {model._meta.label_lower}: add one"
    return reverse(name, args=[obj.pk])


def test_every_registered_model_is_declared():
    labels = {model._meta.label_lower for model in registered()}
    declared = set(STAFF) | SUPERUSER_ONLY
    assert labels == declared, f"declare the roles' access to {sorted(labels - declared)}"
    assert not set(STAFF) & SUPERUSER_ONLY


@pytest.fixture
def world():
    return build_admin_world()


@pytest.mark.parametrize("role", ROLES)
def test_every_admin_page_answers_each_role_as_expected(client, world, role):
    user = role_user(role, world["organization"])
    if user is not None:
        client.force_login(user)
    wrong = []
    for model in registered():
        label = model._meta.label_lower
        for page in PAGES:
            address = url(model, page)
            response = client.get(address)
            want = expected(role, label, page)
            if response.status_code != want:
                wrong.append(f"{label} {page}: {response.status_code}, expected {want}")
            elif want == 302:
                assert response.url.startswith(reverse("admin:login")), address
    password = client.get(reverse("admin:auth_user_password_change", args=[world["caller"].pk]))
    want = {"superuser": 200, "board_staff": 403}.get(role, 302)
    if password.status_code != want:
        wrong.append(f"user password change: {password.status_code}, expected {want}")
    index = client.get(reverse("admin:index"))
    if index.status_code != (200 if role in ("board_staff", "superuser") else 302):
        wrong.append(f"index: {index.status_code}")
    assert wrong == []


def test_board_staff_see_in_the_index_only_what_they_may_open(client, world):
    client.force_login(role_user("board_staff", world["organization"]))
    page = client.get(reverse("admin:index")).content.decode()
    assert "/admin/licensing/application/" in page
    assert "feeschedulerow" not in page and "bondschedulerow" not in page  # the fees are the register's
    for hidden in ("/admin/licensing/user/", "/admin/auth/group/", "/admin/authtoken/", "/admin/axes/",
                   "/admin/django_celery_beat/"):
        assert hidden not in page, hidden


@pytest.mark.parametrize("make", [board_member, board_admin], ids=["board_member", "board_admin"])
def test_admin_staff_status_given_by_mistake_opens_nothing_without_the_staff_group(client, world, make):
    """Defence in depth: an account made admin staff by mistake holds no permission through its group."""
    user = make()
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    client.force_login(user)
    assert client.get(reverse("admin:index")).status_code == 200
    for model in registered():
        assert client.get(url(model, "changelist")).status_code == 403, model._meta.label_lower


def test_a_permission_granted_by_mistake_still_opens_no_account_model(client, world):
    """The ModelAdmins refuse non-superusers whatever permissions they hold."""
    staff = role_user("board_staff", world["organization"])
    staff.user_permissions.add(*Permission.objects.filter(
        content_type__app_label__in=["licensing", "auth", "authtoken", "axes", "django_celery_beat", "vendors"]))
    client.force_login(staff)
    for label in sorted(SUPERUSER_ONLY):
        model = next(model for model in registered() if model._meta.label_lower == label)
        for page in PAGES:
            assert client.get(url(model, page)).status_code == 403, (label, page)
    organization = world["organization"]
    form = client.get(reverse("admin:licensing_organization_change", args=[organization.pk])).content.decode()
    assert "membership" not in form.lower()
