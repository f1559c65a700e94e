"""Premises corrections API (/api/v1/review/premises-corrections/): the Board reads them, board staff accept
or reject (the service checks the role: 403 for board members)."""

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response

from licensing.accounts.permissions import BOARD_ERRORS, IsBoard
from licensing.premises import selectors, services
from licensing.premises.serializers import PremisesCorrectionSerializer


class PremisesCorrectionViewSet(viewsets.ReadOnlyModelViewSet):
    """What filers said differs from the premises on record at the same address (name, certificate of
    occupancy, 30 DCMR 1400.8). The record changes only when board staff accept."""

    permission_classes = [permissions.IsAuthenticated, IsBoard]
    serializer_class = PremisesCorrectionSerializer
    filterset_fields = ["status", "application", "premises"]

    def get_queryset(self):
        return selectors.premises_correction_list(user=self.request.user)

    def _decide(self, decide):
        correction = self.get_object()
        if not self.request.user.is_board_staff:
            raise PermissionDenied()
        return Response(PremisesCorrectionSerializer(decide(actor=self.request.user, correction=correction)).data)

    @extend_schema(request=None, responses={200: PremisesCorrectionSerializer, **BOARD_ERRORS})
    @action(detail=True, methods=["post"])
    def accept(self, request, pk=None):
        """Board staff: take the corrected name or certificate of occupancy into the premises on record."""
        return self._decide(services.premises_correction_accept)

    @extend_schema(request=None, responses={200: PremisesCorrectionSerializer, **BOARD_ERRORS})
    @action(detail=True, methods=["post"])
    def reject(self, request, pk=None):
        """Board staff: leave the premises on record as they are."""
        return self._decide(services.premises_correction_reject)
