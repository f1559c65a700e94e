"""Settings read from the environment, with embedded defaults for `make run`.

Nothing set: SQLite, Celery running tasks inline, an in-memory channel layer, console email.
`DATABASE_URL` switches to PostgreSQL, `REDIS_URL` switches Celery, Channels and the cache to Redis.
`DJANGO_ENV=production` turns on the hardened profile that passes `check --deploy`; `DJANGO_ENV=hall` the hall laptop
that runs one event offline (below).
"""

import base64
import hashlib
import json
import re
from pathlib import Path

import environ
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

DJANGO_ENV = env.str("DJANGO_ENV", default="development")
PRODUCTION = DJANGO_ENV == "production"
DEV_LOG_ANCHOR_KEY_LABEL = "dev-only-log-anchor-signing-key-do-not-use-in-production"

# A production server must be given its secret; the development key is only for a laptop.
if PRODUCTION:
    SECRET_KEY = env.str("DJANGO_SECRET_KEY")
else:
    SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="dev-only-insecure-key-do-not-use-in-production")
DEBUG = env.bool("DJANGO_DEBUG", default=not PRODUCTION)
# The key of every log's hash chain (core.chain): kept out of the database, so whoever can write to
# the tables cannot recompute a chain. Production must be given its own; losing it means the logs
# can no longer be verified, so keep it as safe as the database backups.
if PRODUCTION:
    EVENT_LOG_KEY = env.str("EVENT_LOG_KEY")
else:
    EVENT_LOG_KEY = env.str("EVENT_LOG_KEY", default="dev-only-event-log-key-do-not-use-in-production")
# The Ed25519 key that signs each batch of log anchors written outside the database (licensing.audit.witness):
# the Board checks the copies with the public key (`manage.py log_anchor_key`), so whoever can write to the
# database cannot forge a witnessed head. Production must be given its own (`manage.py log_anchor_key --new`);
# LOG_ANCHOR_PUBLIC_KEYS lists the public keys of earlier signing keys, so copies signed before a change of
# key still verify. A value that is no key stops every process at start (core.apps.CoreConfig.ready).
if PRODUCTION:
    LOG_ANCHOR_SIGNING_KEY = env.str("LOG_ANCHOR_SIGNING_KEY")
else:
    # core.signing.development_key(DEV_LOG_ANCHOR_KEY_LABEL), spelled out: the settings import no app.
    LOG_ANCHOR_SIGNING_KEY = env.str("LOG_ANCHOR_SIGNING_KEY", default=base64.urlsafe_b64encode(
        hashlib.sha256(DEV_LOG_ANCHOR_KEY_LABEL.encode("utf-8")).digest()).decode("ascii").rstrip("="))
LOG_ANCHOR_PUBLIC_KEYS = env.list("LOG_ANCHOR_PUBLIC_KEYS", default=[])
# The keys that seal winners' identities at the payout desk (core.sealing: Fernet keys, the newest first; every one
# unseals, the first seals). Production must be given its own (`manage.py payouts new-key`); losing every key
# listed means the taxpayer numbers can no longer be read, so keep them as safe as the database backups.
# A key that is no Fernet key stops every process at start (core.apps); the development key fails the deploy check.
DEV_PAYOUT_IDENTITY_KEY_LABEL = "dev-only-payout-identity-key-do-not-use-in-production"
if PRODUCTION:
    PAYOUT_IDENTITY_KEYS = env.list("PAYOUT_IDENTITY_KEYS")
else:
    # core.sealing.development_key(DEV_PAYOUT_IDENTITY_KEY_LABEL), spelled out: the same on every laptop.
    PAYOUT_IDENTITY_KEYS = env.list("PAYOUT_IDENTITY_KEYS", default=[base64.urlsafe_b64encode(
        hashlib.sha256(DEV_PAYOUT_IDENTITY_KEY_LABEL.encode("utf-8")).digest()).decode("ascii")])
# At a hall (below) the Board's public key for winners' identities, from the kit: the hall seals to it and holds no
# PAYOUT_IDENTITY_KEYS (core.sealing). Empty on the Board's server, which seals with its own keys. The Board's
# private key is derived from each PAYOUT_IDENTITY_KEYS key (core.sealed_for_board), so there is no key to add.
PAYOUT_IDENTITY_BOARD_KEY = ""
# The series of the hall's W-2G form numbers ("W2G-2026-H3-00001"), from the kit: a hall numbers its forms apart
# from the Board's own ("W2G-2026-00001"), which it cannot see, so the two never clash. Empty on the Board's server.
PAYOUT_FORM_SERIES = ""
ALLOWED_HOSTS = env.list(
    "DJANGO_ALLOWED_HOSTS", default=[] if PRODUCTION else ["127.0.0.1", "localhost", "[::1]", "testserver"]
)
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])

