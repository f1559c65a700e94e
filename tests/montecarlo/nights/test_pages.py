"""A Monte Carlo Night's pages as people use them (the Django test client, signed in): the list and the planning
form with its rules (1204.17, 1202.2(o), 1603.8), the director's page (admission with 1702.1 and 1603.4, the
posted terms before and after admission, the count and the award), the chip receipt with its QR code and the
receipt's link (the night's staff and the Board to the ledger; anyone else a 404, anonymous the sign-in), the
public pages by the night's key (posted rules, leaderboard, the drawing, which
`python -m licensing.reports.drawings.engine verify` accepts). Odd input on every POST is a message on the page and
writes nothing. The tables' pages: tests/montecarlo/tables/test_game_pages.py."""

import datetime as dt
import json
import re
import subprocess
import sys
from decimal import Decimal
from html import unescape

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils.formats import date_format

from core.dates import day
from licensing.licenses.certificates import qr_svg
from licensing.models import AuditEvent, Role
from montecarlo.models import ApprovalStatus, ChipLedgerEntry, GameApproval, Night, NightStatus, Participant
from montecarlo.nights import services
from montecarlo.tables import services as table_services
from tests.licensing.factories import board_member, board_staff, member
from tests.montecarlo.factories import DAY, admit, in_charge_of, mcn_license, night_for, table_for

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def messages_of(response) -> list[tuple[str, str]]:
    found = re.findall(r'<li class="message ([a-z]+)">(.*?)</li>', response.content.decode(), re.S)
    return [(level, " ".join(unescape(re.sub(r"<[^>]+>", " ", text)).split())) for level, text in found]


def errors_of(response) -> list[str]:
    return [text for level, text in messages_of(response) if level == "error"]


