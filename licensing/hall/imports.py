"""The Board takes in what a hall sent back, once the bundle checks (licensing.hall.verify): the event's rows as they
stand at the hall, then every log's rows, then the replay. All or nothing: any refusal leaves the Board's records as
they were (the caller holds a savepoint) and names the row.

- **Rows** (the bundle's `records`): a row the hall created (its id in the kit's span, a kind the hall may create:
  a card sale, a participant admitted at the door) is taken as the hall wrote it; a row of the Board's (a game, a
  table, the night) takes only what playing changes (the kind's `state` fields); any other field the hall changed
  is refused. Every row must be one of the event's. The event's payouts are taken as licensing.hall.payouts says
  (the winners' identities the hall sealed for the Board, sealed again with the Board's key).
- **Logs**: each log's rows are added to the Board's log of the same owner (the Board's ids), chained again with the
  Board's key, so every tool that walks the Board's logs walks them; HallLogImport keeps which rows came from which
  bundle and the hash the device signed, and the bundle itself is kept as received. A longer bundle of the same
  event appends the rows the Board does not hold yet; one that differs from what was taken in is a fork, refused;
  a log the Board already holds rows of that did not come from this kit is refused, but for the rows the kit carried
  (a table's opening terms, the ledger of a participant registered ahead), which the hall's rows go on from.
- **Replay**: every log of the event is then checked against what its owner row says (a game's terms as its start
  recorded them, a closed game ending with its result, each head its log's last row), and the event as a whole
  through its engines, as `verify_logs` checks it: a bingo game's claims and result replayed, a night's tables
  replayed against the ledgers and the chips balanced.
- **Payouts**: the rows and logs went in as the hall wrote them, so no game's service ran at the Board: the event's
  kind then opens the payouts of what the records hold (its `payouts`: each closed game's winners, an awarded night's
  prizes, a drawn drawing's prizes), inside the import, idempotently."""

from __future__ import annotations

from collections.abc import Iterable

from django.core import serializers
from django.core.serializers.base import DeserializationError
from django.db import DatabaseError, transaction
from django.utils.translation import gettext as _

from core import chain
from core.findings import Finding, RuleViolation
from core.models import ChainedEvent
from licensing.audit.scopes import log_scope
from licensing.hall.bundle import BundleRowError, chained_model, rebuilt, times_in_utc
from licensing.hall.kinds import KitKind, kit_kind
from licensing.hall.payouts import PAYOUT, payout_take
from licensing.hall.records import event_records
from licensing.hall.verify import BUNDLE_RULE
from licensing.models import HallBundle, HallKit, HallLogImport

HEAD_FIELDS = ("head_seq", "head_hash")  # an owner's copy of its log's head: the Board's own, set as rows go in


def _refused(message: str, field: str = "records") -> RuleViolation:
    return RuleViolation(Finding(BUNDLE_RULE, message, field=field))


def _key(record) -> tuple[str, object]:
    return str(record.get("model", "")).lower(), record.get("pk")


def _event_keys(kit: HallKit, kind: KitKind) -> dict[tuple[str, object], dict]:
    return {_key(record): record for record in event_records(kind, kit.event_id, license=kit.license,
                                                              day=kit.event_date)}


def _board_row_take(kind: KitKind, record: dict, board_row: dict) -> None:
    """The Board's own row, with what playing changed at the hall; refused if the hall changed anything else."""
    label, pk = _key(record)
    allowed = kind.state.get(label, ())
    held = board_row["fields"]
    changed = {}
    for name, value in record.get("fields", {}).items():
        if name in HEAD_FIELDS or held.get(name) == value:
            continue
        if name not in allowed:
            raise _refused(_("The hall changed %(field)s of %(model)s %(pk)s, which playing does not change.") % {
                "field": name, "model": label, "pk": pk})
        changed[name] = value
    if changed:
        row = next(serializers.deserialize("python", [{"model": label, "pk": pk, "fields": {**held, **changed}}]))
        row.object.save(update_fields=list(changed))


def _records_take(kit: HallKit, kind: KitKind, records, *, span: range) -> None:
    if not isinstance(records, list) or not all(isinstance(record, dict) for record in records):
        raise _refused(_("The bundle does not carry the event's rows as the hall holds them."))
    board_rows = _event_keys(kit, kind)
    made = []
    for record in records:
        label, pk = _key(record)
        if not isinstance(pk, int) or isinstance(pk, bool) or not isinstance(record.get("fields"), dict):
            raise _refused(_("A row of the bundle is not a row (%(model)s %(pk)s).") % {"model": label, "pk": pk})
        if label == PAYOUT:  # the desk's prizes: their own checks, and the winners' identities sealed again
            held = board_rows.get((label, pk))
            payout_take(kit, kind, record, held=held["fields"] if held else None, span=span)
        elif pk in span:
            if label not in kind.made:
                raise _refused(_("The hall created %(model)s %(pk)s, which the hall does not create.") % {
                    "model": label, "pk": pk})
            try:
                with transaction.atomic():
                    next(serializers.deserialize("python", [record])).save()
            except (DeserializationError, DatabaseError, LookupError, TypeError, ValueError) as error:
                raise _refused(_("%(model)s %(pk)s cannot be taken in (%(error)s).") % {
                    "model": label, "pk": pk, "error": error}) from error
            made.append((label, pk))
        elif (label, pk) in board_rows:
            _board_row_take(kind, record, board_rows[(label, pk)])
        elif label in kind.state or label in kind.made:
            raise _refused(_("%(model)s %(pk)s is not one of the event's rows.") % {"model": label, "pk": pk})
    # A row the hall created must be the event's: a sale of this operation, a participant of this night.
    event_rows = {(row._meta.label_lower, row.pk) for row in kind.rows(kit.event_id)}
    strays = [key for key in made if key not in event_rows]
    if strays:
        raise _refused(_("%(model)s %(pk)s is not one of the event's rows.") % {"model": strays[0][0],
                                                                            "pk": strays[0][1]})


