"""The vendor's people (30 DCMR 1207.2(d)) and its employees (1401.13): the representative names and updates them
with their 1206.4 declarations and the police clearance reports of owners and officers (1207.2(l)); Board staff
decide a DC official's conflict of interest (1206.4(d)). Ended people are kept, never deleted."""

import datetime as dt
from decimal import Decimal

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.findings import Finding, RuleError
from core.money import parse_money
from licensing.models import Document, User
from licensing.models.choices import DocumentKind
from licensing.organizations.documents import document_upload
from vendors.models import Owner, Vendor
from vendors.owners import events
from vendors.selectors import require_representative

OWNER_FIELDS = frozenset({
    "role", "full_name", "street_address", "city", "state", "postal_code", "date_of_birth", "share", "through",
    "felony_convicted", "felony_pardoned", "supervision_ended_on", "gambler", "relative_disqualified",
    "dc_official", "dc_position",
})
EARLIEST_DATE = dt.date(1900, 1, 1)
SHARE_RULE = "30 DCMR 1207.2(d)"


def _errors(owner: Owner) -> dict[str, list]:
    errors: dict[str, list] = {}
    try:
        owner.full_clean(exclude=["vendor", "police_clearance", "conflict_decided_by"])
    except ValidationError as exc:
        errors.update(exc.error_dict)
    today = timezone.localdate()
    for name in ("date_of_birth", "supervision_ended_on"):
        value = getattr(owner, name)
        if isinstance(value, dt.date) and not EARLIEST_DATE <= value <= today:
            errors.setdefault(name, []).append(_("Give a date from %(earliest)s to today.")
                                               % {"earliest": EARLIEST_DATE.isoformat()})
    if isinstance(owner.share, Decimal) and not Decimal("0") <= owner.share <= Decimal("100"):
        errors.setdefault("share", []).append(RuleError(Finding(SHARE_RULE, _(
            "A share of ownership is a percentage from 0 to 100 (30 DCMR 1207.2(d))."), field="share")))
    if owner.felony_pardoned and not owner.felony_convicted:
        errors.setdefault("felony_pardoned", []).append(_("A pardon answers a felony conviction: tick that first."))
    return errors


def _assign(owner: Owner, fields: dict) -> None:
    unknown = set(fields) - OWNER_FIELDS
    if unknown:
        raise ValidationError({name: _("This field cannot be changed here.") for name in sorted(unknown)})
    if fields.get("share") not in (None, ""):
        fields = {**fields, "share": parse_money(fields["share"], field="share")}  # two decimals, digits 0-9
    for name, value in fields.items():
        if isinstance(value, str):
            value = value.strip()
        setattr(owner, name, value)


@transaction.atomic
def owner_add(*, actor: User, vendor: Vendor, **fields) -> Owner:
    require_representative(actor, vendor)
    owner = Owner(vendor=vendor)
    _assign(owner, fields)
    errors = _errors(owner)
    if errors:
        raise ValidationError(errors)
    owner.save()
    # Dates of birth and declarations are personal data: they stay on the record, out of the audit trail.
    events.owner_added(actor=actor, vendor=vendor, owner=owner)
    return owner


@transaction.atomic
def owner_update(*, actor: User, owner: Owner, **fields) -> Owner:
    require_representative(actor, owner.vendor)
    if not owner.is_current:
        raise ValidationError({"owner": _("This person has left the business; name them again instead.")})
    before = {name: getattr(owner, name) for name in OWNER_FIELDS}
    _assign(owner, fields)
    errors = _errors(owner)
    if errors:
        for name, value in before.items():
            setattr(owner, name, value)
        raise ValidationError(errors)
    changed = sorted(name for name, value in before.items() if getattr(owner, name) != value)
    if changed:
        if {"dc_official", "dc_position"} & set(changed):
            # A new office asks the Board again (1206.4(d)).
            owner.conflict_found, owner.conflict_reason = None, ""
            owner.conflict_decided_by, owner.conflict_decided_at = None, None
        owner.save()
        events.owner_updated(actor=actor, owner=owner, changed=changed)
    return owner


