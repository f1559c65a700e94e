"""The event's prizes at the payout desk, between the Board and a hall (docs/features/hall-mode.md). The kit carries
the event's payouts still to pay (their sessions: the kind's `payout_sessions`), never an identity; the hall opens
payouts as its games name winners and pays them at its desk, sealing each winner's identity for the Board
(core.sealing: the hall cannot read it back); the bundle brings them back with the event's rows.

The Board takes each payout of the bundle (licensing.hall.imports, in the import's transaction):
- one the hall opened (its id in the kit's span) as the hall wrote it; one the Board holds (opened at the Board, or
  taken in from an earlier bundle) takes only what settling, voiding and paying change (`STATE`), and none once the
  Board has it paid or void (a prize is paid once);
- the identity sealed for the Board is opened with the Board's key and sealed again with its Fernet key (the
  PAYOUT_IDENTITY_KEYS: what `payout_identity` and the filing people's view read);
- refused, naming the row: a payout of another organization or license than the kit's, or not a prize of the event;
  an identity the Board cannot open (changed after it was sealed, or sealed for another key) or not sealed for the
  Board; a masked taxpayer number that is not the sealed one's; a form number outside the kit's series."""

from __future__ import annotations

import re

from django.core import serializers
from django.core.serializers.base import DeserializationError
from django.db import DatabaseError, transaction
from django.utils.translation import gettext as _

from core.findings import Finding, RuleViolation
from core.sealing import SealedValueUnreadable, is_sealed_for_board, seal, unseal
from licensing.hall.kinds import KitKind
from licensing.hall.verify import BUNDLE_RULE
from licensing.models import HallKit, Payout, PayoutStatus

PAYOUT = "licensing.payout"
# What the games (settling a pending payout, voiding one) and the desk (paying one) change of a payout once opened;
# the rest (the organization, license, game, source, session, the day won...) is what opening it said.
STATE = ("prize", "wager", "label", "status", "void_reason", "method", "check_number", "check_requested", "amount",
         "paid_on", "paid_at", "paid_by", "w2g", "reportable", "identical", "withheld", "backup_withholding",
         "form_number", "tin_refused", "tin_last4", "identity")
ENDED = (PayoutStatus.PAID, PayoutStatus.VOID)


def _refused(message: str) -> RuleViolation:
    return RuleViolation(Finding(BUNDLE_RULE, message, field="records"))


def event_payouts(kind: KitKind, event_id: int, *, to_pay_only: bool = False) -> list[Payout]:
    """The payouts of the event's prizes; `to_pay_only`: those not paid or void yet (what a kit carries: a paid
    one's identity has no business on a laptop, and the hall could not read it anyway)."""
    sessions = kind.payout_sessions(event_id)
    if not sessions:
        return []
    payouts = Payout.objects.filter(session__in=sessions)
    if to_pay_only:
        payouts = payouts.exclude(status__in=ENDED)
    return list(payouts.order_by("pk"))


def _opened(token, pk) -> dict:
    try:
        data = unseal(token)
    except SealedValueUnreadable:
        data = None
    if not isinstance(data, dict):
        raise _refused(_("The Board cannot open the winner's identity of %(model)s %(pk)s sealed at the hall: it was "
                         "changed after it was sealed, or sealed for a key the Board does not hold.") % {
            "model": PAYOUT, "pk": pk})
    return data


def _identity(fields: dict, held: dict | None, pk) -> tuple[dict | None, bool]:
    """The winner's identity the hall sealed, opened, and whether it differs from what the Board holds."""
    token, before = fields.get("identity", ""), (held or {}).get("identity", "")
    if not isinstance(token, str):
        raise _refused(_("The winner's identity of %(model)s %(pk)s is not a sealed value.") % {
            "model": PAYOUT, "pk": pk})
    if token == before:
        return (_opened(token, pk) if token else None), False
    if not token:  # the desk never empties one (the Board's purge does, past the retention period)
        raise _refused(_("The hall emptied the winner's identity of %(model)s %(pk)s.") % {"model": PAYOUT, "pk": pk})
    if not is_sealed_for_board(token):  # the hall holds no key but the Board's public one
        raise _refused(_("The winner's identity of %(model)s %(pk)s is not sealed for the Board.") % {
            "model": PAYOUT, "pk": pk})
    opened = _opened(token, pk)
    return opened, not before or _opened(before, pk) != opened


