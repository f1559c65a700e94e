"""Sign-ins, sign-outs, failures and lockouts, sign-ups, verified addresses and second factors go to the audit
trail; a completed password reset lifts the account's lock; every account made outside allauth's sign-up gets
its address as verified."""

from allauth.account.signals import email_confirmed, password_reset, user_signed_up
from allauth.mfa.models import Authenticator
from allauth.mfa.signals import authenticator_added, authenticator_removed
from axes.signals import user_locked_out
from django.contrib.auth.signals import user_logged_in, user_logged_out, user_login_failed
from django.db.models.signals import post_save
from django.dispatch import receiver

from licensing.accounts import events
from licensing.accounts.allauth_adapter import SIGNUP_IN_PROGRESS
from licensing.accounts.lockout.services import lockout_clear_after_reset
from licensing.accounts.second_factor import marked, session_record_second_factor
from licensing.accounts.services import email_address_verified_set
from licensing.models import User
from licensing.models.users import SECOND_FACTORS
from licensing.notifications.services import notifications_email_confirmed_clear


@receiver(user_logged_in, dispatch_uid="audit_user_logged_in")
def _logged_in(sender, request, user, **kwargs):
    events.user_logged_in(user=user, request=request)


@receiver(user_logged_out, dispatch_uid="audit_user_logged_out")
def _logged_out(sender, request, user, **kwargs):
    if user is not None:
        events.user_logged_out(user=user, request=request)


@receiver(user_login_failed, dispatch_uid="audit_user_login_failed")
def _login_failed(sender, credentials, request=None, **kwargs):
    attempted = credentials.get("username") or credentials.get("email") or ""
    events.login_failed(attempted=attempted, second_step=credentials.get("second_step"), request=request)


@receiver(user_locked_out, dispatch_uid="audit_user_locked_out")
def _locked_out(sender, request, username, ip_address, **kwargs):
    events.user_locked_out(username=username, ip_address=ip_address)


@receiver(post_save, sender=User, dispatch_uid="user_email_address_verified")
def _email_address_verified(sender, instance, created, raw=False, **kwargs):
    """Accounts made by services, commands, the demo and the factories (a Board administrator's invitation,
    `createsuperuser`, seed_demo) sign in with their address at once, as before allauth: it is theirs, verified.
    A person signing up on the site proves theirs with the mailed code (the adapter marks that user)."""
    if created and not raw and not getattr(instance, SIGNUP_IN_PROGRESS, False):
        email_address_verified_set(user=instance)


@receiver(password_reset, dispatch_uid="lockout_cleared_after_password_reset")
def _password_reset(sender, request, user, **kwargs):
    # The reset link reached the account's own mailbox: whoever completed it owns the account.
    lockout_clear_after_reset(user=user)


@receiver(user_signed_up, dispatch_uid="audit_user_signed_up")
def _signed_up(sender, request, user, **kwargs):
    events.user_signed_up(user=user, request=request)


@receiver(email_confirmed, dispatch_uid="audit_email_confirmed")
def _email_confirmed(sender, request, email_address, **kwargs):
    events.email_verified(user=email_address.user, email=email_address.email)
    notifications_email_confirmed_clear(user=email_address.user)  # "Confirm your email" is done


@receiver(authenticator_added, dispatch_uid="audit_authenticator_added")
def _authenticator_added(sender, request, user, authenticator, **kwargs):
    events.authenticator_added(actor=user, user=user, authenticator_type=authenticator.type, request=request)
    user.second_factor_forget()
    # Setting up the account's first second factor proves the person holds it: this session has passed it. A
    # further one added to a session that never passed the first proves nothing about that first one.
    first = Authenticator.objects.filter(user=user, type__in=SECOND_FACTORS).count() == 1
    if request is not None and first and authenticator.type in SECOND_FACTORS:
        session_record_second_factor(request, user=user, authenticator=authenticator)
        request.user.second_factor_forget()
        marked(request.user, passed=True)


@receiver(authenticator_removed, dispatch_uid="audit_authenticator_removed")
def _authenticator_removed(sender, request, user, authenticator, **kwargs):
    events.authenticator_removed(user=user, authenticator_type=authenticator.type, request=request)
    user.second_factor_forget()
