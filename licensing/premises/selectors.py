"""Scoped reads of premises corrections: board staff see every one, those who file for an organization its own."""

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from licensing.models import Application, PremisesCorrection, User
from licensing.organizations.selectors import records_organization_list


def premises_correction_list(*, user: User, application: Application | None = None) -> QuerySet[PremisesCorrection]:
    queryset = PremisesCorrection.objects.filter(organization__in=records_organization_list(user=user)).select_related(
        "premises", "filed_by", "decided_by", "application")
    if application is not None:
        queryset = queryset.filter(application=application)
    return queryset.order_by("-filed_at", "-pk")


def premises_correction_get(*, user: User, pk: int) -> PremisesCorrection:
    return get_object_or_404(premises_correction_list(user=user), pk=pk)
