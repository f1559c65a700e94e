"""The Rules and fees pages: who sees them, a change proposed with its preview and confirmed, approved by a second
person only, refused with a note, withdrawn by its proposer; odd input is an error on the field and writes nothing."""

import datetime as dt

import pytest
from django.contrib.auth.models import Permission
from django.utils import timezone

from licensing.models import BoardNumber, NumberStatus
from licensing.models.choices import ApplicationKind, LicenseType
from licensing.register import values
from licensing.register.services import number_propose
from tests.licensing.factories import ApplicationFactory, board_admin, board_member, board_staff, role_user

pytestmark = pytest.mark.django_db
PAGE = "/portal/board/rules/"
PROPOSE = "/portal/board/rules/propose/"
PREVIEW = "/portal/board/rules/preview/"
KEY = "fee.bingo.A.original"


def tomorrow_plus(days: int = 30) -> dt.date:
    return timezone.localdate() + dt.timedelta(days=days)


def staff_with_permission():
    user = board_staff(is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="edit_board_numbers"))
    return user


def user_of(role: str, organization):
    if role == "staff_with_permission":
        return staff_with_permission()
    return role_user(role, organization)


ROLES = ["anonymous", "officer", "board_staff", "staff_with_permission", "board_member", "board_admin", "superuser"]
# What each role gets: the page (and the history), and the propose form.
MAY_READ = {"staff_with_permission", "board_member", "board_admin"}
MAY_PROPOSE = {"staff_with_permission", "board_admin"}


def _proposal(actor=None, value="600.00", start=None, key=KEY):
    return number_propose(actor=actor or board_admin(), key=key, value=value,
                          effective_from=start or tomorrow_plus(), citation="30 DCMR 1204.1", reason="December meeting")


def _expected(role: str, allowed: set[str]) -> int:
    if role == "anonymous":
        return 302  # to the sign-in, as every Board page
    return 200 if role in allowed else 403


@pytest.mark.parametrize("role", ROLES)
def test_who_opens_the_pages(client, organization, role):
    user = user_of(role, organization)
    if user is not None:
        client.force_login(user)
    for url, allowed in ((PAGE, MAY_READ), (f"/portal/board/rules/{KEY}/", MAY_READ), (PROPOSE, MAY_PROPOSE)):
        response = client.get(url)
        assert response.status_code == _expected(role, allowed), url
        if role == "anonymous":
            assert response["Location"].startswith("/accounts/login/")
    home = client.get("/public/fees/")
    assert (f'href="{PAGE}"' in home.content.decode()) == (role in MAY_READ)  # the Board menu's link


@pytest.mark.parametrize("role", ROLES)
def test_who_may_approve_a_change(client, organization, role):
    proposal = _proposal()
    user = user_of(role, organization)
    if user is not None:
        client.force_login(user)
    response = client.post(f"/portal/board/rules/proposals/{proposal.pk}/approve/", {"note": "Agreed."})
    proposal.refresh_from_db()
    if role in MAY_READ:
        assert response.status_code == 302
        assert proposal.status == NumberStatus.APPROVED
    else:
        assert response.status_code == _expected(role, set())
        assert proposal.status == NumberStatus.PROPOSED


def test_the_page_shows_the_values_in_force_their_citations_and_what_is_scheduled(client):
    admin, member = board_admin(), board_member()
    later = _proposal(admin, start=dt.date(2027, 1, 1) if timezone.localdate() < dt.date(2026, 12, 31)
                      else tomorrow_plus())
    from licensing.register.services import number_approve
    number_approve(actor=member, number=later)
    client.force_login(member)
    page = client.get(PAGE).content.decode()
    assert "Fees" in page and "Bingo" in page and "Federal reporting of winnings" in page
    assert "Bingo Class A original fee" in page and "$500.00" in page and "30 DCMR 1204.1" in page
    assert "$600.00" in page  # scheduled after today
    assert "30 DCMR 1408.1" in page  # the Class A/B/C game prize cap, with its citation