def form_errors(response) -> list[str]:
    lists = re.findall(r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>', response.content.decode(), re.S)
    return [" ".join(unescape(re.sub(r"<[^>]+>", " ", found)).split()) for found in lists]


def command(night, name: str) -> str:
    return reverse("montecarlo:night_command", args=[night.pk, name])


def written() -> tuple[int, int, int, list]:
    return (Night.objects.count(), Participant.objects.count(), ChipLedgerEntry.objects.count(),
            list(Night.objects.order_by("pk").values_list("prizes", "prize_method", "house_rules", "status")))


# --- the list and the planning form ---


def plan(license, **change) -> dict:
    return {"license": str(license.pk), "name": "Spring Casino Night", "date": DAY.isoformat(), "starts_at": "18:30",
            "ends_at": "23:00", "admission_price": "25.00", "starting_chips": "1000", "prize_method": "ranking",
            "prizes": "Dinner for two | 80.00\nGift basket | $40", "house_rules": "Chips have no cash value.",
            "in_charge": str(in_charge_of(license).pk), **change}


def test_the_list_and_a_night_planned_through_the_form(client):
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    client.force_login(director)
    page = client.get(reverse("montecarlo:night_list"))
    assert page.status_code == 200 and "No nights yet." in text_of(page)
    assert reverse("montecarlo:night_create") in page.content.decode()
    form = client.get(reverse("montecarlo:night_create"))
    assert form.status_code == 200 and "30 DCMR 1204.17" in text_of(form)
    response = client.post(reverse("montecarlo:night_create"), plan(license))
    night = Night.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("montecarlo:night_detail",
                                                                            args=[night.pk])
    assert (night.name, night.date, night.starting_chips, night.admission_price, night.premises_id) == (
        "Spring Casino Night", DAY, 1000, Decimal("25.00"), license.premises_id)
    assert night.prizes == [{"description": "Dinner for two", "value": "80.00"},
                            {"description": "Gift basket", "value": "40.00"}]
    detail = client.get(response["Location"])
    assert "The night is planned." in text_of(detail) and "Dinner for two ($80.00)" in text_of(detail)
    assert AuditEvent.objects.filter(event_type="montecarlo.night_created").count() == 1
    listed = text_of(client.get(reverse("montecarlo:night_list")))
    assert "Spring Casino Night" in listed and f"{date_format(DAY, 'DATE_FORMAT')} 18:30–23:00" in listed
    # A dealer reads the nights but plans none; another organization sees none of them.
    client.force_login(member(license.organization, Role.DEALER))
    listed = client.get(reverse("montecarlo:night_list"))
    assert "Spring Casino Night" in text_of(listed)
    assert reverse("montecarlo:night_create") not in listed.content.decode()
    assert client.get(reverse("montecarlo:night_create")).status_code == 404
    client.force_login(member(mcn_license().organization, Role.TOURNAMENT_DIRECTOR))
    assert "Spring Casino Night" not in text_of(client.get(reverse("montecarlo:night_list")))
    assert client.get(reverse("montecarlo:night_detail", args=[night.pk])).status_code == 404
    client.force_login(board_member())
    assert "Spring Casino Night" in text_of(client.get(reverse("montecarlo:night_list")))


def test_a_third_night_of_the_year_is_refused_with_1204_17(client):
    night, director = night_for()
    night_for(license=night.license, director=director, name="Autumn")
    client.force_login(director)
    before = written()
    response = client.post(reverse("montecarlo:night_create"), plan(night.license, name="A third"))
    assert response.status_code == 400
    assert form_errors(response) == ["30 DCMR 1204.17: the organization already holds 2 Monte Carlo Nights in "
                                     f"{DAY.year}; at most 2 a calendar year (30 DCMR 1204.17)."]
    assert written() == before
    # A training night is no event: it does not count (and awards nothing).
    response = client.post(reverse("montecarlo:night_create"), plan(night.license, name="Practice", training="on",
                                                                    prizes=""))
    assert response.status_code == 302 and Night.objects.get(name="Practice").training


@pytest.mark.parametrize(("change", "expected"), [
    ({"starts_at": "10:00"}, "30 DCMR 1202.2(o): a Monte Carlo Night is held on the licensed date and "
                             f"within the licensed hours (30 DCMR 1202.2(o)); none licensed cover {day(DAY)} "
                             "10:00-23:00."),
    ({"ends_at": "23:45"}, "none licensed cover"),
    ({"ends_at": "18:00"}, "30 DCMR 1202.2(o): the night must end after it starts (30 DCMR 1202.2(o))."),
    ({"date": (DAY - dt.timedelta(days=30)).isoformat()}, "30 DCMR 1200.1"),
    ({"starting_chips": "99999999999999999999999"}, "30 DCMR 1603.7: every participant gets the same "
                                                    "chips, a whole number from 1 to 1000000000"),
    ({"starting_chips": "0"}, "Ensure this value is greater than or equal to 1."),
    ({"starting_chips": "١٠٠٠"}, "Write the number with the digits 0 to 9."),
    ({"admission_price": "٢٥"}, "Write the amount with the digits 0 to 9."),
    ({"admission_price": "25.001"}, "Enter at most two decimals (cents)."),
    ({"admission_price": "99999999999999999"}, "too large"),
    ({"admission_price": "-5"}, ""),
    ({"date": "٢٠٢٦-12-01"}, "Write the date with the digits 0 to 9"),
    ({"date": "2026-02-30"}, "Enter a valid date."),
    ({"prizes": "Dinner | 80.00\nBasket | ١٠"}, "Line 2: Write the amount with the digits 0 to 9."),
    ({"prizes": "Dinner 80.00"}, "Line 1: write the prize as \"description | value\"."),
    ({"prizes": "Dinner | 80.00", "training": "on"}, "a training night awards no prizes"),
    ({"prize_method": "lottery"}, "Select a valid choice."),
    ({"license": "99999999999999999999"}, "Select a valid choice."),
    ({"license": "١"}, "Select a valid choice."),
    ({"name": ""}, "This field is required."),
    ({"name": "Night\x00"}, "NUL"),
], ids=lambda value: repr(value)[:40])
def test_an_invalid_night_shows_the_field_error_with_its_rule_and_writes_nothing(client, change, expected):
    license = mcn_license()
    client.force_login(member(license.organization, Role.OFFICER))
    response = client.post(reverse("montecarlo:night_create"), {**plan(license), **change})
    assert response.status_code == 400
    errors = form_errors(response)
    assert errors and any(expected in error for error in errors), errors
    assert not Night.objects.exists()


def test_the_planning_form_with_nothing_filled_in(client):
    license = mcn_license()
    client.force_login(member(license.organization, Role.TOURNAMENT_DIRECTOR))
    response = client.post(reverse("montecarlo:night_create"), {"name": ""})
    assert response.status_code == 400 and len(form_errors(response)) >= 7
    response = client.post(reverse("montecarlo:night_create"), {})  # an empty post shows the blank form again
    assert response.status_code in (200, 400)
    assert not Night.objects.exists()


# --- the director's page: admission, the receipt and its QR code ---


def test_admission_needs_the_age_declared_and_issues_the_chips(client):
    night, director = night_for()
    client.force_login(director)
    before = written()
    response = client.post(command(night, "admit"), {"admission_paid": "25.00", "name": "Ana"}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("montecarlo:night_detail", args=[night.pk])
    assert errors_of(response) == ["30 DCMR 1702.1: the participant must declare being 18 or older; "
                                   "no one under 18 plays (30 DCMR 1702.1)."]
    assert written() == before
    response = client.post(command(night, "admit"), {"admission_paid": "20.00", "age_declared": "on"}, follow=True)
    assert errors_of(response) == ["30 DCMR 1603.4: the admission is 25.00 in US currency "
                                   "(30 DCMR 1603.4); 20.00 was entered."]
    assert written() == before
    response = client.post(command(night, "admit"), {"admission_paid": "100.00", "age_declared": "on", "name": "Ana",
                                                     "show_name": "on"}, follow=True)
    assert ("success", "Participant #1 admitted with 1000 chips.") in messages_of(response)
    receipt = reverse("montecarlo:participant_receipt", args=[night.pk, 1])
    assert receipt in response.content.decode()  # the receipt of the one just admitted, one tap away
    ana = Participant.objects.get(night=night)
    assert (ana.number, ana.name, ana.show_name, ana.chips, ana.admission_paid) == (1, "Ana", True, 1000,
                                                                                   Decimal("100.00"))
    assert list(ana.ledger.values_list("kind", "chips", "balance")) == [("issue", 1000, 1000)]
    client.post(command(night, "admit"), {"admission_paid": "25.00", "age_declared": "on"})
    page = text_of(client.get(reverse("montecarlo:night_detail", args=[night.pk])))
    assert "Participants (2)" in page and "issued 2000 = held 2000 + house won 0 − house paid 0" in page


def test_the_receipt_holds_a_qr_code_and_its_link_opens_the_ledger_for_the_night_s_people(client, settings):
    settings.PUBLIC_BASE_URL = "https://gaming.example.gov"  # the site's public address, not the Host header
    night, director = night_for()
    [participant] = admit(night, director, 1)
    client.force_login(director)
    response = client.get(reverse("montecarlo:participant_receipt", args=[night.pk, 1]))
    assert response.status_code == 200
    page = response.content.decode()
    link = reverse("montecarlo:receipt_scan", args=[participant.receipt_code])
    assert link == f"/montecarlo/r/{participant.receipt_code}/"
    assert re.search(r'<div class="mc-qr"[^>]*>\s*(<\?xml[^>]*>\s*)?<svg[^>]*>.*</svg>\s*</div>', page, re.S)
    assert qr_svg(f"https://gaming.example.gov{link}") in page  # the QR code holds the link
    assert "testserver" not in page
    assert participant.receipt_code in page and "1000 chips issued" in text_of(response)
    ledger = reverse("montecarlo:participant_ledger", args=[night.pk, 1])
    dealer = member(night.license.organization, Role.DEALER)
    for person in (director, dealer, board_staff()):
        client.force_login(person)
        response = client.get(link)
        assert response.status_code == 302 and response["Location"] == ledger
    assert client.get(ledger).status_code == 200
    for stranger in (member(mcn_license().organization, Role.TOURNAMENT_DIRECTOR),
                     member(night.license.organization, Role.CALLER)):
        client.force_login(stranger)
        assert client.get(link).status_code == 404
        assert client.get(ledger).status_code == 404
        assert client.get(reverse("montecarlo:participant_receipt", args=[night.pk, 1])).status_code == 404
    client.logout()
    response = client.get(link)
    assert response.status_code == 302 and response["Location"].startswith(reverse(settings.LOGIN_URL))
    client.force_login(director)
    for odd in ("nope", "x" * 40, "%D9%A1", "..%2F..%2F"):
        assert client.get(f"/montecarlo/r/{odd}/").status_code == 404
    assert client.get(reverse("montecarlo:participant_ledger", args=[night.pk, 10**20])).status_code == 404


def test_the_receipt_prints_its_link_beside_the_qr_code(client):
    """A dealer without a scanner types what the QR code holds: the printed receipt shows the link itself."""
    night, director = night_for()
    [participant] = admit(night, director, 1)
    client.force_login(director)
    page = client.get(reverse("montecarlo:participant_receipt", args=[night.pk, 1])).content.decode()
    assert f"{settings.PUBLIC_BASE_URL}/montecarlo/r/{participant.receipt_code}/" in page


@pytest.mark.parametrize("data", [
    {"admission_paid": "٢٥", "age_declared": "on"},
    {"admission_paid": "２５", "age_declared": "on"},
    {"admission_paid": "99999999999999999999", "age_declared": "on"},
    {"admission_paid": "25.001", "age_declared": "on"},
    {"admission_paid": "-25", "age_declared": "on"},
    {"age_declared": "on"},
    {},
    {"admission_paid": "25.00", "age_declared": "on", "name": "x" * 300},
    {"admission_paid": "25.00", "age_declared": "on", "name": "Ana\x00"},
    {"admission_paid": "25\x00", "age_declared": "on"},
], ids=lambda data: repr(data)[:50])
def test_odd_input_on_admission_writes_nothing(client, data):
    night, director = night_for()
    client.force_login(director)
    before = written()
    response = client.post(command(night, "admit"), data, follow=True)
    if any("\x00" in value for value in data.values()):
        assert response.status_code == 400
    else:
        assert response.status_code == 200 and errors_of(response), messages_of(response)
    assert written() == before


# --- the posted terms (30 DCMR 1603.2) ---


def test_the_terms_change_until_the_first_participant_is_admitted(client):
    night, director = night_for()
    table_for(night, director, "caribbean-poker")  # its house rules approved by Board staff (1602.1)
    client.force_login(director)
    page = client.get(reverse("montecarlo:night_detail", args=[night.pk])).content.decode()
    assert command(night, "terms") in page
    response = client.post(command(night, "terms"), {"prize_method": "drawing", "prizes": "Television | 300.00",
                                                     "house_rules": "Chips stay at the night."}, follow=True)
    assert ("success", "The posted terms are changed.") in messages_of(response)
    night.refresh_from_db()
    assert (night.prize_method, night.prizes, night.house_rules) == (
        "drawing", [{"description": "Television", "value": "300.00"}], "Chips stay at the night.")
    # New house rules go back to the Agency for the games that need its approval (30 DCMR 1602.1).
    approval = GameApproval.objects.get(night=night)
    assert (approval.status, approval.house_rules, approval.decided_by) == (
        ApprovalStatus.PENDING, "Chips stay at the night.", None)
    for odd in ({"prize_method": "drawing", "prizes": "Television | ٣٠٠"}, {"prize_method": "bingo"}, {},
                {"prize_method": "drawing", "prizes": "Television | 99999999999"},
                {"prize_method": "drawing", "prizes": "no value"}):
        before = written()
        response = client.post(command(night, "terms"), odd, follow=True)
        assert response.status_code == 200 and errors_of(response), odd
        assert written() == before
    assert client.post(command(night, "terms"), {"prize_method": "drawing", "house_rules": "\x00"}).status_code == 400
    admit(night, director, 1)
    page = client.get(reverse("montecarlo:night_detail", args=[night.pk])).content.decode()
    assert command(night, "terms") not in page
    before = written()
    response = client.post(command(night, "terms"), {"prize_method": "ranking", "prizes": "Car | 900.00"},
                           follow=True)
    assert errors_of(response) == ["The posted terms cannot change once participants are admitted "
                                   "(30 DCMR 1603.2)."]
    assert written() == before


def test_only_the_night_s_directors_command_it(client):
    night, director = night_for()
    dealer = member(night.license.organization, Role.DEALER)
    client.force_login(dealer)
    response = client.post(command(night, "admit"), {"admission_paid": "25.00", "age_declared": "on"}, follow=True)
    assert errors_of(response) == ["Only the organization's tournament directors or officers may run a night."]
    assert command(night, "admit") not in client.get(reverse("montecarlo:night_detail",
                                                             args=[night.pk])).content.decode()
    client.force_login(member(mcn_license().organization, Role.TOURNAMENT_DIRECTOR))
    assert client.post(command(night, "admit"), {"admission_paid": "25.00", "age_declared": "on"}).status_code == 404
    client.logout()
    assert client.post(command(night, "count")).status_code == 302
    client.force_login(director)
    assert client.post(command(night, "explode")).status_code == 404
    assert client.get(command(night, "count")).status_code == 405
    assert not Participant.objects.exists() and Night.objects.get().status == NightStatus.OPEN


# --- the end of the night: count and award from the night page; the public pages ---


def played(prize_method="ranking", prizes=None):
    """A night with three participants (#2's name shown, #3's not), a punto y banca round played and the table
    left open."""
    night, director = night_for(prize_method=prize_method, prizes=prizes)
    services.participant_register(actor=director, night=night, admission_paid="25.00", age_declared=True)
    services.participant_register(actor=director, night=night, admission_paid="25.00", age_declared=True,
                                  name="Beatriz Ramos", show_name=True)
    services.participant_register(actor=director, night=night, admission_paid="25.00", age_declared=True,
                                  name="Calvin Price")
    table = table_for(night, director, "punto-banca", min_bet=20, max_bet=500)
    for event in ({"type": "open"}, {"type": "bet", "participant": 2, "kind": "player", "amount": 100},
                  {"type": "bet", "participant": 3, "kind": "banker", "amount": 40},
                  {"type": "outcome", "player": ["9h", "Kd"], "banker": ["2c", "3s"]}):
        table_services.table_play(actor=director, table=table, event=event)
    return night, director, table


def test_count_and_award_from_the_night_page(client):
    night, director, table = played()
    client.force_login(director)
    response = client.post(command(night, "award"), follow=True)
    assert errors_of(response) == ["Prizes are awarded once, after the end-of-night count."]
    response = client.post(command(night, "count"), follow=True)
    assert errors_of(response) == ["Close every table before the count (tables still open: 1); closing a table "
                                   "returns the bets still standing."]
    assert Night.objects.get().status == NightStatus.OPEN
    table_services.table_close(actor=director, table=table)
    response = client.post(command(night, "count"), follow=True)
    assert ("success", "The chips are counted; no more play.") in messages_of(response)
    assert list(Participant.objects.order_by("number").values_list("counted", flat=True)) == [1000, 1100, 960]
    ledger = client.get(reverse("montecarlo:participant_ledger", args=[night.pk, 2])).content.decode()
    assert ledger.count('<tr data-kind="count">') == 1 and "Counted at the end" in ledger
    assert "Award the prizes" in text_of(response) and command(night, "admit") not in response.content.decode()
    assert errors_of(client.post(command(night, "count"), follow=True)) == ["The night is already counted."]
    response = client.post(command(night, "award"), follow=True)
    assert ("success", "The prizes are awarded and handed over to the night's financial report.") in \
        messages_of(response)
    page = text_of(response)
    assert "1 #2 Beatriz Ramos Dinner for two $80.00 1100" in page and "2 #1 Participant #1 Gift basket $40.00 1000" \
        in page
    night.refresh_from_db()
    assert night.status == NightStatus.AWARDED and [a["participant"] for a in night.awards] == [2, 1]
    assert errors_of(client.post(command(night, "award"), follow=True)) == [
        "Prizes are awarded once, after the end-of-night count."]
    admission = client.post(command(night, "admit"), {"admission_paid": "25.00", "age_declared": "on"}, follow=True)
    assert errors_of(admission) == ["The night is counted: nobody more is admitted."]
    assert client.get(reverse("montecarlo:drawing_json", args=[night.public_key])).status_code == 404  # ranking


def test_the_public_pages_by_key_leaderboard_and_posted_rules(client):
    night, director, table = played()
    leaderboard = client.get(reverse("montecarlo:leaderboard", args=[night.public_key]))  # anonymous
    assert leaderboard.status_code == 200
    rows = re.findall(r'<tr data-number="(\d+)"><td>(\d+)</td><td>(.*?)</td><td class="mc-chips">(\d+)</td>',
                      leaderboard.content.decode())
    assert rows == [("2", "1", "#2 Beatriz Ramos", "1100"), ("1", "2", "#1", "1000"), ("3", "3", "#3", "960")]
    assert "Calvin Price" not in leaderboard.content.decode()  # no consent, no name, not even in the JSON state
    state = json.loads(re.search(r'<script id="leaderboard-state" type="application/json">(.*?)</script>',
                                 leaderboard.content.decode(), re.S).group(1))
    assert [row["chips"] for row in state["rows"]] == [1100, 1000, 960]
    posted = client.get(reverse("montecarlo:night_public", args=[night.public_key]))
    assert posted.status_code == 200
    text = text_of(posted)
    for expected in (night.name, night.license.organization.name, "Dinner for two — $80.00", "Gift basket — $40.00",
                     "Admission $25.00, paid in US currency (30 DCMR 1603.4).", "Be kind.",
                     "Every participant gets 1000 chips, whatever they paid or donated (30 DCMR 1603.7, 1603.8).",
                     "never exchanged for money (30 DCMR 1603.21)", "Table 1: Punto y banca (baccarat)",
                     "Bets of 20 to 500 chips.", night.drawing_commitment):
        assert expected in text, expected
    assert "Dice (30 DCMR 1604.1)" not in text
    for name in ("night_public", "leaderboard", "night_sheet", "drawing_json"):
        assert client.get(reverse(f"montecarlo:{name}", args=["not-a-key"])).status_code == 404


def test_a_drawing_night_publishes_a_drawing_that_raffle_draw_verify_accepts(client):
    night, director, table = played(prize_method="drawing", prizes=[
        {"description": "Television", "value": "300.00"}, {"description": "Dinner", "value": "80.00"}])
    drawing = reverse("montecarlo:drawing_json", args=[night.public_key])
    assert client.get(drawing).status_code == 404  # nothing published before the award
    table_services.table_close(actor=director, table=table)
    services.night_count(actor=director, night=night)
    services.prizes_award(actor=director, night=night)
    response = client.get(drawing)  # anonymous: anyone may check it
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    published = response.json()
    night.refresh_from_db()
    counted = sum(Participant.objects.filter(night=night).values_list("counted", flat=True))
    assert published["format"] == "raffle-drawing/1" and published["tickets"] == list(range(1, counted + 1))
    assert published["commitment"] == night.drawing_commitment and len(published["winners"]) == 2
    assert [award["ticket"] for award in night.awards] == published["winners"]
    verified = subprocess.run([sys.executable, "-m", "licensing.reports.drawings.engine", "verify", "-"],
                              input=response.content, capture_output=True, timeout=60, cwd=settings.BASE_DIR)
    assert verified.returncode == 0, verified.stderr
    assert verified.stdout.decode().strip() == "verified"
    forged = {**published, "winners": list(reversed(published["winners"]))}
    refused = subprocess.run([sys.executable, "-m", "licensing.reports.drawings.engine", "verify", "-"],
                             input=json.dumps(forged).encode(), capture_output=True, timeout=60, cwd=settings.BASE_DIR)
    assert refused.returncode == 1
    client.force_login(director)
    page = client.get(reverse("montecarlo:night_detail", args=[night.pk])).content.decode()
    assert drawing in page and "Winning chip" in page


def test_the_posted_rules_show_the_dice_size_and_the_jackpot_share(client):
    """The table's settings the organization posts: the dice's size (at least 3/4 inch, 30 DCMR 1604.1) and the
    jackpot meter's share of each side bet (the house's setting, 30 DCMR 1603.2)."""
    night, director = night_for()
    table_for(night, director, "craps", dice_size="0.8")
    table_for(night, director, "caribbean-poker", jackpot=True, jackpot_contribution_pct=25)
    text = text_of(client.get(reverse("montecarlo:night_public", args=[night.public_key])))
    assert "Size of the dice (inches; at least 0.75, 30 DCMR 1604.1): 0.8." in text
    assert "25% of each side bet goes to the jackpot, as this table is set up (posted house rules, 30 DCMR 1603.2)." \
        in text


def test_the_form_plans_a_night_only_with_its_member_in_charge_shown_on_the_night(client):
    """30 DCMR 1301.5 in the portal: the night's form asks who of the license's member in charge and alternate is
    present; without one it is refused naming the rule; the night's page shows who and records a change."""
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    client.force_login(director)
    person = in_charge_of(license)
    refused = client.post(reverse("montecarlo:night_create"), plan(license, in_charge=""))
    assert refused.status_code == 400 and "30 DCMR 1301.5" in text_of(refused)
    assert not Night.objects.exists()
    response = client.post(reverse("montecarlo:night_create"), plan(license), follow=True)
    night = Night.objects.get()
    assert night.in_charge == person
    assert f"Member in charge present (30 DCMR 1301.5) {person.full_name} (Member in charge)" in text_of(response)
    alternate = in_charge_of(license, role="alternate")
    changed = client.post(command(night, "in_charge"), {"in_charge": str(alternate.pk)}, follow=True)
    assert f"{alternate.full_name} (Alternate member in charge)" in text_of(changed)
    night.refresh_from_db()
    assert night.in_charge == alternate
