"""Reads of licenses, in the organization scope: an organization's people see their own, the Board sees
all; another organization's license is a 404."""

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from licensing.models import License, User
from licensing.organizations.selectors import organization_list


def license_list(*, user: User) -> QuerySet[License]:
    return (
        License.objects.filter(organization__in=organization_list(user=user))
        .select_related("organization", "premises", "application", "parent")
        .order_by("-issued_at", "-pk")
    )


def license_get(*, user: User, pk: int) -> License:
    return get_object_or_404(license_list(user=user), pk=pk)
