"""What the sign-in behind a request says about its second factor, put on the request's user (User.sign_in_mark)
where every request's user is made: the portal's sessions (AuthenticationMiddleware, in place of Django's), the
websockets' (SecondFactorAuthMiddleware, in place of Channels') and the API's tokens (licensing.accounts.tokens).

A session passed its second factor when allauth recorded a second-factor step for this user in it: the second step
of the two-step sign-in, or the setup of the account's first second factor in this session (recorded by
licensing.accounts.signals, since setting one up proves the holder has it)."""

from functools import partial
from types import SimpleNamespace

from allauth.account.internal.flows.login import get_authentication_records, record_authentication
from asgiref.sync import sync_to_async
from channels.auth import AuthMiddleware
from channels.db import database_sync_to_async
from channels.sessions import CookieMiddleware, SessionMiddleware
from django.contrib.auth import middleware as auth_middleware
from django.utils.functional import SimpleLazyObject

SECOND_FACTOR_METHOD = "mfa"  # allauth's name for a second-factor step in its records


def marked(user, *, passed: bool):
    """The user, saying whether the sign-in it acts through passed a second factor."""
    if getattr(user, "is_authenticated", False):
        user.sign_in_mark(passed=passed)
    return user


def session_passed(session, user) -> bool:
    records = get_authentication_records(SimpleNamespace(session=session), user)
    return any(record.get("method") == SECOND_FACTOR_METHOD for record in records)


def from_session(session, user):
    return marked(user, passed=session_passed(session, user))


def session_record_second_factor(request, *, user, authenticator) -> None:
    """Record in the session that its user just passed a second factor outside the sign-in (the setup of one)."""
    record_authentication(request, user, SECOND_FACTOR_METHOD, id=authenticator.pk, type=authenticator.type,
                          setup=True)


def _session_user(request):
    # Django's middleware get_user() caches its answer on the request; the mark goes on that one object.
    return from_session(request.session, auth_middleware.get_user(request))


async def _asession_user(request):
    return await sync_to_async(_session_user)(request)


class AuthenticationMiddleware(auth_middleware.AuthenticationMiddleware):
    """Django's, with the session's second factor on request.user."""

    def process_request(self, request):
        super().process_request(request)
        request.user = SimpleLazyObject(partial(_session_user, request))
        request.auser = partial(_asession_user, request)


class SecondFactorAuthMiddleware(AuthMiddleware):
    """Channels' AuthMiddleware, with the session's second factor on scope["user"]."""

    async def resolve_scope(self, scope):
        await super().resolve_scope(scope)
        user = scope["user"]._wrapped
        await database_sync_to_async(from_session)(scope["session"], user)


def SecondFactorAuthMiddlewareStack(inner):  # noqa: N802 (named like Channels' AuthMiddlewareStack)
    return CookieMiddleware(SessionMiddleware(SecondFactorAuthMiddleware(inner)))