# --- Hall mode (DJANGO_ENV=hall): the laptop that runs one event offline in the hall (docs/features/hall-mode.md) ---
# `manage.py hall install KIT` writes HALL_DIR: the kit the Board signed (kit.json), the device's key (device.key,
# from `hall keygen`), the server's own secret (secret) and the hall's SQLite database. The hall never holds the
# Board's keys: its logs are chained with the kit's chain key, and the device key signs whatever the hall signs.
# HALL_BOARD_KEYS are the Board's public keys the hall believes a kit from (`manage.py log_anchor_key` at the
# Board prints them). No debug pages, whatever DJANGO_DEBUG says; any host name, since the hall's own network
# (the TVs, the tablets) reaches the laptop by whatever address it was given; no PostgreSQL or Redis.
HALL = DJANGO_ENV == "hall"
HALL_DIR = BASE_DIR / env.str("HALL_DIR", default="var/hall")  # a relative path is under the project
HALL_BOARD_KEYS = env.list("HALL_BOARD_KEYS", default=[])


def _hall_file(name: str) -> str | None:
    path = HALL_DIR / name
    return path.read_text(encoding="utf-8").strip() if path.is_file() else None


if HALL:
    DEBUG = False
    SECRET_KEY = _hall_file("secret") or SECRET_KEY
    _hall_kit = json.loads(_hall_file("kit.json") or "{}")
    EVENT_LOG_KEY = _hall_kit.get("chain_key") or EVENT_LOG_KEY
    LOG_ANCHOR_SIGNING_KEY = _hall_file("device.key") or LOG_ANCHOR_SIGNING_KEY
    LOG_ANCHOR_PUBLIC_KEYS = []
    # The Board's identity keys never travel: whatever the environment says, the hall seals winners' identities to
    # the Board's public key in the kit, and cannot read them back (docs/features/hall-mode.md).
    PAYOUT_IDENTITY_KEYS = []
    _hall_payouts = _hall_kit.get("payouts") if isinstance(_hall_kit.get("payouts"), dict) else {}
    PAYOUT_IDENTITY_BOARD_KEY = str(_hall_payouts.get("identity_key") or "")
    PAYOUT_FORM_SERIES = str(_hall_payouts.get("form_series") or "")
    ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["*"])

INSTALLED_APPS = [
    "daphne",
    "config.admin_app.BoardAdminConfig",  # django.contrib.admin on the audited Board site
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    # PostgreSQL's index expressions (the trigram index on organization names, licensing 0018); inert on SQLite.
    "django.contrib.postgres",
    "channels",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_filters",
    "django_celery_beat",
    "django_htmx",
    "axes",
    # Sign-up, email verification, sign-in, password reset and MFA (licensing.accounts.allauth_adapter).
    "allauth",
    "allauth.account",
    "allauth.mfa",
    "core",
    "licensing",
    "vendors",
    "bingo",
    "montecarlo",
    "demo",  # the demo world of `make run` (seed_demo); no app imports it
]

MIDDLEWARE = [
    "core.middleware.request_id.RequestIdMiddleware",
    # The database down, lost or too slow: 503 with the portal's standalone page or the API's error shape, not a
    # 500. Before every middleware that reads the database (core/middleware/database_unavailable.py).
    "core.middleware.database_unavailable.DatabaseUnavailableMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # The few views marked body_limit() (a hall's bundle) read their larger body here, before the NUL guard reads it
    # under DATA_UPLOAD_MAX_MEMORY_SIZE.
    "core.middleware.body_limit.BodyLimitMiddleware",
    # Before anything reads the input (the session key, CSRF, views): PostgreSQL text holds no NUL.
    "core.middleware.null_characters.NullCharacterMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    # Django's, with what the session says of its second factor on request.user (licensing.accounts.second_factor).
    "licensing.accounts.second_factor.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # The portal's own 404 page under DEBUG too (make run), never Django's technical one.
    "core.middleware.not_found.NotFoundPageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    # At the hall (DJANGO_ENV=hall) only the event's pages (licensing.hall.middleware); nothing on the Board's server.
    "licensing.hall.middleware.HallOnlyMiddleware",
    # The Board's people set up a second factor, and sign in with it, before any other page (licensing.accounts.mfa).
    "licensing.accounts.mfa.SecondFactorRequiredMiddleware",
    # A tournament whose events do not replay: a clear page or JSON error (409), not a 500.
    "montecarlo.tournaments.middleware.TournamentStateErrorMiddleware",
    "montecarlo.tables.middleware.TableStateErrorMiddleware",
    # A stored file the storage no longer holds: 410 Gone with the portal's page or the API's error shape, not a 500.
    "core.middleware.stored_files.StoredFileMissingMiddleware",
    # Last, so it sees the result of authentication (django-axes' documented position).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "licensing.context_processors.portal_roles",
                "licensing.context_processors.notifications_unread",
            ],
        },
    },
]

