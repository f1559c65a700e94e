"""Member list import from CSV: all or nothing, every bad row reported with its spreadsheet row."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from licensing.models import AuditEvent, OrganizationMember
from licensing.organizations import member_csv
from licensing.organizations.services import members_import_csv
from tests.licensing.factories import OrganizationMemberFactory, upload

pytestmark = pytest.mark.django_db

HEADER = "full_name,street_address,city,state,postal_code,date_of_birth\n"


def csv_file(text: str, *, prefix: bytes = b"", name: str = "members.csv"):
    return upload(name, prefix + text.encode("utf-8"), "text/csv")


def run(organization, officer, text: str, **kwargs):
    return members_import_csv(actor=officer, organization=organization, file=csv_file(text, **kwargs))


def test_a_good_file_creates_every_member_and_one_audit_event(organization, officer):
    result = run(organization, officer, HEADER + (
        "Ana Díaz,1 Kennedy St NW,Washington,dc,20011,1950-07-31\n"
        '"Lee, Pat",2 Upshur St NW,Washington,DC,20011-1234,\n'
        "Sam Oh,3 Main St,Hyattsville,MD,20782,1944-02-29\n"
    ))
    assert result.ok and result.created == 3
    members = {m.full_name: m for m in OrganizationMember.objects.filter(organization=organization)}
    assert set(members) == {"Ana Díaz", "Lee, Pat", "Sam Oh"}
    assert members["Ana Díaz"].state == "DC"  # normalized
    assert members["Ana Díaz"].date_of_birth == dt.date(1950, 7, 31)
    assert members["Lee, Pat"].date_of_birth is None
    assert all(m.is_active for m in members.values())
    event = AuditEvent.objects.get(event_type="licensing.members_imported")
    assert event.payload["created"] == 3 and event.organization == organization and event.actor == officer


def test_bad_rows_are_all_reported_and_nothing_is_written(organization, officer):
    result = run(organization, officer, HEADER + (
        "Good Person,1 Kennedy St NW,Washington,DC,20011,1950-01-01\n"   # row 2
        "Bad Zip,2 Kennedy St NW,Washington,DC,2001,\n"                   # row 3
        "Bad Date,3 Kennedy St NW,Washington,DC,20011,07/31/1950\n"       # row 4
        ",4 Kennedy St NW,Washington,DC,20011,\n"                         # row 5: no name
        "Bad State,5 Kennedy St NW,Washington,District,20011,\n"         # row 6
    ))
    assert not result.ok and result.created == 0
    found = {(error.row, error.field) for error in result.errors}
    assert found == {(3, "postal_code"), (4, "date_of_birth"), (5, "full_name"), (6, "state")}
    assert [error.row for error in result.errors] == sorted(error.row for error in result.errors)
    assert next(e for e in result.errors if e.row == 3).path == "rows[3].postal_code"
    assert "YYYY-MM-DD" in next(e for e in result.errors if e.row == 4).message
    assert not OrganizationMember.objects.filter(organization=organization).exists()
    assert not AuditEvent.objects.filter(event_type="licensing.members_imported").exists()


def test_a_byte_order_mark_and_windows_line_endings_are_fine(organization, officer):
    text = (HEADER + "Ana Díaz,1 Kennedy St NW,Washington,DC,20011,\n").replace("\n", "\r\n")
    result = run(organization, officer, text, prefix=b"\xef\xbb\xbf")
    assert result.ok and result.created == 1
    assert OrganizationMember.objects.get(organization=organization).full_name == "Ana Díaz"


def test_columns_in_any_order_with_optional_columns_left_out(organization, officer):
    text = "Postal_Code, Full Name ,state,city,street_address\n20011,Ana,DC,Washington,1 A St\n"
    result = run(organization, officer, text)
    assert result.ok and result.created == 1


def test_blank_lines_keep_the_spreadsheet_row_numbers(organization, officer):
    result = run(organization, officer, HEADER + "Ana,1 A St,Washington,DC,20011,\n\n,2 B St,Washington,DC,20011,\n")
    assert [(error.row, error.field) for error in result.errors] == [(4, "full_name")]


def test_duplicates_in_the_file_and_on_the_list_are_refused(organization, officer):
    OrganizationMemberFactory(organization=organization, full_name="Ana Díaz", street_address="1 Kennedy St NW")
    result = run(organization, officer, HEADER + (
        "ana  díaz,1 kennedy st nw,Washington,DC,20011,\n"
        "Sam Oh,2 Main St,Washington,DC,20011,\n"
        "Sam Oh,2 Main St,Washington,DC,20011,\n"
    ))
    assert {(error.row, error.code) for error in result.errors} == {(2, "duplicate"), (4, "duplicate")}
    assert OrganizationMember.objects.filter(organization=organization).count() == 1


@pytest.mark.parametrize(("text", "code", "words"), [
    ("name,address\nAna,1 A St\n", "header", "missing columns"),
    (HEADER.replace("\n", ",zip\n") + "Ana,1 A St,Washington,DC,20011,,20011\n", "header", "unknown columns: zip"),
    ("full_name;street_address;city;state;postal_code\n", "header", "semicolons"),
    (HEADER, "empty", "no members"),
    ("", "empty", "no members"),
])
def test_a_file_that_is_not_a_member_list_is_refused_as_a_whole(organization, officer, text, code, words):
    with pytest.raises(ValidationError) as caught:
        run(organization, officer, text)
    [error] = caught.value.error_dict["file"]
    assert error.code == code and words in error.messages[0]


def test_a_file_that_is_not_utf8_is_refused(organization, officer):
    data = (HEADER + "José Núñez,1 A St,Washington,DC,20011,\n").encode("latin-1")
    with pytest.raises(ValidationError) as caught:
        members_import_csv(actor=officer, organization=organization, file=upload("m.csv", data, "text/csv"))
    assert caught.value.error_dict["file"][0].code == "encoding"


def test_a_file_over_the_size_cap_is_refused_unread(organization, officer, monkeypatch):
    monkeypatch.setattr(member_csv, "MAX_BYTES", 100)
    with pytest.raises(ValidationError) as caught:
        run(organization, officer, HEADER + "Ana,1 A St,Washington,DC,20011,\n" * 3)
    assert caught.value.error_dict["file"][0].code == "too_large"
    assert not OrganizationMember.objects.exists()


def test_the_real_cap_is_one_megabyte(organization, officer):
    row = "Ana,1 A St,Washington,DC,20011,\n"
    text = HEADER + row * ((member_csv.MAX_BYTES // len(row)) + 1)
    with pytest.raises(ValidationError) as caught:
        run(organization, officer, text)
    assert caught.value.error_dict["file"][0].code == "too_large"


def test_more_than_the_row_cap_is_refused(organization, officer, monkeypatch):
    monkeypatch.setattr(member_csv, "MAX_ROWS", 3)
    rows = "".join(f"Person {i},{i} A St,Washington,DC,20011,\n" for i in range(4))
    with pytest.raises(ValidationError) as caught:
        run(organization, officer, HEADER + rows)
    assert caught.value.error_dict["file"][0].code == "too_many_rows"
    assert run(organization, officer, HEADER + rows.split("\n", 1)[1]).created == 3  # exactly at the cap is fine


def test_extra_values_and_bad_disability_flag_are_row_errors(organization, officer):
    result = run(organization, officer, "full_name,street_address,city,state,postal_code,is_disabled\n"
                 "Ana,1 A St,Washington,DC,20011,maybe\n"
                 "Sam,2 A St,Washington,DC,20011,yes,surplus\n"
                 "Lee,3 A St,Washington,DC,20011,no,,\n")
    assert {(error.row, error.field) for error in result.errors} == {(2, "is_disabled"), (3, "row")}
