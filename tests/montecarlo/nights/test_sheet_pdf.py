"""The posted house rules as a printable sheet (`/montecarlo/night/<key>/house-rules.pdf`, 30 DCMR 1603.2,
1604.5): public by the night's key; its text (pypdf) holds the night, the prize list, the chips' lack of cash
value (1603.21), each table's limits and pay table and the dice rules of 1604.1 where dice are thrown; page 1
renders with ink on it (pdftoppm)."""

import io
import re
import shutil
import subprocess

import pytest
from django.urls import reverse
from PIL import Image
from pypdf import PdfReader

from montecarlo.tables import services as table_services
from tests.conftest import need
from tests.montecarlo.factories import night_for, table_for

pytestmark = pytest.mark.django_db
PRIZES = [{"description": "Weekend for two in Annapolis", "value": "450.00"},
          {"description": "Dinner at the Post", "value": "80.00"}]


def sheet(client, night):
    response = client.get(reverse("montecarlo:night_sheet", args=[night.public_key]))  # anonymous
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'inline; filename="night-{night.pk}-house-rules.pdf"'
    return response.content


def text_of(pdf: bytes) -> str:
    return " ".join(" ".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf)).pages).split())


@pytest.fixture
def casino_night():
    night, director = night_for(name="Post 8 Casino Night", prizes=PRIZES,
                                house_rules="The dealer's call is final.\nNo chips leave the hall.")
    table_for(night, director, "punto-banca", min_bet=20, max_bet=1000, banker_pays="half_on_six", decks=6)
    table_for(night, director, "caribbean-poker", min_bet=10, max_bet=200, jackpot=True, payout_cap=5000)
    table_for(night, director, "craps", min_bet=10, max_bet=500, field_12_pays=3)
    closed = table_for(night, director, "wheel", min_bet=5, max_bet=250)
    table_services.table_close(actor=director, table=closed)
    return night


def test_the_sheet_holds_the_night_its_prizes_tables_and_dice_rules(client, casino_night, tmp_path):
    pdf = sheet(client, casino_night)
    text = text_of(pdf)
    for expected in (
            "Post 8 Casino Night", casino_night.license.organization.name, casino_night.license.number,
            "House rules and prize list, posted at the entrance and at every table (30 DCMR 1603.2, 1604.5).",
            "Admission $25.00, paid in US currency (30 DCMR 1603.4).",
            "Every participant gets 1000 chips, whatever they paid or donated (30 DCMR 1603.7, 1603.8).",
            "Size of the dice (inches; at least 0.75, 30 DCMR 1604.1): 0.75.",
            "30 DCMR 1603.21", "Nobody under 18 plays (30 DCMR 1702.1).",
            "By final chip count, most chips first.", "Weekend for two in Annapolis — $450.00",
            "Dinner at the Post — $80.00", "The dealer's call is final.", "No chips leave the hall.",
            "Table 1: Punto y banca (baccarat)", "Bets of 20 to 1000 chips.", "Decks in the shoe: 6 decks.",
            "Winning banker bets: even money, no commission, half on a banker six (002 art. 8(b)).",
            "Tie 8:1", "Table 2: Caribbean poker", "Bets of 10 to 200 chips.", "Progressive jackpot side bet: yes.",
            "Table 3: Craps", "Field: a 12 pays (to 1): 3.", "Dice (30 DCMR 1604.1)",
            "a throw that does not is void and the dice are thrown again (1604.1(a))",
            casino_night.drawing_commitment):
        assert expected in text, expected
    assert "Wheel of fortune" not in text  # a closed table is no longer posted
    assert re.search(r"Player 1:1 20–1000 .*?Castilla-La Mancha punto y banca order \(002\) art\. 8", text)
    assert "Banker 1:1, a six 1:2 20–1000 (multiples of 2)" in text  # the no-commission banker bet (002 art. 8(b))
    need(shutil.which("pdftoppm") is not None, "pdftoppm is missing: apt-get install -y poppler-utils")
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "1", str(path), str(tmp_path / "page")],
                   check=True, timeout=60)
    [png] = tmp_path.glob("page*.png")
    image = Image.open(png).convert("L")
    assert image.size[0] < image.size[1]  # a letter page, upright
    assert sum(image.histogram()[:128]) > 2000, "page 1 of the sheet is blank"


def test_the_caribbean_table_posts_its_pay_table_and_jackpot_awards(client, casino_night):
    """A Caribbean poker table's bet is paid by its pay table (001 art. 14): the posted sheet shows it, and the
    jackpot's awards (001 art. 17), not just "paid by the pay table"."""
    text = text_of(sheet(client, casino_night))
    for expected in ("royal flush", "100:1", "straight flush", "50:1", "four of a kind", "20:1", "full house",
                     "7:1", "5000"):
        assert expected in text.lower(), expected


def test_a_night_without_dice_posts_no_dice_rules_and_an_empty_night_says_so(client):
    night, director = night_for(prize_method="drawing", prizes=[])
    text = text_of(sheet(client, night))
    assert "No tables set up yet." in text and "No prizes." in text and "Dice (30 DCMR 1604.1)" not in text
    assert "each chip a participant holds is one chance" in text
    table_for(night, director, "wheel", min_bet=5, max_bet=250)
    posted = client.get(reverse("montecarlo:night_public", args=[night.public_key])).content.decode()
    assert "Table 1: Wheel of fortune" in posted and "Dice (30 DCMR 1604.1)" not in posted  # the sheet's context
    table_for(night, director, "banca-francesa", min_bet=5, max_bet=1000)
    text = text_of(sheet(client, night))
    assert "Table 1: Wheel of fortune" in text and "Figure A" in text and "45:1" in text
    assert "Dice (30 DCMR 1604.1)" in text and "Aces: a total of 3, pays 61:1 61:1 5–30" in text
    assert client.get(reverse("montecarlo:night_sheet", args=["nope"])).status_code == 404
