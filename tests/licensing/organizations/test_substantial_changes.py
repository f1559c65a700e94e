"""Item 20: a change to the organization's name, address or responsible people after a license issued is a
substantial change (30 DCMR 1202.3): recorded, the public lookup keeps the licensed name until the amendment is
approved, and the organization is reminded to file the amendment within 10 days."""

import datetime as dt
import importlib

import pytest
from django.apps import apps
from django.urls import reverse
from django.utils.formats import date_format

from licensing.models import AuditEvent, ChangeKind, License, SubstantialChange
from licensing.models.choices import LicenseStatus
from licensing.reminders.services import reminders_send
from tests.licensing.applications.factories import TODAY, create, patch, submit
from tests.licensing.factories import LicenseFactory, approve

pytestmark = pytest.mark.django_db
OLD, NEW = "Friends of the Anacostia Library", "Anacostia Library Friends Inc."
PERSON = {"role": "member_in_charge", "full_name": "Grace Okafor", "street_address": "12 Upshur Street NW",
          "city": "Washington", "state": "DC", "postal_code": "20011", "phone": "(202) 727-1000",
          "date_of_birth": "1970-03-01"}


@pytest.fixture
def licensed(organization, filer):
    organization.name = OLD
    organization.email = "office@friends.example.org"
    organization.save()
    return LicenseFactory(application__organization=organization, number="BG-2027-00001")


def rename(api, organization, name=NEW):
    return api.patch(reverse("organization-detail", args=[organization.pk]), {"name": name},
                     content_type="application/json")


def public_name(client, license) -> tuple[str, str]:
    page = client.get(reverse("public:license_detail", args=[license.number])).content.decode()
    body = client.get(reverse("public-license-detail", args=[license.number])).json()
    return ("page shows new" if NEW in page else "page shows old" if OLD in page else "neither",
            body["organization_name"])


def test_a_rename_after_issue_is_recorded_and_the_lookup_keeps_the_licensed_name(api, client, organization,
                                                                                 licensed):
    response = rename(api, organization)
    assert response.status_code == 200
    [change] = SubstantialChange.objects.all()
    assert (change.license, change.kind, change.changes) == (licensed, ChangeKind.NAME, {"name": [OLD, NEW]})
    assert (change.changed_on, change.due_on) == (TODAY, TODAY + dt.timedelta(days=10))
    assert response.json()["amendments_due"] == [{"license": licensed.number, "kind": "name",
                                                  "changed_on": TODAY.isoformat(),
                                                  "due_on": (TODAY + dt.timedelta(days=10)).isoformat()}]
    event = AuditEvent.objects.get(event_type="licensing.substantial_change_recorded")
    assert event.payload["rule"] == "30 DCMR 1202.3" and event.payload["licenses"] == [licensed.number]
    client.logout()
    assert public_name(client, licensed) == ("page shows old", OLD)
    found = client.get(reverse("public-license-list"), {"q": "Anacostia Library"}).json()["results"]
    assert [(r["number"], r["organization_name"]) for r in found] == [(licensed.number, OLD)]
    assert client.get(reverse("public-license-list"), {"q": "Friends of the"}).json()["count"] == 1  # old name


def test_the_approved_amendment_brings_the_new_name_to_the_lookup(api, client, organization, licensed):
    rename(api, organization)
    amendment = create(api, organization, kind="amendment", base_license=licensed.pk)["id"]
    patch(api, amendment, change_date=TODAY.isoformat(), change_description="New name", lawful_purpose="Books")
    assert submit(api, amendment).status_code == 200, submit(api, amendment).json()
    from licensing.models import Application

    approve(Application.objects.get(pk=amendment))
    licensed.refresh_from_db()
    assert licensed.licensed_name == NEW
    assert SubstantialChange.objects.get().resolved_at is not None
    client.logout()
    assert public_name(client, licensed) == ("page shows new", NEW)


