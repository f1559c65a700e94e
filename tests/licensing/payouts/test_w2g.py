"""A paid prize's Form W-2G (licensing.payouts.year_end): its boxes as the IRS numbers them, the winner's copies as a
PDF with the taxpayer number truncated (rendered to PNG with pdftoppm to look at it), and who may download it."""

import datetime as dt
import io
import os
import shutil
import subprocess
from decimal import Decimal
from pathlib import Path

import pytest
from django.urls import reverse
from pypdf import PdfReader

from licensing.models import Role
from licensing.organizations.services import organization_profile_update
from licensing.payouts.services import payout_identities_purge, payout_open, payout_pay
from licensing.payouts.year_end.pdf import w2g_pdf
from licensing.payouts.year_end.w2g import BOX, w2g_content
from tests.licensing.factories import UserFactory, board_staff, member
from tests.licensing.payouts.forms_factories import JUNE_2026, WINNER, desk_license, paid

pytestmark = pytest.mark.django_db
D = Decimal


def _text(pdf: bytes) -> str:
    """The PDF's words, one space between each (a box's text wraps where its width ends)."""
    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages).split())


@pytest.fixture
def license():
    return desk_license()


@pytest.mark.parametrize(("game", "prize", "wager", "wager_type", "withheld"), [
    ("bingo", "2500.00", "0.00", "Bingo", "0.00"),  # 26 U.S.C. 3402(q)(5): bingo is never withheld on
    ("raffle", "6000.00", "10.00", "Raffle", "1437.60"),  # 24% of the proceeds, $5,990.00
    ("montecarlo", "2500.00", "5.00", "Casino night prize", "0.00"),
    ("holdem", "7500.00", "20.00", "Poker tournament", "1795.20"),  # 24% of $7,480.00, at 375 times the buy-in
])
def test_every_box_holds_what_the_desk_recorded(license, game, prize, wager, wager_type, withheld):
    payout = paid(license, game=game, prize=prize, wager=wager, label="Ticket 00123")
    form = w2g_content(payout)
    assert form.form_number == "W2G-2026-00001" and form.year == 2026
    assert form.payer.name == "Brightwood Volunteer Fire Auxiliary" and form.payer.tin == ""
    assert form.payer.place == "Washington, DC 20011" and form.payer.phone == "202-555-0143"
    assert (form.winner.name, form.winner.street, form.winner.place) == (
        "Ana Ruiz", "1 Main St NW, Apt 4", "Washington, DC 20001")
    assert form.box("1") == D(prize) and form.box("2") == JUNE_2026 and str(form.box("3")) == wager_type
    assert form.box("4") == D(withheld) and form.box("5") == "Ticket 00123"
    assert form.box("9") == "***-**-3071"
    assert (form.box("11"), form.box("12")) == (WINNER["id_first"], WINNER["id_second"])
    assert all(form.box(number) is None for number in ("6", "7", "10", "13", "14", "15", "16", "17", "18"))


def test_box_8_holds_the_initials_of_who_paid_a_bingo_prize(license):
    cashier = member(license.organization, Role.MEMBER_IN_CHARGE)
    cashier.full_name = "Dana Q. Whitfield"
    cashier.save(update_fields=["full_name"])
    assert w2g_content(paid(license, actor=cashier)).box("8") == "DQW"
    assert w2g_content(paid(license, game="raffle", prize="2500.00", wager="1.00", actor=cashier)).box("8") == ""


def test_box_7_adds_the_same_winner_s_earlier_prize_of_the_session(license):
    desk = member(license.organization, Role.OFFICER)
    first = paid(license, game="raffle", prize="1500.00", wager="1.00", actor=desk)
    second = payout_open(license=license, game="raffle", source=f"{first.session}/prize:99", session=first.session,
                         label="Ticket 00777", won_on=JUNE_2026, prize=D("1500.00"), wager=D("1.00"))
    second = payout_pay(actor=desk, payout=second, method="cash", amount="1500.00", winner=WINNER, paid_on=JUNE_2026,
                        today=JUNE_2026)
    form = w2g_content(second)
    assert form.box("7") == D("1500.00") and form.box("1") == D("3000.00")


