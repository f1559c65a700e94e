"""The accounts' audit events, one typed function each: accounts made and invited, Board roles, sign-ins and
their failures, sign-ups, verified addresses, second factors and API tokens."""

from django.http import HttpRequest

from licensing.audit.events import audit_event_record
from licensing.models import AuditEvent, BoardGroup, User


def _client(request: HttpRequest | None) -> dict:
    if request is None:
        return {}
    return {"ip": request.META.get("REMOTE_ADDR", ""), "user_agent": request.META.get("HTTP_USER_AGENT", "")[:200]}


def user_created(*, actor: User | None, user: User) -> AuditEvent:
    return audit_event_record(event_type="licensing.user_created", actor=actor, target=user,
                              payload={"email": user.email})


def board_group_added(*, actor: User | None, user: User, group: BoardGroup) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.board_group_added", actor=actor, target=user, payload={"group": group.value}
    )


def board_account_invited(*, actor: User, user: User, group: BoardGroup) -> AuditEvent:
    return audit_event_record(event_type="licensing.board_account_invited", actor=actor, target=user,
                              payload={"email": user.email, "full_name": user.full_name, "role": group.value})


def board_account_invitation_resent(*, actor: User, account: User) -> AuditEvent:
    return audit_event_record(event_type="licensing.board_account_invitation_resent", actor=actor, target=account,
                              payload={"email": account.email})


def board_account_deactivated(*, actor: User, account: User, api_tokens_deleted: int) -> AuditEvent:
    return audit_event_record(event_type="licensing.board_account_deactivated", actor=actor, target=account,
                              payload={"email": account.email, "api_tokens_deleted": api_tokens_deleted})


def board_account_reactivated(*, actor: User, account: User) -> AuditEvent:
    return audit_event_record(event_type="licensing.board_account_reactivated", actor=actor, target=account,
                              payload={"email": account.email})


def board_admin_granted(*, actor: User | None, user: User) -> AuditEvent:
    return audit_event_record(event_type="licensing.board_admin_granted", actor=actor, target=user,
                              payload={"email": user.email})


def board_admin_revoked(*, actor: User | None, user: User) -> AuditEvent:
    return audit_event_record(event_type="licensing.board_admin_revoked", actor=actor, target=user,
                              payload={"email": user.email})


def api_token_issued(*, user: User, replaced: int, second_factor: str | None) -> AuditEvent:
    return audit_event_record(event_type="licensing.api_token_issued", actor=user, target=user,
                              payload={"second_factor": second_factor or "", "replaced": replaced})


def authenticator_added(*, actor: User | None, user: User, authenticator_type: str,
                        request: HttpRequest | None = None, by: str = "") -> AuditEvent:
    """Through allauth's pages (`request`: where from) or by a command (`by="command"`)."""
    payload = {"type": authenticator_type, "by": by} if by else {"type": authenticator_type, **_client(request)}
    return audit_event_record(event_type="licensing.authenticator_added", actor=actor, target=user, payload=payload)


def authenticator_removed(*, user: User, authenticator_type: str, request: HttpRequest | None) -> AuditEvent:
    return audit_event_record(event_type="licensing.authenticator_removed", actor=user, target=user,
                              payload={"type": authenticator_type, **_client(request)})


def user_logged_in(*, user: User, request: HttpRequest | None) -> AuditEvent:
    return audit_event_record(event_type="licensing.user_logged_in", actor=user, target=user,
                              payload=_client(request))


def user_logged_out(*, user: User, request: HttpRequest | None) -> AuditEvent:
    return audit_event_record(event_type="licensing.user_logged_out", actor=user, target=user,
                              payload=_client(request))


def login_failed(*, attempted: str, second_step: str | None, request: HttpRequest | None) -> AuditEvent:
    step = {"second_step": second_step} if second_step else {}
    return audit_event_record(
        event_type="licensing.login_failed", actor=None, payload={"email": attempted, **step, **_client(request)}
    )


def user_locked_out(*, username: str, ip_address: str) -> AuditEvent:
    return audit_event_record(event_type="licensing.user_locked_out", actor=None,
                              payload={"email": username, "ip": ip_address})


def user_signed_up(*, user: User, request: HttpRequest | None) -> AuditEvent:
    return audit_event_record(event_type="licensing.user_signed_up", actor=user, target=user,
                              payload={"email": user.email, **_client(request)})


def email_verified(*, user: User, email: str) -> AuditEvent:
    return audit_event_record(event_type="licensing.email_verified", actor=user, target=user,
                              payload={"email": email})
