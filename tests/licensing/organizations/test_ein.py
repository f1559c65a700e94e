"""The organization's Employer Identification Number (EIN), the payer's federal identification number on its Forms
W-2G: the rule (licensing.organizations.rules), the profile service, the portal's facts form and the API's PATCH."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from licensing.models import AuditEvent, Role, SubstantialChange
from licensing.models.choices import LicenseType
from licensing.organizations.rules import EIN_PREFIXES, EIN_RULE, ein_findings, ein_normalized
from licensing.organizations.services import organization_profile_update
from tests.licensing.factories import MembershipFactory, board_staff, license_for

pytestmark = pytest.mark.django_db

SHAPE = "Write the Employer Identification Number as nine digits 0-9, like 12-3456789 (26 CFR 301.7701-12)."
HELP = "Your organization's Employer Identification Number, printed on the Forms W-2G you give winners"


# --- the rule ---

@pytest.mark.parametrize(("written", "stored"), [
    ("12-3456789", "12-3456789"), ("123456789", "12-3456789"), ("  98-7654321 ", "98-7654321"),
    ("01-0000001", "01-0000001"), ("99-9999999", "99-9999999"), ("", ""), ("   ", ""), (None, ""),
])
def test_an_ein_is_written_as_the_irs_writes_it(written, stored):
    assert ein_normalized(written) == stored
    assert ein_findings(written) == []


def test_the_prefixes_are_the_irs_s_list():
    """IRS, "How EINs are assigned and valid EIN prefixes": 01-06, 10-16, 20-27, 30-48, 50-68, 71-77, 80-88, 90-95,
    98-99; every other pair of digits was never assigned."""
    never = {"00", "07", "08", "09", "17", "18", "19", "28", "29", "49", "69", "70", "78", "79", "89", "96", "97"}
    assert {f"{number:02d}" for number in range(100)} - EIN_PREFIXES == never
    assert len(EIN_PREFIXES) == 83


@pytest.mark.parametrize("prefix", ["00", "07", "09", "17", "19", "28", "29", "49", "69", "70", "78", "79", "89",
                                    "96", "97"])
def test_a_prefix_the_irs_does_not_assign_is_refused(prefix):
    assert ein_normalized(f"{prefix}-1234567") is None
    [finding] = ein_findings(f"{prefix}-1234567")
    assert finding.field == "ein" and finding.rule == EIN_RULE and finding.blocking
    assert f"No Employer Identification Number starts with {prefix}" in finding.message
    assert "01-06, 10-16, 20-27, 30-48, 50-68, 71-77, 80-88, 90-95, 98-99" in finding.message


@pytest.mark.parametrize("written", [
    "12-345678", "1234567890", "12-34567890", "1-23456789", "12--3456789", "12 3456789", "12-345-6789",
    "EIN 12-3456789", "ab-cdefghi", "12-3456789-", "12–3456789",  # an en dash
    "１２-３４５６７８９", "١٢-٣٤٥٦٧٨٩", "१२३४५६७८९",  # full-width, Arabic-Indic and Devanagari digits
    "12-3456789\x00", "\x0012-3456789", "12-345\x006789",  # NUL
    "9" * 10_000,
])
def test_another_shape_is_refused_without_repeating_it(written):
    assert ein_normalized(written) is None
    [finding] = ein_findings(written)
    assert finding.field == "ein" and finding.rule == EIN_RULE and finding.message == SHAPE


def test_a_social_security_number_in_the_ein_box_is_named_as_one():
    [finding] = ein_findings("212-48-3071")
    assert finding.field == "ein" and "Social Security number" in finding.message and "3071" not in finding.message


@pytest.mark.parametrize("value", [123456789, 12.3, ["12-3456789"], {"ein": "12-3456789"}])
def test_a_value_that_is_no_text_is_refused(value):
    assert ein_normalized(value) is None
    assert [finding.message for finding in ein_findings(value)] == [SHAPE]


# --- the profile service ---

def test_the_profile_stores_the_ein_and_the_audit_trail_says_so(organization, officer):
    organization_profile_update(actor=officer, organization=organization, ein="521234567")
    organization.refresh_from_db()
    assert organization.ein == "52-1234567"
    event = AuditEvent.objects.get(event_type="licensing.organization_profile_updated")
    assert event.actor == officer and event.payload["changed"] == {"ein": ["", "52-1234567"]}
    # The nine digits alone, once stored, are no change: nothing more is recorded.
    organization_profile_update(actor=officer, organization=organization, ein=" 52-1234567 ")
    assert AuditEvent.objects.filter(event_type="licensing.organization_profile_updated").count() == 1
    organization_profile_update(actor=officer, organization=organization, ein="")
    organization.refresh_from_db()
    assert organization.ein == ""
    assert AuditEvent.objects.filter(event_type="licensing.organization_profile_updated").count() == 2


def test_a_bad_ein_changes_nothing_and_names_the_field(organization, officer):
    organization_profile_update(actor=officer, organization=organization, ein="52-1234567")
    with pytest.raises(ValidationError) as caught:
        organization_profile_update(actor=officer, organization=organization, ein="07-1234567", purpose="Food bank")
    assert set(caught.value.error_dict) == {"ein"}
    assert caught.value.error_dict["ein"][0].rule == EIN_RULE
    assert organization.ein == "52-1234567" and organization.purpose == ""  # the caller's object is put back
    organization.refresh_from_db()
    assert organization.ein == "52-1234567" and organization.purpose == ""
    assert AuditEvent.objects.filter(event_type="licensing.organization_profile_updated").count() == 1


def test_a_too_long_ein_gets_one_message_not_two(organization, officer):
    with pytest.raises(ValidationError) as caught:
        organization_profile_update(actor=officer, organization=organization, ein="12-34567890123")
    # The model's own "at most 10 characters" is left out: the rule's message says what to write.
    assert [error.message for error in caught.value.error_dict["ein"]] == [f"{EIN_RULE}: {SHAPE}"]


def test_an_ein_is_no_substantial_change(organization, officer):
    """30 DCMR 1202.2 does not ask the EIN: giving it while a license is held needs no amended application
    (1202.3)."""
    license_for(license_type=LicenseType.BINGO, license_class="A", organization=organization)
    organization_profile_update(actor=officer, organization=organization, ein="52-1234567")
    assert not SubstantialChange.objects.filter(organization=organization).exists()


# --- the portal's facts form ---

PROFILE = {"name": "Friends of the Library", "organization_type": "charitable", "street_address": "1 Georgia Ave NW",
           "city": "Washington", "state": "DC", "postal_code": "20010", "determination_letter": "none"}


def _profile_url(organization):
    return reverse("portal:organization_profile", args=[organization.pk])


def test_the_facts_form_asks_the_ein_and_saves_it(client, organization, officer):
    client.force_login(officer)
    page = client.get(_profile_url(organization)).content.decode()
    assert 'name="ein"' in page and 'id="id_ein"' in page and HELP in page and 'inputmode="numeric"' in page
    response = client.post(_profile_url(organization), {**PROFILE, "ein": "987654321"})
    assert response.status_code == 302
    organization.refresh_from_db()
    assert organization.ein == "98-7654321"
    assert AuditEvent.objects.get(event_type="licensing.organization_profile_updated").payload["changed"]["ein"] == [
        "", "98-7654321"]


@pytest.mark.parametrize(("ein", "message"), [
    ("00-1234567", "No Employer Identification Number starts with 00"),
    ("12-34567", "Write the Employer Identification Number as nine digits 0-9"),
    ("１２-３４５６７８９", "Write the Employer Identification Number as nine digits 0-9"),
    ("212-48-3071", "written like a person&#x27;s Social Security number"),
])
def test_the_facts_form_shows_a_bad_ein_inline_and_saves_nothing(client, organization, officer, ein, message):
    client.force_login(officer)
    response = client.post(_profile_url(organization), {**PROFILE, "ein": ein, "purpose": "Food bank"})
    assert response.status_code == 400
    page = response.content.decode()
    assert message in page and "26 CFR 301.7701-12" in page and 'aria-invalid="true"' in page
    organization.refresh_from_db()
    assert organization.ein == "" and organization.purpose == ""


def test_a_nul_in_the_ein_is_refused_naming_the_field(client, organization, officer):
    client.force_login(officer)
    response = client.post(_profile_url(organization), {**PROFILE, "ein": "12-3456789\x00", "purpose": "Food bank"})
    assert response.status_code == 400 and "“ein” contains a NUL character" in response.content.decode()
    organization.refresh_from_db()
    assert organization.ein == "" and organization.purpose == ""


def test_those_who_do_not_file_read_the_ein(client, organization, officer):
    organization_profile_update(actor=officer, organization=organization, ein="52-1234567")
    client.force_login(MembershipFactory(organization=organization, role=Role.CALLER).user)
    page = client.get(_profile_url(organization)).content.decode()
    assert "Employer Identification Number (EIN)" in page and "52-1234567" in page and 'name="ein"' not in page


# --- the API ---

def _api_url(organization):
    return reverse("organization-detail", args=[organization.pk])


def test_the_api_patches_and_reads_the_ein(client, organization, officer):
    client.force_login(officer)
    response = client.patch(_api_url(organization), {"ein": "987654321"}, content_type="application/json")
    assert response.status_code == 200 and response.json()["ein"] == "98-7654321"
    assert client.get(_api_url(organization)).json()["ein"] == "98-7654321"
    organization.refresh_from_db()
    assert organization.ein == "98-7654321"


@pytest.mark.parametrize(("ein", "code"), [
    ("96-1234567", "rule"), ("12-34567", "rule"), ("１２-３４５６７８９", "rule"), ("212-48-3071", "rule"),
    ("12-3456789\x00", "null_characters_not_allowed"), ("9" * 5000, "max_length"), (None, "null"),
    (["12-3456789"], "invalid"),
])
def test_the_api_refuses_a_bad_ein_naming_the_field(client, organization, officer, ein, code):
    client.force_login(officer)
    response = client.patch(_api_url(organization), {"ein": ein}, content_type="application/json")
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["field"] == "ein" and error["code"] == code, error
    organization.refresh_from_db()
    assert organization.ein == ""


@pytest.mark.parametrize(("make_user", "expected"), [
    (lambda organization: MembershipFactory(organization=organization, role=Role.CHECKER).user, 403),
    (lambda organization: board_staff(), 403),
    (lambda organization: MembershipFactory().user, 404),
])
def test_only_the_filing_people_change_the_ein(client, organization, make_user, expected):
    client.force_login(make_user(organization))
    response = client.patch(_api_url(organization), {"ein": "52-1234567"}, content_type="application/json")
    assert response.status_code == expected
    organization.refresh_from_db()
    assert organization.ein == ""
