"""Item 17: a multi-hall license only for a holder of a Class A, B or C bingo license in force, in that license's
class and so at its fee (30 DCMR 1414.1, 1414.3). Item 18: the printer's affidavit is part of a raffle
application of classes 1-5 and blocks submission when missing (1202.2(n))."""

import datetime as dt

import pytest

from licensing.models import Application
from licensing.models.choices import DocumentKind, LicenseStatus
from tests.licensing.applications import factories
from tests.licensing.applications.factories import blocking, check, create, errors, patch, step, submit
from tests.licensing.factories import LicenseFactory, add_document

pytestmark = pytest.mark.django_db


def bingo_license(organization, license_class="A", **fields):
    fields.setdefault("expires_on", factories.TODAY + dt.timedelta(days=73))
    return LicenseFactory(application__organization=organization, license_class=license_class, **fields)


def multihall(api, organization, base, license_class, **kwargs):
    return create(api, organization, license_type="multihall", license_class=license_class, base_license=base.pk,
                  **kwargs)


@pytest.mark.parametrize("base_class", ["A", "B", "C"])
def test_a_class_a_b_or_c_bingo_license_takes_a_multihall_license_of_its_class(api, organization, base_class):
    base = bingo_license(organization, base_class)
    application = multihall(api, organization, base, base_class)
    assert application["license_class"] == base_class


def test_a_class_d_bingo_license_takes_no_multihall_license(api, organization):
    base = bingo_license(organization, "D")
    response = multihall(api, organization, base, "A", status=400)
    assert [(e["field"], e["rule"]) for e in response["errors"]] == [("base_license", "30 DCMR 1414.1")]
    assert not Application.objects.filter(license_type="multihall").exists()


def test_no_multihall_license_on_a_raffle_or_a_license_not_in_force(api, organization):
    raffle = LicenseFactory(application__organization=organization, license_type="raffle", license_class="1")
    assert multihall(api, organization, raffle, "A", status=400)["errors"][0]["rule"] == "30 DCMR 1414.1"
    suspended = bingo_license(organization, "A", status=LicenseStatus.SUSPENDED)
    assert multihall(api, organization, suspended, "A", status=400)["errors"][0]["rule"] == "30 DCMR 1414.1"
    expired = bingo_license(organization, "A", expires_on=factories.TODAY - dt.timedelta(days=1))
    assert multihall(api, organization, expired, "A", status=400)["errors"][0]["rule"] == "30 DCMR 1414.1"
    ends_today = bingo_license(organization, "A", expires_on=factories.TODAY)
    assert multihall(api, organization, ends_today, "A")["base_license"] == ends_today.pk


def test_a_class_a_base_cannot_choose_the_class_c_fee(api, organization):
    base = bingo_license(organization, "A")
    response = multihall(api, organization, base, "C", status=400)
    assert [(e["field"], e["rule"]) for e in response["errors"]] == [("license_class", "30 DCMR 1414.3")]
    application = multihall(api, organization, base, "A")
    assert errors(patch(api, application["id"], license_class="C")) == [("license_class", "30 DCMR 1414.3")]
    assert Application.objects.get(pk=application["id"]).license_class == "A"
    patch(api, application["id"], highest_prize="10000")
    quote = check(api, application["id"])["quote"]
    assert quote["application_fee"] == "100.00"  # Class A $500 prorated to the 73 days left (1414.3, 1414.7)
    assert quote["bond"] == "11500.00"  # 1414.9


def test_choosing_another_base_license_later_is_checked_too(api, organization):
    base = bingo_license(organization, "B")
    application = multihall(api, organization, base, "B")
    class_d = bingo_license(organization, "D")
    assert errors(patch(api, application["id"], base_license=class_d.pk)) == [("base_license", "30 DCMR 1414.1")]
    assert Application.objects.get(pk=application["id"]).base_license_id == base.pk


def test_a_multihall_draft_without_its_base_cannot_be_submitted(api, organization):
    application = create(api, organization, license_type="multihall", license_class="A")
    assert ("base_license", "30 DCMR 1414.1") in blocking(check(api, application["id"])["findings"])


def test_the_portal_start_refuses_the_wrong_class_inline(client, filer, organization):
    base = bingo_license(organization, "A")
    client.force_login(filer)
    response = client.post(f"/portal/organizations/{organization.pk}/applications/new/", {
        "license_type": "multihall", "license_class": "C", "period": "regular", "kind": "original",
        "base_license": base.pk})
    assert response.status_code == 200
    assert "30 DCMR 1414.3" in response.context["form"].errors["license_class"][0]
    assert not Application.objects.filter(license_type="multihall").exists()


# --- Raffles: the printer's affidavit (1202.2(n)) ---

def raffle(api, organization, license_class="1"):
    application = create(api, organization, license_type="raffle", license_class=license_class)["id"]
    response = patch(api, application, lawful_purpose="Youth sports", ticket_price="5.00", tickets_printed=1000,
                     first_ticket_number=1, last_ticket_number=1000, aggregate_prize_value="2500.00",
                     drawing_at=f"{factories.NEXT_MONTH.isoformat()}T20:00:00-05:00", drawing_place="Parish hall")
    assert response.status_code == 200, response.json()
    return application


@pytest.fixture
def raffle_fees(frozen):
    from tests.licensing.factories import set_bond, set_fee

    for license_class in "12345":
        set_fee("raffle", license_class, "25.00")
        set_bond("raffle", license_class)


@pytest.mark.parametrize("license_class", ["1", "5"])
def test_a_raffle_without_the_printers_affidavit_cannot_be_submitted(api, organization, filer, raffle_fees,
                                                                     license_class):
    application = raffle(api, organization, license_class)
    response = submit(api, application)
    assert errors(response) == [("documents", "30 DCMR 1202.2(n)")]
    assert "printer's affidavit" in response.json()["errors"][0]["message"]
    add_document(organization, DocumentKind.PRINTERS_AFFIDAVIT, uploaded_by=filer,
                 application=Application.objects.get(pk=application))
    assert submit(api, application).status_code == 200


def test_the_portal_review_lists_the_missing_affidavit_as_blocking(client, api, organization, filer, raffle_fees):
    application = raffle(api, organization)
    client.force_login(filer)
    response = client.get(step(application, "review"))
    assert [f.rule for f, _fix in response.context["blocking"]] == ["30 DCMR 1202.2(n)"]
    assert not response.context["warnings"]
