"""Vendor reads: a vendor's people see their own vendor, the Board sees all."""

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from licensing.models import User
from vendors.models import Vendor


def vendor_list(*, user: User) -> QuerySet[Vendor]:
    if not user.is_authenticated:
        return Vendor.objects.none()
    if user.is_board:
        return Vendor.objects.all()
    return Vendor.objects.filter(memberships__user=user, memberships__is_active=True).distinct()


def vendor_get(*, user: User, pk: int) -> Vendor:
    return get_object_or_404(vendor_list(user=user), pk=pk)
