"""Deployment checks of core: the application must not connect as a PostgreSQL role that could
switch the append-only triggers off (a superuser, or the owner of the log tables)."""

from django.apps import apps
from django.core.checks import Tags, Warning, register
from django.db import DatabaseError, connection

from core.models import AppendOnlyModel


@register(Tags.security, Tags.database, deploy=True)
def app_role_is_least_privileged(app_configs=None, databases=None, **kwargs):
    # Like Django's own database checks, only when asked (`check --deploy --database default`).
    if not databases or connection.alias not in databases or connection.vendor != "postgresql":
        return []
    tables = [model._meta.db_table for model in apps.get_models() if issubclass(model, AppendOnlyModel)]
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_user, rolsuper FROM pg_roles WHERE rolname = current_user")
            role, superuser = cursor.fetchone()
            cursor.execute("SELECT count(*) FROM pg_tables WHERE tableowner = current_user AND tablename = ANY(%s)",
                           [tables])
            owned = cursor.fetchone()[0]
    except DatabaseError:
        return []  # no database to ask: nothing to say about its roles
    if not superuser and not owned:
        return []
    why = "is a superuser" if superuser else f"owns {owned} of the append-only tables"
    return [Warning(
        f"The application connects to PostgreSQL as {role}, which {why}: it could switch the logs' "
        "append-only triggers off.",
        hint="Run migrations as the owner and the application as the role `manage.py db_roles --apply` sets up.",
        id="core.W001",
    )]


DEV_KEY_PREFIX = "dev-only-"


@register(Tags.security, deploy=True)
def event_log_key_is_strong(app_configs=None, **kwargs):
    """The chain is only as strong as its key: long, random, and not the development one."""
    from django.conf import settings

    key = settings.EVENT_LOG_KEY
    if len(key) >= 32 and not key.startswith(DEV_KEY_PREFIX):
        return []
    return [Warning("EVENT_LOG_KEY is the development key or shorter than 32 characters: anyone who guesses it "
                    "can recompute the logs' hash chains.",
                    hint="Set EVENT_LOG_KEY to a long random value (python -c \"import secrets; "
                         "print(secrets.token_urlsafe(32))\") and keep it out of the database and its backups.",
                    id="core.W002")]


@register(Tags.security, deploy=True)
def log_anchor_signing_key_is_not_the_development_one(app_configs=None, **kwargs):
    """Whoever knows the signing key can sign a false witness of the log anchors: the development key is in
    the code."""
    from django.conf import settings

    from core.signing import development_key

    if development_key(settings.DEV_LOG_ANCHOR_KEY_LABEL) != settings.LOG_ANCHOR_SIGNING_KEY:
        return []
    return [Warning("LOG_ANCHOR_SIGNING_KEY is the development key: anyone can sign a false witness of the log "
                    "anchors with it.",
                    hint="Set LOG_ANCHOR_SIGNING_KEY to a key of its own (`manage.py log_anchor_key --new`) and give "
                         "the Board its public key (`manage.py log_anchor_key`).",
                    id="core.W003")]


@register(Tags.security, deploy=True)
def payout_identity_keys_are_not_the_development_one(app_configs=None, **kwargs):
    """Whoever has the development key (it is in the code) reads every winner's identity sealed with it: a
    production list must not hold it, even after its own key (it would still unseal the values it sealed)."""
    from django.conf import settings

    from core.sealing import development_key

    listed = {str(key).strip() for key in settings.PAYOUT_IDENTITY_KEYS}
    if development_key(settings.DEV_PAYOUT_IDENTITY_KEY_LABEL) not in listed:
        return []
    return [Warning("PAYOUT_IDENTITY_KEYS holds the development key: anyone who reads the code can read the "
                    "winners' taxpayer numbers sealed with it.",
                    hint="Put a key of its own first (`manage.py payouts new-key`), run `manage.py payouts "
                         "rotate-keys`, then remove the development key from PAYOUT_IDENTITY_KEYS.",
                    id="core.W004")]
