"""Every write to the register: a proposal, its approval by a second person, a refusal, a withdrawal, a rule pack.

Four eyes: a new value is proposed by one person of the Board (the administrator, or staff given the permission)
and takes effect only once another approves it; nobody approves their own. Each write is one transaction, checked
before anything is written (licensing.register.rules), audited, and tells the readers (values.changed) once it
commits."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from licensing.models import User
from licensing.models.register import BoardNumber, NumberStatus
from licensing.register import events, values
from licensing.register.packs import ADDED, CHANGED, PAST, Change, Pack, PackError, PackRow, Stored, diff
from licensing.register.rules import by_field, check_row
from licensing.register.selectors import existing_rows, may_approve, may_propose

NOTE_MAX = 500


def _lock(key=None) -> None:
    """Lock the register's rows (of one key): two changes of one day cannot both pass the check."""
    rows = BoardNumber.objects.select_for_update()
    list((rows.filter(key=key) if key is not None else rows).values_list("pk", flat=True))


def _raise(problems) -> None:
    raise ValidationError(by_field(problems))


@transaction.atomic
def number_propose(
    *, actor: User, key: str, value, effective_from: dt.date | None, effective_to: dt.date | None = None,
    citation: str = "", reason: str = "", today: dt.date | None = None,
) -> BoardNumber:
    """Propose KEY = VALUE from a future day; it waits for a second person's approval."""
    if not may_propose(actor):
        raise PermissionDenied(_("Only the Board administrator, or Board staff given the permission, propose a "
                                 "change to the Board's numbers."))
    today = today or timezone.localdate()
    if isinstance(key, str):
        _lock(key)
    canonical_value, problems = check_row(
        key=key, raw_value=value, effective_from=effective_from, effective_to=effective_to, citation=citation,
        reason=reason, today=today, existing=existing_rows(key) if isinstance(key, str) else [])
    if problems:
        _raise(problems)
    number = BoardNumber.objects.create(
        key=key, value=canonical_value, effective_from=effective_from, effective_to=effective_to,
        citation=citation.strip(), reason=(reason or "").strip(), status=NumberStatus.PROPOSED, proposed_by=actor,
        source="portal")
    events.number_proposed(actor=actor, number=number)
    return number


@transaction.atomic
def number_approve(*, actor: User, number: BoardNumber, note: str = "", today: dt.date | None = None) -> BoardNumber:
    """Approve another person's proposal: from its day on, rules read the new value. A proposal whose day has come
    can no longer be approved (the past is never changed): propose it again from a later day."""
    if not may_approve(actor):
        raise PermissionDenied(_("Only the Board administrator, a board member or Board staff given the permission "
                                 "approve a change to the Board's numbers."))
    today = today or timezone.localdate()
    number = BoardNumber.objects.select_for_update().get(pk=number.pk)
    _require_proposed(number)
    if number.proposed_by_id == actor.pk:
        raise PermissionDenied(_("A second person approves a change: you proposed this one (four eyes)."))
    _note_ok(note)
    _lock(number.key)
    _value, problems = check_row(
        key=number.key, raw_value=number.value, effective_from=number.effective_from,
        effective_to=number.effective_to, citation=number.citation, reason=number.reason, today=today,
        existing=existing_rows(number.key, exclude=number.pk, approved_only=True))
    if problems:
        _raise(problems)
    replaced = list(BoardNumber.objects.filter(key=number.key, status=NumberStatus.APPROVED,
                                               effective_from=number.effective_from).values_list("pk", flat=True))
    BoardNumber.objects.filter(pk__in=replaced).update(status=NumberStatus.WITHDRAWN)
    number.status, number.decided_by, number.decided_at = NumberStatus.APPROVED, actor, timezone.now()
    number.decision_note = note.strip()
    number.save(update_fields=["status", "decided_by", "decided_at", "decision_note"])
    events.number_approved(actor=actor, number=number, replaced=replaced)
    transaction.on_commit(values.changed)
    values.forget()
    return number


@transaction.atomic
def number_refuse(*, actor: User, number: BoardNumber, note: str) -> BoardNumber:
    """Refuse another person's proposal, saying why."""
    if not may_approve(actor):
        raise PermissionDenied(_("Only the Board administrator, a board member or Board staff given the permission "
                                 "refuse a change to the Board's numbers."))
    number = BoardNumber.objects.select_for_update().get(pk=number.pk)
    _require_proposed(number)
    if not (note or "").strip():
        raise ValidationError({"note": [_("Say why the change is refused: the person who proposed it reads it.")]})
    _note_ok(note)
    number.status, number.decided_by, number.decided_at = NumberStatus.REFUSED, actor, timezone.now()
    number.decision_note = note.strip()
    number.save(update_fields=["status", "decided_by", "decided_at", "decision_note"])
    events.number_refused(actor=actor, number=number)
    return number


