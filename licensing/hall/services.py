"""Hall mode's writes: preparing an event kit (the Board signs it at once); receiving what a hall sent back."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from core import signing
from core.findings import Finding, RuleViolation
from licensing.hall import events
from licensing.hall.bundle import bundle_digest, log_of, logs_held
from licensing.hall.checks import bundle_problems
from licensing.hall.contents import kit_document
from licensing.hall.imports import bundle_import, imports_keep
from licensing.hall.kinds import KitEvent, kit_kind
from licensing.hall.records import event_rows
from licensing.hall.rules import prepare_findings
from licensing.hall.verify import BUNDLE_RULE
from licensing.licenses.live import license_in_force
from licensing.models import HallBundle, HallKit, User


def device_key_problem(text: str) -> str | None:
    try:
        signing.public_key_bytes(text)
    except signing.SigningKeyError as error:
        return str(error)
    return None


@transaction.atomic
def kit_prepare(*, actor: User, event: KitEvent, device_public_key: str) -> HallKit:
    """Sign a kit for `event` (found through its kind's selector, so within the actor's scope and role) and the
    device that will run it. Refuses, before writing anything, an event already past, a license not in force on
    the event's date, or a key that is no Ed25519 public key."""
    device_public_key = (device_public_key or "").strip()
    findings = prepare_findings(event_date=event.date, today=timezone.localdate(),
                                license=license_in_force(event.license, event.date),
                                device_key_problem=device_key_problem(device_public_key))
    if findings:
        raise RuleViolation(findings)
    kind = kit_kind(event.kind)
    # The next span of ids: the unique constraint turns two officers preparing at the same instant into one refusal
    # (a rare retry), never two halls sharing ids.
    id_base = (HallKit.objects.aggregate(last=Max("id_base"))["last"] or 0) + HallKit.ID_SPAN
    logs = [log_of(model, identity, rows) for model, identity, rows in logs_held(kind.log_scope, event.pk)]
    document = kit_document(event=event, plan=kind.plan(event), rows=event_rows(kind, event.pk, kit=True), logs=logs,
                            id_base=id_base, device_public_key=device_public_key)
    kit = HallKit.objects.create(
        kit_id=document["kit"], id_base=id_base, organization=event.license.organization, license=event.license,
        kind=event.kind, event_id=event.pk, event_date=event.date, title=event.title[:300],
        device_public_key=device_public_key, document=document, prepared_by=actor)
    events.hall_kit_prepared(actor=actor, kit=kit)
    return kit


def _counts(bundle) -> tuple[int, int]:
    logs = bundle.get("logs") if isinstance(bundle, dict) else None
    logs = [log for log in logs if isinstance(log, dict)] if isinstance(logs, list) else []
    return len(logs), sum(len(log["rows"]) for log in logs if isinstance(log.get("rows"), list))


@transaction.atomic
def bundle_receive(*, actor: User, kit: HallKit, bundle) -> tuple[HallBundle, bool]:
    """Receive what a hall sent back for `kit` (found through the kit selectors, so within the actor's scope):
    check it (licensing.hall.checks) and keep it with the verdict and each reason refused. The same bundle again
    is the receipt already kept (False: nothing new). A bundle of another kit is refused outright."""
    carried = bundle.get("kit") if isinstance(bundle, dict) else None
    if not isinstance(carried, dict) or carried.get("kit") != str(kit.kit_id):
        raise RuleViolation(Finding(BUNDLE_RULE, _("This bundle is not for kit %(kit)s (it says %(found)s).") % {
            "kit": kit.kit_id, "found": carried.get("kit") if isinstance(carried, dict) else _("nothing")},
            field="kit"))
    digest = bundle_digest(bundle)
    kept = HallBundle.objects.filter(kit=kit, digest=digest).first()
    if kept is not None:
        return kept, False
    findings, imports = bundle_problems(bundle), []
    if not findings:
        try:
            with transaction.atomic():  # all of the import or none of it
                imports = bundle_import(kit, bundle)
        except RuleViolation as refused:
            findings = refused.findings
    logs, rows = _counts(bundle)
    received = HallBundle.objects.create(
        kit=kit, digest=digest, content=bundle, accepted=not findings, logs=logs, rows=rows, received_by=actor,
        findings=[{"rule": finding.rule, "message": str(finding.message), "field": finding.field}
                  for finding in findings])
    imports_keep(received, imports)
    if received.accepted:
        kit_kind(kit.kind).received(kit.event_id, actor)  # the event's financial report, prefilled
    (events.hall_bundle_accepted if received.accepted else events.hall_bundle_refused)(actor=actor, bundle=received)
    return received, True
