"""Night services: plan a night, change its posted terms before the doors open, admit participants (their
chips issued on their ledger), count the chips at the end of the night, award the prizes (by ranking or by a
drawing in which each chip is a chance) and hand the night over to its financial report; and the Agency's
decision on a night's house rules for an "other approved game" (30 DCMR 1602.1). Keyword-only, one transaction
each, validation before any write, an audit event each."""

from __future__ import annotations

import datetime as dt
import secrets

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from core.findings import Finding, RuleViolation
from core.money import parse_money
from licensing.audit.scopes import log_scope
from licensing.audit.tasks import anchors_after_commit
from licensing.hall.closing import heads_sign_at_close
from licensing.models import AnchorReason, ResponsiblePerson
from licensing.reports.drawings import engine as raffle_engine
from licensing.reports.handover import montecarlo_night_recorded
from montecarlo.models import (
    ApprovalStatus,
    EntryKind,
    GameApproval,
    Night,
    NightStatus,
    Participant,
    PrizeMethod,
    TableStatus,
)
from montecarlo.nights import events, rules
from montecarlo.nights.broadcast import leaderboard_changed
from montecarlo.nights.kit import KIT_KIND
from montecarlo.nights.ledger import ledger_post, night_balance
from montecarlo.nights.payouts import night_payouts_open
from montecarlo.selectors import require_director

NAME_MAX = 100
# What a director's change to a running night is refused as (the message, read in the request's language).
RUN_A_NIGHT = _l("Only the organization's tournament directors or officers may run a night.")


def lock(night: Night) -> Night:
    return Night.objects.select_for_update(of=("self",)).select_related("license__organization").get(pk=night.pk)


def _clean_name(value, *, field: str, required: bool) -> str:
    text = " ".join(value.split()) if isinstance(value, str) else ""
    if (required and not text) or len(text) > 200:
        raise ValidationError({field: _("Give a name of at most 200 characters.")})
    return text


def _terms_findings(*, license, date, starts_at, ends_at, starting_chips, prizes, training) -> tuple[list, list]:
    findings = rules.license_findings(license, date) + rules.hours_findings(license, date, starts_at, ends_at)
    findings += rules.chips_findings(starting_chips)
    cleaned, prize_findings = rules.clean_prizes(prizes)
    findings += prize_findings + rules.training_findings(bool(training), cleaned)
    return cleaned, findings


def nights_that_year(organization_id: int, year: int, *, excluding: int | None = None) -> int:
    nights = Night.objects.filter(license__organization_id=organization_id, date__year=year, training=False)
    return nights.exclude(pk=excluding).count() if excluding else nights.count()


@transaction.atomic
def night_create(*, actor, license, name: str, date: dt.date, starts_at: dt.time, ends_at: dt.time,
                 admission_price, starting_chips: int, prize_method: str = PrizeMethod.RANKING,
                 prizes: list | None = None, house_rules: str = "", training: bool = False,
                 in_charge=None) -> Night:
    """Plan a night under a Monte Carlo Night license, on its licensed date, hours and place (1202.2(o)), at most
    two a year for the organization (1204.17), with the member in charge or the alternate who is present throughout
    (1301.5). The drawing's commitment is published from now on."""
    require_director(actor, license, _("Only the organization's tournament directors or officers may plan a night."))
    name = _clean_name(name, field="name", required=True)
    if prize_method not in PrizeMethod.values:
        raise ValidationError({"prize_method": _("Choose how the prizes are awarded: by ranking or by drawing.")})
    admission_price = parse_money(admission_price, field="admission_price", max_digits=8)
    prizes, findings = _terms_findings(license=license, date=date, starts_at=starts_at, ends_at=ends_at,
                                       starting_chips=starting_chips, prizes=prizes, training=training)
    in_charge = _in_charge_person(in_charge)
    findings += rules.in_charge_findings(in_charge, organization_id=license.organization_id, training=bool(training))
    if not training and date:
        # Under the license's row lock, so two nights planned at once are counted one after the other.
        type(license).objects.select_for_update().filter(pk=license.pk).first()
        findings += rules.nights_a_year_findings(
            nights_that_year=nights_that_year(license.organization_id, date.year), year=date.year, on=date)
    if findings:
        raise RuleViolation(findings)
    seed = secrets.token_bytes(raffle_engine.SEED_BYTES)
    night = Night.objects.create(
        license=license, name=name, date=date, starts_at=starts_at, ends_at=ends_at,
        premises_id=rules.licensed_premises_id(license, date), admission_price=admission_price,
        starting_chips=starting_chips, prize_method=prize_method, prizes=prizes,
        house_rules=(house_rules or "").strip()[:20000], training=bool(training), created_by=actor, in_charge=in_charge,
        drawing_seed=seed.hex(), drawing_commitment=raffle_engine.commitment_of(seed))
    events.night_created(actor=actor, license=license, night=night, name=name, in_charge=in_charge, date=date)
    return night


