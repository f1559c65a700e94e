"""Scoped reads of card series and the sales register: an organization's people see their organization's
series and the sales of its operations; the Board sees all; anyone else none. Another organization's
series or sale is a 404, never a 403, so its existence is not disclosed."""

from __future__ import annotations

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from bingo.models import CardSale, CardSeries
from bingo.planning.selectors import operation_list
from bingo.selectors import organization_ids


def series_list(*, user) -> QuerySet[CardSeries]:
    if not getattr(user, "is_authenticated", False):
        return CardSeries.objects.none()
    if user.is_board:
        return CardSeries.objects.select_related("organization")
    return CardSeries.objects.filter(organization_id__in=organization_ids(user=user)).select_related("organization")


def series_get(*, user, pk: int) -> CardSeries:
    return get_object_or_404(series_list(user=user), pk=pk)


def sale_list(*, user) -> QuerySet[CardSale]:
    return CardSale.objects.filter(operation__in=operation_list(user=user)).select_related("series", "operation")
