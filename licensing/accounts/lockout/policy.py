"""Who is locked out after failed sign-ins (django-axes, portal login and API token alike).

Two counts, each over the last AXES_COOLOFF_TIME:
- an account's failures from any address: at AXES_FAILURE_LIMIT the account is locked everywhere,
  so guessing one person's password from many addresses does not work;
- an address's failures across accounts: at the higher AXES_ADDRESS_FAILURE_LIMIT the address is
  locked, so one machine cannot try a few passwords on every account; the limit is high enough that
  one office's people behind a single NAT address do not lock each other out.
A completed password reset clears the account's count; the Board's staff can clear either
(licensing.accounts.lockout.services)."""

from __future__ import annotations

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum

ACCOUNT, ADDRESS = "account", "address"


def attempted_email(request, credentials=None) -> str | None:
    """The account a sign-in names, as accounts are stored (lower case): "Ana@x.org" and
    "ana@x.org" are one account's failures. allauth's sign-in form authenticates with `email`, the API token
    endpoint and the lockout services with `username` (which axes files under AXES_USERNAME_FORM_FIELD,
    `login`, the form's own field, read from the POST when the credentials name none)."""
    credentials = credentials or {}
    field = settings.AXES_USERNAME_FORM_FIELD
    raw = credentials.get("email") or credentials.get("username") or credentials.get(field)
    if raw is None and request is not None and hasattr(request, "POST"):
        raw = request.POST.get(field)
    return raw.strip().lower() if isinstance(raw, str) else raw


def address_limit() -> int:
    return max(settings.AXES_ADDRESS_FAILURE_LIMIT, settings.AXES_FAILURE_LIMIT)


class AccountAndAddressHandler(AxesDatabaseHandler):
    """axes' database handler with a limit of its own for each count (AXES_LOCKOUT_PARAMETERS is
    ["username", "ip_address"], so axes keeps one count per account and one per address)."""

    def failure_counts(self, request, credentials=None) -> tuple[int, int]:
        by_account, by_address = (
            attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0
            for attempts in self.get_user_attempts(request, credentials)
        )
        return by_account, by_address

    def locked_by(self, request, credentials=None) -> str | None:
        by_account, by_address = self.failure_counts(request, credentials)
        if by_account >= settings.AXES_FAILURE_LIMIT:
            return ACCOUNT
        return ADDRESS if by_address >= address_limit() else None

    def get_failures(self, request, credentials=None) -> int:
        # axes compares this one number with AXES_FAILURE_LIMIT (the account's limit). The address's
        # count is shifted by the difference of the limits, so it reaches that number exactly when the
        # address reaches its own, higher limit.
        by_account, by_address = self.failure_counts(request, credentials)
        return max(by_account, by_address - (address_limit() - settings.AXES_FAILURE_LIMIT))

    def reset_user_attempts(self, request, credentials=None) -> int:
        # A successful sign-in clears that account's failures only. axes would also clear the whole
        # address's, letting anyone with one valid account wipe the count of the address they guess from.
        count, _ = AccessAttempt.objects.filter(username=get_client_username(request, credentials)).delete()
        return count
