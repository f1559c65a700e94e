"""The API's token authentication: DRF's, with what the token says of its second factor on the request's user
(licensing.accounts.second_factor). A token issued after its holder's second factor (licensing.models.tokens) counts
as a sign-in that passed one; any other token as a password alone, which the Board's roles never act on."""

from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from licensing.accounts.second_factor import marked


class SecondFactorTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key):
        # DRF's own lookup with the second factor joined in: still one query a request.
        try:
            token = Token.objects.select_related("user", "second_factor").get(key=key)
        except Token.DoesNotExist:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return marked(token.user, passed=hasattr(token, "second_factor")), token
