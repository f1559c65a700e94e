"""API tokens issued after a second factor. DRF's own token (rest_framework.authtoken) stays the credential; this
row beside it says the token was given out after its holder passed a second factor (licensing.accounts.tokens), so
requests made with it count as a sign-in that passed one. A token without it is a password-only token: enough for
an organization's people, never for the Board's roles (licensing.accounts.mfa)."""

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class ApiTokenSecondFactor(models.Model):
    token = models.OneToOneField("authtoken.Token", primary_key=True, on_delete=models.CASCADE,
                                 related_name="second_factor")
    # allauth's authenticator type that was passed: "totp", "recovery_codes", or "session" for a token issued from a
    # portal session that had passed its second factor.
    method = models.CharField(_("second factor"), max_length=20)
    verified_at = models.DateTimeField(_("verified at"), default=timezone.now)

    class Meta:
        verbose_name = _("API token's second factor")
        verbose_name_plural = _("API tokens' second factors")

    def __str__(self) -> str:
        return f"{self.method} at {self.verified_at:%Y-%m-%d %H:%M}"