def _checked(kit: HallKit, kind: KitKind, fields: dict, opened: dict | None, pk) -> None:
    if fields.get("organization") != kit.organization_id or fields.get("license") != kit.license_id:
        raise _refused(_("%(model)s %(pk)s is a payout of another organization or license than the kit's "
                         "(%(license)s).") % {"model": PAYOUT, "pk": pk, "license": kit.license.number})
    if fields.get("session") not in kind.payout_sessions(kit.event_id):
        raise _refused(_("%(model)s %(pk)s is not a prize of this event.") % {"model": PAYOUT, "pk": pk})
    tin = (opened or {}).get("tin") or ""
    if fields.get("tin_last4", "") != (tin[-4:] if isinstance(tin, str) else ""):
        raise _refused(_("The masked taxpayer number of %(model)s %(pk)s is not the sealed one's.") % {
            "model": PAYOUT, "pk": pk})


def _form_number_check(kit: HallKit, fields: dict, held: dict | None, pk) -> None:
    number = fields.get("form_number") or ""
    if not number or number == (held or {}).get("form_number"):
        return
    series = kit.document["payouts"]["form_series"]
    if not isinstance(number, str) or not re.fullmatch(rf"W2G-[0-9]{{4}}-{series}-[0-9]+", number):
        raise _refused(_("The hall numbered the Form W-2G of %(model)s %(pk)s outside the kit's series "
                         "(%(series)s).") % {"model": PAYOUT, "pk": pk, "series": series})


def _save(record: dict, update_fields: list[str] | None = None) -> None:
    try:
        with transaction.atomic():
            next(serializers.deserialize("python", [record])).object.save(update_fields=update_fields)
    except (DeserializationError, DatabaseError, LookupError, TypeError, ValueError) as error:
        raise _refused(_("%(model)s %(pk)s cannot be taken in (%(error)s).") % {
            "model": PAYOUT, "pk": record["pk"], "error": error}) from error


def payout_take(kit: HallKit, kind: KitKind, record: dict, *, held: dict | None, span: range) -> None:
    """Take one payout of the bundle (`record`, as Django's serializer wrote it at the hall); `held`: the Board's
    copy of it as the same serializer writes it, None when the Board does not hold it."""
    pk, fields = record["pk"], record["fields"]
    if held is None and pk not in span:
        raise _refused(_("%(model)s %(pk)s is not one of the event's rows.") % {"model": PAYOUT, "pk": pk})
    opened, identity_changed = _identity(fields, held, pk)
    _checked(kit, kind, fields, opened, pk)
    _form_number_check(kit, fields, held, pk)
    resealed = seal(opened) if opened is not None else ""
    if held is None:
        _save({"model": PAYOUT, "pk": pk, "fields": {**fields, "identity": resealed}})
        return
    changed = {name: value for name, value in fields.items() if name != "identity" and held.get(name) != value}
    if identity_changed:
        changed["identity"] = resealed
    outside = sorted(set(changed) - set(STATE))
    if outside:
        raise _refused(_("The hall changed %(field)s of %(model)s %(pk)s, which the payout desk does not change.") % {
            "field": outside[0], "model": PAYOUT, "pk": pk})
    if not changed:
        return
    if held.get("status") in ENDED:
        raise _refused(_("%(model)s %(pk)s is %(status)s at the Board already: the hall's record of it differs (a "
                         "prize is paid once).") % {"model": PAYOUT, "pk": pk,
                                                    "status": PayoutStatus(held["status"]).label})
    _save({"model": PAYOUT, "pk": pk, "fields": {**held, **changed}}, update_fields=list(changed))
