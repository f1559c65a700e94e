"""A multi-hall game's terms. Its service providers work under an Agency-approved written agreement with an audit
clause (30 DCMR 1401.7-1401.11): without one in force, no multi-hall game is planned or played. A prize of $10,000 or
more may be paid by an annuity of at most 25 years (1408.6), bought within 30 days of the win (1408.7) from a
DC-licensed insurer (1408.8), the rest in cash or by check (1408.9): checked when planned and when paid."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils import timezone

from bingo.models import GameStatus, GameType
from bingo.planning import checks
from bingo.planning import multihall as services
from core.findings import RuleViolation
from tests.bingo.factories import add_game, bingo_license, multihall_license, plan, planner
from tests.licensing.factories import board_staff

pytestmark = pytest.mark.django_db


def rules_of(exc):
    return [f.rule for f in exc.value.findings]


@pytest.fixture
def world():
    license = bingo_license()
    multihall_license(license, agreement=False)
    operation = plan(license)
    return operation, planner(license.organization)


def record(operation, actor, **fields):
    values = {"provider": "Capitol Link Services", "services": "Advertising", "audit_clause": True,
              "signed_on": operation.date - dt.timedelta(days=30)}
    return services.agreement_record(actor=actor, organization=operation.license.organization, **{**values, **fields})


def test_no_multi_hall_game_without_an_approved_agreement_with_its_audit_clause(world):
    operation, actor = world
    with pytest.raises(RuleViolation) as exc:
        add_game(operation, actor, game_type="multi_hall", card_price="15.00", prize="5000.00")
    assert rules_of(exc) == ["30 DCMR 1401.8"]
    without_clause = record(operation, actor, audit_clause=False)
    with pytest.raises(RuleViolation) as exc:  # the Agency approves only an agreement with the audit clause
        services.agreement_approve(actor=board_staff(), agreement=without_clause)
    assert rules_of(exc) == ["30 DCMR 1401.8"]
    agreement = record(operation, actor)
    with pytest.raises(RuleViolation) as exc:  # recorded, not yet approved
        add_game(operation, actor, game_type="multi_hall", card_price="15.00", prize="5000.00")
    assert "not yet approved" in exc.value.findings[0].message
    with pytest.raises(PermissionDenied):
        services.agreement_approve(actor=actor, agreement=agreement)
    services.agreement_approve(actor=board_staff(), agreement=agreement)
    assert add_game(operation, actor, game_type="multi_hall", card_price="15.00", prize="5000.00")
    agreement.ends_on = operation.date - dt.timedelta(days=1)  # ended before the day: no longer in force
    agreement.save(update_fields=["ends_on"])
    assert "30 DCMR 1401.8" in {f.rule for f in checks.operation_ready(operation)}


def test_the_annuity_boundaries_when_planned(world):
    operation, actor = world
    services.agreement_approve(actor=board_staff(), agreement=record(operation, actor))
    game = add_game(operation, actor, game_type="multi_hall", card_price="15.00", prize="10000.00")
    terms = {"amount": Decimal("6000.00"), "insurer": "Potomac Life", "insurer_dc_licensed": True}
    with pytest.raises(RuleViolation) as exc:
        services.game_annuity_set(actor=actor, game=game, years=26, **terms)
    assert rules_of(exc) == ["30 DCMR 1408.6"]
    with pytest.raises(RuleViolation) as exc:
        services.game_annuity_set(actor=actor, game=game, years=25, **{**terms, "insurer_dc_licensed": False})
    assert rules_of(exc) == ["30 DCMR 1408.8"]
    game = services.game_annuity_set(actor=actor, game=game, years=25, **terms)
    assert game.annuity_years == 25
    small = add_game(operation, actor, game_type="multi_hall", card_price="15.00", prize="9999.99")
    with pytest.raises(RuleViolation) as exc:  # under $10,000: cash only
        services.game_annuity_set(actor=actor, game=small, years=10, **{**terms, "amount": Decimal("5000.00")})
    assert rules_of(exc) == ["30 DCMR 1408.6"]


def test_the_annuity_is_bought_within_30_days_of_the_win(world):
    operation, actor = world
    services.agreement_approve(actor=board_staff(), agreement=record(operation, actor))
    game = add_game(operation, actor, game_type=GameType.MULTI_HALL, card_price="15.00", prize="12000.00")
    game = services.game_annuity_set(actor=actor, game=game, years=20, amount=Decimal("12000.00"),
                                     insurer="Potomac Life", insurer_dc_licensed=True)
    purchase = {"contract": "PL-1"}
    game.status = GameStatus.CLOSED  # won (no close event: the day of the operation is the day of the win)
    game.save(update_fields=["status"])
    operation.date = timezone.localdate() - dt.timedelta(days=31)
    operation.save(update_fields=["date"])
    with pytest.raises(RuleViolation) as exc:
        services.game_annuity_purchase(actor=actor, game=game, purchased_on=timezone.localdate(), **purchase)
    assert rules_of(exc) == ["30 DCMR 1408.7"]
    operation.date = timezone.localdate() - dt.timedelta(days=30)
    operation.save(update_fields=["date"])
    game = services.game_annuity_purchase(actor=actor, game=game, purchased_on=timezone.localdate(), **purchase)
    assert game.annuity_purchased_on == timezone.localdate() and game.annuity_contract == "PL-1"


def test_the_api_records_and_approves_an_agreement_and_plans_an_annuity(client, world):
    operation, actor = world
    client.force_login(actor)
    url = reverse("bingo-multihall-agreements")
    body = {"organization": operation.license.organization.pk, "provider": "Capitol Link", "services": "Advertising",
            "signed_on": (operation.date - dt.timedelta(days=5)).isoformat(), "audit_clause": True}
    created = client.post(url, body, content_type="application/json")
    assert created.status_code == 201 and created.json()["approved"] is False
    pk = created.json()["id"]
    assert client.post(reverse("bingo-multihall-agreement-approve", args=[pk])).status_code == 403
    client.force_login(board_staff())
    approved = client.post(reverse("bingo-multihall-agreement-approve", args=[pk]))
    assert approved.status_code == 200 and approved.json()["approved"] is True
    client.force_login(actor)
    game = add_game(operation, actor, game_type="multi_hall", card_price="15.00", prize="10000.00")
    annuity = reverse("bingo-game-annuity", args=[game.pk])
    refused = client.post(annuity, {"years": 26, "amount": "10000.00", "insurer": "Potomac Life",
                                    "insurer_dc_licensed": True}, content_type="application/json")
    assert refused.status_code == 400 and refused.json()["errors"][0]["rule"] == "30 DCMR 1408.6"
    done = client.post(annuity, {"years": 25, "amount": "10000.00", "insurer": "Potomac Life",
                                 "insurer_dc_licensed": True}, content_type="application/json")
    assert done.status_code == 200 and done.json()["annuity_years"] == 25


def test_the_portal_records_and_the_board_approves_an_agreement(client, world):
    operation, actor = world
    client.force_login(actor)
    url = reverse("bingo:multihall_agreements")
    assert "30 DCMR 1401.8" in client.get(url).content.decode()
    form = {"organization": operation.license.organization.pk, "provider": "Capitol Link", "services": "Advertising",
            "signed_on": (operation.date - dt.timedelta(days=5)).isoformat()}
    assert client.post(url, form).status_code == 302
    [agreement] = operation.license.organization.multihall_agreements.all()
    client.force_login(board_staff())
    page = client.post(reverse("bingo:multihall_agreement_approve", args=[agreement.pk]), follow=True)
    assert "30 DCMR 1401.8" in page.content.decode()  # no audit clause: refused, with the rule
    agreement.refresh_from_db()
    assert agreement.approved_at is None
    agreement.audit_clause = True
    agreement.save(update_fields=["audit_clause"])
    client.post(reverse("bingo:multihall_agreement_approve", args=[agreement.pk]))
    agreement.refresh_from_db()
    assert agreement.approved_at is not None


def test_the_portal_plans_an_annuity_on_the_game_page(client, world):
    operation, actor = world
    services.agreement_approve(actor=board_staff(), agreement=record(operation, actor))
    game = add_game(operation, actor, game_type="multi_hall", card_price="15.00", prize="10000.00")
    client.force_login(actor)
    assert "30 DCMR 1408.6" in client.get(reverse("bingo:game_edit", args=[operation.pk, game.pk])).content.decode()
    url = reverse("bingo:game_annuity", args=[operation.pk, game.pk])
    form = {"annuity-years": "26", "annuity-amount": "10000.00", "annuity-insurer": "Potomac Life",
            "annuity-insurer_dc_licensed": "on"}
    refused = client.post(url, form)
    assert refused.status_code == 400 and "30 DCMR 1408.6" in str(refused.context["annuity_form"].errors)
    assert client.post(url, {**form, "annuity-years": "25"}).status_code == 302
    game.refresh_from_db()
    assert game.annuity_years == 25 and game.annuity_insurer == "Potomac Life"