# --- Database: SQLite by default, PostgreSQL (psycopg 3) from DATABASE_URL ---
DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
if HALL:
    DATABASES = {"default": env.db_url_config(f"sqlite:///{HALL_DIR / 'hall.sqlite3'}")}
# The reports' covering index (licensing.Report, lic_report_figures) INCLUDEs its figures on PostgreSQL; SQLite keeps
# the key columns only, which is all the embedded default needs: say nothing about it there.
SILENCED_SYSTEM_CHECKS = ["models.W040"] if "sqlite" in DATABASES["default"]["ENGINE"] else []
DATABASES["default"]["ATOMIC_REQUESTS"] = False
# Persistent connections in production: a new PostgreSQL connection per request costs about 3 ms of the database's
# CPU and a round trip (benchmarks/portal_load.py). Kept for 10 minutes, checked before reuse after a request that
# saw an error (CONN_HEALTH_CHECKS), so a restarted database costs one failed check, not a 500. Every holder closes
# its own: requests and websocket consumers (channels' database_sync_to_async) call close_old_connections around
# each use, Celery's Django fixup around each task. 0 (a connection per request) in development, where the
# runserver's threads and the test servers would otherwise keep connections open on the test database.
DATABASES["default"]["CONN_MAX_AGE"] = env.int("DATABASE_CONN_MAX_AGE", default=600 if PRODUCTION else 0)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
# The longest one SQL statement of a web request may run, in milliseconds (0: no limit). PostgreSQL cancels it and
# the reader gets the "database is slow" page (503, core.database_failures) instead of a worker stuck until
# gunicorn's timeout (30 s) kills it. Only the web processes get it: config/wsgi.py and config/asgi.py set
# DJANGO_WEB_PROCESS before the settings load; migrations, management commands and Celery's tasks may run longer.
DATABASE_STATEMENT_TIMEOUT_MS = env.int("DATABASE_STATEMENT_TIMEOUT_MS", default=15000 if PRODUCTION else 0)
# A database host that does not answer at all (not a refused port: a dead network): give up connecting after this
# many seconds, as libpq otherwise waits for the operating system's TCP timeout (minutes).
DATABASE_CONNECT_TIMEOUT = env.int("DATABASE_CONNECT_TIMEOUT", default=5)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    _db_options = DATABASES["default"].setdefault("OPTIONS", {})
    _db_options.setdefault("connect_timeout", DATABASE_CONNECT_TIMEOUT)  # DATABASE_URL's ?connect_timeout= wins
    if DATABASE_STATEMENT_TIMEOUT_MS and env.bool("DJANGO_WEB_PROCESS", default=False):
        _db_options["options"] = " ".join(filter(None, [
            _db_options.get("options"), f"-c statement_timeout={DATABASE_STATEMENT_TIMEOUT_MS}"]))
# A read replica (a streaming standby of the primary) for the Board's dashboards and exports, when
# DATABASE_REPLICA_URL is set: core.replica routes only the reads of the views marked @reads_from_replica to it, and
# falls back to the primary when it does not answer (a connect timeout of 2 s unless the URL gives one). Never at a
# hall.
DATABASE_REPLICA_URL = "" if HALL else env.str("DATABASE_REPLICA_URL", default="")
if DATABASE_REPLICA_URL:
    DATABASES["replica"] = env.db_url_config(DATABASE_REPLICA_URL)
    DATABASES["replica"].setdefault("OPTIONS", {}).setdefault("connect_timeout", 2)
    DATABASES["replica"].update(ATOMIC_REQUESTS=False, CONN_MAX_AGE=DATABASES["default"]["CONN_MAX_AGE"],
                                CONN_HEALTH_CHECKS=True)
