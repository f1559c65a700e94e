"""Writes to accounts: creating users, the Board's groups, and the Board administrator's work
(inviting, deactivating and reactivating Board staff and board members). Every change is audited.

A deactivated account loses access at once: Django's session authentication and DRF's token
authentication both refuse a user whose is_active is False on the next request; the API tokens are
deleted as well, so reactivating an account never revives a token handed out before."""

from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator
from allauth.mfa.totp.internal.auth import TOTP
from django.contrib.auth import password_validation
from django.contrib.auth.models import Group
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy as _
from rest_framework.authtoken.models import Token

from licensing.accounts import events
from licensing.accounts.invitation import invitation_send_after_commit
from licensing.accounts.mfa import MFA_REQUIRED_MESSAGE
from licensing.accounts.rules import INVITABLE_ROLES, board_account_refusal, may_manage_board_accounts
from licensing.models import ApiTokenSecondFactor, BoardGroup, User


@transaction.atomic
def user_create(*, email: str, full_name: str, password: str, actor: User | None = None, phone: str = "") -> User:
    user = User(email=User.objects.normalize_email(email).lower(), full_name=full_name, phone=phone)
    password_validation.validate_password(password, user)
    user.set_password(password)
    user.full_clean()
    user.save()
    events.user_created(actor=actor, user=user)
    return user


def _group_add(user: User, group: BoardGroup) -> None:
    user.groups.add(Group.objects.get_or_create(name=group.value)[0])
    user.__dict__.pop("_board_groups", None)  # the role cache of User.in_board_group


@transaction.atomic
def board_group_add(*, user: User, group: BoardGroup, actor: User | None = None) -> User:
    """For commands and the demo (not reachable from the portal): put a user in a Board group."""
    _group_add(user, group)
    events.board_group_added(actor=actor, user=user, group=group)
    return user


# --- The Board administrator's work ---

def _require_manager(actor: User) -> None:
    if not may_manage_board_accounts(actor):
        raise PermissionDenied(_("Only a Board administrator manages Board accounts."))


def _locked_for_change(*, actor: User, account: User) -> User:
    """The account's row, locked, after checking the actor may change it (refusals change nothing)."""
    _require_manager(actor)
    account = User.objects.select_for_update().get(pk=account.pk)
    refusal = board_account_refusal(actor=actor, account=account)
    if refusal:
        raise PermissionDenied(refusal)
    return account


@transaction.atomic
def board_account_invite(*, actor: User, email: str, full_name: str, role: str, phone: str = "") -> User:
    """Create a Board staff or board member account without a password and email its holder a link to
    choose one. Staff are admin users (they read the records there); members are not."""
    _require_manager(actor)
    errors: dict[str, list] = {}
    if role not in INVITABLE_ROLES:
        errors["role"] = [ValidationError(_("Invite Board staff or a board member; other roles are given by a "
                                            "superuser."), code="invalid_choice")]
    user = User(email=User.objects.normalize_email(email.strip()).lower(), full_name=full_name.strip(),
                phone=phone.strip(), is_staff=role == BoardGroup.STAFF)
    user.set_unusable_password()
    try:
        user.full_clean()
    except ValidationError as exc:
        for name, field_errors in exc.error_dict.items():
            errors.setdefault(name, []).extend(field_errors)
    if errors:
        raise ValidationError(errors)
    user.save()
    group = BoardGroup(role)
    _group_add(user, group)
    events.board_account_invited(actor=actor, user=user, group=group)
    invitation_send_after_commit(user=user, role_label=str(group.label))
    return user


@transaction.atomic
def board_account_invitation_resend(*, actor: User, account: User) -> User:
    """A new set-password link (the first may have expired); it goes to the account's own address."""
    account = _locked_for_change(actor=actor, account=account)
    if not account.is_active:
        raise ValidationError(_("Reactivate the account before inviting its holder again."), code="inactive")
    role = next(group for group in INVITABLE_ROLES if account.in_board_group(group))
    events.board_account_invitation_resent(actor=actor, account=account)
    invitation_send_after_commit(user=account, role_label=str(role.label))
    return account