def test_address_and_responsible_people_changes_are_substantial_too(api, organization, licensed):
    url = reverse("organization-detail", args=[organization.pk])
    assert api.patch(url, {"street_address": "1800 Good Hope Rd SE", "postal_code": "20020"},
                     content_type="application/json").status_code == 200
    people = reverse("organization-responsible-person-list", args=[organization.pk])
    assert api.post(people, PERSON, content_type="application/json").status_code == 201
    kinds = sorted(SubstantialChange.objects.values_list("kind", flat=True))
    assert kinds == [ChangeKind.ADDRESS, ChangeKind.RESPONSIBLE_PEOPLE]
    # The same person named again, unchanged, is no change.
    assert api.post(people, PERSON, content_type="application/json").status_code == 201
    assert SubstantialChange.objects.count() == 2
    # Other profile facts (the purpose, the phone) are no substantial change.
    api.patch(url, {"purpose": "Books for children", "phone": "202 727 1000"}, content_type="application/json")
    assert SubstantialChange.objects.count() == 2


def test_without_a_license_held_nothing_is_recorded(api, organization, filer):
    LicenseFactory(application__organization=organization, status=LicenseStatus.EXPIRED)
    LicenseFactory(application__organization=organization, expires_on=TODAY - dt.timedelta(days=1))
    assert rename(api, organization).status_code == 200
    assert not SubstantialChange.objects.exists()


def test_the_portal_shows_the_amendment_due(client, organization, filer, licensed):
    client.force_login(filer)
    response = client.post(reverse("portal:organization_profile", args=[organization.pk]), {
        "name": NEW, "organization_type": organization.organization_type, "street_address": organization.street_address,
        "city": "Washington", "state": "DC", "postal_code": organization.postal_code, "phone": "",
        "email": organization.email, "incorporated_in_dc": "on", "determination_letter": "irs",
        "founded_on": organization.founded_on.isoformat(), "purpose": organization.purpose,
        "operates_without_profit": "on"})
    assert response.status_code == 302
    page = client.get(response.url).content.decode()
    assert "30 DCMR 1202.3" in page and licensed.number in page and "2027" in page


# --- The reminder (10 days, 30 DCMR 1202.3) ---

@pytest.fixture
def run(django_capture_on_commit_callbacks, mailoutbox):
    def _run(today):
        before = len(mailoutbox)
        with django_capture_on_commit_callbacks(execute=True):
            reminders_send(today=today)
        return [m for m in mailoutbox[before:] if "1202.3" in m.subject]
    return _run


def test_the_organization_is_reminded_once_within_the_10_days(api, filer, organization, licensed, run):
    rename(api, organization)
    [mail] = run(TODAY)
    assert licensed.number in mail.subject and date_format(TODAY + dt.timedelta(days=10), "DATE_FORMAT") in mail.subject
    # Its contact address and its filing officer (the one recipient rule, licensing.organizations.selectors).
    assert mail.to == sorted(["office@friends.example.org", filer.email]) and "10 days" in mail.body
    assert run(TODAY + dt.timedelta(days=1)) == []  # sent once


@pytest.mark.parametrize(("days_later", "sent"), [(10, True), (11, False)])
def test_the_reminder_window_ends_on_the_deadline(api, organization, licensed, run, days_later, sent):
    rename(api, organization)
    assert len(run(TODAY + dt.timedelta(days=days_later))) == (1 if sent else 0)


def test_no_reminder_once_the_amendment_is_filed(api, organization, licensed, run):
    rename(api, organization)
    amendment = create(api, organization, kind="amendment", base_license=licensed.pk)["id"]
    patch(api, amendment, change_date=TODAY.isoformat(), change_description="New name", lawful_purpose="Books")
    assert run(TODAY) != []  # a draft is not filed
    second = SubstantialChange.objects.create(organization=organization, license=licensed, kind=ChangeKind.ADDRESS,
                                              changed_on=TODAY, due_on=TODAY + dt.timedelta(days=10))
    assert submit(api, amendment).status_code == 200
    assert run(TODAY) == [] and second.is_open


def test_the_migration_gives_existing_licenses_their_organizations_name(organization, licensed):
    License.objects.filter(pk=licensed.pk).update(licensed_name="")
    migration = importlib.import_module(
        "licensing.migrations.0007_licensed_name_substantial_changes_premises_corrections")
    migration.licensed_names_from_organizations(apps, None)
    assert License.objects.get(pk=licensed.pk).licensed_name == OLD
