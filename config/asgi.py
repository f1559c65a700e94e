"""ASGI entry point: HTTP and websockets in one daphne process (`make run`); in production daphne serves the
websockets and WSGI workers the HTTP pages (config/gunicorn.py, README "Production")."""

import os

from django.core.asgi import get_asgi_application

from config.startup import freeze_loaded_objects

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# A web process: its SQL statements run under DATABASE_STATEMENT_TIMEOUT_MS (config/settings.py); management
# commands and Celery's workers, which load the settings without this, are not limited.
os.environ.setdefault("DJANGO_WEB_PROCESS", "true")
# No persistent database connections under ASGI, whatever the environment says: Django runs each request's sync
# code on a thread of its own there, so a kept connection is never reused and they pile up until PostgreSQL
# refuses clients (Django's databases documentation; benchmarks/portal_load.py ran out of connections in seconds).
# Persistent connections belong to the WSGI workers (scripts/serve-http).
os.environ["DATABASE_CONN_MAX_AGE"] = "0"
# Django must be set up before consumers (and their models) are imported.
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.urls import re_path  # noqa: E402

from config.routing import public_websocket_urlpatterns, websocket_urlpatterns  # noqa: E402
from licensing.accounts.second_factor import SecondFactorAuthMiddlewareStack  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(URLRouter([
            *public_websocket_urlpatterns,
            # Every other socket gets the session and its user (with what the session says of its second factor):
            # "" matches any path and hands it on whole.
            re_path(r"", SecondFactorAuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
        ])),
    }
)

freeze_loaded_objects()
