"""The officers' portal page of a raffle drawing: schedule (the commitment is published), close sales (sold and
returned tickets typed as numbers and ranges, 30 DCMR 1202.2(n)), draw (confirmed, once); the Board reads it; anyone
else gets a 404. Bad ticket text is an inline error naming the field, never a 500, and writes nothing."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from licensing.models import DrawingStatus, RaffleDrawing, Role
from licensing.models.choices import LicenseType
from licensing.reports.drawings import engine
from licensing.reports.drawings.forms import ticket_numbers_parse
from licensing.reports.drawings.selectors import drawing_published
from licensing.reports.drawings.services import drawing_sales_close, drawing_schedule
from tests.licensing.factories import (
    DRAWING_PLACE,
    DRAWING_SEED,
    board_member,
    board_staff,
    in_charge,
    license_for,
    member,
    raffle_ready,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def raffle():
    return raffle_ready(license_for(license_type=LicenseType.RAFFLE, license_class="2", number="RF-2027-00021",
                                    application__first_ticket_number=1, application__last_ticket_number=300,
                                    application__tickets_printed=300))


@pytest.fixture
def officer(raffle):
    return member(raffle.organization, Role.OFFICER)


@pytest.fixture
def seed(monkeypatch):
    monkeypatch.setattr("licensing.reports.drawings.services.system_seed", lambda: DRAWING_SEED)


def page(raffle) -> str:
    return reverse("portal:license_drawing", args=[raffle.pk])


def signed_in(client, user):
    client.force_login(user)
    return client


def text(response) -> str:
    return response.content.decode()


# --- the range parser ---


@pytest.mark.parametrize(("written", "numbers"), [
    ("1-5, 7, 9-10", [1, 2, 3, 4, 5, 7, 9, 10]),
    ("1-250, 260, 270-300", [*range(1, 251), 260, *range(270, 301)]),
    ("  3\n4\t5 ,, 6;7  ", [3, 4, 5, 6, 7]),
    ("10 - 12", [10, 11, 12]),
    ("4-4", [4]),
    ("", []),
    (" , ", []),
])
def test_the_parser_reads_numbers_and_ranges(written, numbers):
    assert ticket_numbers_parse(written) == numbers


@pytest.mark.parametrize("written", [
    "5-3", "abc", "1-", "-4", "1--3", "1-2-3", "1\x002", "١٢٣", "1-٣", "²", "1.5", "+3", "0x10", "1e3",
    "1234567890",  # more than nine digits: no giant range
])
def test_the_parser_refuses_what_it_cannot_read_citing_the_rule(written):
    with pytest.raises(ValidationError) as caught:
        ticket_numbers_parse(written)
    assert "30 DCMR 1202.2(n)" in caught.value.messages[0]


def test_the_parser_refuses_numbers_outside_the_license_before_expanding_a_range():
    assert ticket_numbers_parse("1-3", first=1, last=3) == [1, 2, 3]
    with pytest.raises(ValidationError, match="ticket 999999999 is not one of the license's tickets"):
        ticket_numbers_parse("1-999999999", first=1, last=300)
    with pytest.raises(ValidationError, match="ticket 0 is not one"):
        ticket_numbers_parse("0-3", first=1, last=300)


# --- the whole flow ---


def test_the_whole_flow_through_the_portal(client, raffle, officer, seed):
    signed_in(client, officer)
    organization_page = text(client.get(reverse("portal:organization_detail", args=[raffle.organization_id])))
    assert page(raffle) in organization_page and "Raffle drawing" in organization_page

    response = client.get(page(raffle))
    assert response.status_code == 200
    assert "Schedule the drawing" in text(response)

    response = client.post(page(raffle), {"action": "schedule", "prizes": "3"}, follow=True)
    drawing = RaffleDrawing.objects.get(license=raffle)
    assert drawing.status == DrawingStatus.SCHEDULED and drawing.prizes == 3
    body = text(response)
    assert engine.commitment_of(DRAWING_SEED) in body and DRAWING_SEED.hex() not in body
    assert "Close sales" in body and "commitment is published" in body

    sales = {"action": "close_sales", "sold": "1-250, 260, 270-300", "returned": "5 7-9"}
    response = client.post(page(raffle), sales)  # no declaration of the buyers' age: nothing closed
    assert response.status_code == 400 and "30 DCMR 1702.1" in text(response)
    assert 'id="id_buyers_age_declared_error"' in text(response)
    response = client.post(page(raffle), {**sales, "buyers_age_declared": "on"}, follow=True)
    drawing.refresh_from_db()
    assert drawing.status == DrawingStatus.SALES_CLOSED
    eligible = sorted({*range(1, 251), 260, *range(270, 301)} - {5, 7, 8, 9})
    body = text(response)
    assert engine.tickets_hash_of(eligible) in body and DRAWING_SEED.hex() not in body
    assert "Draw the winners" in body

    response = client.post(page(raffle), {"action": "draw"})  # not confirmed: nothing drawn
    assert response.status_code == 400
    assert 'id="id_confirm_error"' in text(response)
    drawing.refresh_from_db()
    assert drawing.status == DrawingStatus.SALES_CLOSED

    response = client.post(page(raffle), {"action": "draw", "confirm": "on"})  # nobody in charge named
    assert response.status_code == 400 and "30 DCMR 1301.5" in text(response)
    assert 'id="id_in_charge_error"' in text(response)
    drawing.refresh_from_db()
    assert drawing.status == DrawingStatus.SALES_CLOSED

    response = client.post(page(raffle), {"action": "draw", "confirm": "on", "in_charge": in_charge(raffle)},
                           follow=True)
    drawing.refresh_from_db()
    assert drawing.status == DrawingStatus.DRAWN
    winners = drawing_published(drawing)["winners"]
    assert winners == engine.draw(tickets=eligible, prizes=3, seed=DRAWING_SEED.hex()).winners
    body = text(response)
    assert DRAWING_SEED.hex() in body
    positions = [body.index(f"Prize {prize}: ticket {ticket}<") for prize, ticket in enumerate(winners, start=1)]
    assert positions == sorted(positions)
    assert reverse("public:raffle_drawing", args=[drawing.pk]) in body
    assert reverse("public:raffle_drawing_json", args=[drawing.pk]) in body
    assert 'name="action"' not in body  # nothing left to do
    assert DRAWING_PLACE in body and "Member in charge" in body  # who was present (30 DCMR 1301.5), and where

    # Drawn once: a second draw or a second schedule is refused and changes nothing.
    assert client.post(page(raffle), {"action": "draw", "confirm": "on"}).status_code == 400
    assert client.post(page(raffle), {"action": "schedule", "prizes": "1"}).status_code == 400
    assert RaffleDrawing.objects.filter(license=raffle).count() == 1
    assert drawing.events.count() == 3


# --- bad input inline, never a 500, nothing written ---


@pytest.mark.parametrize(("sold", "returned", "field", "says"), [
    ("5-3", "", "sold", "runs backwards"),
    ("abc", "", "sold", "is not a ticket number"),
    ("1-", "", "sold", "is not a ticket number"),
    ("1-10", "٣", "returned", "is not a ticket number"),
    ("1-301", "", "sold", "ticket 301 is not one of the license&#x27;s tickets"),
    ("1-10, 5", "", "sold", "ticket 5 is listed twice"),
    ("1-10", "11", "returned", "ticket 11 is returned but was not sold"),
    ("1-2", "", "sold", "2 eligible tickets cannot win 3 prizes"),
    ("", "", "sold", "This field is required"),
])
def test_bad_tickets_are_an_inline_error_naming_the_field(client, raffle, officer, sold, returned, field, says):
    drawing = drawing_schedule(actor=officer, license=raffle, prizes=3, seed_source=lambda: DRAWING_SEED)
    signed_in(client, officer)
    response = client.post(page(raffle), {"action": "close_sales", "sold": sold, "returned": returned})
    assert response.status_code == 400
    body = text(response)
    assert f'id="id_{field}_error"' in body
    error = body.split(f'id="id_{field}_error"', 1)[1].split("</div>", 1)[0]
    assert says in error
    drawing.refresh_from_db()
    assert drawing.status == DrawingStatus.SCHEDULED and drawing.events.count() == 1


@pytest.mark.parametrize(("sold", "returned", "field"), [("1-10\x00", "", "sold"), ("1-10", "2\x00", "returned")])
def test_a_nul_byte_is_refused_naming_the_field(client, raffle, officer, sold, returned, field):
    # The site's NUL guard (core/middleware/null_characters.py) answers before the form: a 400 naming the field.
    drawing = drawing_schedule(actor=officer, license=raffle, prizes=3, seed_source=lambda: DRAWING_SEED)
    signed_in(client, officer)
    response = client.post(page(raffle), {"action": "close_sales", "sold": sold, "returned": returned})
    assert response.status_code == 400
    assert f"“{field}” contains a NUL character" in text(response)
    drawing.refresh_from_db()
    assert drawing.status == DrawingStatus.SCHEDULED and drawing.events.count() == 1


@pytest.mark.parametrize(("prizes", "says"), [("0", "1"), ("abc", "whole number"), ("٣", "0 to 9"),
                                              ("1001", "1000"), ("", "required")])
def test_bad_prizes_are_an_inline_error(client, raffle, officer, prizes, says):
    signed_in(client, officer)
    response = client.post(page(raffle), {"action": "schedule", "prizes": prizes})
    assert response.status_code == 400
    assert says in text(response).split('id="id_prizes_error"', 1)[1].split("</div>", 1)[0]
    assert not RaffleDrawing.objects.filter(license=raffle).exists()


def test_a_license_without_ticket_numbers_is_refused_citing_the_rule(client, officer):
    raffle = license_for(license_type=LicenseType.RAFFLE, license_class="2", organization=officer.memberships.first(
    ).organization, application__first_ticket_number=None, application__last_ticket_number=None)
    signed_in(client, officer)
    response = client.post(page(raffle), {"action": "schedule", "prizes": "1"})
    assert response.status_code == 400
    assert "30 DCMR 1202.2(n)" in text(response)
    assert not RaffleDrawing.objects.filter(license=raffle).exists()


# --- who may see and act ---


def test_anonymous_is_sent_to_sign_in(client, raffle):
    response = client.get(page(raffle))
    assert response.status_code == 302 and reverse("login") in response["Location"]
    assert client.post(page(raffle), {"action": "schedule", "prizes": "1"}).status_code == 302
    assert not RaffleDrawing.objects.exists()


def test_another_organizations_officer_gets_a_404(client, raffle, officer):
    drawing_schedule(actor=officer, license=raffle, prizes=1, seed_source=lambda: DRAWING_SEED)
    other = license_for(license_type=LicenseType.RAFFLE, license_class="2")
    stranger = member(other.organization, Role.OFFICER)
    signed_in(client, stranger)
    assert client.get(page(raffle)).status_code == 404
    assert client.post(page(raffle), {"action": "close_sales", "sold": "1-10"}).status_code == 404
    assert RaffleDrawing.objects.get(license=raffle).status == DrawingStatus.SCHEDULED


def test_a_game_role_of_the_organization_gets_a_404_and_no_link(client, raffle):
    signed_in(client, member(raffle.organization, Role.CALLER))
    assert page(raffle) not in text(client.get(reverse("portal:organization_detail", args=[raffle.organization_id])))
    assert client.get(page(raffle)).status_code == 404


def test_a_license_of_another_type_has_no_drawing_page(client, officer):
    bingo = license_for(license_type=LicenseType.BINGO, license_class="A",
                        organization=officer.memberships.first().organization)
    signed_in(client, officer)
    assert client.get(page(bingo)).status_code == 404


@pytest.mark.parametrize("board_user", [board_staff, board_member])
def test_the_board_reads_but_cannot_act(client, raffle, officer, board_user):
    drawing = drawing_schedule(actor=officer, license=raffle, prizes=1, seed_source=lambda: DRAWING_SEED)
    signed_in(client, board_user())
    response = client.get(page(raffle))
    assert response.status_code == 200
    body = text(response)
    assert drawing.commitment in body and "read-only" in body
    assert 'name="action"' not in body
    assert client.post(page(raffle), {"action": "close_sales", "sold": "1-10"}).status_code == 403
    drawing.refresh_from_db()
    assert drawing.status == DrawingStatus.SCHEDULED

    drawing_sales_close(actor=officer, drawing=drawing, sold=[1, 2, 3], returned=[], buyers_age_declared=True)
    assert client.post(page(raffle), {"action": "draw", "confirm": "on"}).status_code == 403
    drawing.refresh_from_db()
    assert drawing.status == DrawingStatus.SALES_CLOSED


def test_the_board_sees_a_license_with_no_drawing_yet_without_the_form(client, raffle):
    signed_in(client, board_staff())
    assert page(raffle) in text(client.get(reverse("portal:organization_detail", args=[raffle.organization_id])))
    response = client.get(page(raffle))
    assert response.status_code == 200
    assert "No drawing is scheduled" in text(response) and 'name="prizes"' not in text(response)


# --- a blocking check says where to fix it (issue 26) ---


def test_missing_printer_documents_are_named_with_the_page_to_file_them(client):
    bare = raffle_ready(license_for(license_type=LicenseType.RAFFLE, license_class="2",
                                    application__first_ticket_number=1, application__last_ticket_number=10),
                        documents=False)
    organization, officer = bare.organization, member(bare.organization, Role.OFFICER)
    signed_in(client, officer)
    body = text(client.get(page(bare)))
    assert "30 DCMR 1502.5" in body and "30 DCMR 1502.6" in body
    assert reverse("portal:organization_documents", args=[organization.pk]) in body
    response = client.post(page(bare), {"action": "schedule", "prizes": "1"})
    assert response.status_code == 400 and "30 DCMR 1502.6" in text(response)
    assert not RaffleDrawing.objects.filter(license=bare).exists()


def test_the_draw_step_gives_the_time_and_where_to_name_the_member_in_charge(client):
    license = raffle_ready(license_for(license_type=LicenseType.RAFFLE, license_class="2",
                                       application__first_ticket_number=1, application__last_ticket_number=10),
                           people=False)
    organization, officer = license.organization, member(license.organization, Role.OFFICER)
    drawing = drawing_schedule(actor=officer, license=license, prizes=1, seed_source=lambda: DRAWING_SEED)
    drawing_sales_close(actor=officer, drawing=drawing, sold=[1, 2], returned=[], buyers_age_declared=True)
    signed_in(client, officer)
    body = text(client.get(page(license)))
    assert "not before (30 DCMR 1202.2(n))" in body
    assert reverse("portal:organization_responsible_people", args=[organization.pk]) in body
