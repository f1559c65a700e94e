"""Application reads, in the records scope: the applications of the organizations the user files for, or all for
the Board; an organization's game roles read none of them (licensing.organizations.selectors)."""

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from licensing.models import Application, User
from licensing.organizations.selectors import records_organization_list


def application_list(*, user: User) -> QuerySet[Application]:
    return Application.objects.filter(organization__in=records_organization_list(user=user)).select_related(
        "organization", "premises", "base_license"
    )


def application_get(*, user: User, pk: int) -> Application:
    return get_object_or_404(application_list(user=user), pk=pk)
