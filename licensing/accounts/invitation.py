"""The invitation email: a link to choose a password, made with Django's password-reset tokens, so it
works once, stops working when the password is set and expires after PASSWORD_RESET_TIMEOUT."""


from django.conf import settings
from django.contrib.auth.tokens import default_token_generator
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from core.mail import mail_send
from core.public_url import public_url
from licensing.models import User


def set_password_link(user: User) -> str:
    path = reverse("password_reset_confirm", kwargs={
        "uidb64": urlsafe_base64_encode(force_bytes(user.pk)), "token": default_token_generator.make_token(user),
    })
    return public_url(path)


def invitation_send_after_commit(*, user: User, role_label: str) -> None:
    """Queue the invitation once the account is committed (nobody is invited to an account rolled back)."""
    context = {"user": user, "role": role_label, "link": set_password_link(user),
               "days": max(1, settings.PASSWORD_RESET_TIMEOUT // 86400),
               "login": public_url(reverse("login"))}
    mail_send(to=[user.email], subject_template="licensing/accounts/invitation_subject.txt",
              template="licensing/accounts/invitation_email.txt", context=context)
