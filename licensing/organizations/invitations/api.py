"""Invitations API: an organization's invitations for its officers (list, send, revoke) under
/organizations/{organization_pk}/invitations/, and accepting one (/invitations/accept/) for the invited person.
Another organization's invitations answer 404 (its existence is not disclosed); the Board and members in other
roles, who see the organization, get 403."""

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.answers import ERRORS
from licensing.accounts.serializers import MembershipSerializer
from licensing.models import OrganizationInvitation
from licensing.organizations.invitations import selectors, services
from licensing.organizations.invitations.serializers import (
    InvitationAcceptSerializer,
    InvitationCreateSerializer,
    InvitationSerializer,
)


class InvitationViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    serializer_class = InvitationSerializer
    queryset = OrganizationInvitation.objects.none()  # for the schema; requests use get_queryset

    def organization(self):
        if not hasattr(self, "_organization"):
            self._organization = selectors.organization_for_inviting(user=self.request.user,
                                                                     pk=self.kwargs["organization_pk"])
        return self._organization

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return self.queryset
        return selectors.invitation_list(user=self.request.user, organization=self.organization())

    @extend_schema(request=InvitationCreateSerializer, responses={201: InvitationSerializer, 400: ERRORS,
                                                                  403: ERRORS, 404: ERRORS},
                   summary="Invite someone by email to a role (the link goes to that address only)")
    def create(self, request, organization_pk=None):
        organization = self.organization()
        serializer = InvitationCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        invitation = services.invitation_send(actor=request.user, organization=organization,
                                              **serializer.validated_data)
        return Response(InvitationSerializer(invitation).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={200: InvitationSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS},
                   summary="Revoke a pending invitation")
    def revoke(self, request, organization_pk=None, pk=None):
        invitation = selectors.invitation_get(user=request.user, organization=self.organization(), pk=pk)
        return Response(InvitationSerializer(services.invitation_revoke(actor=request.user,
                                                                        invitation=invitation)).data)


class InvitationAcceptApi(APIView):
    """Accept an invitation with its link's token: the caller's verified email must be the invited one."""

    @extend_schema(request=InvitationAcceptSerializer, responses={201: MembershipSerializer, 400: ERRORS},
                   summary="Accept an invitation (the caller becomes a member in the invited role)")
    def post(self, request):
        serializer = InvitationAcceptSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        membership = services.invitation_accept(actor=request.user, token=serializer.validated_data["token"])
        return Response(MembershipSerializer(membership).data, status=status.HTTP_201_CREATED)