def test_a_proposal_shows_its_preview_on_a_confirm_step_then_waits_for_a_second_person(client):
    ApplicationFactory(license_type=LicenseType.BINGO, license_class="A", kind=ApplicationKind.ORIGINAL)
    admin = board_admin()
    client.force_login(admin)
    start = tomorrow_plus()
    form = client.get(PROPOSE, {"key": KEY}).content.decode()
    assert 'value="30 DCMR 1204.1"' in form  # the citation of the row in force
    data = {"key": KEY, "value": "600.00", "effective_from": start.isoformat(), "citation": "30 DCMR 1204.1",
            "reason": "December meeting"}
    confirm = client.post(PROPOSE, data)
    assert confirm.status_code == 200
    text = confirm.content.decode()
    assert "Bingo Class A original fee goes from $500.00 to $600.00" in text
    assert "1 application in progress would be quoted the new fee" in text
    assert not BoardNumber.objects.filter(status=NumberStatus.PROPOSED).exists()  # nothing written yet
    done = client.post(PROPOSE, {**data, "confirm": "1"})
    assert done.status_code == 302 and done["Location"] == PAGE
    proposal = BoardNumber.objects.get(status=NumberStatus.PROPOSED)
    assert (proposal.key, proposal.value, proposal.effective_from, proposal.proposed_by) == (KEY, "600.00", start,
                                                                                          admin)
    # The proposer sees it waiting, with no Approve of their own (four eyes), and may withdraw it.
    own = client.get(PAGE).content.decode()
    assert f"/proposals/{proposal.pk}/approve/" not in own and f"/proposals/{proposal.pk}/withdraw/" in own
    refused = client.post(f"/portal/board/rules/proposals/{proposal.pk}/approve/", {"note": ""})
    assert refused.status_code == 403  # the service refuses it anyway
    # A board member sees Approve and Refuse, not Withdraw, and approves.
    client.force_login(board_member())
    theirs = client.get(PAGE).content.decode()
    assert f"/proposals/{proposal.pk}/approve/" in theirs and f"/proposals/{proposal.pk}/withdraw/" not in theirs
    assert client.post(f"/portal/board/rules/proposals/{proposal.pk}/approve/", {"note": "Agreed."}).status_code == 302
    assert values.value(KEY, start - dt.timedelta(days=1)) == 500
    assert values.value(KEY, start) == 600


def test_the_live_preview_says_what_the_change_does_or_what_is_wrong(client):
    client.force_login(board_admin())
    data = {"key": KEY, "value": "600.00", "effective_from": tomorrow_plus().isoformat(),
            "citation": "30 DCMR 1204.1"}
    answer = client.post(PREVIEW, data, headers={"HX-Request": "true"}).content.decode()
    assert "goes from $500.00 to $600.00" in answer and "<html" not in answer
    wrong = client.post(PREVIEW, {**data, "value": "six hundred"}, headers={"HX-Request": "true"}).content.decode()
    assert "The value of fee.bingo.A.original must be" in wrong
    assert not BoardNumber.objects.filter(status=NumberStatus.PROPOSED).exists()


def test_a_refusal_needs_a_note_and_a_member_may_not_withdraw(client):
    proposal = _proposal()
    client.force_login(board_member())
    empty = client.post(f"/portal/board/rules/proposals/{proposal.pk}/refuse/", {"note": ""})
    assert empty.status_code == 400
    assert "This field is required." in empty.content.decode()
    assert client.post(f"/portal/board/rules/proposals/{proposal.pk}/withdraw/").status_code == 403
    assert client.post(f"/portal/board/rules/proposals/{proposal.pk}/refuse/",
                       {"note": "Not before the budget."}).status_code == 302
    proposal.refresh_from_db()
    assert proposal.status == NumberStatus.REFUSED and proposal.decision_note == "Not before the budget."
    # Deciding it again: the error at the top of the page, nothing changes.
    again = client.post(f"/portal/board/rules/proposals/{proposal.pk}/approve/", {"note": ""}, follow=True)
    assert "only a change waiting for approval can be decided" in again.content.decode()
    proposal.refresh_from_db()
    assert proposal.status == NumberStatus.REFUSED