def test_the_pdf_is_the_winner_s_copies_with_the_number_truncated(license, tmp_path):
    payout = paid(license, game="raffle", prize="6000.00", wager="10.00", label="Ticket 00123")
    pdf = w2g_pdf(payout)
    assert pdf.startswith(b"%PDF") and len(PdfReader(io.BytesIO(pdf)).pages) == 1
    text = _text(pdf)
    for fact in ("W-2G", "Certain Gambling Winnings", "2026", "W2G-2026-00001", "OMB No. 1545-0238",
                 "Brightwood Volunteer Fire Auxiliary", "5816 Georgia Avenue NW", "Washington, DC 20011",
                 "202-555-0143", "Ana Ruiz", "1 Main St NW, Apt 4", "Washington, DC 20001", "$6,000.00", "06/06/2026",
                 "Raffle", "$1,437.60", "Ticket 00123", "***-**-3071", "DC driver's license ending 4411, photo",
                 "DC voter registration card", "Copy B", "Copy C", "26 CFR 301.6109-4", "(EIN) is not on",
                 "Boxes 13-18"):
        assert fact in text, fact
    for number in BOX:
        assert f"{number} {BOX[number].label}" in text, number
    assert "212-48-3071" not in text and "212483071" not in text
    if shutil.which("pdftoppm"):
        shots = Path(os.environ.get("SHOTS_DIR") or tmp_path)
        shots.mkdir(parents=True, exist_ok=True)
        (tmp_path / "w2g.pdf").write_bytes(pdf)
        subprocess.run(["pdftoppm", "-png", "-r", "110", "-singlefile", str(tmp_path / "w2g.pdf"),
                        str(shots / "payouts-w2g")], check=True)
        assert (shots / "payouts-w2g.png").stat().st_size > 5000


def test_the_payer_s_ein_is_printed_once_the_organization_gives_it(license):
    payout = paid(license, game="raffle", prize="6000.00", wager="10.00")
    without = _text(w2g_pdf(payout))
    assert "(EIN) is not on" in without and "Not on record: see the note above." in without
    organization_profile_update(actor=member(license.organization, Role.OFFICER), organization=license.organization,
                                ein="521234567")
    payout.refresh_from_db()
    payout.organization.refresh_from_db()
    form = w2g_content(payout)
    assert form.payer.tin == "52-1234567"
    pdf = w2g_pdf(payout)
    text = _text(pdf)
    assert "PAYER'S federal identification number 52-1234567" in text
    assert "(EIN) is not on" not in text and "Not on record" not in text
    assert "***-**-3071" in text and len(PdfReader(io.BytesIO(pdf)).pages) == 1


def test_a_refused_number_leaves_box_9_blank_and_says_backup_withholding(license):
    payout = paid(license, game="raffle", prize="1000.00", wager="1.00", paid_on=dt.date(2025, 6, 6),
                  winner={**WINNER, "tin": "", "tin_refused": True})
    form = w2g_content(payout)
    assert form.box("9") == "" and form.box("4") == D("239.76") and form.backup_withholding
    pdf = w2g_pdf(payout)
    text = _text(pdf)
    assert "backup withholding" in text and "$239.76" in text and "2025" in text
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 1


def test_a_purged_identity_keeps_the_amounts(license):
    payout = paid(license, paid_on=dt.date(2018, 6, 6))
    assert payout_identities_purge(today=dt.date(2026, 6, 6)) == 1
    payout.refresh_from_db()
    form = w2g_content(payout)
    assert form.identity_purged and form.winner.name == "" and form.box("9") == "" and form.box("1") == D("2500.00")
    assert "removed after the retention period" in _text(w2g_pdf(payout))


def test_only_the_organization_s_desk_downloads_the_form(client, license):
    payout = paid(license)
    address = reverse("portal:payout_w2g_pdf", kwargs={"pk": payout.pk})
    assert client.get(address).status_code == 302  # to the sign-in page
    for role in (Role.OFFICER, Role.GROSS_RECEIPTS, Role.TOURNAMENT_DIRECTOR):
        client.force_login(member(license.organization, role))
        response = client.get(address)
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf", role
        assert response["Cache-Control"] == "private, no-store"
    other = desk_license(name="Another Club")
    for outsider in (member(license.organization, Role.CALLER), member(other.organization, Role.OFFICER),
                     board_staff(), UserFactory()):
        client.force_login(outsider)
        assert client.get(address).status_code == 404


def test_a_prize_with_no_form_has_no_pdf(client, license):
    payout = paid(license, prize="100.00", winner={"name": "Bo"})
    client.force_login(member(license.organization, Role.OFFICER))
    assert client.get(reverse("portal:payout_w2g_pdf", kwargs={"pk": payout.pk})).status_code == 404
