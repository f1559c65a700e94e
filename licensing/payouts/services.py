"""The winners' payout desk: a prize owed becomes a payout when the game names its winner (the games call
`payout_open`, `payout_settle` and `payout_void` inside their own transactions), and the desk pays it
(`payout_pay`), asking first what the IRS requires when a Form W-2G is due (licensing.payouts.rules, the register's
figures in force on the day paid). One transaction per service; everything is checked before anything is written.

The IRS aggregates one person's winnings over one session: the desk adds what the same person (the same taxpayer
number; with none the same name, and address when both gave one: `_same_person`) was paid earlier in the same
session (one raffle drawing, one night, one tournament) to decide the form and the withholding (never more than the
prize paid), and reports the earlier amounts no form of their own reported as winnings from identical wagers (box 7),
so no amount is on two forms. Bingo is reported game by game, and a player has one share a game: nothing is added."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from decimal import Decimal

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from core.chain import lock_log
from core.findings import Finding
from core.money import money_text, parse_money
from core.sealing import SealedValueUnreadable, seal, seals_for_board, unseal
from licensing.models import License, Payout, PayoutGame, PayoutMethod, PayoutStatus, User
from licensing.payouts import events, rules
from licensing.payouts.hooks import payout_paid_hooks_run
from licensing.payouts.identity import Winner, winner_clean
from licensing.payouts.selectors import DESK_ROLES, can_see_tin, require_role
from licensing.register.values import citation, value

REASON_MAX = 300
CHECK_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,19}")
FORM_DIGITS = 5
FORM_ATTEMPTS = 5
PAY_RULE = "30 DCMR 1406.3"
CHECK_RULE = "30 DCMR 1408.5"
ANNUITY_RULE = "30 DCMR 1408.6"
CASH_RULE = "30 DCMR 1408.4"
ZERO = Decimal("0.00")


# --- the games name the winners ---

def payout_open(*, license: License, game: str, source: str, session: str, label: str, won_on: dt.date,
                prize: Decimal | None = None, wager: Decimal = ZERO, description: str = "",
                pending: bool = False, annuity_allowed: bool = False) -> Payout:
    """The payout of one prize, made once per source (a second call returns the first: a game's close replayed,
    a hall's records taken in). `pending`: a verified bingo claim before the game closes; its amount comes with
    the close (payout_settle)."""
    existing = Payout.objects.filter(source=source).first()
    if existing is not None:
        return existing
    return Payout.objects.create(
        organization_id=license.organization_id, license=license, game=game, source=source, session=session,
        label=label[:200], won_on=won_on, prize=prize, wager=wager, description=description[:200],
        status=PayoutStatus.PENDING if pending else PayoutStatus.DUE, annuity_allowed=annuity_allowed)


def payout_settle(*, source: str, prize: Decimal, label: str | None = None) -> Payout | None:
    """A pending payout's amount, now that the game closed: it is due at the desk."""
    payout = Payout.objects.select_for_update().filter(source=source).first()
    if payout is None or payout.status != PayoutStatus.PENDING:
        return payout
    payout.prize, payout.status = prize, PayoutStatus.DUE
    if label:
        payout.label = label[:200]
    payout.save(update_fields=["prize", "status", "label"])
    return payout


def payout_void(*, source: str, reason: str, actor: User | None = None) -> Payout | None:
    """The claim behind a payout not yet paid was voided (or did not win at the close): the payout is void, with
    the reason, and can no longer be paid. A paid one is refused: the money is out."""
    payout = Payout.objects.select_for_update().filter(source=source).first()
    if payout is None or payout.status == PayoutStatus.VOID:
        return payout
    if payout.status == PayoutStatus.PAID:
        raise ValidationError({"payout": _("This prize was already paid on %(day)s: it cannot be voided.")
                               % {"day": date_format(payout.paid_on)}}, code="paid")
    payout.status, payout.void_reason = PayoutStatus.VOID, reason[:REASON_MAX]
    payout.save(update_fields=["status", "void_reason"])
    events.payout_voided(actor=actor, payout=payout)
    return payout


# --- the desk ---

@dataclass
class Quote:
    """What the desk says before paying: whether a Form W-2G is due, what is withheld, and why."""

    prize: Decimal
    wager: Decimal
    earlier: Decimal  # what the same person was paid earlier in the session and no form reported (box 7)
    w2g: bool
    withheld: Decimal
    backup: bool
    findings: list[Finding] = field(default_factory=list)

    @property
    def reportable(self) -> Decimal:
        return self.prize + self.earlier

    @property
    def net(self) -> Decimal:
        return self.prize - self.withheld


def _same_person(identity: dict, winner: Winner) -> bool:
    """By the taxpayer number when both have one; else by the name, and the street when both have one. The desk
    asks the name first: a name an earlier winner of the session gave makes the form due, so the rest is asked
    (then the numbers decide); a winner who gave only a name is taken to be the one of that name (the rules
    module's side: a form too many is lawful, a form missed is not)."""
    if winner.tin and identity.get("tin"):
        return identity["tin"] == winner.tin
    if identity.get("name", "").casefold() != winner.name.casefold():
        return False
    if winner.street and identity.get("street"):
        return identity["street"].casefold() == winner.street.casefold()
    return True


def _same_winner(other: Payout, winner: Winner) -> bool:
    """Whether `other` (paid) was paid to `winner`. At a hall every identity is sealed for the Board (core.sealing)
    and the desk cannot open it: it compares what it keeps in the clear, the taxpayer number's last four digits
    (a winner without a number cannot be matched there; docs/features/hall-mode.md)."""
    try:
        return _same_person(unseal(other.identity), winner)
    except SealedValueUnreadable:
        if not seals_for_board():
            raise
        return bool(winner.tin and other.tin_last4 and winner.tin[-4:] == other.tin_last4)


@dataclass(frozen=True)
class Earlier:
    """The same person's prizes paid earlier in the session: all of them (they decide the form and the withholding),
    what was withheld from them, and those no form of their own reported (box 7 of this one's form)."""

    paid: Decimal = ZERO
    withheld: Decimal = ZERO
    unreported: Decimal = ZERO


def _earlier(payout: Payout, winner: Winner | None) -> Earlier:
    """Bingo is reported game by game and a player has one payout a game (one share, 1406.2): nothing to add. For
    the rest, the winnings of identical wagers in one session are one person's (the instructions' box 7)."""
    if winner is None or payout.game == PayoutGame.BINGO:
        return Earlier()
    paid, withheld, unreported = ZERO, ZERO, ZERO
    for other in Payout.objects.filter(session=payout.session, status=PayoutStatus.PAID).exclude(pk=payout.pk):
        if other.identity and _same_winner(other, winner):
            paid += other.amount or ZERO
            withheld += other.withheld
            if not other.w2g:  # a prize on a form of its own is not reported again on this one
                unreported += other.amount or ZERO
    return Earlier(paid=paid, withheld=withheld, unreported=unreported)


def payout_quote(payout: Payout, *, prize: Decimal, wager: Decimal, on: dt.date,
                 winner: Winner | None = None) -> Quote:
    """The form and the withholding for paying `prize` on `on` (the register's figures of that day)."""
    before = _earlier(payout, winner)
    earlier, earlier_withheld = before.unreported, before.withheld
    total = prize + before.paid
    form = rules.w2g_required(game=payout.game, prize=total, wager=wager, on=on)
    findings = [form] if form else []
    regular = rules.withholding(game=payout.game, prize=total, wager=wager, on=on)
    backup = False
    if form and winner is not None and winner.tin_refused and regular == 0:
        regular = rules.backup_withholding(game=payout.game, prize=total, wager=wager, on=on)
        backup = regular > 0
    # What the earlier prizes of the session already had withheld is not taken twice; and the desk withholds from
    # what it pays, so never more than this prize (the earlier prizes paid whole are the payer's to answer for).
    withheld = min(max(regular - earlier_withheld, ZERO), prize)
    if withheld:
        findings.append(Finding(rules.withholding_rule(game=payout.game, backup=backup, on=on), _(
            "%(amount)s is withheld for federal income tax%(backup)s: the winner is handed %(net)s.") % {
                "amount": money_text(withheld), "net": money_text(prize - withheld),
                "backup": _(" (backup withholding: no taxpayer number)") if backup else ""},
            field="withheld", blocking=False))
    return Quote(prize=prize, wager=wager, earlier=earlier, w2g=form is not None, withheld=withheld, backup=backup,
                 findings=findings)


def _status_refuse(payout: Payout) -> None:
    if payout.status == PayoutStatus.PENDING:
        raise ValidationError({"payout": _(
            "This game is not closed yet: winners are decided and paid at the end of the game (%(rule)s).")
            % {"rule": PAY_RULE}}, code="pending")
    if payout.status == PayoutStatus.PAID:
        raise ValidationError({"payout": _("This prize was already paid, on %(day)s (%(method)s): a prize is paid "
                                           "once.") % {"day": date_format(payout.paid_on),
                                                       "method": payout.get_method_display()}}, code="paid")
    if payout.status == PayoutStatus.VOID:
        raise ValidationError({"payout": _("This payout is void and is not paid: %(reason)s")
                               % {"reason": payout.void_reason}}, code="void")


def _money(raw, field_name: str, errors: dict) -> Decimal | None:
    try:
        amount = parse_money(raw, field=field_name)
    except ValidationError as error:
        errors.update(error.message_dict)
        return None
    if amount < 0:
        errors[field_name] = [_("Enter an amount of $0.00 or more.")]
        return None
    return amount


def _terms(payout: Payout, *, prize, wager, amount, paid_on, today: dt.date, errors: dict):
    """The prize, the wager, the amount and the day, checked (prize and wager are given at the desk only where the
    game did not fix them: a raffle's prize value and ticket price)."""
    if payout.prize is None:
        prize = _money(prize, "prize", errors) if prize not in (None, "") else None
        if prize is None and "prize" not in errors:
            errors["prize"] = [_("Enter the prize's value: the drawing names only the winning ticket.")]
        elif prize is not None and prize <= 0:
            errors["prize"] = [_("A prize is worth more than $0.00.")]
        wager = _money(wager, "wager", errors) if wager not in (None, "") else payout.wager
    else:
        prize, wager = payout.prize, payout.wager
    amount = _money(amount, "amount", errors)
    if amount is not None and prize is not None:
        if amount > prize:
            errors["amount"] = [_("%(amount)s is more than the prize, %(prize)s: a payout is never above the "
                                  "prize.") % {"amount": money_text(amount), "prize": money_text(prize)}]
        elif amount < prize:
            errors["amount"] = [_("%(amount)s is less than the prize, %(prize)s: the whole prize is paid at the "
                                  "end of the game (%(rule)s); what is withheld is shown apart.")
                                % {"amount": money_text(amount), "prize": money_text(prize), "rule": PAY_RULE}]
    if paid_on is None:
        paid_on = today
    if not isinstance(paid_on, dt.date) or isinstance(paid_on, dt.datetime):
        errors["paid_on"] = [_("Enter the day the prize is paid.")]
    elif paid_on > today:
        errors["paid_on"] = [_("A prize cannot be paid in the future: enter today or the day it was paid.")]
    elif paid_on < payout.won_on:
        errors["paid_on"] = [_("A prize is paid on or after the day it was won (%(day)s).")
                             % {"day": date_format(payout.won_on)}]
    return prize, wager, amount, paid_on


def _method_check(payout: Payout, *, method, check_number, check_requested: bool, prize, paid_on,
                  errors: dict) -> str:
    if method not in PayoutMethod.values:
        errors["method"] = [_("Choose how the prize is paid: cash, check, the prize itself or an annuity.")]
        return ""
    number = check_number.strip() if isinstance(check_number, str) else ""
    if method == PayoutMethod.CHECK:
        if not CHECK_PATTERN.fullmatch(number):
            errors["check_number"] = [_("Enter the check's number (letters A-Z, digits 0-9, at most 20; %(rule)s).")
                                      % {"rule": CHECK_RULE}]
    elif number:
        errors["check_number"] = [_("A check number goes with a prize paid by check only.")]
    if method == PayoutMethod.GOODS and not payout.description:
        errors["method"] = [_("This prize is money: pay it in cash or by check (%(rule)s).") % {"rule": CASH_RULE}]
    if method == PayoutMethod.ANNUITY and prize is not None:
        floor = value("bingo.annuity_prize_floor", paid_on if isinstance(paid_on, dt.date) else None)
        if not payout.annuity_allowed or prize < floor:
            errors["method"] = [_("Only a multi-hall prize of %(floor)s or more may be paid as an annuity (%(rule)s).")
                                % {"floor": money_text(floor), "rule": ANNUITY_RULE}]
    if (payout.game == PayoutGame.BINGO and check_requested and method == PayoutMethod.CASH and prize is not None
            and isinstance(paid_on, dt.date)):
        over = value("bingo.prize_by_check_over", paid_on)
        if prize > over:
            errors["method"] = [_("The winner asked for a check: a prize over %(over)s is paid by check on request "
                                  "(%(rule)s).") % {"over": money_text(over),
                                                    "rule": citation("bingo.prize_by_check_over", paid_on)}]
    return number


def _check_reuse(payout: Payout, number: str, winner: Winner, errors: dict) -> None:
    if not number:
        return
    for other in Payout.objects.filter(organization_id=payout.organization_id, method=PayoutMethod.CHECK,
                                       check_number=number).exclude(pk=payout.pk):
        if other.session == payout.session and other.identity and _same_winner(other, winner):
            continue  # one check for one person's prizes of one session
        errors["check_number"] = [_("Check %(number)s already paid another winner (%(label)s, %(day)s): each "
                                    "check is written to one winner.") % {"number": number, "label": other.label,
                                                                          "day": date_format(other.paid_on)}]
        return


def _next_form_number(payout: Payout, year: int) -> str:
    """The organization's next form number of the year: W2G-2026-00001 at the Board; at a hall the kit's own series,
    W2G-2026-H3-00001 (PAYOUT_FORM_SERIES), since the hall cannot see the numbers the Board gave meanwhile. The
    Board's numbering passes over the halls' series."""
    series = settings.PAYOUT_FORM_SERIES
    prefix = f"W2G-{year}-{series}-" if series else f"W2G-{year}-"
    numbered = Payout.objects.filter(organization_id=payout.organization_id, form_number__startswith=prefix)
    if not series:
        numbered = numbered.exclude(form_number__startswith=f"{prefix}H")
    last = numbered.order_by("-form_number").values_list("form_number", flat=True).first()
    return f"{prefix}{(int(last.rsplit('-', 1)[1]) + 1 if last else 1):0{FORM_DIGITS}d}"


def _save_with_form_number(payout: Payout) -> None:
    """Two desks of one organization numbering forms at once: the year's numbering is locked (PostgreSQL), and
    the unique index stays the last word (the loser takes the next number)."""
    if not payout.w2g:
        payout.save()
        return
    lock_log("licensing.w2g_numbers", f"{payout.organization_id}:{payout.paid_on.year}")
    for attempt in range(FORM_ATTEMPTS):
        payout.form_number = _next_form_number(payout, payout.paid_on.year)
        try:
            with transaction.atomic():
                payout.save()
                return
        except IntegrityError:
            if attempt == FORM_ATTEMPTS - 1:
                raise


@transaction.atomic
def payout_pay(*, actor: User, payout: Payout, method, amount, winner: dict, check_number="",
               check_requested: bool = False, prize=None, wager=None, paid_on: dt.date | None = None,
               today: dt.date | None = None) -> Payout:
    """Pay one prize at the desk: the method (a check with its number), the amount (the whole prize), to whom;
    with a Form W-2G due, the winner's address, taxpayer number (or their refusal: backup withholding) and two
    forms of identification, and what is withheld. Refused, naming the field, with nothing written: a prize not yet
    due, paid or void; an amount other than the prize; a check number another winner was paid with."""
    require_role(actor, payout.organization_id, DESK_ROLES)
    payout = Payout.objects.select_for_update().get(pk=payout.pk)
    _status_refuse(payout)
    today = today or timezone.localdate()
    errors: dict[str, list] = {}
    prize, wager, amount, paid_on = _terms(payout, prize=prize, wager=wager, amount=amount, paid_on=paid_on,
                                           today=today, errors=errors)
    # A day already refused is not looked up in the register (a day before its first figures has none).
    number = _method_check(payout, method=method, check_number=check_number, check_requested=check_requested is True,
                           prize=prize, paid_on=None if "paid_on" in errors else paid_on, errors=errors)
    if errors:
        # Say in the same answer what is wrong with the winner as far as it can be told without the prize's terms
        # (the name, a taxpayer number's shape), so the desk does not fix one round of errors to meet another.
        try:
            winner_clean(winner, form_due=False)
        except ValidationError as error:
            errors.update({name: messages for name, messages in error.message_dict.items() if name not in errors})
        raise ValidationError(errors)
    # Whether a form is due decides what is asked of the winner: first with the name alone, then with the person.
    named = winner_clean({"name": (winner or {}).get("name") if isinstance(winner, dict) else None}, form_due=False)
    due = payout_quote(payout, prize=prize, wager=wager, on=paid_on, winner=named).w2g
    person = winner_clean(winner, form_due=due)
    quote = payout_quote(payout, prize=prize, wager=wager, on=paid_on, winner=person)
    if quote.w2g and not due:
        person = winner_clean(winner, form_due=True)  # the same person's earlier prizes made the form due
    _check_reuse(payout, number, person, errors)
    if errors:
        raise ValidationError(errors)

    payout.prize, payout.wager, payout.amount, payout.paid_on = prize, wager, amount, paid_on
    payout.method, payout.check_number, payout.check_requested = method, number, check_requested is True
    payout.status, payout.paid_at, payout.paid_by = PayoutStatus.PAID, timezone.now(), actor
    payout.w2g, payout.withheld, payout.backup_withholding = quote.w2g, quote.withheld, quote.backup
    payout.reportable = quote.reportable if quote.w2g else None
    payout.identical = quote.earlier if quote.w2g and quote.earlier else None
    payout.tin_refused = person.tin_refused
    payout.tin_last4 = person.tin[-4:] if person.tin else ""
    payout.identity = seal(person.sealed_form())
    _save_with_form_number(payout)
    events.payout_paid(actor=actor, payout=payout)
    payout_paid_hooks_run(payout)  # a raffle's report takes the value paid (licensing.payouts.hooks)
    return payout


def payout_quote_asked(*, actor: User, payout: Payout, prize=None, wager=None, amount, tin_refused: bool = False,
                       paid_on: dt.date | None = None, today: dt.date | None = None) -> Quote:
    """The quote the desk asks before paying, from what it typed, checked as payout_pay checks it (the payout due,
    the prize and wager where the game did not fix them, the amount the whole prize, the day), nothing written.
    Without the winner's name it cannot add the same person's earlier prizes of the session: payout_pay does."""
    require_role(actor, payout.organization_id, DESK_ROLES)
    _status_refuse(payout)
    errors: dict[str, list] = {}
    prize, wager, _amount, paid_on = _terms(payout, prize=prize, wager=wager, amount=amount, paid_on=paid_on,
                                            today=today or timezone.localdate(), errors=errors)
    if errors:
        raise ValidationError(errors)
    refused = Winner(name="", tin_refused=True) if tin_refused is True else None
    return payout_quote(payout, prize=prize, wager=wager, on=paid_on, winner=refused)


def payout_identity(payout: Payout) -> dict:
    """The winner as sealed, without the taxpayer number (its last four digits are `tin_masked`). At a hall the
    identity is sealed for the Board and cannot be read there: the name says so, and `sealed` is true."""
    try:
        identity = unseal(payout.identity) if payout.identity else {}
    except SealedValueUnreadable:
        if not seals_for_board():
            raise
        return {"name": _("Sealed for the Board"), "sealed": True}
    identity.pop("tin", None)
    return identity


@transaction.atomic
def payout_tin_reveal(*, actor: User, payout: Payout) -> str:
    """The full taxpayer number, for the organization's filing people only; every view is in the audit trail."""
    if not can_see_tin(actor, payout.organization_id):
        raise PermissionDenied(_("Only the organization's filing people (officers, the member in charge and the "
                                 "member responsible for gross receipts) see a full taxpayer number."))
    if payout.identity and seals_for_board():
        raise PermissionDenied(_("At the hall a winner's taxpayer number is sealed for the Board: it is read at the "
                                 "Board once the hall's records are taken in."))
    tin = unseal(payout.identity).get("tin", "") if payout.identity else ""
    events.payout_tin_viewed(actor=actor, payout=payout)
    return f"{tin[:3]}-{tin[3:5]}-{tin[5:]}" if tin else ""


def identity_retention_cutoff(today: dt.date) -> dt.date:
    """The first day whose payouts keep their identity: a payout paid before it is past the retention period
    (`payouts.identity_retention_years`, in force today)."""
    years = int(value("payouts.identity_retention_years", today))
    try:
        return today.replace(year=today.year - years)
    except ValueError:  # 29 February
        return today.replace(year=today.year - years, day=28)


@transaction.atomic
def payout_identities_purge(*, today: dt.date | None = None, dry_run: bool = False) -> int:
    """Empty the sealed identity (and the masked number's digits) of every payout paid more than the retention
    period ago (identity_retention_cutoff), keeping the amounts, the form's number and what was withheld. Returns
    how many were purged (with `dry_run`, how many would be, and nothing changes); one audit event says so."""
    today = today or timezone.localdate()
    before = identity_retention_cutoff(today)
    stale = Payout.objects.filter(paid_on__lt=before, identity_purged_at__isnull=True).exclude(identity="")
    if dry_run:
        return stale.count()
    count = stale.update(identity="", tin_last4="", identity_purged_at=timezone.now())
    if count:
        events.payout_identities_purged(count=count, before=before)
    return count