@transaction.atomic
def owner_end(*, actor: User, owner: Owner) -> Owner:
    require_representative(actor, owner.vendor)
    owner.is_current = False
    owner.save(update_fields=["is_current"])
    events.owner_ended(actor=actor, owner=owner)
    return owner


# Which report of 1207.2(l): the District's, the jurisdiction of residence's, the jurisdiction of the business's.
CLEARANCE_FIELDS = {"dc": "police_clearance", "residence": "residence_clearance", "business": "business_clearance"}


def _clearance_field(jurisdiction: str) -> str:
    if jurisdiction not in CLEARANCE_FIELDS:
        raise ValidationError({"jurisdiction": RuleError(Finding("30 DCMR 1207.2(l)", _(
            "Say whose police clearance report this is: the District's, the jurisdiction of residence's or the "
            "jurisdiction of the business's (30 DCMR 1207.2(l))."), field="jurisdiction"))})
    return CLEARANCE_FIELDS[jurisdiction]


@transaction.atomic
def owner_police_clearance_set(*, actor: User, owner: Owner, document: Document, jurisdiction: str = "dc") -> Owner:
    """Attach a police clearance report already uploaded (content-checked) to the vendor's documents, as the
    District's (default) or the jurisdiction of residence's or of the business's (1207.2(l))."""
    require_representative(actor, owner.vendor)
    field = _clearance_field(jurisdiction)
    if document.organization_id != owner.vendor.organization_id or document.kind != DocumentKind.POLICE_CLEARANCE:
        raise ValidationError({"police_clearance": _("Choose a police clearance report uploaded for this vendor "
                                                     "(30 DCMR 1207.2(l)).")})
    setattr(owner, field, document)
    owner.save(update_fields=[field])
    events.owner_police_clearance_set(actor=actor, owner=owner, jurisdiction=jurisdiction, document=document)
    return owner


@transaction.atomic
def owner_police_clearance_upload(*, actor: User, owner: Owner, uploaded_file, jurisdiction: str = "dc") -> Owner:
    """Upload a person's police clearance report (checked by content, as every licensing document) and attach it
    (1207.2(l)), in one transaction: a refused file leaves no document behind, a refused caller uploads none."""
    require_representative(actor, owner.vendor)
    _clearance_field(jurisdiction)  # a wrong jurisdiction uploads nothing
    if not owner.is_current:
        raise ValidationError({"owner": _("This person has left the business; name them again instead.")})
    document = document_upload(actor=actor, organization=owner.vendor.organization,
                               kind=DocumentKind.POLICE_CLEARANCE, uploaded_file=uploaded_file)
    return owner_police_clearance_set(actor=actor, owner=owner, document=document, jurisdiction=jurisdiction)


@transaction.atomic
def owner_conflict_decide(*, actor: User, owner: Owner, conflict: bool, reason: str) -> Owner:
    """Board staff's decision whether a DC official or employee has a conflict of interest (1206.4(d))."""
    if not actor.is_board_staff:
        raise PermissionDenied(_("Only Board staff decide a conflict of interest (30 DCMR 1206.4(d))."))
    reason = (reason or "").strip()
    if not owner.dc_official:
        raise ValidationError({"conflict": _("%(name)s is not a DC official or employee.") % {"name": owner.full_name}})
    if not reason:
        raise ValidationError({"reason": RuleError(Finding("30 DCMR 1206.4(d)", _(
            "Give the reason for the decision on the conflict of interest (30 DCMR 1206.4(d))."), field="reason"))})
    owner.conflict_found, owner.conflict_reason = bool(conflict), reason
    owner.conflict_decided_by, owner.conflict_decided_at = actor, timezone.now()
    owner.save(update_fields=["conflict_found", "conflict_reason", "conflict_decided_by", "conflict_decided_at"])
    events.owner_conflict_decided(actor=actor, owner=owner, reason=reason)
    return owner
