"""Sections of 30 DCMR 1200-1204 about who files, on what and for what fee: a voter service program may be licensed
(1200.3); an application is made on the Board's form (1202.1); co-sponsors hold one license and pay one fee (1203.2);
the license fee covers the member in charge, the alternate and the gross-receipts member (1204.20)."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from licensing.licenses.services import license_issue
from licensing.models import License
from licensing.models.choices import ResponsibleRole
from licensing.models.organizations import OrganizationType
from tests.licensing.applications.factories import check, create, fill_bingo, submit
from tests.licensing.factories import approved_paid, fee_pay

pytestmark = pytest.mark.django_db


def test_1200_3_a_voter_service_program_may_apply_for_bingo_raffle_and_monte_carlo_night(api, organization):
    organization.organization_type = OrganizationType.VOTER_SERVICE
    organization.save(update_fields=["organization_type"])
    for license_type, license_class in (("bingo", "B"), ("raffle", "2"), ("montecarlo", "1")):
        application = create(api, organization, license_type=license_type, license_class=license_class)
        assert application["status"] == "draft"
    bingo = create(api, organization)
    fill_bingo(api, bingo["id"])
    assert check(api, bingo["id"])["can_submit"] is True
    assert submit(api, bingo["id"]).status_code == 200


def test_1202_1_the_boards_form_asks_every_item_before_the_application_is_filed(api, organization):
    application = create(api, organization)
    findings = check(api, application["id"])
    assert findings["can_submit"] is False
    missing = {finding["rule"] for finding in findings["findings"] if finding["blocking"]}
    assert {"30 DCMR 1202.2(m)", "30 DCMR 1202.2(p)"} <= missing  # the operations, the lawful purpose
    refused = submit(api, application["id"])
    assert refused.status_code == 400
    fill_bingo(api, application["id"])
    assert submit(api, application["id"]).status_code == 200


def test_1203_2_one_application_holds_one_license_and_pays_one_fee():
    application = approved_paid()
    assert fee_pay(application) is None  # the one fee is settled: nothing more is taken
    license = license_issue(application=application)
    with pytest.raises(ValidationError) as again:
        license_issue(application=application)
    assert "30 DCMR 1203.2" in str(again.value)
    assert list(License.objects.filter(application=application)) == [license]


def test_1204_20_naming_the_responsible_members_adds_no_fee(api, organization, client):
    application = create(api, organization)
    fill_bingo(api, application["id"])
    quoted = check(api, application["id"])["quote"]["application_fee"]
    roles = set(organization.responsible_people.filter(is_current=True).values_list("role", flat=True))
    assert roles == set(ResponsibleRole.values)  # the member in charge, the alternate, the gross-receipts member
    response = submit(api, application["id"])
    assert response.json()["application_fee"] == quoted  # the license fee, nothing for the three members
    page = client.get(reverse("public:fee_calculator")).content.decode()
    assert "30 DCMR 1204.20" in page and "member responsible for the gross receipts" in page
