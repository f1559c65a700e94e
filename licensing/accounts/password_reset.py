"""The password reset email, built and sent by a Celery task (licensing.accounts.tasks.password_reset_email_send).

The reset page only queues the typed address: looking the account up, making the token and rendering the
email happen here, off the request, so the page does the same work, and answers in the same time, for an
address that has an account and for one that has none (no account enumeration by timing)."""

from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm
from django.utils import translation


def normalized_email(email: str) -> str:
    # Accounts are stored lower-cased (licensing.accounts.services.user_create).
    return email.strip().lower()


def password_reset_email_send(*, email: str, language: str) -> int:
    """Email a reset link to each active account with this address (none: nothing is sent). The link
    points at PUBLIC_BASE_URL, never at the Host header of whoever asked. Returns the emails sent."""
    form = PasswordResetForm(data={"email": email})
    if not form.is_valid():
        return 0
    users = list(form.get_users(form.cleaned_data["email"]))
    if not users:
        return 0
    base = urlsplit(settings.PUBLIC_BASE_URL)
    with translation.override(language):
        form.save(domain_override=base.netloc, use_https=base.scheme == "https")
    return len(users)
