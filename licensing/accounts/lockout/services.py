"""Lifting a sign-in lock before its cool-off ends (licensing.accounts.lockout.policy counts the failures).

Two ways, both audited: the account's owner completes a password reset through the emailed link (which
proves they hold the address), or board staff (or a superuser) clear an account or an address."""

from __future__ import annotations

from axes.handlers.proxy import AxesProxyHandler
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from licensing.accounts.lockout import events
from licensing.accounts.lockout.policy import attempted_email
from licensing.models import User


def _may_clear(actor) -> bool:
    return bool(actor is not None and actor.is_authenticated and actor.is_active
                and (actor.acts_as_superuser or actor.is_board_staff))


@transaction.atomic
def lockout_clear(*, actor: User, email: str = "", ip_address: str = "") -> int:
    """Board staff or a superuser clear the failures of an account (any address) or of an address
    (any account). Returns how many failure records were removed."""
    if not _may_clear(actor):
        raise PermissionDenied(_("Only the Board's staff may unlock sign-in."))
    email = attempted_email(None, {"username": email or ""}) or ""
    ip_address = (ip_address or "").strip()
    if not email and not ip_address:
        raise ValidationError({"email": _("Give the account's email address or the network address to unlock.")},
                              code="required")
    removed = 0
    if email:
        removed += AxesProxyHandler.reset_attempts(username=email)
    if ip_address:
        removed += AxesProxyHandler.reset_attempts(ip_address=ip_address)
    events.lockout_cleared(actor=actor, user=User.objects.filter(email=email).first() if email else None,
                           email=email, ip_address=ip_address, removed=removed, by="board")
    return removed


@transaction.atomic
def lockout_clear_after_reset(*, user: User) -> int:
    """A completed password reset (through the emailed link) unlocks the account from every address."""
    removed = AxesProxyHandler.reset_attempts(username=user.email.lower())
    events.lockout_cleared(actor=user, user=user, email=user.email, ip_address="", removed=removed,
                           by="password_reset")
    return removed
