"""How the tests (and the benchmarks) sign people in. `client.force_login(user)` signs in as the portal's two-step
sign-in does: an account with a second factor passes it too (the session holds allauth's record of the second step,
as after a real sign-in), so the Board's people act as the Board. `password_only_login` opens a session on the
password alone (as Django's own admin sign-in used to), for the tests that prove such a session gets nothing the
Board sees."""

from allauth.account.internal.flows.login import record_authentication
from allauth.mfa.models import Authenticator
from django.conf import settings
from django.test.client import Client

from licensing.models.users import SECOND_FACTORS

_password_only_login = Client._login


def _login_with_second_factor(self, user, backend=None):
    _password_only_login(self, user, backend)
    authenticator = Authenticator.objects.filter(user_id=user.pk, type__in=SECOND_FACTORS).first()
    if authenticator is None:
        return
    session = self.session
    request = type("SignIn", (), {"session": session})()
    record_authentication(request, user, "mfa", id=authenticator.pk, type=authenticator.type)
    session.save()


def install() -> None:
    Client._login = _login_with_second_factor


def password_only_login(client: Client, user) -> None:
    _password_only_login(client, user, settings.AUTHENTICATION_BACKENDS[-1])
