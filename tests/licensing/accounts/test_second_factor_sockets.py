"""The websockets' sessions carry their second factor too: Board staff whose session passed it watch a tournament's
staff socket; the same staff on a session opened by a password alone is refused, like any stranger."""

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from config.routing import websocket_urlpatterns
from licensing.accounts.second_factor import SecondFactorAuthMiddlewareStack
from testkit.sign_in import password_only_login
from tests.licensing.factories import board_staff
from tests.montecarlo.factories import board_clock, running  # noqa: F401  (the fixture: dealt in licensed hours)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio,
              pytest.mark.usefixtures("keep_migrated_data", "close_executor_connections", "board_clock")]


def _session_cookie(user, *, password_only: bool) -> bytes:
    client = Client()
    if password_only:
        password_only_login(client, user)
    else:
        client.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}".encode()


async def test_a_staff_socket_needs_a_session_that_passed_the_second_factor():
    tournament, _director = await sync_to_async(running)(["Ana", "Ben"])
    staff = await sync_to_async(board_staff)()
    application = SecondFactorAuthMiddlewareStack(URLRouter(websocket_urlpatterns))
    for password_only, allowed in ((False, True), (True, False)):
        cookie = await sync_to_async(_session_cookie)(staff, password_only=password_only)
        communicator = WebsocketCommunicator(application, f"/ws/montecarlo/tournaments/{tournament.pk}/",
                                             headers=[(b"cookie", cookie)])
        connected, _ = await communicator.connect()
        assert connected is allowed, f"password_only={password_only}"
        await communicator.disconnect()
