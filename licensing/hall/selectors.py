"""Scoped reads of hall kits: an organization's filing people (officers, members in charge, the gross-receipts
member) and its game people who prepare events (callers, tournament directors) read its kits; the Board reads all;
anyone else none. Another organization's kit is a 404."""

from __future__ import annotations

import uuid

from django.db.models import QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone

from licensing.hall.kinds import KitEvent, kit_kinds
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
