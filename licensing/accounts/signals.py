"""Sign-ins, sign-outs, failures and lockouts go to the audit trail."""

from axes.signals import user_locked_out
from django.contrib.auth.signals import user_logged_in, user_logged_out, user_login_failed
from django.dispatch import receiver

from licensing.audit.events import audit_event_record


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
    audit_event_record(
        event_type="licensing.login_failed", actor=None, payload={"email": attempted, **_client(request)}
    )


@receiver(user_locked_out, dispatch_uid="audit_user_locked_out")
def _locked_out(sender, request, username, ip_address, **kwargs):
    audit_event_record(event_type="licensing.user_locked_out", actor=None,
                       payload={"email": username, "ip": ip_address})