def _in_charge_person(value):
    """The ResponsiblePerson chosen (an instance from a form or serializer, or its id), or None."""
    if value is None or value == "":
        return None
    if isinstance(value, ResponsiblePerson):
        return value
    person = ResponsiblePerson.objects.filter(pk=value).first() if isinstance(value, int) else None
    if person is None:
        raise ValidationError({"in_charge": _("Choose the license's member in charge or alternate (30 DCMR 1301.5).")})
    return person


@transaction.atomic
def night_in_charge_record(*, actor, night: Night, in_charge) -> Night:
    """Record which of the license's member in charge and alternate is present throughout the night (30 DCMR
    1301.5); the other may take over while the night is open, and the record says so."""
    night = lock(night)
    require_director(actor, night.license, RUN_A_NIGHT)
    if not night.is_open:
        raise ValidationError(_("The night is counted: the record is closed."), code="night_closed")
    person = _in_charge_person(in_charge)
    findings = rules.in_charge_findings(person, organization_id=night.license.organization_id, training=False)
    if findings:
        raise RuleViolation(findings)
    before = night.in_charge.full_name if night.in_charge_id else ""
    night.in_charge = person
    night.save(update_fields=["in_charge"])
    events.night_in_charge_recorded(actor=actor, night=night, before=before, person=person)
    return night


@transaction.atomic
def night_update(*, actor, night: Night, house_rules: str | None = None, prizes: list | None = None,
                 prize_method: str | None = None) -> Night:
    """Change what is posted (house rules, prize list, how prizes are awarded) until the first participant is
    admitted: from then on the terms are the ones everybody was admitted under (1603.2). New house rules send
    every "other approved game" back to the Agency (1602.1)."""
    night = lock(night)
    require_director(actor, night.license, RUN_A_NIGHT)
    if night.participants.exists():
        raise ValidationError(_("The posted terms cannot change once participants are admitted (30 DCMR 1603.2)."),
                              code="terms_frozen")
    changed = {}
    if prizes is not None:
        cleaned, findings = rules.clean_prizes(prizes)
        findings += rules.training_findings(night.training, cleaned)
        if findings:
            raise RuleViolation(findings)
        night.prizes, changed["prizes"] = cleaned, cleaned
    if prize_method is not None:
        if prize_method not in PrizeMethod.values:
            raise ValidationError({"prize_method": _("Choose how the prizes are awarded: by ranking or by drawing.")})
        night.prize_method = changed["prize_method"] = prize_method
    if house_rules is not None and house_rules.strip() != night.house_rules:
        night.house_rules = house_rules.strip()[:20000]
        changed["house_rules"] = "changed"
        night.approvals.exclude(status=ApprovalStatus.PENDING).update(
            status=ApprovalStatus.PENDING, decided_by=None, decided_at=None, note="", house_rules=night.house_rules)
        night.approvals.filter(status=ApprovalStatus.PENDING).update(house_rules=night.house_rules)
    if not changed:
        return night
    night.save(update_fields=["prizes", "prize_method", "house_rules"])
    events.night_updated(actor=actor, night=night, changed=changed)
    return night


