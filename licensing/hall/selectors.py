"""Scoped reads of hall kits: an organization's filing people (officers, members in charge, the gross-receipts
member) and its game people who prepare events (callers, tournament directors) read its kits; the Board reads all;
anyone else none. Another organization's kit is a 404. Public reads: a signed head's check against the bundles the
Board accepted, and the heads an event's accepted bundles hold (its public results pages); only the heads, the
verdict and the event's title and date, never the records."""

from __future__ import annotations

import uuid

from django.db.models import QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _

from licensing.hall.heads import head_check_url, head_line
from licensing.hall.kinds import KitEvent, kit_kinds
from licensing.hall.rules import head_verdict
from licensing.models import HallBundle, HallKit
from licensing.models.organizations import FILING_ROLES, Role
from licensing.selectors import organization_ids_with_roles

KIT_READER_ROLES = FILING_ROLES | {Role.CALLER, Role.TOURNAMENT_DIRECTOR}


def kit_list(*, user) -> QuerySet[HallKit]:
    if not getattr(user, "is_authenticated", False):
        return HallKit.objects.none()
    queryset = HallKit.objects.select_related("organization", "license", "prepared_by")
    if user.is_board:
        return queryset
    return queryset.filter(organization_id__in=organization_ids_with_roles(user=user, roles=KIT_READER_ROLES))


def kit_get(*, user, kit_id) -> HallKit:
    try:
        kit_id = uuid.UUID(str(kit_id))
    except ValueError:
        raise Http404("no such kit") from None
    return get_object_or_404(kit_list(user=user), kit_id=kit_id)


def preparable_events(*, user) -> list[KitEvent]:
    """Every event of every kind, from today on, that the user may prepare a kit for, soonest first."""
    today = timezone.localdate()
    found = [event for kind in kit_kinds() for event in kind.events(user=user, today=today)]
    return sorted(found, key=lambda event: (event.date, event.starts_at, event.kind, event.pk))


def bundle_get(*, user, pk: int) -> HallBundle:
    """A received bundle, within the scope of its kit (another organization's: a 404)."""
    return get_object_or_404(HallBundle.objects.select_related("kit", "kit__organization", "received_by").filter(
        kit__in=kit_list(user=user)), pk=pk)


def refused_bundles(*, user) -> QuerySet[HallBundle]:
    """The Board's flag: bundles refused as possible tampering, newest first (nothing for anyone else)."""
    if not getattr(user, "is_board", False):
        return HallBundle.objects.none()
    return HallBundle.objects.filter(accepted=False).select_related("kit", "kit__organization")


def kit_public_get(*, kit_id) -> HallKit:
    """A kit for the public check, by its id: only its event's title and date are shown."""
    kit = HallKit.objects.filter(kit_id=kit_id).only("kit_id", "title", "event_date", "kind", "event_id").first()
    if kit is None:
        raise Http404(_("No hall kit with that id."))
    return kit


def _top_heads(heads) -> dict[tuple[str, str], dict]:
    """An accepted bundle's heads, the highest seq of each log (the verifier took the same one)."""
    top: dict[tuple[str, str], dict] = {}
    for head in heads or []:
        key = (head["log"], head["identity"])
        if key not in top or head["seq"] > top[key]["seq"]:
            top[key] = head
    return top


def _hash_at(bundle_pk: int, *, log: str, identity: str, seq: int) -> str | None:
    """The hash of row `seq` of one log of an accepted bundle: its rows are read only for a head earlier than the
    bundle's (a QR code of an earlier close)."""
    logs = HallBundle.objects.filter(pk=bundle_pk).values_list("content__logs", flat=True).get()
    for found in logs:
        if (found["log"], found["identity"]) == (log, identity):
            return next((row["hash"] for row in found["rows"] if row["seq"] == seq), None)
    return None


def head_check(*, kit: HallKit, log: str, identity: str, seq: int, hash: str) -> str:
    """The public check of a signed head: licensing.hall.rules.head_verdict over the hash at `seq` of the log in each
    bundle of the kit the Board accepted (a refused bundle holds nothing the Board vouches for)."""
    held = []
    for bundle_pk, heads in kit.bundles.filter(accepted=True).values_list("pk", "content__heads"):
        top = _top_heads(heads).get((log, identity))
        if top is None or top["seq"] < seq:
            continue
        held.append(top["hash"] if top["seq"] == seq else _hash_at(bundle_pk, log=log, identity=identity, seq=seq))
    return head_verdict(held=held, hash=hash)


def received_heads(*, kind: str, event_id: int) -> list[dict]:
    """The heads of the logs the Board received from the hall for one event (every accepted bundle of its kits), the
    highest of each log (two, should bundles disagree there), for its public results pages: `line` as the room
    reads it (head_line), `check` the public check's path (the hall's QR code points at the same page)."""
    found: dict[tuple[str, str], dict[tuple[int, str], dict]] = {}
    bundles = HallBundle.objects.filter(accepted=True, kit__kind=kind, kit__event_id=event_id)
    for heads in bundles.values_list("content__heads", flat=True):
        for key, head in _top_heads(heads).items():
            found.setdefault(key, {})[(head["seq"], head["hash"])] = head
    shown = []
    for key in sorted(found, key=lambda key: (key[0], len(key[1]), key[1])):  # game 9 before game 10
        top = max(seq for seq, _hash in found[key])
        shown += [{**head, "line": head_line(head), "check": head_check_url("", head)}
                  for (seq, _hash), head in sorted(found[key].items()) if seq == top]
    return shown
