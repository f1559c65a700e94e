"""Writes of a multi-hall game's terms: the written agreement of its service providers (30 DCMR 1401.7-1401.11) and
the annuity that may pay a prize of $10,000 or more (1408.6-1408.9). Each checks the role and the rules
(bingo.planning.rules, cited) before it writes, in one transaction, with an audit event."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from bingo.models import EventKind, Game, GameEvent, GameStatus, MultiHallAgreement
from bingo.planning import events, rules
from bingo.planning.services import _require_planner
from core.findings import Finding, RuleViolation
from core.money import parse_money


@transaction.atomic
def agreement_record(*, actor, organization, provider: str, services: str, signed_on: dt.date,
                     ends_on: dt.date | None = None, audit_clause: bool = False, reimburses_audit_fees: bool = False,
                     provider_gives_bond: bool = False) -> MultiHallAgreement:
    """Record a written agreement under which a provider gives advertising or financial services to the multi-hall
    games (30 DCMR 1401.7); it counts once the Agency approves it, and only with its audit clause (1401.8)."""
    _require_planner(actor, organization.pk)
    provider, services = (provider or "").strip(), (services or "").strip()
    errors = {}
    if not provider:
        errors["provider"] = _("Name the service provider (30 DCMR 1401.7).")
    if not services:
        errors["services"] = _("Say which services the provider gives (30 DCMR 1401.7).")
    if not isinstance(signed_on, dt.date):
        errors["signed_on"] = _("Give the date the agreement was signed (30 DCMR 1401.8).")
    elif ends_on is not None and ends_on < signed_on:
        errors["ends_on"] = _("The agreement ends after it is signed.")
    if errors:
        raise ValidationError(errors, code="invalid")
    agreement = MultiHallAgreement.objects.create(
        organization=organization, provider=provider[:200], services=services[:300], signed_on=signed_on,
        ends_on=ends_on, audit_clause=bool(audit_clause), reimburses_audit_fees=bool(reimburses_audit_fees),
        provider_gives_bond=bool(provider_gives_bond), created_by=actor)
    events.multihall_agreement_recorded(actor=actor, organization=organization, agreement=agreement,
                                        signed_on=signed_on)
    return agreement


@transaction.atomic
def agreement_approve(*, actor, agreement: MultiHallAgreement) -> MultiHallAgreement:
    """The Agency's approval (30 DCMR 1401.8): Board staff only, and only of an agreement with the audit clause."""
    if not getattr(actor, "is_board_staff", False):
        raise PermissionDenied(_("Only the Board's staff approve a multi-hall service agreement (30 DCMR 1401.8)."))
    agreement = MultiHallAgreement.objects.select_for_update().get(pk=agreement.pk)
    if agreement.approved_at is not None:
        raise ValidationError(_("This agreement is already approved."), code="already_approved")
    if not agreement.audit_clause:
        raise RuleViolation(Finding("30 DCMR 1401.8", _(
            "The agreement must let the Agency review, inspect and audit the books, records and operations of the "
            "organization and the provider before it is approved (30 DCMR 1401.8)."), field="audit_clause"))
    agreement.approved_at, agreement.approved_by = timezone.now(), actor
    agreement.save(update_fields=["approved_at", "approved_by"])
    events.multihall_agreement_approved(actor=actor, agreement=agreement)
    return agreement


def _years(value) -> int | None:
    if value in (None, ""):
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValidationError({"annuity_years": _("Give the annuity's term as a whole number of years.")},
                              code="invalid")
    return value


@transaction.atomic
def game_annuity_set(*, actor, game: Game, years, amount=None, insurer: str = "",
                     insurer_dc_licensed: bool = False) -> Game:
    """Plan a multi-hall prize of $10,000 or more to be paid, in whole or in part, by an annuity (30 DCMR 1408.6,
    1408.8); `years` None takes the annuity off. Only while the game is planned: its terms are fixed at the start."""
    game = Game.objects.select_for_update().select_related("operation__license").get(pk=game.pk)
    _require_planner(actor, game.operation.license.organization_id)
    if game.status != GameStatus.PLANNED:
        raise ValidationError(_("Only a planned game's annuity can be changed."), code="not_planned")
    years = _years(years)
    amount = None if amount in (None, "") else parse_money(amount, field="annuity_amount")
    insurer = (insurer or "").strip()[:200]
    if years is not None:
        findings = rules.annuity_plan(rules.AnnuityPlan(
            game_type=game.game_type, prize=Decimal(game.prize), years=years, amount=amount, insurer=insurer,
            insurer_dc_licensed=bool(insurer_dc_licensed)), game.operation.date)
        if findings:
            raise RuleViolation(findings)
    else:
        amount, insurer, insurer_dc_licensed = None, "", False
    game.annuity_years, game.annuity_amount = years, amount
    game.annuity_insurer, game.annuity_insurer_dc_licensed = insurer, bool(insurer_dc_licensed)
    game.save(update_fields=["annuity_years", "annuity_amount", "annuity_insurer", "annuity_insurer_dc_licensed"])
    events.annuity_planned(actor=actor, game=game, years=years, insurer=insurer, amount=amount)
    return game


@transaction.atomic
def game_annuity_purchase(*, actor, game: Game, purchased_on: dt.date, contract: str) -> Game:
    """When the prize is paid: the annuity contract bought for the winner within 30 days of the win (30 DCMR 1408.7),
    from the DC-licensed insurer planned (1408.8), for at most 25 years (1408.6). The plan is checked again here."""
    game = Game.objects.select_for_update().select_related("operation__license").get(pk=game.pk)
    _require_planner(actor, game.operation.license.organization_id)
    contract = (contract or "").strip()
    if game.annuity_years is None:
        raise ValidationError({"annuity_years": _("This game's prize is not planned to be paid by annuity.")},
                              code="no_annuity")
    if game.status != GameStatus.CLOSED:
        raise ValidationError(_("The annuity is bought once the game is won and closed (30 DCMR 1408.7)."),
                              code="not_closed")
    if game.annuity_purchased_on is not None:
        raise ValidationError(_("The annuity of this game is already recorded."), code="already_bought")
    if not isinstance(purchased_on, dt.date):
        raise ValidationError({"annuity_purchased_on": _("Give the date the annuity was bought.")}, code="invalid")
    if not contract:
        raise ValidationError({"annuity_contract": _("Give the annuity contract's number.")}, code="required")
    close = GameEvent.objects.filter(game=game, kind=EventKind.CLOSE).order_by("-seq").first()
    won_on = timezone.localdate(close.created_at) if close else game.operation.date
    findings = rules.annuity_plan(rules.AnnuityPlan(
        game_type=game.game_type, prize=Decimal(game.prize), years=game.annuity_years, amount=game.annuity_amount,
        insurer=game.annuity_insurer, insurer_dc_licensed=game.annuity_insurer_dc_licensed), game.operation.date)
    findings += rules.annuity_purchase(won_on=won_on, purchased_on=purchased_on, today=timezone.localdate())
    if findings:
        raise RuleViolation(findings)
    game.annuity_purchased_on, game.annuity_contract = purchased_on, contract[:100]
    game.save(update_fields=["annuity_purchased_on", "annuity_contract"])
    events.annuity_purchased(actor=actor, game=game, purchased_on=purchased_on, won_on=won_on)
    return game


__all__ = ["agreement_approve", "agreement_record", "game_annuity_purchase", "game_annuity_set"]
