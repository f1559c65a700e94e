from django.apps import AppConfig
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _


def log_anchor_signing_key_check() -> None:
    """A LOG_ANCHOR_SIGNING_KEY that is no Ed25519 key stops the process at start, as a bad setting does: the
    settings import no app, so the check on core.signing's terms runs here."""
    from django.conf import settings

    from core.signing import SigningKeyError, public_key_of

    try:
        public_key_of(settings.LOG_ANCHOR_SIGNING_KEY)
    except SigningKeyError as error:
        raise ImproperlyConfigured(
            f"LOG_ANCHOR_SIGNING_KEY: {error} (make one with `manage.py log_anchor_key --new`)") from error


def payout_identity_keys_check() -> None:
    """PAYOUT_IDENTITY_KEYS empty or holding something that is no Fernet key stops the process at start: otherwise
    the first winner's identity sealed at the desk would fail (or nothing sealed could be read). A hall holds none
    of them on purpose: it seals to the Board's public key from its kit (core.sealing.seals_for_board)."""
    from django.conf import settings

    from core.sealing import SealingKeyError, keys_check, seals_for_board

    if seals_for_board() or getattr(settings, "DJANGO_ENV", "") == "hall":
        return
    try:
        keys_check(settings.PAYOUT_IDENTITY_KEYS)
    except SealingKeyError as error:
        raise ImproperlyConfigured(f"PAYOUT_IDENTITY_KEYS: {error}") from None


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = _("Core")

    def ready(self):
        from core import checks  # noqa: F401  (registers the deployment checks)

        log_anchor_signing_key_check()
        payout_identity_keys_check()
