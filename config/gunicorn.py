"""gunicorn for the portal's HTTP pages and API: `scripts/serve-http` (gunicorn --config config/gunicorn.py).

Why these values (benchmarks/portal_load.py, 100 users on 2 cores; README "Production"):
- Every HTTP view is synchronous, so HTTP is served through WSGI (config/wsgi.py) by threaded workers: no hop
  from an event loop to a thread per request, and each thread keeps its database connection open
  (CONN_MAX_AGE), which Django does not support under ASGI (a new thread per request there: persistent
  connections pile up until PostgreSQL refuses clients). GUNICORN_WORKER_CLASS=uvicorn.workers.UvicornWorker
  serves the ASGI application instead (config.asgi, whose connections are closed after each request).
- Websockets stay on daphne (scripts/serve) behind the same proxy: a deploy or a worker recycled after
  max_requests must not drop every flashboard in a hall.
- keepalive is longer than the proxy's idle timeout (60 s for nginx and most load balancers): when the
  server closes an idle connection first, the proxy may send a request on a socket being closed and gets a
  reset (gunicorn's default of 2 s reset 4-9 connections a run at 75-100 users).
"""

import os

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "gthread")
wsgi_app = "config.asgi:application" if "uvicorn" in worker_class else "config.wsgi:application"
# WEB_CONCURRENCY is the conventional name (Heroku, Render, the gunicorn docs): a process per core spreads the
# views over every core; the threads of a process overlap one view's database waits and a sign-in's Argon2
# (which runs outside the GIL) with other views.
workers = int(os.environ.get("WEB_CONCURRENCY", os.cpu_count() or 1))
threads = int(os.environ.get("GUNICORN_THREADS", 4))
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", 75))
# A request that takes longer than this is stuck (the slowest page, a PDF, takes about a second).
timeout = int(os.environ.get("GUNICORN_TIMEOUT", 30))
graceful_timeout = 30
# Recycle a worker now and then so no leak grows for weeks; the jitter keeps them from restarting together.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", 10000))
max_requests_jitter = max_requests // 10
# The listen queue, as daphne's (scripts/serve): bursts of connections are queued, not dropped.
backlog = int(os.environ.get("GUNICORN_BACKLOG", 1024))
# The proxy's address, whose X-Forwarded-For and X-Forwarded-Proto are believed.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
accesslog = None  # the proxy logs every request; the application's log lines carry the request id
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "warning")
