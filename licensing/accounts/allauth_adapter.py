"""django-allauth's adapter for this portal (ACCOUNT_ADAPTER).

- Mail: every allauth email (the verification code, the password reset link, "your password changed", the
  two-factor notices) goes out through core.mail.mail_send like every other email of the project: queued
  once the transaction commits, sent by the task.
- Links: every link in those emails points at settings.PUBLIC_BASE_URL, never at the Host header of
  whoever asked (a forged Host would otherwise put an attacker's address in a reset email).
- The user model has a full name and no username: the sign-up form's full name goes on the user before its
  first save, and a new account is marked so the post_save receiver (licensing.accounts.signals) leaves its
  address unverified: allauth creates it and asks for the code.
- Where a new account lands: the "get started" page (create an organization, register a vendor or accept an
  invitation) unless it came from an invitation link, which `next` brings back to."""

from types import SimpleNamespace
from urllib.parse import urlsplit

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext

from core.mail import mail_send
from core.public_url import public_url

# The post_save receiver reads this attribute: allauth, not the receiver, sets up this user's email address.
SIGNUP_IN_PROGRESS = "_allauth_signup"


def rebased(url: str) -> str:
    """The same path and query on the site's public address (allauth builds its links from the request's host)."""
    parts = urlsplit(str(url))
    return public_url(parts.path + (f"?{parts.query}" if parts.query else ""))


def public_site() -> SimpleNamespace:
    """What allauth's email templates call the site (`current_site.name`, `current_site.domain`)."""
    return SimpleNamespace(name=gettext("DC Charitable Gaming Board"),
                           domain=urlsplit(settings.PUBLIC_BASE_URL).netloc)


class PortalAccountAdapter(DefaultAccountAdapter):
    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        context = {key: rebased(value) if key.endswith("_url") and isinstance(value, str) and "://" in value
                   else value for key, value in context.items()}
        context.update({"email": email, "current_site": public_site()})
        context.pop("request", None)  # mail_send renders without a request, as a task could
        subject = " ".join(render_to_string(f"{template_prefix}_subject.txt", context).splitlines()).strip()
        mail_send(to=[email], subject=self.format_email_subject(subject), template=f"{template_prefix}_message.txt",
                  context=context)

    def get_reset_password_from_key_url(self, key: str) -> str:
        return rebased(super().get_reset_password_from_key_url(key))

    def get_email_confirmation_url(self, request, emailconfirmation) -> str:
        return public_url(reverse("account_confirm_email", args=[emailconfirmation.key]))

    def save_user(self, request, user, form, commit=True):
        user.full_name = form.cleaned_data.get("full_name", "").strip()
        setattr(user, SIGNUP_IN_PROGRESS, True)
        return super().save_user(request, user, form, commit=commit)
