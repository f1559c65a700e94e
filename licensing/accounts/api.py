"""Accounts API: an API token for an email and password (/api/v1/auth/token/), the signed-in user
(/api/v1/me/), and the Board accounts (/api/v1/board/accounts/), for Board administrators: list, invite,
deactivate, reactivate, invite again. Thin: a serializer checks the input's shape, a service decides and writes."""

from django.utils.decorators import method_decorator
from django.views.decorators.debug import sensitive_post_parameters
from drf_spectacular.utils import extend_schema
from rest_framework import generics, mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.answers import error_response
from licensing.accounts import selectors, services
from licensing.accounts.permissions import BOARD_ERRORS
from licensing.accounts.rules import may_manage_board_accounts
from licensing.accounts.serializers import (
    BoardAccountInviteSerializer,
    BoardAccountSerializer,
    MeSerializer,
    TokenRequestSerializer,
    TokenSerializer,
)
from licensing.models import User

ACCOUNT_ERRORS = {
    **BOARD_ERRORS,
    403: error_response(
        "Not a Board administrator, or an account it may not change: its own, a superuser's or another "
        "administrator's."),
    404: error_response("No Board account with this id."),
}


@method_decorator(sensitive_post_parameters("password"), name="dispatch")
class TokenCreateApi(APIView):
    """Exchange an email, a password and, for an account with two-factor authentication, its second factor (`otp`)
    for an API token. Wrong passwords and wrong codes are counted by the one sign-in lockout. The Board's people get
    a token only after their second factor: a token issued on a password alone never acts as the Board."""

    permission_classes = [permissions.AllowAny]
    authentication_classes: list = []
    throttle_scope = "token"  # tighter per address than the API's other limits (settings.REST_FRAMEWORK)

    @extend_schema(request=TokenRequestSerializer, responses={
        200: TokenSerializer,
        400: error_response("Bad input, a wrong password, a missing or wrong `otp` (field named)."),
        403: error_response("A Board account that has not set up two-factor authentication yet."),
        429: error_response("The account or the address is locked after too many failed sign-ins."),
    })
    def post(self, request):
        serializer = TokenRequestSerializer(data=request.data, context={"request": request})
        serializer.is_valid(raise_exception=True)
        token = services.api_token_issue(user=serializer.validated_data["user"],
                                         second_factor=serializer.validated_data["second_factor"])
        return Response({"token": token.key})


class MeApi(generics.RetrieveAPIView):
    """The signed-in user, with board groups and organization roles."""

    serializer_class = MeSerializer

    def get_object(self):
        return self.request.user


class IsBoardAdmin(permissions.BasePermission):
    def has_permission(self, request, view) -> bool:
        return may_manage_board_accounts(request.user)


class BoardAccountViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """The Board's accounts. A Board administrator invites Board staff and board members and deactivates
    or reactivates their accounts; it cannot change its own, a superuser's or another administrator's,
    nor give any other role. Every change is in the audit trail."""

    permission_classes = [permissions.IsAuthenticated, IsBoardAdmin]
    serializer_class = BoardAccountSerializer
    queryset = User.objects.none()  # for the schema; requests use get_queryset

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # drf-spectacular inspecting the view, no user
            return self.queryset
        return selectors.board_account_list(user=self.request.user)

    @extend_schema(request=BoardAccountInviteSerializer, responses={201: BoardAccountSerializer, **ACCOUNT_ERRORS},
                   summary="Invite Board staff or a board member (emails a link to choose a password)")
    def create(self, request):
        serializer = BoardAccountInviteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        account = services.board_account_invite(actor=request.user, **serializer.validated_data)
        return Response(BoardAccountSerializer(account).data, status=status.HTTP_201_CREATED)

    def _act(self, request, service) -> Response:
        account = service(actor=request.user, account=self.get_object())
        return Response(BoardAccountSerializer(account).data)

    @extend_schema(request=None, responses={200: BoardAccountSerializer, **ACCOUNT_ERRORS},
                   summary="Deactivate an account: its sessions and API tokens stop working at once")
    @action(detail=True, methods=["post"])
    def deactivate(self, request, pk=None):
        return self._act(request, services.board_account_deactivate)

    @extend_schema(request=None, responses={200: BoardAccountSerializer, **ACCOUNT_ERRORS},
                   summary="Reactivate a deactivated account")
    @action(detail=True, methods=["post"])
    def reactivate(self, request, pk=None):
        return self._act(request, services.board_account_reactivate)

    @extend_schema(request=None, responses={200: BoardAccountSerializer, **ACCOUNT_ERRORS},
                   summary="Email a new link to choose a password")
    @action(detail=True, methods=["post"], url_path="resend-invitation")
    def resend_invitation(self, request, pk=None):
        return self._act(request, services.board_account_invitation_resend)
