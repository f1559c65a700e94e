"""Real path parameters for the API's operations: the ids of records a caller may read, from the database.

The fuzz (test_api_fuzz.py) draws path parameters at random, so an operation under `/{id}/` is answered
404 nearly always and its success answer would go unchecked. Here each path's records are named once:
the queryset they come from, whom they belong to, and the path parameters one of them fills. A path
takes the entry of its longest prefix that names every parameter it has (`/applications/{id}/` serves
`/applications/{id}/check/` too); parameters with an enum in the schema are left to the generator.

Whom a record belongs to decides which caller gets it:
- ORGANIZATION-owned records (the lookup to their organization): a member of that organization, and the
  Board, which reads every organization's;
- USER-owned records (the lookup to their user): that user only, Board or not;
- BOARD records: the Board only;
- PUBLIC records: everyone, anonymous callers included.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.db.models import Model, QuerySet

from bingo.models import (
    CardSale,
    CardSeries,
    CharityTicketStock,
    Game,
    GameEvent,
    MultiHallAgreement,
    Operation,
    Pattern,
    WorkerDuty,
)
from bingo.models.games import EventKind
from licensing.models import (
    Application,
    AuditEvent,
    BoardNumber,
    Document,
    FeePayment,
    HallKit,
    License,
    Membership,
    Notification,
    NumberStatus,
    Organization,
    OrganizationInvitation,
    OrganizationMember,
    Payout,
    PayoutStatus,
    PremisesCorrection,
    RaffleDrawing,
    Report,
    User,
)
from licensing.models.messages import MessageAttachment
from licensing.models.users import BoardGroup
from montecarlo.models import GameApproval, GameCatalogEntry, GameTable, Night, Participant, Tournament
from tests.config.api_conformance import auth_headers
from vendors.models import Owner, Supplier, Vendor
from vendors.registry.selectors import vendor_registry_search

ORGANIZATION, USER, BOARD, PUBLIC = "organization", "user", "board", "public"


@dataclass(frozen=True)
class Records:
    rows: Callable[[], QuerySet]
    owner: str  # ORGANIZATION, USER, BOARD or PUBLIC
    params: Callable[[Model], dict]
    lookup: str = ""  # to the owning organization (ORGANIZATION) or user (USER)


def _org(rows, lookup, params) -> Records:
    return Records(rows, ORGANIZATION, params, lookup)


def _pk(row) -> dict:
    return {"id": row.pk}


_OPERATION_ORG = "license__organization"
_GAME_ORG = "operation__license__organization"
_NIGHT_ORG = "night__license__organization"

RECORDS: dict[str, Records] = {
    "/api/v1/applications/{id}/": _org(Application.objects.all, "organization", _pk),
    "/api/v1/applications/{id}/messages/attachments/{attachment_pk}/": _org(
        MessageAttachment.objects.all, "message__application__organization",
        lambda a: {"id": a.message.application_id, "attachment_pk": a.pk}),
    "/api/v1/audit-events/{id}/": _org(AuditEvent.objects.all, "organization", _pk),
    "/api/v1/bingo/games/{id}/": _org(Game.objects.order_by("-operation__is_training", "pk").all, _GAME_ORG, _pk),
    "/api/v1/bingo/games/{id}/claims/{seq}/": _org(
        lambda: GameEvent.objects.filter(kind=EventKind.CLAIM), "game__" + _GAME_ORG,
        lambda e: {"id": e.game_id, "seq": e.seq}),
    # Training first: its games start at any hour, so the live writes can succeed at any time of day.
    "/api/v1/bingo/operations/{id}/": _org(Operation.objects.order_by("-is_training", "pk").all, _OPERATION_ORG,
                                           _pk),
    "/api/v1/bingo/operations/{id}/games/{game_pk}/": _org(
        Game.objects.all, _GAME_ORG, lambda g: {"id": g.operation_id, "game_pk": g.pk}),
    "/api/v1/bingo/operations/{id}/workers/{worker_pk}/": _org(
        WorkerDuty.objects.all, _GAME_ORG, lambda w: {"id": w.operation_id, "worker_pk": w.pk}),
    "/api/v1/bingo/patterns/{slug}/": Records(lambda: Pattern.objects.filter(organization=None), PUBLIC,
                                              lambda p: {"slug": p.slug}),
    "/api/v1/bingo/sales/{id}/": _org(CardSale.objects.all, _GAME_ORG, _pk),
    "/api/v1/bingo/charity-tickets/{id}/": _org(CharityTicketStock.objects.all, _GAME_ORG, _pk),
    "/api/v1/bingo/multihall-agreements/{id}/": _org(MultiHallAgreement.objects.all, "organization", _pk),
    "/api/v1/bingo/series/{id}/": _org(CardSeries.objects.all, "organization", _pk),
    "/api/v1/bingo/series/{id}/faces/{number}/": _org(CardSeries.objects.all, "organization",
                                                      lambda s: {"id": s.pk, "number": s.size}),
    "/api/v1/board/accounts/{id}/": Records(lambda: User.objects.filter(groups__name__in=BoardGroup.values), BOARD,
                                            _pk),
    "/api/v1/board/rules/proposals/{id}/": Records(lambda: BoardNumber.objects.filter(status=NumberStatus.PROPOSED),
                                                   BOARD, _pk),
    "/api/v1/documents/{id}/": _org(Document.objects.all, "organization", _pk),
    "/api/v1/hall-kits/{kit_id}/": _org(HallKit.objects.all, "organization", lambda k: {"kit_id": str(k.kit_id)}),
    "/api/v1/licenses/{id}/": _org(License.objects.all, "organization", _pk),
    "/api/v1/memberships/{id}/": Records(Membership.objects.all, USER, _pk, "user"),
    "/api/v1/montecarlo/approvals/{id}/": _org(GameApproval.objects.all, _NIGHT_ORG, _pk),
    "/api/v1/montecarlo/games/{code}/": Records(GameCatalogEntry.objects.all, PUBLIC, lambda g: {"code": g.code}),
    "/api/v1/montecarlo/nights/{id}/": _org(Night.objects.all, _OPERATION_ORG, _pk),
    "/api/v1/montecarlo/nights/{id}/participants/{number}/": _org(
        Participant.objects.all, _NIGHT_ORG, lambda p: {"id": p.night_id, "number": p.number}),
    "/api/v1/montecarlo/tables/{id}/": _org(GameTable.objects.all, _NIGHT_ORG, _pk),
    "/api/v1/montecarlo/tournaments/{id}/": _org(Tournament.objects.order_by("-training", "pk").all,
                                                 _OPERATION_ORG, _pk),
    "/api/v1/montecarlo/tournaments/{id}/hands/{number}/": _org(
        Tournament.objects.order_by("-training", "pk").all, _OPERATION_ORG, lambda t: {"id": t.pk, "number": 1}),
    "/api/v1/notifications/{id}/": Records(Notification.objects.all, USER, _pk, "user"),
    "/api/v1/organizations/{id}/": _org(Organization.objects.all, "pk", _pk),
    "/api/v1/organizations/{organization_pk}/": _org(Organization.objects.all, "pk",
                                                     lambda o: {"organization_pk": o.pk}),
    "/api/v1/organizations/{organization_pk}/invitations/{id}/": _org(
        OrganizationInvitation.objects.all, "organization", lambda i: {"organization_pk": i.organization_id,
                                                                       "id": i.pk}),
    "/api/v1/organizations/{organization_pk}/members/{id}/": _org(
        OrganizationMember.objects.all, "organization", lambda m: {"organization_pk": m.organization_id,
                                                                   "id": m.pk}),
    "/api/v1/payments/{id}/": _org(FeePayment.objects.all, "application__organization", _pk),
    "/api/v1/payouts/{id}/": _org(Payout.objects.all, "organization", _pk),
    # Paying and quoting need a prize still due; the form and the full number a prize paid with a Form W-2G.
    "/api/v1/payouts/{id}/pay/": _org(lambda: Payout.objects.filter(status=PayoutStatus.DUE), "organization", _pk),
    "/api/v1/payouts/{id}/quote/": _org(lambda: Payout.objects.filter(status=PayoutStatus.DUE), "organization",
                                        _pk),
    "/api/v1/payouts/{id}/tin/": _org(lambda: Payout.objects.filter(w2g=True), "organization", _pk),
    "/api/v1/payouts/{id}/w2g.pdf": _org(lambda: Payout.objects.filter(w2g=True), "organization", _pk),
    "/api/v1/organizations/{organization_pk}/w2g/{year}": _org(
        lambda: Payout.objects.filter(w2g=True), "organization",
        lambda p: {"organization_pk": p.organization_id, "year": p.paid_on.year}),
    "/api/v1/public/hall/{kit_id}/check/": Records(HallKit.objects.all, PUBLIC, lambda k: {"kit_id": str(k.kit_id)}),
    "/api/v1/public/licenses/{number}/": Records(License.objects.all, PUBLIC, lambda lic: {"number": lic.number}),
    "/api/v1/public/montecarlo/nights/{key}/": Records(Night.objects.all, PUBLIC, lambda n: {"key": n.public_key}),
    "/api/v1/public/raffle-drawings/{id}/": Records(RaffleDrawing.objects.all, PUBLIC, _pk),
    "/api/v1/public/rules/{key}/": Records(lambda: BoardNumber.objects.filter(status=NumberStatus.APPROVED), PUBLIC,
                                           lambda n: {"key": n.key}),
    "/api/v1/public/vendors/{number}/": Records(vendor_registry_search, PUBLIC, lambda lic: {"number": lic.number}),
    "/api/v1/raffle-drawings/{id}/": _org(RaffleDrawing.objects.all, _OPERATION_ORG, _pk),
    "/api/v1/reports/{id}/": _org(Report.objects.all, "organization", _pk),
    "/api/v1/reports/overdue/{id}/": _org(Report.objects.all, "organization", _pk),
    "/api/v1/review/applications/{id}/": _org(Application.objects.all, "organization", _pk),
    "/api/v1/review/premises-corrections/{id}/": _org(PremisesCorrection.objects.all, "organization", _pk),
    "/api/v1/vendors/{id}/": _org(Vendor.objects.all, "organization", _pk),
    "/api/v1/vendors/{vendor_pk}/": _org(Vendor.objects.all, "organization", lambda v: {"vendor_pk": v.pk}),
    "/api/v1/vendors/{vendor_pk}/applications/{application_pk}/": _org(
        lambda: Application.objects.filter(organization__vendor__isnull=False), "organization",
        lambda a: {"vendor_pk": a.organization.vendor.pk, "application_pk": a.pk}),
    "/api/v1/vendors/{vendor_pk}/owners/{id}/": _org(
        Owner.objects.all, "vendor__organization", lambda o: {"vendor_pk": o.vendor_id, "id": o.pk}),
    "/api/v1/vendors/{vendor_pk}/suppliers/{id}/": _org(
        Supplier.objects.all, "vendor__organization", lambda s: {"vendor_pk": s.vendor_id, "id": s.pk}),
}


# Query parameters an operation needs to answer 2xx, for its case with real records (the simplest generated
# query omits every optional one).
QUERIES = {
    "GET /api/v1/fees/quote": {"license_type": "vendor", "kind": "renewal", "gross_sales": "19999.99"},
    "GET /api/v1/reports/deadlines": {"license_type": "bingo", "license_class": "B", "event_date": "2026-12-05"},
    "GET /api/v1/public/hall/{kit_id}/check/": {"log": "bingo.gameevent", "identity": "1", "seq": 1, "hash": "0" * 64},
}


@dataclass(frozen=True)
class Caller:
    user: User | None  # None: anonymous
    headers: dict  # what the caller sends to be known (its token)
    is_board: bool  # in one of the Board's groups (whatever the token's second factor)


def caller_of(user: User | None) -> Caller:
    is_board = user is not None and user.groups.filter(name__in=BoardGroup.values).exists()
    return Caller(user=user, headers=auth_headers(user), is_board=is_board)


def _visible(records: Records, caller: Caller) -> QuerySet:
    rows = records.rows()
    rows = rows.order_by(*(rows.query.order_by or ["pk"]))
    if records.owner == PUBLIC:
        return rows
    if caller.user is None:
        return rows.none()
    if records.owner == USER:
        return rows.filter(**{records.lookup: caller.user})
    if caller.is_board:
        return rows
    if records.owner == BOARD:
        return rows.none()
    organizations = Membership.objects.filter(user=caller.user, is_active=True).values("organization")
    return rows.filter(**{f"{records.lookup}__in": organizations})


def _record_prefix(path: str, names: set[str]) -> str | None:
    """The longest prefix of `path` in RECORDS that names every one of `names`."""
    candidates = [prefix for prefix in RECORDS
                  if path.startswith(prefix) and all(f"{{{name}}}" in prefix for name in names)]
    return max(candidates, key=len, default=None)


def path_parameters(operation, caller: Caller) -> dict | None:
    """Real path parameters of one record the caller may read, or None when the caller has none.
    {} for an operation whose address names no record."""
    names = {p.name for p in operation.path_parameters if "enum" not in (p.definition.get("schema") or {})}
    if not names:
        return {}
    prefix = _record_prefix(operation.path if operation.path.endswith("/") else operation.path + "/", names)
    assert prefix is not None, f"no entry in RECORDS names the path parameters of {operation.path}"
    records = RECORDS[prefix]
    row = _visible(records, caller).first()
    return None if row is None else records.params(row)
