"""Item 14: senior-group status comes from the organization's checked profile (30 DCMR 1201.1-1201.4, 1204.19),
never from a box on the application; Class D still files its bylaws (1202.2(s))."""

import datetime as dt

import pytest

from licensing.models import Application, Document, OrganizationMember
from licensing.models.choices import DocumentKind
from tests.licensing.applications.factories import TODAY, blocking, check, create, errors, fill_bingo, patch, submit
from tests.licensing.factories import add_document

pytestmark = pytest.mark.django_db


def seniors(organization, *, members: int, born: dt.date = dt.date(1950, 1, 1), founded_days_ago: int = 60):
    """Turn the eligible organization into a claimed senior group of `members` members born on `born`."""
    organization.is_senior_group = True
    organization.founded_on = TODAY - dt.timedelta(days=founded_days_ago)
    organization.save()
    OrganizationMember.objects.filter(organization=organization).update(is_active=False)
    OrganizationMember.objects.bulk_create([
        OrganizationMember(organization=organization, full_name=f"Senior {i}", street_address=f"{i} Upshur St NW",
                           postal_code="20011", date_of_birth=born) for i in range(members)])


def sixty_today() -> dt.date:
    return TODAY.replace(year=TODAY.year - 60)


def test_a_five_member_group_founded_60_days_ago_gets_no_exemption_nor_the_10_dollar_fee(api, organization):
    seniors(organization, members=5)
    application = create(api, organization, license_class="C")
    assert application["as_senior_group"] is False
    fill_bingo(api, application["id"])
    found = check(api, application["id"])
    assert found["quote"]["application_fee"] == "50.00"  # 1204.1: Class C, not the senior groups' $10
    assert {("members", "30 DCMR 1201.1"), ("members", "30 DCMR 1200.2(c)"),
            ("founded_on", "30 DCMR 1200.2(d)")} <= blocking(found["findings"])
    assert ("members", "30 DCMR 1200.2(c)") in errors(submit(api, application["id"]))


def test_the_api_refuses_a_senior_box_on_the_application_naming_field_and_rule(api, organization):
    seniors(organization, members=5)
    response = create(api, organization, status=400, license_class="C", as_senior_group=True)
    assert [(e["field"], e["rule"]) for e in response["errors"]] == [("as_senior_group", "30 DCMR 1201.1")]
    application = create(api, organization, license_class="C")
    assert errors(patch(api, application["id"], as_senior_group=True)) == [("as_senior_group", "30 DCMR 1201.1")]
    assert Application.objects.get(pk=application["id"]).as_senior_group is False


def test_the_portal_has_no_senior_box_and_ignores_one_posted(client, organization, filer):
    seniors(organization, members=5)
    client.force_login(filer)
    start = client.get(f"/portal/organizations/{organization.pk}/applications/new/").content.decode()
    assert 'name="as_senior_group"' not in start and "1201.1" in start
    client.post(f"/portal/organizations/{organization.pk}/applications/new/", {
        "license_type": "bingo", "license_class": "C", "period": "regular", "kind": "original",
        "as_senior_group": "on"})
    application = Application.objects.get(organization=organization)
    assert application.as_senior_group is False
    review = client.get(f"/portal/applications/{application.pk}/review/").content.decode()
    assert "$50.00" in review and "30 DCMR 1201.1" in review and "No blocking findings" not in review


@pytest.mark.parametrize(("members", "born", "disabled", "senior"), [
    (10, dt.date(1950, 1, 1), False, True),  # ten members, all past 60: just inside
    (9, dt.date(1950, 1, 1), False, False),  # nine: just past
    (10, "sixty today", False, True),  # the youngest turns 60 today
    (10, "sixty tomorrow", False, False),
    (10, "fifty-five today", True, True),  # 55 with a disability
    (10, "fifty-five tomorrow", True, False),
])
def test_the_exemptions_and_fee_follow_the_checked_profile_at_the_limits(api, organization, members, born,
                                                                         disabled, senior):
    dates = {"sixty today": sixty_today(), "sixty tomorrow": sixty_today() + dt.timedelta(days=1),
             "fifty-five today": TODAY.replace(year=TODAY.year - 55),
             "fifty-five tomorrow": TODAY.replace(year=TODAY.year - 55) + dt.timedelta(days=1)}
    seniors(organization, members=members - 1)
    OrganizationMember.objects.create(organization=organization, full_name="The youngest", postal_code="20011",
                                      street_address="9 Taylor St NW", date_of_birth=dates.get(born, born),
                                      is_disabled=disabled)
    application = create(api, organization, license_class="C")
    fill_bingo(api, application["id"])
    found = check(api, application["id"])
    assert found["quote"]["application_fee"] == ("10.00" if senior else "50.00")
    assert found["can_submit"] is senior, found["findings"]
    response = submit(api, application["id"])
    assert response.status_code == (200 if senior else 400)
    if senior:
        body = response.json()
        assert body["as_senior_group"] is True and body["application_fee"] == "10.00"  # 30 DCMR 1204.1


def test_a_senior_groups_monte_carlo_night_costs_10_dollars_only_when_the_profile_shows_it(api, organization):
    seniors(organization, members=10)
    application = create(api, organization, license_type="montecarlo", license_class="1")
    assert check(api, application["id"])["quote"]["application_fee"] == "10.00"  # 30 DCMR 1204.19
    OrganizationMember.objects.filter(pk=organization.members.filter(is_active=True).first().pk).update(
        is_active=False)
    assert check(api, application["id"])["quote"]["application_fee"] == "100.00"  # 1204.16: nine members


def test_class_d_still_files_its_bylaws(api, organization, filer):
    seniors(organization, members=10)
    Document.objects.filter(organization=organization, kind=DocumentKind.BYLAWS).delete()
    application = create(api, organization, license_class="D")
    fill_bingo(api, application["id"])
    assert ("documents", "30 DCMR 1202.2(s)") in errors(submit(api, application["id"]))  # 1201.3 does not exempt
    add_document(organization, DocumentKind.BYLAWS, uploaded_by=filer)
    response = submit(api, application["id"])
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["application_fee"] == "0.00" and body["bond_amount"] is None  # 1204.1(d), 1201.3


def test_class_d_is_refused_when_the_claimed_senior_group_is_too_young(api, organization):
    seniors(organization, members=10, born=sixty_today() + dt.timedelta(days=1))
    application = create(api, organization, license_class="D")
    fill_bingo(api, application["id"])
    rules = {rule for _field, rule in errors(submit(api, application["id"]))}
    assert {"30 DCMR 1201.1", "30 DCMR 1201.3"} <= rules
    assert Application.objects.get(pk=application["id"]).application_fee is None
