"""The workers an operation needs before its first game, each a blocking readiness finding that the game
start refuses, shown on the operation page and in the API: a security person (30 DCMR 1400.12), the member
in charge or the alternate (1301.5), nobody under 18 (1401.5); and no worker on duty sold cards (1401.2)."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from bingo.cards import sales
from bingo.cards import services as services_cards
from bingo.live import services as live_services
from bingo.models import CardColour, CardSale, CardSeries, WorkerDuty
from bingo.planning import services
from bingo.planning.checks import operation_ready
from core.findings import RuleViolation
from licensing.models import Role
from licensing.models.choices import ResponsibleRole
from tests.bingo.factories import ADULT, add_game, bingo_license, crew, plan, planner
from tests.clock import during
from tests.licensing.factories import OrganizationMemberFactory, ResponsiblePersonFactory, member

pytestmark = pytest.mark.django_db
CHECKER, SECURITY, IN_CHARGE, ALTERNATE, CALLER = (WorkerDuty.Duty.CHECKER, WorkerDuty.Duty.SECURITY,
                                                   WorkerDuty.Duty.MEMBER_IN_CHARGE, WorkerDuty.Duty.ALTERNATE,
                                                   WorkerDuty.Duty.CALLER)


@pytest.fixture
def operation():
    return plan(bingo_license())


def ready_rules(operation) -> list[str]:
    findings = operation_ready(operation)
    assert all(f.blocking for f in findings)
    return [f.rule for f in findings]


def add(operation, name, duty, **kwargs):
    return services.worker_add(actor=planner(operation.license.organization), operation=operation, name=name,
                               duty=duty, **kwargs)


def eighteenth_birthday(on: dt.date) -> dt.date:
    return on.replace(year=on.year - 18) if (on.month, on.day) != (2, 29) else dt.date(on.year - 18, 3, 1)


def test_security_is_needed_before_the_first_game(operation):
    add(operation, "Luis", CHECKER, date_of_birth=ADULT)
    in_charge = member(operation.license.organization, Role.MEMBER_IN_CHARGE)
    add(operation, in_charge.full_name, IN_CHARGE, date_of_birth=ADULT)
    assert ready_rules(operation) == ["30 DCMR 1400.12"]
    [finding] = operation_ready(operation)
    assert finding.field == "workers" and "30 DCMR 1400.12" in finding.message
    add(operation, "Sam Guard", SECURITY, date_of_birth=ADULT)
    assert ready_rules(operation) == []


def test_the_game_start_refuses_an_operation_without_its_workers(operation):
    actor = planner(operation.license.organization)
    game = add_game(operation, actor)
    add(operation, "Luis", CHECKER, date_of_birth=ADULT)
    during(operation)  # inside the operation's hours, so only the missing workers refuse the start
    with pytest.raises(RuleViolation) as exc:
        live_services.game_start(actor=actor, game=game)
    assert {"30 DCMR 1400.12", "30 DCMR 1301.5"} <= {f.rule for f in exc.value.findings}
    game.refresh_from_db()
    assert game.status == "planned" and not game.events.exists()


def test_the_member_in_charge_or_the_alternate_on_duty(operation):
    organization = operation.license.organization
    add(operation, "Luis", CHECKER, date_of_birth=ADULT)
    add(operation, "Sam Guard", SECURITY, date_of_birth=ADULT)
    assert ready_rules(operation) == ["30 DCMR 1301.5"]
    # Only someone the records name as member in charge or alternate may be on duty as one.
    with pytest.raises(RuleViolation) as exc:
        add(operation, "Somebody Else", IN_CHARGE, date_of_birth=ADULT)
    assert [(f.rule, f.field) for f in exc.value.findings] == [("30 DCMR 1301.5", "duty")]
    alternate = ResponsiblePersonFactory(organization=organization, role=ResponsibleRole.ALTERNATE,
                                         full_name="Rosa Alterna")
    add(operation, " rosa  alterna ", ALTERNATE)  # the date of birth comes from the responsible person
    assert WorkerDuty.objects.get(duty=ALTERNATE).date_of_birth == alternate.date_of_birth
    assert ready_rules(operation) == []


def test_a_duty_listed_as_in_charge_without_the_records_does_not_count(operation):
    """A duty row written before the check (or the records changed since) is named in the finding."""
    crew(operation, planner(operation.license.organization))
    WorkerDuty.objects.filter(operation=operation, duty=IN_CHARGE).update(name="Not Recorded", user=None)
    [finding] = operation_ready(operation)
    assert finding.rule == "30 DCMR 1301.5" and "Not Recorded" in finding.message


def test_workers_are_18_or_older_on_the_day(operation):
    crew(operation, planner(operation.license.organization))
    born = eighteenth_birthday(operation.date)
    assert add(operation, "Just Eighteen", CALLER, date_of_birth=born).date_of_birth == born
    with pytest.raises(RuleViolation) as exc:
        add(operation, "Not Yet", CALLER, date_of_birth=born + dt.timedelta(days=1))
    [finding] = exc.value.findings
    assert (finding.rule, finding.field) == ("30 DCMR 1401.5", "date_of_birth") and "Not Yet" in finding.message
    assert not WorkerDuty.objects.filter(name="Not Yet").exists()
    assert ready_rules(operation) == []


def test_a_worker_under_18_on_the_day_blocks_the_start(operation):
    """The readiness check reads the age again: a date of birth corrected after the worker was listed counts."""
    crew(operation, planner(operation.license.organization))
    add(operation, "Just Eighteen", CALLER, date_of_birth=eighteenth_birthday(operation.date))
    WorkerDuty.objects.filter(name="Just Eighteen").update(date_of_birth=eighteenth_birthday(operation.date)
                                                           + dt.timedelta(days=1))
    [finding] = operation_ready(operation)
    assert finding.rule == "30 DCMR 1401.5" and "Just Eighteen" in finding.message


def test_the_date_of_birth_comes_from_the_member_record_or_is_asked_for(operation):
    organization = operation.license.organization
    OrganizationMemberFactory(organization=organization, full_name="Carmen Ruiz", date_of_birth=dt.date(1961, 5, 2))
    assert add(operation, "Carmen Ruiz", CALLER).date_of_birth == dt.date(1961, 5, 2)
    with pytest.raises(RuleViolation) as exc:
        add(operation, "Nobody Recorded", CALLER)
    assert [(f.rule, f.field) for f in exc.value.findings] == [("30 DCMR 1401.5", "date_of_birth")]
    OrganizationMemberFactory(organization=organization, full_name="Twin Name", date_of_birth=dt.date(1970, 1, 1))
    OrganizationMemberFactory(organization=organization, full_name="Twin Name", date_of_birth=dt.date(1972, 1, 1))
    with pytest.raises(ValidationError) as exc:
        add(operation, "Twin Name", CALLER)
    assert "date_of_birth" in exc.value.error_dict
    assert add(operation, "Twin Name", CALLER, date_of_birth=dt.date(1972, 1, 1))


def test_a_worker_without_a_recorded_date_of_birth_blocks_the_start(operation):
    crew(operation, planner(operation.license.organization))
    WorkerDuty.objects.create(operation=operation, name="Listed Before", duty=CALLER)  # before the age check
    [finding] = operation_ready(operation)
    assert finding.rule == "30 DCMR 1401.5" and "Listed Before" in finding.message


@pytest.fixture
def sale_world(operation):
    sales.clear_caches()
    actor = planner(operation.license.organization)
    add_game(operation, actor)
    workers = crew(operation, actor)
    series = CardSeries.objects.create(organization=operation.license.organization, code="W", size=50, seed=7)
    return operation, series, member(operation.license.organization, Role.CHECKER), workers


def test_a_worker_on_duty_is_not_sold_cards(sale_world):
    operation, series, checker, _workers = sale_world

    def sell(first, buyer):
        return services_cards.sale_record(
            age_declared=True, actor=checker, operation=operation, series=series, first_face=first,
                                          price_each=Decimal("1.00"), buyer=buyer)

    with pytest.raises(RuleViolation) as exc:
        sell(1, "  LUIS checker ")  # case and spacing do not make another person
    [finding] = exc.value.findings
    assert (finding.rule, finding.field) == ("30 DCMR 1401.2", "buyer") and "30 DCMR 1401.2" in finding.message
    assert not CardSale.objects.exists()
    assert sell(1, "Luisa Checker").buyer == "Luisa Checker"
    assert sell(2, "").buyer == ""


def test_a_player_who_bought_cards_is_not_put_on_duty(sale_world):
    operation, series, checker, _workers = sale_world
    services_cards.sale_record(age_declared=True, actor=checker, operation=operation, series=series, first_face=1,
                               price_each=Decimal("1.00"), buyer="Marta Player")
    with pytest.raises(RuleViolation) as exc:
        add(operation, "marta player", CALLER, date_of_birth=ADULT)
    assert [(f.rule, f.field) for f in exc.value.findings] == [("30 DCMR 1401.2", "name")]
    services_cards.sale_void(actor=checker, sale=CardSale.objects.get(), reason="refunded")
    assert add(operation, "Marta Player", CALLER, date_of_birth=ADULT)


def test_the_operation_page_shows_the_workers_still_needed(client, operation):
    client.force_login(planner(operation.license.organization))
    page = client.get(reverse("bingo:operation_detail", args=[operation.pk])).content.decode()
    for rule in ("30 DCMR 1401.3", "30 DCMR 1400.12", "30 DCMR 1301.5"):
        assert rule in page
    url = reverse("bingo:worker_add", args=[operation.pk])
    young = client.post(url, {"worker-name": "Kid", "worker-duty": "caller",
                              "worker-date_of_birth": (operation.date - dt.timedelta(days=365 * 17)).isoformat()})
    assert young.status_code == 400 and "30 DCMR 1401.5" in young.context["worker_form"].errors["date_of_birth"][0]
    stranger = client.post(url, {"worker-name": "Stranger", "worker-duty": "member_in_charge",
                                 "worker-date_of_birth": "1980-01-01"})
    assert stranger.status_code == 400 and "30 DCMR 1301.5" in stranger.context["worker_form"].errors["duty"][0]
    assert not WorkerDuty.objects.exists()
    assert client.post(url, {"worker-name": "Sam Guard", "worker-duty": "security",
                             "worker-date_of_birth": "1980-01-01"}).status_code == 302
    page = client.get(reverse("bingo:operation_detail", args=[operation.pk])).content.decode()
    assert "30 DCMR 1400.12" not in page.split('id="findings"')[1].split("</section>")[0]


def test_the_api_check_and_refusals(client, operation):
    client.force_login(planner(operation.license.organization))
    base = f"/api/v1/bingo/operations/{operation.pk}/"
    ready = client.get(f"{base}ready/").json()
    assert {r["rule"] for r in ready} == {"30 DCMR 1401.3", "30 DCMR 1400.12", "30 DCMR 1301.5"}
    assert all(r["blocking"] for r in ready)
    checks = client.get(f"{base}findings/").json()
    assert {"30 DCMR 1400.12", "30 DCMR 1301.5"} <= {r["rule"] for r in checks if not r["blocking"]}
    young = client.post(f"{base}workers/", {"name": "Kid", "duty": "caller", "date_of_birth": "2020-01-01"},
                        content_type="application/json")
    [error] = young.json()["errors"]
    assert young.status_code == 400 and (error["field"], error["rule"]) == ("date_of_birth", "30 DCMR 1401.5")
    unknown = client.post(f"{base}workers/", {"name": "No Record", "duty": "caller"}, content_type="application/json")
    assert unknown.status_code == 400 and unknown.json()["errors"][0]["rule"] == "30 DCMR 1401.5"
    assert not WorkerDuty.objects.exists()


def test_the_api_refuses_a_sale_to_a_worker_on_duty(client, sale_world):
    operation, series, checker, workers = sale_world
    client.force_login(checker)
    url = reverse("bingo-operation-sales", args=[operation.pk])
    body = {"age_declared": True,
            "series": series.pk, "first_face": 1, "price_each": "1.00", "colour": CardColour.REGULAR}
    refused = client.post(url, {**body, "buyer": workers["security"].name}, content_type="application/json")
    [error] = refused.json()["errors"]
    assert refused.status_code == 400 and (error["field"], error["rule"]) == ("buyer", "30 DCMR 1401.2")
    sold = client.post(url, {**body, "buyer": "A Player"}, content_type="application/json")
    assert sold.status_code == 201 and sold.json()["buyer"] == "A Player"


def test_the_portal_refuses_a_sale_to_a_worker_on_duty(client, sale_world):
    operation, series, checker, workers = sale_world
    client.force_login(checker)
    url = reverse("bingo:sales_register", args=[operation.pk])
    form = {"age_declared": True, "series": series.pk, "first_face": 1, "price_each": "1.00", "colour": "regular"}
    refused = client.post(url, {**form, "buyer": workers["in_charge"].name})
    assert refused.status_code == 400 and "30 DCMR 1401.2" in refused.context["form"].errors["buyer"][0]
    assert not CardSale.objects.exists()
    assert client.post(url, {**form, "buyer": "A Player"}).status_code == 302
    assert "A Player" in client.get(url).content.decode()
