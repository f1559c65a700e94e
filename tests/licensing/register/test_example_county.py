"""A second jurisdiction is configuration: Example County's pack (rulepacks/example-county.toml, made-up fees, bonds,
caps and deadlines) loaded into a fresh register, and the calculator, a bingo plan's caps, a report's checks, its
deadline and the Board's quorum follow its numbers with no code change. Every expected figure is read from the pack
file, none from DC's."""

import datetime as dt
import tomllib
from decimal import Decimal
from pathlib import Path

import pytest
from django.db import connection

from licensing.fees.quotes import fee_quote
from licensing.licenses import limits
from licensing.models import BoardNumber, Role
from licensing.register import values
from licensing.register.packs import read_pack
from licensing.register.services import pack_apply
from licensing.reports import services
from licensing.reports.checks import report_findings
from licensing.reports.content import schema
from licensing.reports.deadlines import deadlines
from tests.licensing.factories import license_for, member

pytestmark = pytest.mark.django_db
PACK = Path(__file__).resolve().parents[3] / "rulepacks" / "example-county.toml"
DAY = dt.date(2027, 3, 3)


def figure(key: str) -> str:
    rows = [row for row in tomllib.loads(PACK.read_text())["number"] if row["key"] == key]
    assert len(rows) == 1, key
    return rows[0]["value"]


def money(key: str) -> Decimal:
    return Decimal(figure(key))


@pytest.fixture(autouse=True)
def county():
    """A fresh database of Example County: the register holds the county's pack and nothing of DC's (the rows are
    removed with SQL inside the test's transaction, which rolls back: the services never delete a row)."""
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {BoardNumber._meta.db_table}")
    values.forget()
    pack_apply(pack=read_pack(PACK), source=str(PACK))


def test_the_county_pack_is_complete_and_differs_from_dcs():
    dc = {row.key: row.value for row in read_pack(PACK.parent / "dc.toml").rows}
    county = {row.key: row.value for row in read_pack(PACK).rows}
    assert set(dc) <= set(county)
    differing = [key for key in dc if not key.startswith("federal.") and county[key] != dc[key]]
    assert len(differing) >= 30


@pytest.mark.parametrize(("license_type", "license_class"), [("bingo", "A"), ("bingo", "B"), ("raffle", "3"),
                                                             ("montecarlo", "2")])
def test_the_calculator_quotes_the_countys_fee_and_bond(license_type, license_class):
    quote = fee_quote(license_type=license_type, license_class=license_class, on=DAY)
    assert quote.application_fee == money(f"fee.{license_type}.{license_class}.original")
    assert quote.bond == money(f"bond.{license_type}.{license_class}")
    assert quote.can_submit


def test_the_calculator_prices_the_multihall_bond_and_a_vendors_renewal_by_the_county():
    quote = fee_quote(license_type="multihall", license_class="A", period="limited", highest_prize=Decimal("1000.00"),
                      on=DAY)
    assert quote.bond == Decimal("1000.00") * (1 + money("multihall.bond_margin") / 100)
    renewal = fee_quote(license_type="vendor", license_class="", kind="renewal", gross_sales=Decimal("100.00"),
                        on=DAY)
    assert renewal.application_fee == money("vendor.renewal_band_1.fee")


def test_a_bingo_plans_caps_are_the_countys():
    cap = money("bingo.game_prize_cap.class_abc")
    at_cap = limits.GamePlan(number=1, game_type="regular", card_price=Decimal("0"), prize=cap)
    over = limits.GamePlan(number=2, game_type="regular", card_price=Decimal("0"), prize=cap + Decimal("0.01"))
    assert limits.game_prize(at_cap, "A", "regular") == []
    assert limits.game_prize(over, "A", "regular")[0].rule.endswith("1408.1")
    price = money("bingo.card_price_cap.class_abc.special")
    special = limits.GamePlan(number=3, game_type="special", card_price=price, prize=Decimal("10"))
    assert limits.card_price(special, "A") == []
    dearer = limits.GamePlan(number=3, game_type="special", card_price=price + Decimal("0.01"), prize=Decimal("10"))
    assert limits.card_price(dearer, "A")
    birds = [limits.GamePlan(number=n, game_type="early_bird", card_price=Decimal("0"), prize=Decimal("1"))
             for n in range(int(figure("bingo.early_birds_per_operation")) + 1)]
    assert limits.early_birds(birds[:-1]) == [] and limits.early_birds(birds)


def test_a_reports_checks_and_deadline_are_the_countys():
    license = license_for(license_type="bingo", license_class="B", effective_on=dt.date(2027, 1, 1),
                          expires_on=dt.date(2027, 12, 31), dates=[DAY])
    officer = member(license.organization, Role.OFFICER)
    cap = money("bingo.game_prize_cap.class_abc")
    data = schema.blank(schema.BINGO)
    data["operation"] = {"starts_at": "18:00", "ends_at": "22:00"}
    data["admissions"] = {"count": 100, "price": "4.00"}
    data["games"] = [{"number": 1, "game_type": "regular", "prize": str(cap)}]
    data["attestation"] = {"member_in_charge": "Ann Lee", "gross_receipts_member": "Bo Park", "us_currency": True}
    report = services.report_create(actor=officer, license=license, event_date=DAY, data=data)
    assert "30 DCMR 1408.1" not in [f.rule for f in report_findings(report, today=DAY)]
    data["games"][0]["prize"] = str(cap + Decimal("0.01"))
    report = services.report_create(actor=officer, license=license, event_date=DAY + dt.timedelta(days=7), data=data)
    assert any(f.rule.endswith("1408.1") for f in report_findings(report, today=DAY + dt.timedelta(days=7)))
    due = deadlines(license_type="bingo", event_date=DAY, license_class="B").report_due
    assert due >= DAY + dt.timedelta(days=int(figure("reports.due_days.regular")))
    assert due < DAY + dt.timedelta(days=int(figure("reports.due_days.regular")) + 5)  # + a weekend or holiday


def test_the_boards_quorum_is_the_countys():
    assert values.value("review.quorum") == int(figure("review.quorum"))


def test_a_holdem_tournament_plays_by_the_countys_cap_and_tables():
    from tests.montecarlo.factories import TournamentFactory, mcn_license

    cap, most = money("holdem.prize_cap_per_player_day"), int(figure("holdem.players_per_table"))
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    tournament = TournamentFactory(actor=director, license=license, prizes=[str(cap)], max_per_table=most)
    assert (tournament.prize_cap, tournament.seats_limit) == (cap, most)
    engine = tournament.events.get(seq=1).payload["engine"]
    assert (Decimal(engine["prize_cap"]), engine["seats_limit"]) == (cap, most)
