"""Hall mode's audit events, one typed function each (the organization's trail)."""

from licensing.audit.events import audit_event_record
from licensing.models import HallBundle, HallHead, HallKit, Organization, User


def hall_kit_prepared(*, actor: User, kit: HallKit) -> None:
    audit_event_record(event_type="licensing.hall_kit_prepared", actor=actor, organization=kit.organization,
                       target=kit, payload={"kit": str(kit.kit_id), "kind": kit.kind, "event": kit.event_id,
                                            "event_date": kit.event_date.isoformat(),
                                            "device_public_key": kit.device_public_key})


def _bundle(bundle: HallBundle) -> dict:
    return {"kit": str(bundle.kit.kit_id), "digest": bundle.digest, "logs": bundle.logs, "rows": bundle.rows,
            "findings": bundle.findings}


def hall_bundle_accepted(*, actor: User, bundle: HallBundle) -> None:
    audit_event_record(event_type="licensing.hall_bundle_accepted", actor=actor, organization=bundle.kit.organization,
                       target=bundle, payload=_bundle(bundle))


def hall_bundle_refused(*, actor: User, bundle: HallBundle) -> None:
    audit_event_record(event_type="licensing.hall_bundle_refused", actor=actor, organization=bundle.kit.organization,
                       target=bundle, payload=_bundle(bundle))


def hall_heads_signed(*, actor: User, organization: Organization, kit: str, heads: list[HallHead]) -> None:
    audit_event_record(event_type="licensing.hall_heads_signed", actor=actor, organization=organization,
                       payload={"kit": kit, "heads": [{"log": head.log, "identity": head.identity, "seq": head.seq,
                                                       "hash": head.hash} for head in heads]})