@transaction.atomic
def number_withdraw(*, actor: User, number: BoardNumber) -> BoardNumber:
    """The person who proposed a change (or the Board administrator) takes it back before anyone decides."""
    number = BoardNumber.objects.select_for_update().get(pk=number.pk)
    _require_proposed(number)
    if not (number.proposed_by_id == actor.pk and may_propose(actor)) and not actor.is_board_admin:
        raise PermissionDenied(_("Only the person who proposed a change, or the Board administrator, withdraws it."))
    number.status, number.decided_by, number.decided_at = NumberStatus.WITHDRAWN, actor, timezone.now()
    number.save(update_fields=["status", "decided_by", "decided_at"])
    events.number_withdrawn(actor=actor, number=number)
    return number


def _require_proposed(number: BoardNumber) -> None:
    if number.status != NumberStatus.PROPOSED:
        raise ValidationError({"status": [_("This change is %(status)s; only a change waiting for approval can be "
                                            "decided.") % {"status": number.get_status_display().lower()}]})


def _note_ok(note: str) -> None:
    if not isinstance(note, str) or len(note) > NOTE_MAX or "\x00" in note:
        raise ValidationError({"note": [_("A note is text of at most %(max)s characters.") % {"max": NOTE_MAX}]})


def stored_rows() -> list[Stored]:
    """The register's approved rows, as a pack diff compares them."""
    return [Stored(*row) for row in BoardNumber.objects.filter(status=NumberStatus.APPROVED).values_list(
        "pk", "key", "value", "effective_from", "effective_to", "citation")]


def register_export(*, name: str, meta: dict | None = None) -> Pack:
    """The whole register as a pack: every approved row, past, present and scheduled."""
    rows = BoardNumber.objects.filter(status=NumberStatus.APPROVED).order_by("key", "effective_from")
    return Pack(name=name, meta=meta or {}, rows=[
        PackRow(key=n.key, value=n.value, start=n.effective_from, end=n.effective_to, citation=n.citation,
                reason=n.reason) for n in rows])


@transaction.atomic
def pack_apply(*, pack: Pack, source: str, actor: User | None = None, today: dt.date | None = None,
               audited: bool = True) -> list[Change]:
    """Load a pack: add its new rows, replace scheduled (future) values it changes, leave what is the same. A row that
    would change the past refuses the whole pack (PackError naming every such row); nothing is written then.
    Rows come in approved: whoever runs the import (a migration, an operator at the command line) is the second
    person, and the audit trail names the pack."""
    today = today or timezone.localdate()
    _lock()
    changes = diff(pack, stored_rows(), today=today)
    refused = [change.why for change in changes if change.status == PAST]
    if refused:
        raise PackError(refused)
    now = timezone.now()
    for change in changes:
        if change.status not in (ADDED, CHANGED):
            continue
        if change.stored is not None:
            BoardNumber.objects.filter(pk=change.stored.pk).update(status=NumberStatus.WITHDRAWN)
        row = change.row
        BoardNumber.objects.create(
            key=row.key, value=row.value, effective_from=row.start, effective_to=row.end, citation=row.citation,
            reason=row.reason, status=NumberStatus.APPROVED, proposed_by=actor, decided_by=actor, decided_at=now,
            source=f"pack: {pack.name}"[:120])
    added = [f"{c.row.key}@{c.row.start.isoformat()}" for c in changes if c.status == ADDED]
    changed = [f"{c.row.key}@{c.row.start.isoformat()}" for c in changes if c.status == CHANGED]
    if added or changed:
        if audited:
            events.pack_imported(actor=actor, name=pack.name, added=added, changed=changed, source=source)
        transaction.on_commit(values.changed)
        values.forget()
    return changes


def pack_load_missing(*, path: Path | str) -> int:
    """After every migrate: the keys the register has never held are loaded from the jurisdiction's pack (their whole
    history). A key already held is the Board's and is left alone. Returns how many rows were added."""
    from licensing.register.packs import read_pack

    pack = read_pack(path)
    held = set(BoardNumber.objects.values_list("key", flat=True).distinct())
    missing = Pack(name=pack.name, meta=pack.meta, rows=[row for row in pack.rows if row.key not in held])
    if not missing.rows:
        return 0
    # Like a data migration, part of making the database: each row names its pack (`source`), and no audit event is
    # written (the Board's trail starts with the Board's own work).
    changes = pack_apply(pack=missing, source=str(path), audited=False)
    return sum(1 for change in changes if change.status == ADDED)


__all__ = ["PackError", "number_approve", "number_propose", "number_refuse", "number_withdraw", "pack_apply",
           "pack_load_missing", "register_export"]