DATABASE_ROUTERS = ["core.replica.ReplicaRouter"]
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: one URL drives the cache, Celery and the channel layer ---
REDIS_URL = "" if HALL else env.str("REDIS_URL", default="")

if REDIS_URL:
    CACHES = {
        "default": {
            # Django's RedisCache, whose failures are misses: a Redis restart costs rate-limit counts, not pages
            # (core/cache.py).
            "BACKEND": "core.cache.TolerantRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env.str("CACHE_KEY_PREFIX", default="cg"),
            # Fail fast when Redis is gone, so /healthz answers instead of hanging.
            "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2},
        }
    }
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # A consumer waits on Redis with BRPOP for up to 5 s; redis-py 8 reads with a 5 s socket
            # timeout by default, so an idle socket's consumer would die with "Timeout reading".
            "CONFIG": {"hosts": [{"address": REDIS_URL, "socket_timeout": 30}],
                       "prefix": env.str("CHANNELS_PREFIX", default="asgi")},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# --- Celery: inline without a broker, Redis workers with one ---
CELERY_BROKER_URL = REDIS_URL or "memory://localhost/"
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# At least once, done once (docs/operations.md, "Tasks"): a task is acknowledged when it has finished, not when a
# worker took it, so a worker killed mid-task (kill -9, the machine lost) leaves it unacknowledged and it runs
# again; every task is written to do its work once however often it is delivered (core.outbox claims each mail,
# core.jobs each nightly job's day, the anchors lock their log).
CELERY_TASK_ACKS_LATE = True
# A worker process that dies under a task rejects it back to the queue instead of marking it failed.
CELERY_TASK_REJECT_ON_WORKER_LOST = True
# A worker holds one unacknowledged task at a time: a killed worker takes only that one down with it, and a long task
# does not sit on others that an idle worker could run.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Redis has no acknowledgements of its own: a task a worker took and never acknowledged goes back to the queue after
# this many seconds. The trade-off: short, and a task killed with its worker is redone soon, but a task still running
# (slow mail server, large certificate) longer than this is handed to a second worker too (each task is idempotent,
# so that costs work, not a double mail); long, and a killed worker's task waits that long. An hour by default: no
# task of ours runs near that long; beat's nightly jobs and the outbox sweep pick up anything left sooner.
CELERY_VISIBILITY_TIMEOUT = env.int("CELERY_VISIBILITY_TIMEOUT", default=3600)
if CELERY_VISIBILITY_TIMEOUT < 1:
    raise ImproperlyConfigured("CELERY_VISIBILITY_TIMEOUT is a number of seconds, at least 1")