def test_the_proposer_withdraws_and_the_history_shows_every_row(client):
    admin = board_admin(full_name="Avery Board")
    proposal = _proposal(admin)
    client.force_login(admin)
    assert client.post(f"/portal/board/rules/proposals/{proposal.pk}/withdraw/").status_code == 302
    proposal.refresh_from_db()
    assert proposal.status == NumberStatus.WITHDRAWN
    history = client.get(f"/portal/board/rules/{KEY}/").content.decode()
    assert "Withdrawn" in history and "Approved" in history and "Avery Board" in history
    assert "December meeting" in history
    assert client.get("/portal/board/rules/fee.no.such/").status_code == 404


@pytest.mark.parametrize(("changes", "field", "words"), [
    ({"value": "six hundred"}, "value", "The value of fee.bingo.A.original must be"),
    ({"value": "600.001"}, "value", "The value of fee.bingo.A.original must be"),
    ({"effective_from": "2020-01-01"}, "effective_from", "takes effect from a future day"),
    ({"effective_from": "today"}, "effective_from", "Enter a valid date"),
    ({"effective_from": "99999-01-01"}, "effective_from", "Enter a valid date"),
    ({"effective_from": "٢٠٢٧-٠١-٠١"}, "effective_from", "digits 0 to 9"),
    ({"key": "fee.bingo.Z.original"}, "key", "Select a valid choice"),
    ({"citation": ""}, "citation", "This field is required"),
    ({"value": "١٠٠"}, "value", "must be"),
])
def test_bad_input_is_an_error_on_the_field_and_nothing_is_written(client, changes, field, words):
    client.force_login(board_admin())
    data = {"key": KEY, "value": "600.00", "effective_from": tomorrow_plus().isoformat(),
            "citation": "30 DCMR 1204.1", "reason": "", **changes}
    before = BoardNumber.objects.count()
    for extra in ({}, {"confirm": "1"}):
        response = client.post(PROPOSE, {**data, **extra})
        assert response.status_code == 400
        form = response.context["form"]
        assert any(words in error for error in form.errors.get(field, [])), form.errors
    assert BoardNumber.objects.count() == before


def test_a_nul_byte_is_refused_before_the_page(client):
    client.force_login(board_admin())
    before = BoardNumber.objects.count()
    response = client.post(PROPOSE, {"key": KEY, "value": "600\x00.00", "effective_from": tomorrow_plus().isoformat(),
                                     "citation": "30 DCMR 1204.1", "confirm": "1"})
    assert response.status_code == 400
    assert BoardNumber.objects.count() == before


def test_the_public_page_lists_the_numbers_without_the_boards_tools(client):
    _proposal()
    page = client.get("/public/rules/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Bingo Class A original fee" in text and "30 DCMR 1204.1" in text
    assert "waiting for a second person" not in text and "/proposals/" not in text and "Propose a change" not in text


def test_the_page_in_spanish(client):
    client.force_login(board_member())
    text = client.get(PAGE, headers={"Accept-Language": "es"}).content.decode()
    assert "Reglas y tarifas" in text


def test_the_fee_calculator_quotes_the_fee_in_force_on_the_day_of_applying(client, monkeypatch):
    from licensing.fees import views as fee_views

    asked = []
    real = fee_views.fee_quote
    monkeypatch.setattr(fee_views, "fee_quote", lambda **data: asked.append(data["on"]) or real(**data))
    query = {"license_type": "bingo", "license_class": "A", "period": "regular", "kind": "original"}
    page = client.get("/public/fees/")
    assert 'name="on"' in page.content.decode() and timezone.localdate().isoformat() in page.content.decode()
    client.get("/public/fees/", {**query, "on": "2027-03-01"})
    client.get("/public/fees/", query)
    assert asked == [dt.date(2027, 3, 1), None]  # None: today
    for bad, words in (("٢٠٢٧-٠٣-٠١", "digits 0 to 9"), ("99999-01-01", "Enter a valid date")):
        answer = client.get("/public/fees/", {**query, "on": bad}).content.decode()
        assert words in answer and "Applying on" in answer
    assert len(asked) == 2
