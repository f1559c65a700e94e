"""Reads of fee payments, in the records scope: those who file for an organization see its applications' payments
and receipts, the Board sees all; anyone else's is a 404, the organization's game roles included."""

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from licensing.models import Application, FeePayment, User
from licensing.organizations.selectors import records_organization_list


def fee_payment_list(*, user: User, application: Application | None = None) -> QuerySet[FeePayment]:
    queryset = (
        FeePayment.objects.filter(application__organization__in=records_organization_list(user=user))
        .select_related("application__organization", "recorded_by", "void__voided_by")
        .order_by("received_on", "pk")
    )
    if application is not None:
        queryset = queryset.filter(application=application)
    return queryset


def fee_payment_get(*, user: User, pk: int) -> FeePayment:
    return get_object_or_404(fee_payment_list(user=user), pk=pk)


def fee_application_get(*, user: User, pk: int) -> Application:
    """The application whose fee is read or received: those who file for its organization and the Board; 404
    otherwise."""
    queryset = Application.objects.filter(organization__in=records_organization_list(user=user)).select_related(
        "organization")
    return get_object_or_404(queryset, pk=pk)
