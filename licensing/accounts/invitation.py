"""The Board account invitation email: a link to choose a password, made with allauth's password-reset tokens
(the same page as a reset), so it works once, stops working when the password is set and expires after
PASSWORD_RESET_TIMEOUT."""


from allauth.account.forms import default_token_generator
from allauth.account.utils import user_pk_to_url_str
from django.conf import settings
from django.urls import reverse

from core.mail import mail_send
from core.public_url import public_url
from licensing.models import User


def set_password_link(user: User) -> str:
    path = reverse("account_reset_password_from_key",
                   kwargs={"uidb36": user_pk_to_url_str(user), "key": default_token_generator.make_token(user)})
    return public_url(path)


def invitation_send_after_commit(*, user: User, role_label: str) -> None:
    """Queue the invitation once the account is committed (nobody is invited to an account rolled back)."""
    context = {"user": user, "role": role_label, "link": set_password_link(user),
               "days": max(1, settings.PASSWORD_RESET_TIMEOUT // 86400),
               "login": public_url(reverse("login"))}
    mail_send(to=[user.email], subject_template="licensing/accounts/invitation_subject.txt",
              template="licensing/accounts/invitation_email.txt", context=context)