# Each worker looks for such tasks every unacked_restore_interval x unacked_restore_throttle seconds: about a tenth of
# the timeout, between 1 s (a drill's short timeout) and kombu's 100 s.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": CELERY_VISIBILITY_TIMEOUT,
    "unacked_restore_interval": max(1, min(10, CELERY_VISIBILITY_TIMEOUT // 100)),
    "unacked_restore_throttle": max(1, min(10, CELERY_VISIBILITY_TIMEOUT // 10)),
}
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"visibility_timeout": CELERY_VISIBILITY_TIMEOUT}
CELERY_TIMEZONE = "America/New_York"
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
# Periodic jobs live in code so every environment has the same schedule; beat copies them to the database.
CELERY_BEAT_SCHEDULE: dict = {}
# Board review, daily just after midnight (before the expiry run): withdraw applications whose deficiency
# notice went uncured, and retire renewed licenses whose successor has started.
CELERY_BEAT_SCHEDULE["licensing-review-daily"] = {
    "task": "licensing.tasks_review.review_daily", "schedule": crontab(hour=0, minute=5),
}
# Enforcement and reminders: lift/start suspensions and expire licenses just after midnight, then
# send the day's renewal, cure and amendment reminders in the morning (each reminder once).
CELERY_BEAT_SCHEDULE.update({
    "licensing-license-statuses-daily": {
        "task": "licensing.tasks.license_statuses_refresh", "schedule": crontab(hour=0, minute=15),
    },
    "licensing-reminders-daily": {"task": "licensing.tasks.reminders_send", "schedule": crontab(hour=7, minute=0)},
})
# The reports' deadline calendar, after the license statuses and before the morning's reminders (which
# include the 3-day reminder of a report due): open the drafts of past bingo operations, mark overdue ones.
CELERY_BEAT_SCHEDULE["licensing-reports-calendar-daily"] = {
    "task": "licensing.reports.tasks.reports_calendar_daily", "schedule": crontab(hour=0, minute=30),
}
# Anchors: once a day, after the night's jobs, and every LOG_ANCHOR_MINUTES while logs grow, the head of
# every log that grew goes into the anchor table, the witness file (LOG_ANCHOR_DIR) and the Board's audit
# address (closing a game, a tournament, a night's count or a raffle's sales and drawing anchors at once too).
# A run that finds no log grown records and mails nothing.
LOG_ANCHOR_MINUTES = env.int("LOG_ANCHOR_MINUTES", default=5)
if not 1 <= LOG_ANCHOR_MINUTES <= 60 * 24:
    raise ImproperlyConfigured("LOG_ANCHOR_MINUTES is a number of minutes from 1 to 1440")
CELERY_BEAT_SCHEDULE["licensing-log-anchors-daily"] = {
    "task": "licensing.audit.tasks.log_anchors_record", "schedule": crontab(hour=0, minute=45),
    "kwargs": {"reason": "daily"},
}
CELERY_BEAT_SCHEDULE["licensing-log-anchors-periodic"] = {
    "task": "licensing.audit.tasks.log_anchors_record", "schedule": LOG_ANCHOR_MINUTES * 60.0,
    "kwargs": {"reason": "periodic"},
}

# The mail outbox (core.outbox): every few minutes, ask again for an email still queued OUTBOX_SWEEP_MINUTES after it
# was last asked for (its task lost with a killed worker, or never queued because Redis was down at commit time);
# a mail server that keeps failing: given up after OUTBOX_MAX_ATTEMPTS tries, the row kept as failed.
OUTBOX_SWEEP_MINUTES = env.int("OUTBOX_SWEEP_MINUTES", default=10)
OUTBOX_MAX_ATTEMPTS = env.int("OUTBOX_MAX_ATTEMPTS", default=8)
OUTBOX_SWEEP_BATCH = 500
CELERY_BEAT_SCHEDULE["core-outbox-sweep"] = {"task": "core.tasks.outbox_sweep",
                                             "schedule": env.float("OUTBOX_SWEEP_SECONDS", default=300.0)}
# A license's certificate asked for and not built CERTIFICATE_SWEEP_MINUTES later (its task lost with the broker):
# beat's certificates sweep starts the build again (licensing.licenses.tasks).
CERTIFICATE_SWEEP_MINUTES = env.int("CERTIFICATE_SWEEP_MINUTES", default=15)
CELERY_BEAT_SCHEDULE["licensing-certificates-sweep"] = {"task": "licensing.licenses.tasks.certificates_sweep",
                                                        "schedule": 600.0}

# --- Auth ---
AUTH_USER_MODEL = "licensing.User"
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: a locked account or address is refused before any check
    "allauth.account.auth_backends.AuthenticationBackend",  # the email address and password
]
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 10}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "portal:dashboard"
LOGOUT_REDIRECT_URL = "home"

# django-axes (licensing/accounts/lockout/policy.py): failed sign-ins at the portal and the API token endpoint are
# counted per account from any address, and per address across accounts, over the cool-off period.
# AXES_FAILURE_LIMIT failures lock the account everywhere; AXES_ADDRESS_FAILURE_LIMIT failures (higher, so
# one office behind a NAT address does not lock itself out) lock the address for every account. Each lock
# lifts after AXES_COOLOFF_HOURS; a completed password reset lifts the account's at once, and board staff
# can lift either at /portal/lockouts/ (or `manage.py lockout_clear`).
AXES_HANDLER = "licensing.accounts.lockout.policy.AccountAndAddressHandler"
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_ADDRESS_FAILURE_LIMIT = env.int("AXES_ADDRESS_FAILURE_LIMIT", default=50)
AXES_COOLOFF_TIME = env.float("AXES_COOLOFF_HOURS", default=0.5)
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_USERNAME_CALLABLE = "licensing.accounts.lockout.policy.attempted_email"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/lockout.html"
AXES_LOCKOUT_CALLABLE = "licensing.accounts.lockout.responses.lockout_response"
AXES_USERNAME_FORM_FIELD = "login"  # allauth's sign-in form (the API token endpoint passes the email itself)
AXES_IPWARE_PROXY_COUNT = env.int("AXES_PROXY_COUNT", default=0)
AXES_CLIENT_IP_CALLABLE = "core.client_address.client_address"  # the count above, as the API's limits read it
AXES_VERBOSE = False

