"""Application reads, scoped like every read: own organization's, or all for the Board."""

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from licensing.models import Application, User
from licensing.organizations.selectors import organization_list


def application_list(*, user: User) -> QuerySet[Application]:
    return Application.objects.filter(organization__in=organization_list(user=user)).select_related(
        "organization", "premises", "base_license"
    )


def application_get(*, user: User, pk: int) -> Application:
    return get_object_or_404(application_list(user=user), pk=pk)
