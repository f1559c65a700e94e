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

from licensing.accounts.allauth_adapter import SIGNUP_IN_PROGRESS
from licensing.accounts.lockout.services import lockout_clear_after_reset
from licensing.accounts.second_factor import marked, session_record_second_factor
from licensing.accounts.services import email_address_verified_set
from licensing.audit.events import audit_event_record
from licensing.models import User
from licensing.models.users import SECOND_FACTORS
from licensing.notifications.services import notifications_email_confirmed_clear


def _client(request) -> dict:
    if request is None:
        return {}
    return {"ip": request.META.get("REMOTE_ADDR", ""), "user_agent": request.META.get("HTTP_USER_AGENT", "")[:200]}


@receiver(user_logged_in, dispatch_uid="audit_user_logged_in")
def _logged_in(sender, request, user, **kwargs):
    audit_event_record(event_type="licensing.user_logged_in", actor=user, target=user, payload=_client(request))


@receiver(user_logged_out, dispatch_uid="audit_user_logged_out")
def _logged_out(sender, request, user, **kwargs):
    if user is not None:
        audit_event_record(event_type="licensing.user_logged_out", actor=user, target=user, payload=_client(request))


@receiver(user_login_failed, dispatch_uid="audit_user_login_failed")
def _login_failed(sender, credentials, request=None, **kwargs):
    attempted = credentials.get("username") or credentials.get("email") or ""
    step = {"second_step": credentials["second_step"]} if credentials.get("second_step") else {}
    audit_event_record(
        event_type="licensing.login_failed", actor=None, payload={"email": attempted, **step, **_client(request)}
    )


@receiver(user_locked_out, dispatch_uid="audit_user_locked_out")
def _locked_out(sender, request, username, ip_address, **kwargs):
    audit_event_record(event_type="licensing.user_locked_out", actor=None,
                       payload={"email": username, "ip": ip_address})


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
    audit_event_record(event_type="licensing.user_signed_up", actor=user, target=user,
                       payload={"email": user.email, **_client(request)})


@receiver(email_confirmed, dispatch_uid="audit_email_confirmed")
def _email_confirmed(sender, request, email_address, **kwargs):
    audit_event_record(event_type="licensing.email_verified", actor=email_address.user, target=email_address.user,
                       payload={"email": email_address.email})
    notifications_email_confirmed_clear(user=email_address.user)  # "Confirm your email" is done


@receiver(authenticator_added, dispatch_uid="audit_authenticator_added")
def _authenticator_added(sender, request, user, authenticator, **kwargs):
    audit_event_record(event_type="licensing.authenticator_added", actor=user, target=user,
                       payload={"type": authenticator.type, **_client(request)})
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
    audit_event_record(event_type="licensing.authenticator_removed", actor=user, target=user,
                       payload={"type": authenticator.type, **_client(request)})
    user.second_factor_forget()