@transaction.atomic
def participant_register(*, actor, night: Night, admission_paid, age_declared: bool, name: str = "",
                         show_name: bool = False) -> Participant:
    """Admit one participant: admission paid in US currency (1603.4), 18 or older declared (1702.1); the
    ledger opens with the night's chips, the same for everyone whatever they paid or donated (1603.8)."""
    night = lock(night)
    require_director(actor, night.license, RUN_A_NIGHT)
    if not night.is_open:
        raise ValidationError(_("The night is counted: nobody more is admitted."), code="night_closed")
    name = _clean_name(name, field="name", required=False)[:NAME_MAX]
    paid = parse_money(admission_paid, field="admission_paid", max_digits=8)
    findings = rules.admission_findings(age_declared=age_declared, admission_paid=paid,
                                        admission_price=night.admission_price)
    findings += rules.admission_live_findings(night)
    if findings:
        raise RuleViolation(findings)
    number = (night.participants.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    participant = Participant.objects.create(night=night, number=number, name=name, show_name=bool(show_name and name),
                                             age_declared=True, admission_paid=paid, registered_by=actor)
    # The ledger opens saying whose it is (the night, the participant's number): the participant row must keep
    # agreeing with it (ChipLedgerEntry.owner_problems).
    ledger_post(participant=participant, kind=EntryKind.ISSUE, chips=night.starting_chips, actor=actor,
                note="30 DCMR 1603.8", payload={"night": night.pk, "number": number})
    # Personal data stays out of the trail: it says a participant was admitted, with the number.
    events.participant_admitted(actor=actor, night=night, participant=participant, number=number, paid=paid)
    leaderboard_changed(night)
    return participant


@transaction.atomic
def night_count(*, actor, night: Night) -> Night:
    """The end-of-night count: every table closed and no chip at stake, each participant's chips recorded on
    their ledger; no more play. The night's chips must balance (issued = held + house won - house paid)."""
    night = lock(night)
    require_director(actor, night.license, RUN_A_NIGHT)
    if not night.is_open:
        raise ValidationError(_("The night is already counted."), code="counted")
    open_tables = list(night.tables.filter(status=TableStatus.OPEN).values_list("number", flat=True))
    if open_tables:
        raise ValidationError(_("Close every table before the count (tables still open: %(tables)s); closing a "
                                "table returns the bets still standing.") % {
            "tables": ", ".join(map(str, open_tables))}, code="tables_open")
    participants = list(night.participants.select_for_update().order_by("number"))
    for participant in participants:
        ledger_post(participant=participant, kind=EntryKind.COUNT, chips=0, actor=actor,
                    payload={"counted": participant.chips}, note=_("End-of-night count"))
        participant.counted = participant.chips
        participant.save(update_fields=["counted"])
    balance = night_balance(night)
    if not balance.balances or balance.at_stake:
        raise ValueError(f"night {night.pk} does not balance: {balance}")
    night.status, night.counted_at = NightStatus.COUNTED, timezone.now()
    night.save(update_fields=["status", "counted_at"])
    # The count closes the night: at the hall the device signs the head of every log of it (each ledger, table and
    # jackpot, as `verify_logs --night` reads them), shown on the leaderboard; on the Board's server, nothing.
    heads_sign_at_close(actor=actor, organization=night.license.organization, kind=KIT_KIND.name, event_id=night.pk,
                        logs=log_scope(KIT_KIND.log_scope).logs(night.pk))
    # The night's ledgers and tables are final: their heads are anchored once this commits.
    anchors_after_commit(reason=AnchorReason.CLOSE)
    events.night_counted(actor=actor, night=night, participants=participants, balance=balance)
    leaderboard_changed(night)
    return night


# --- prizes ---


def chip_ranges(participants: list[Participant]) -> list[dict]:
    """Each chip is a chance: participant by participant in number order, their counted chips are numbered on
    from the last one's (#1 with 500 chips holds 1-500, #2 holds 501-...)."""
    ranges, first = [], 1
    for participant in participants:
        if participant.counted:
            ranges.append({"participant": participant.number, "first": first, "last": first + participant.counted - 1})
            first += participant.counted
    return ranges


def drawing_tickets(ranges: list[dict]) -> list[int]:
    return [ticket for row in ranges for ticket in range(row["first"], row["last"] + 1)]


def holder_of(ranges: list[dict], ticket: int) -> int:
    return next(row["participant"] for row in ranges if row["first"] <= ticket <= row["last"])


def _ranking(participants: list[Participant], places: int, seed: bytes) -> tuple[list[Participant], list[dict]]:
    """Most chips first; participants with equal counts are put in order by a drawing among them (the night's
    committed seed over their numbers), published with the rest."""
    ordered, tie_breaks = [], []
    by_count: dict[int, list[Participant]] = {}
    for participant in participants:
        by_count.setdefault(participant.counted or 0, []).append(participant)
    for count in sorted(by_count, reverse=True):
        group = by_count[count]
        if len(group) > 1 and len(ordered) < places:
            numbers = [p.number for p in group]
            drawn = raffle_engine.draw_winners(tickets=numbers, prizes=len(numbers), seed=seed)
            tie_breaks.append({"chips": count, "tickets": sorted(numbers), "winners": drawn,
                               "tickets_hash": raffle_engine.tickets_hash_of(numbers)})
            by_number = {p.number: p for p in group}
            group = [by_number[number] for number in drawn]
        ordered.extend(group)
    return ordered, tie_breaks


def _label(participant: Participant) -> str:
    """How the record names a participant: the name given, else the number (a record, so never translated)."""
    return participant.name or f"Participant #{participant.number}"


@transaction.atomic
def prizes_award(*, actor, night: Night) -> Night:
    """Award the posted prizes after the count, as the house rules say (1603.2): by final chip ranking, or by
    a drawing in which each chip is a chance (shared/formats/raffle-drawing.md with the night's committed
    seed, published now). The values go to the night's financial report (licensing's hand-over)."""
    night = lock(night)
    require_director(actor, night.license, RUN_A_NIGHT)
    if night.status != NightStatus.COUNTED:
        raise ValidationError(_("Prizes are awarded once, after the end-of-night count."), code="not_counted")
    participants = list(night.participants.order_by("number"))
    prizes = list(night.prizes)
    seed = bytes.fromhex(night.drawing_seed)
    awards, drawing = [], {"format": raffle_engine.FORMAT, "raffle": f"MCN-{night.pk}",
                           "commitment": night.drawing_commitment, "seed": night.drawing_seed}
    if prizes and night.prize_method == PrizeMethod.DRAWING:
        ranges = chip_ranges(participants)
        tickets = drawing_tickets(ranges)
        if len(tickets) < len(prizes):
            raise RuleViolation(Finding(rules.PRIZE_LIST_RULE, _(
                "prizes: %(prizes)s prizes but only %(chips)s chips are left to draw from.") % {
                "prizes": len(prizes), "chips": len(tickets)}, field="prizes"))
        winners = raffle_engine.draw_winners(tickets=tickets, prizes=len(prizes), seed=seed)
        by_number = {p.number: p for p in participants}
        for place, (prize, ticket) in enumerate(zip(prizes, winners, strict=True), start=1):
            winner = by_number[holder_of(ranges, ticket)]
            awards.append({"place": place, "participant": winner.number, "name": _label(winner),
                           "description": prize["description"], "value": prize["value"], "ticket": ticket,
                           "chips": winner.counted})
        drawing.update({"prizes": len(prizes), "tickets_hash": raffle_engine.tickets_hash_of(tickets),
                        "winners": winners, "chips": ranges})
    elif prizes:
        ordered, tie_breaks = _ranking(participants, len(prizes), seed)
        for place, (prize, winner) in enumerate(zip(prizes, ordered, strict=False), start=1):
            awards.append({"place": place, "participant": winner.number, "name": _label(winner),
                           "description": prize["description"], "value": prize["value"], "chips": winner.counted})
        drawing["tie_breaks"] = tie_breaks
    night.awards, night.drawing = awards, drawing
    night.status, night.awarded_at = NightStatus.AWARDED, timezone.now()
    night.save(update_fields=["awards", "drawing", "status", "awarded_at"])
    events.prizes_awarded(actor=actor, night=night, awards=awards)
    if not night.training:
        night_payouts_open(night)  # each prize due at the payout desk
        night_report_handover(night)
    leaderboard_changed(night)
    return night


def night_report_handover(night: Night):
    """The night's part of its financial report (30 DCMR 1603.3, 1603.8, 1608.4): who took part, the chips each
    was issued and the prizes won at the tables, through licensing's hand-over (licensing imports no module)."""
    participants = list(night.participants.order_by("number"))
    chips = [{"participant": _label(p), "chips": night.starting_chips} for p in participants]
    return montecarlo_night_recorded(
        license=night.license, event_date=night.date, participants=len(participants),
        chips=chips,
        prizes=[{"participant": award["name"], "description": award["description"],
                 "value": award["value"], "date": night.date.isoformat()} for award in night.awards],
        source=f"montecarlo.night:{night.pk}", ends_at=night.awarded_at)


# --- the Agency's approval of house rules (30 DCMR 1602.1) ---


@transaction.atomic
def approval_decide(*, actor, approval: GameApproval, approve: bool, note: str = "") -> GameApproval:
    """Board staff decide on a night's house rules for an "other approved game" (1602.1); a refusal
    says why."""
    if not getattr(actor, "is_board_staff", False):
        raise PermissionDenied(_("Only Board staff decide on house rules (30 DCMR 1602.1)."))
    approval = GameApproval.objects.select_for_update().select_related("night__license__organization", "game").get(
        pk=approval.pk)
    note = " ".join((note or "").split())[:2000]
    if not approve and not note:
        raise ValidationError({"note": _("Say why the house rules are refused (30 DCMR 1602.1).")})
    if approval.night.status != NightStatus.OPEN:
        raise ValidationError(_("The night is over: nothing is left to approve."), code="night_over")
    approval.status = ApprovalStatus.APPROVED if approve else ApprovalStatus.REFUSED
    approval.note, approval.decided_by, approval.decided_at = note, actor, timezone.now()
    approval.save(update_fields=["status", "note", "decided_by", "decided_at"])
    events.house_rules_decided(actor=actor, approval=approval, note=note)
    return approval