def _active_set(*, actor: User, account: User, active: bool) -> User:
    account = _locked_for_change(actor=actor, account=account)
    if account.is_active == active:
        return account
    account.is_active = active
    account.save(update_fields=["is_active"])
    if active:
        events.board_account_reactivated(actor=actor, account=account)
    else:
        deleted = Token.objects.filter(user=account).delete()[0]
        events.board_account_deactivated(actor=actor, account=account, api_tokens_deleted=deleted)
    return account


@transaction.atomic
def board_account_deactivate(*, actor: User, account: User) -> User:
    return _active_set(actor=actor, account=account, active=False)


@transaction.atomic
def board_account_reactivate(*, actor: User, account: User) -> User:
    return _active_set(actor=actor, account=account, active=True)


# --- Making a Board administrator: a superuser's act (the admin, or `manage.py board_admin`) ---

def _require_superuser_or_console(actor: User | None) -> None:
    if actor is not None and not actor.acts_as_superuser:
        raise PermissionDenied(_("Only a superuser makes someone a Board administrator."))


@transaction.atomic
def board_admin_grant(*, actor: User | None, user: User) -> User:
    """`actor` is the superuser, or None for the server's console (the management command)."""
    _require_superuser_or_console(actor)
    if not user.is_active:
        raise ValidationError({"email": [_("This account is deactivated.")]})
    if user.in_board_group(BoardGroup.ADMIN):
        return user
    _group_add(user, BoardGroup.ADMIN)
    events.board_admin_granted(actor=actor, user=user)
    return user


@transaction.atomic
def board_admin_revoke(*, actor: User | None, user: User) -> User:
    _require_superuser_or_console(actor)
    if not user.in_board_group(BoardGroup.ADMIN):
        return user
    user.groups.remove(Group.objects.get(name=BoardGroup.ADMIN.value))
    user.__dict__.pop("_board_groups", None)
    events.board_admin_revoked(actor=actor, user=user)
    return user


@transaction.atomic
def email_address_verified_set(*, user: User) -> EmailAddress:
    """The account's address as allauth's verified, primary address (an account made by the Board, a command or
    the demo: nobody signs up for it). Idempotent."""
    address, created = EmailAddress.objects.get_or_create(
        user=user, email=user.email.lower(), defaults={"verified": True, "primary": True})
    if not created and not (address.verified and address.primary):
        address.verified = address.primary = True
        address.save(update_fields=["verified", "primary"])
    return address


@transaction.atomic
def totp_authenticator_set(*, user: User, secret: str, actor: User | None = None) -> Authenticator:
    """Give an account an authenticator app with a known secret: for the demo's Board accounts (seed_demo prints
    the secret) and the tests. People set theirs up themselves in the two-factor pages."""
    authenticator = Authenticator.objects.filter(user=user, type=Authenticator.Type.TOTP).first()
    if authenticator is None:
        authenticator = TOTP.activate(user, secret).instance
        events.authenticator_added(actor=actor, user=user, authenticator_type=Authenticator.Type.TOTP, by="command")
    user.second_factor_forget()
    return authenticator


# --- API tokens: never on a password alone for an account with a second factor ---


@transaction.atomic
def api_token_issue(*, user: User, second_factor: str | None) -> Token:
    """The account's API token. `second_factor` names what the caller passed besides the password (an authenticator
    type, or "session" for a portal session that passed one); None for a password alone. An account with a second
    factor gets a token only after it, and an account that must have one (the Board's people) cannot get one
    before setting it up. A token that was given out after a password alone is replaced, not upgraded, when its
    holder passes a second factor: whoever held the old key gets nothing more."""
    if second_factor is None and user.has_second_factor:
        raise ValidationError({"otp": [_("This account uses two-factor authentication: give the current code of "
                                         "your authenticator app (or a recovery code) as otp.")]}, code="otp_required")
    if user.needs_second_factor and not user.has_second_factor:
        raise PermissionDenied(MFA_REQUIRED_MESSAGE)
    token = Token.objects.filter(user=user).select_related("second_factor").first()
    if token is not None and (second_factor is None or hasattr(token, "second_factor")):
        return token
    replaced = token is not None
    if replaced:
        token.delete()
    token = Token.objects.create(user=user)
    if second_factor is not None:
        ApiTokenSecondFactor.objects.create(token=token, method=second_factor)
    events.api_token_issued(user=user, replaced=replaced, second_factor=second_factor)
    return token