def _hall_hashes(bundle: HallBundle, label: str, identity: str) -> dict[int, str]:
    for entry in bundle.content.get("logs", []):
        if entry.get("log") == label and entry.get("identity") == identity:
            return {row["seq"]: row["hash"] for row in entry["rows"]}
    return {}


def _carried(kit: HallKit) -> dict[tuple[str, str], list[tuple[int, str]]]:
    """The rows of each log the kit carried (the Board's when it signed it), as (seq, hash)."""
    return {(entry["log"], entry["identity"]): [(row["seq"], row["hash"]) for row in entry["rows"]]
            for entry in kit.document.get("logs", [])}


def _log_take(kit_id: str, model: type[ChainedEvent], identity: str, rows: list,
              carried: list[tuple[int, str]]) -> HallLogImport | None:
    """Append the rows the Board does not hold yet; None when it holds them all already. `carried`: the rows of the
    log the kit carried, which the hall's rows go on from (the bundle begins with them: licensing.hall.verify)."""
    label = model.chain_label()
    board = list(model.chain_rows(identity).values_list("seq", "hash"))
    taken = HallLogImport.objects.filter(log=label, identity=identity).select_related("bundle__kit").last() \
        if board else None  # nothing taken in before from any hall
    where = f"{label} {identity}"
    ours = taken is not None and str(taken.bundle.kit.kit_id) == kit_id
    if board and not ours and board != carried:
        raise _refused(_("%(log)s: the Board already holds seq 1 to %(seq)s of this log, not from this kit.") % {
            "log": where, "seq": len(board)}, "logs")
    if ours:
        earlier = _hall_hashes(taken.bundle, label, identity)
        for row in rows[:taken.to_seq]:
            if earlier.get(row.seq) != row.hash:
                raise _refused(_("%(log)s, seq %(seq)s: differs from what the Board received from the hall before "
                                 "(a fork).") % {"log": where, "seq": row.seq}, "logs")
    fresh = rows[len(board):]
    if not fresh:
        return None
    signed_hash = rows[-1].hash  # the hall's, which its device signed (the rows are chained again below)
    head = chain.Head(*board[-1]) if board else chain.Head()
    for row in fresh:
        times_in_utc(row)
        row.pk = None
        row.seq, row.prev_hash = head.seq + 1, head.hash
        row.hash = row.compute_hash()  # the Board's key, as ChainedEvent.before_insert hashes a row it saves
        head = row
    # One INSERT per thousand rows, not one per row: a night's ledgers are thousands (benchmarks/hall_sync.py).
    model.objects.bulk_create(fresh, batch_size=1000)
    owner = model._meta.get_field(model.chain_field).related_model if model.chain_field else None
    if owner is not None and model.head_on_owner and all(hasattr(owner, name) for name in HEAD_FIELDS):
        owner.objects.filter(pk=identity).update(head_seq=head.seq, head_hash=head.hash)
    return HallLogImport(log=label, identity=identity, from_seq=fresh[0].seq, to_seq=head.seq,
                         hall_hash=signed_hash)


def _replay(kind: KitKind, event_id: int, taken: dict[tuple[str, str], list]) -> None:
    """Every log of the event as its owner row must have it (a game's terms as its start recorded them, a closed game
    ending with its result, each owner's head its log's last row), then the event as a whole through its engines (a
    night's tables replayed against the ledgers, the chips balanced). The chains are not walked again: the rows the
    hall sent were walked with the kit's key, and the import chained them with the Board's key itself."""
    scope = log_scope(kind.log_scope)
    for model, identity in scope.logs(event_id):
        # A log the bundle brought is in memory already, as the Board now holds it (its fresh rows chained again).
        rows = taken.get((model.chain_label(), identity)) or model.chain_rows(identity).iterator()
        stored = chain.as_stored(model.chain_label(), identity, rows)
        for problem in model.owner_problems(identity, stored):
            raise _refused(_("Replayed at the Board: %(problem)s") % {"problem": problem}, "logs")
    for problem in scope.whole(event_id) if scope.whole else []:
        raise _refused(_("Replayed at the Board: %(problem)s") % {"problem": problem}, "logs")


def bundle_import(kit: HallKit, bundle: dict) -> list[HallLogImport]:
    """Take in a checked bundle of `kit` (the caller holds the savepoint and keeps the receipt): the imports to keep
    with it, unsaved. Raises RuleViolation, naming the row, when the Board cannot take it."""
    kind, event_id = kit_kind(kit.kind), kit.event_id
    _records_take(kit, kind, bundle.get("records"), span=range(kit.id_base, kit.id_base + HallKit.ID_SPAN))
    imports, carried, held = [], _carried(kit), {}
    for entry in bundle["logs"]:
        model = chained_model(entry["log"])
        try:
            rows = [rebuilt(model, data) for data in entry["rows"]]
        except (BundleRowError, TypeError, ValueError) as error:  # checked already; kept for a caller that did not
            raise _refused(str(error), "logs") from error
        taken = _log_take(str(kit.kit_id), model, entry["identity"], rows,
                          carried.get((entry["log"], entry["identity"]), []))
        if taken is not None:
            imports.append(taken)
            held[(entry["log"], entry["identity"])] = rows
    _replay(kind, event_id, held)
    if kind.payouts is not None:
        kind.payouts(event_id)  # the closed games, the awarded night, the drawn drawing: their winners at the desk
    return imports


def imports_keep(bundle: HallBundle, imports: Iterable[HallLogImport]) -> None:
    for taken in imports:
        taken.bundle = bundle
        taken.save()