# django-allauth: sign-up, email verification, sign-in, password reset (licensing/accounts/allauth_adapter.py).
# The email address is the login; a new account verifies it with a code mailed to it before signing in.
ACCOUNT_ADAPTER = "licensing.accounts.allauth_adapter.PortalAccountAdapter"
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_SIGNUP_FORM_CLASS = "licensing.accounts.forms.SignupDetailsForm"  # adds the full name
ACCOUNT_FORMS = {"login": "licensing.accounts.forms.PortalLoginForm"}
ACCOUNT_USER_MODEL_USERNAME_FIELD = None
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_EMAIL_VERIFICATION_BY_CODE_ENABLED = True
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_EMAIL_SUBJECT_PREFIX = ""
ACCOUNT_LOGOUT_REDIRECT_URL = "home"
ACCOUNT_SIGNUP_REDIRECT_URL = "portal:get_started"
ACCOUNT_SESSION_REMEMBER = True  # as before: the session lasts SESSION_COOKIE_AGE
# One lockout mechanism: django-axes above counts failed sign-ins, wrong passwords and wrong second-factor codes
# alike (licensing.accounts.lockout.second_step, through MFA_FORMS below); allauth's own sign-in limits are off (its
# limits on sign-ups, reset emails and codes stay).
ACCOUNT_RATE_LIMITS = {"login": None, "login_failed": None}
# Second factors: an authenticator app (TOTP) with recovery codes, and security keys or passkeys (WebAuthn).
# Required of Board staff and board members (licensing.accounts.mfa), optional for everyone else.
MFA_ADAPTER = "allauth.mfa.adapter.DefaultMFAAdapter"
MFA_SUPPORTED_TYPES = ["totp", "recovery_codes", "webauthn"]
MFA_PASSKEY_LOGIN_ENABLED = False
MFA_TOTP_ISSUER = "DC Charitable Gaming Board"
MFA_FORMS = {
    "authenticate": "licensing.accounts.forms.SecondStepCodeForm",
    "reauthenticate": "licensing.accounts.forms.SecondStepCodeReauthenticateForm",
    "authenticate_webauthn": "licensing.accounts.forms.SecondStepWebAuthnForm",
    "reauthenticate_webauthn": "licensing.accounts.forms.SecondStepWebAuthnReauthenticateForm",
}
# Browsers offer WebAuthn only over HTTPS or on localhost; `make run` serves plain HTTP on 127.0.0.1.
MFA_WEBAUTHN_ALLOW_INSECURE_ORIGIN = not PRODUCTION
# An officer's invitation to join the organization stays valid this many days (licensing.organizations.invitations).
ORGANIZATION_INVITATION_DAYS = env.int("ORGANIZATION_INVITATION_DAYS", default=14)

