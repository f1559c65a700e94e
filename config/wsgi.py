"""WSGI entry point: the portal's HTTP pages and API under gunicorn's threaded workers (scripts/serve-http,
config/gunicorn.py); websockets stay on daphne (config/asgi.py)."""

import os

from django.core.wsgi import get_wsgi_application

from config.startup import freeze_loaded_objects

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# A web process: its SQL statements run under DATABASE_STATEMENT_TIMEOUT_MS (config/settings.py); management
# commands and Celery's workers, which load the settings without this, are not limited.
os.environ.setdefault("DJANGO_WEB_PROCESS", "true")
application = get_wsgi_application()
freeze_loaded_objects()