# --- Internationalization: English source, Spanish for DC's Spanish speakers ---
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("es", _("Spanish"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# One date format per language ("Jan 15, 2027", "15 ene. 2027"): templates name DATE_FORMAT and its kin.
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = "America/New_York"
USE_I18N = True
USE_TZ = True

# --- Static and media files ---
STATIC_URL = "/static/"
# collectstatic writes here (and the production manifest that check --deploy looks for).
STATIC_ROOT = env.path("DJANGO_STATIC_ROOT", default=BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_ROOT = env.path("MEDIA_ROOT", default=BASE_DIR / "media")
# The log anchors' witness outside the database: one append-only file of signed batches (licensing.audit.witness).
# Point it at storage the database's administrators cannot rewrite (an append-only mount, a synced object store
# path); empty writes no file (the mailed digest is then the only copy outside the database).
LOG_ANCHOR_DIR = env.str("LOG_ANCHOR_DIR", default=str(BASE_DIR / "var" / "log-anchors"))
MEDIA_URL = "/media/"
STORAGES = {
    # Django's FileSystemStorage, except that a full disk leaves no half-written file (core.media_storage).
    "default": {"BACKEND": "core.media_storage.WholeFileSystemStorage"},
    "staticfiles": {
        # Production serves hashed names from the manifest, compressed (gzip and brotli) by collectstatic unless
        # DJANGO_STATIC_COMPRESS=false: `make check-deploy` needs only the manifest, and compressing 1,400 files
        # took it ~25 s of two cores; a proxy or CDN that compresses would not need it either.
        "BACKEND": (
            ("whitenoise.storage.CompressedManifestStaticFilesStorage"
             if env.bool("DJANGO_STATIC_COMPRESS", default=True)
             else "django.contrib.staticfiles.storage.ManifestStaticFilesStorage")
            if PRODUCTION
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

# --- Email: console by default, SMTP from EMAIL_URL ---
if env.str("EMAIL_URL", default=""):
    vars().update(env.email_url("EMAIL_URL"))
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
# The Board's audit address: the daily and closing digests of log anchors go there.
# A mail server that stops answering fails the send after this many seconds instead of holding the outbox row's
# lock (core.outbox) and the worker for ever.
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=30)
BOARD_AUDIT_EMAIL = env.list("BOARD_AUDIT_EMAIL", default=["audit@gaming.example.gov"])
# Every email queued by core.mail is also kept as an in-portal notification for each recipient with an account.
MAIL_MIRROR = "licensing.notifications.services.notifications_from_email"
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Charitable Gaming Board <no-reply@gaming.example.gov>")

# --- API ---
# Requests per user, per anonymous address, and per address at POST /api/v1/auth/token/ (tests read these
# defaults to check that production throttles).
API_THROTTLE_DEFAULTS = {"user": "120/minute", "anon": "60/minute", "token": "10/minute"}


def _throttle_rate(name: str, scope: str) -> str:
    # DRF reads only the period's first letter and fails on every request at a typo: refuse it at start.
    rate = env.str(name, default=API_THROTTLE_DEFAULTS[scope]).strip()
    if not re.fullmatch(r"[1-9][0-9]*/(second|minute|hour|day)", rate):
        raise ImproperlyConfigured(f"{name}={rate!r}: write requests per period, e.g. 120/minute "
                                   "(period: second, minute, hour or day).")
    return rate


REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Token first, so an anonymous call gets 401 with a WWW-Authenticate header rather than 403.
        "licensing.accounts.tokens.SecondFactorTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # A JSON body is an object (core/api/parsers.py): `[1]`, `"x"`, `1` or `null` is a 400, not a view's crash.
    "DEFAULT_PARSER_CLASSES": ["core.api.parsers.JSONObjectParser", "rest_framework.parsers.FormParser",
                               "rest_framework.parsers.MultiPartParser"],
    "DEFAULT_FILTER_BACKENDS": ["core.api.filters.IdFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "core.api.errors.api_exception_handler",
    # The API's rate limits, a security policy of this system (not a rule of 30 DCMR): per signed-in user, per
    # client address for anonymous callers, and tighter per address at the token endpoint (its throttle_scope).
    # Counted in the default cache, so every process behind the proxy counts together on Redis; a refusal is
    # a 429 in the API's error shape with Retry-After (core/api/errors.py).
    "DEFAULT_THROTTLE_CLASSES": [
        "rest_framework.throttling.UserRateThrottle",
        "rest_framework.throttling.AnonRateThrottle",
        "rest_framework.throttling.ScopedRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "user": _throttle_rate("API_THROTTLE_USER", "user"),
        "anon": _throttle_rate("API_THROTTLE_ANON", "anon"),
        "token": _throttle_rate("API_THROTTLE_TOKEN", "token"),
    },
    # The client's address is the one the proxies in front saw (the lockout's AXES_PROXY_COUNT), not an
    # X-Forwarded-For the client wrote itself.
    "NUM_PROXIES": AXES_IPWARE_PROXY_COUNT,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Charitable Gaming Licensing API",
    "DESCRIPTION": (
        "Licensing and operations for charitable bingo, raffles and Monte Carlo Nights under 30 DCMR. "
        "Errors are JSON: {\"errors\": [{\"field\", \"code\", \"message\", \"rule\"}]}."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # Every operation's 400/401/403/404 in the one error shape, documented once (core/api/schema.py).
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "core.api.schema.error_responses",
                             "core.api.schema.local_times"],
}
# Several models share field names for different choice sets (kind, status): name each enum, or the schema warns.
SPECTACULAR_SETTINGS.setdefault("ENUM_NAME_OVERRIDES", {}).update({
    "EnforcementKindEnum": "licensing.models.choices.EnforcementKind",
    "ApplicationKindEnum": "licensing.models.choices.ApplicationKind",
    "LicenseStatusEnum": "licensing.models.choices.LicenseStatus",
    "ApplicationStatusEnum": "licensing.models.choices.ApplicationStatus",
    "DocumentKindEnum": "licensing.models.choices.DocumentKind",
    "ResponsibleRoleEnum": "licensing.models.choices.ResponsibleRole",
    "LicenseTypeEnum": "licensing.models.choices.LicenseType",
    "OrganizationLicenseTypeEnum": "licensing.models.choices.ORGANIZATION_LICENSE_TYPES",
    "SupplyCategoryEnum": "vendors.models.price_lists.SupplyCategory",
    "RegistryStatusEnum": "vendors.registry.selectors.REGISTRY_STATUS_CHOICES",
    "ReportKindEnum": "licensing.models.reports.ReportKind",
    "ReportStatusEnum": "licensing.models.reports.ReportStatus",
    "PaymentMethodEnum": "licensing.models.fees.PaymentMethod",
    "OrganizationRoleEnum": "licensing.models.organizations.Role.choices",
    "SeriesSourceEnum": "bingo.models.cards.SeriesSource",
    "TicketSourceEnum": "bingo.models.charity.TicketSource",
    "PayoutStatusEnum": "licensing.models.payouts.PayoutStatus",
    "PayoutMethodEnum": "licensing.models.payouts.PayoutMethod",
})

# --- Security: safe everywhere, strict in production ---
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # htmx reads the token from the page, not the cookie; kept default-compatible.
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "font-src": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
    "base-uri": [CSP.SELF],
    "object-src": [CSP.NONE],
}

if PRODUCTION:
    SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
    # Load balancers probe over plain HTTP inside the network: a redirect would read as "down".
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = env.int("DJANGO_HSTS_SECONDS", default=60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SESSION_COOKIE_SAMESITE = "Lax"

# --- Domain settings (board policy that may change without a code change) ---
# The Board's numbers (fees, bonds, caps, deadlines, thresholds) are rows of the register the Board edits in the
# portal (licensing.register): the Board's quorum (review.quorum, 30 DCMR 1202.4), the days to cure a deficiency
# (review.cure_days) and a license's term (license.term_days) among them. A fresh database takes the keys it has
# never held from this rule pack after every migrate: DC's by default; another jurisdiction names its own
# (rulepacks/example-county.toml is one).
BOARD_RULEPACK = env.path("BOARD_RULEPACK", default=BASE_DIR / "rulepacks" / "dc.toml")
BINGO_SERIES_SIZE = env.int("BINGO_SERIES_SIZE", default=9000)  # faces in a new card series (industry standard)
# 30 DCMR 1403.1: bingo paper comes from a licensed vendor (or, used, another licensed organization). An
# organization printing its own card series does so only by the Board's decision, written here with its reason;
# off by default, and on only with a reason (bingo.cards.rules.own_series).
BINGO_OWN_SERIES_ALLOWED = env.bool("BINGO_OWN_SERIES_ALLOWED", default=False)
BINGO_OWN_SERIES_REASON = env.str("BINGO_OWN_SERIES_REASON", default="").strip()
# Absolute links in certificates and emails (the QR code opens the public license lookup).
PUBLIC_BASE_URL = env.str("PUBLIC_BASE_URL", default="http://127.0.0.1:8000").rstrip("/")
# Application fees (licensing.fees): who a check or money order is made out to, and where it is sent; and the
# online payment provider, a dotted path to a class of licensing.fees.providers.PaymentProvider (none by default:
# the portal then asks for a check or money order).
FEE_PAYABLE_TO = env.str("FEE_PAYABLE_TO", default="the DC Treasurer, mailed or brought to the DC Charitable Gaming "
                         "Board, 1101 4th Street SW, Washington, DC 20024")
PAYMENT_PROVIDER = env.str("PAYMENT_PROVIDER", default="") or None
HEALTHZ_TIMEOUT_SECONDS = 2

# An error report (the email to ADMINS, any handler that renders one) never carries a winner's taxpayer number:
# Django's filter, plus fields and variables named like one (core.error_reports).
DEFAULT_EXCEPTION_REPORTER_FILTER = "core.error_reports.IdentityReporterFilter"
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "core.middleware.request_id.RequestIdLogFilter"}},
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s [%(request_id)s] %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain", "filters": ["request_id"]}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    # The template engine's DEBUG records carry a whole context (a missing variable's lookup): on the W-2G or a
    # filing person's view of a number, the winner's taxpayer number. Never below INFO, whatever LOG_LEVEL says.
    "loggers": {"django.db.backends": {"level": "WARNING"}, "django.template": {"level": "INFO"}},
}
