"""The Board administrator's services: invite (a set-password link by email), deactivate, reactivate,
invite again; and making a Board administrator, which only a superuser or the console may do."""

import re

import pytest
from django.core import mail
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management import CommandError, call_command
from django.urls import reverse
from rest_framework.authtoken.models import Token

from licensing.accounts.services import (
    board_account_deactivate,
    board_account_invitation_resend,
    board_account_invite,
    board_account_reactivate,
    board_admin_grant,
    board_admin_revoke,
)
from licensing.models import AuditEvent, BoardGroup, User
from tests.licensing.factories import PASSWORD, UserFactory, board_admin, board_member, board_staff, totp_code
from tests.licensing.factories import superuser as make_superuser

pytestmark = pytest.mark.django_db


@pytest.fixture
def administrator():
    return board_admin()


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    return lambda: django_capture_on_commit_callbacks(execute=True)


def invite(administrator, **overrides):
    values = {"email": "New.Reviewer@Example.org", "full_name": "Nora Reviewer", "role": BoardGroup.STAFF}
    return board_account_invite(actor=administrator, **(values | overrides))


def test_an_invited_person_chooses_a_password_from_the_email_and_signs_in(client, administrator, committed):
    with committed():
        account = invite(administrator)
    assert account.email == "new.reviewer@example.org"
    assert account.in_board_group(BoardGroup.STAFF) and account.is_staff and not account.is_superuser
    assert not account.has_usable_password()
    event = AuditEvent.objects.get(event_type="licensing.board_account_invited")
    assert event.actor == administrator and event.object_id == str(account.pk)
    assert event.payload == {"email": account.email, "full_name": "Nora Reviewer", "role": "board_staff"}

    assert len(mail.outbox) == 1 and mail.outbox[0].to == [account.email]
    link = re.search(r"https?://[^/\s]+(/accounts/password/reset/key/\S+/)", mail.outbox[0].body).group(1)
    form_url = client.get(link).url
    chosen = "Chosen-Passphrase-2026"
    assert client.post(form_url, {"password1": chosen, "password2": chosen}).status_code == 302
    client.logout()
    assert client.post(reverse("login"), {"login": account.email, "password": chosen}).status_code == 302
    assert "Bad Token" in client.get(link, follow=True).content.decode()  # it worked once


def test_a_board_member_is_invited_without_admin_staff_status(administrator, committed):
    with committed():
        account = invite(administrator, role=BoardGroup.MEMBER)
    assert account.in_board_group(BoardGroup.MEMBER) and not account.is_staff
    assert not account.in_board_group(BoardGroup.STAFF)


@pytest.mark.parametrize(("overrides", "field"), [
    ({"role": BoardGroup.ADMIN}, "role"),
    ({"role": "superuser"}, "role"),
    ({"email": "not-an-address"}, "email"),
    ({"full_name": "  "}, "full_name"),
])
def test_an_invitation_with_bad_input_names_the_field_and_changes_nothing(administrator, committed, overrides, field):
    users = User.objects.count()
    with committed(), pytest.raises(ValidationError) as caught:
        invite(administrator, **overrides)
    assert field in caught.value.error_dict
    assert User.objects.count() == users and mail.outbox == []
    assert not AuditEvent.objects.filter(event_type="licensing.board_account_invited").exists()


def test_an_address_already_in_use_is_refused(administrator):
    existing = UserFactory()
    with pytest.raises(ValidationError) as caught:
        invite(administrator, email=existing.email.upper())
    assert "email" in caught.value.error_dict


@pytest.mark.parametrize("make", [board_staff, board_member, UserFactory], ids=["staff", "member", "nobody"])
def test_only_a_board_administrator_invites(make):
    with pytest.raises(PermissionDenied):
        invite(make())
    assert not User.objects.filter(email="new.reviewer@example.org").exists()


def test_a_deactivated_account_loses_its_session_and_its_api_token_at_once(client, administrator):
    staff = board_staff()
    token = Token.objects.create(user=staff)
    client.force_login(staff)
    assert client.get(reverse("portal:review_queue")).status_code == 200

    board_account_deactivate(actor=administrator, account=staff)

    staff.refresh_from_db()
    assert not staff.is_active
    assert client.get(reverse("portal:review_queue")).status_code == 302  # the session no longer signs in
    assert client.get(reverse("me"), headers={"Authorization": f"Token {token.key}"}).status_code == 401
    assert not Token.objects.filter(user=staff).exists()
    assert client.post(reverse("token-create"), {"email": staff.email, "password": PASSWORD,
                                                  "otp": totp_code()}).status_code == 400
    event = AuditEvent.objects.get(event_type="licensing.board_account_deactivated")
    assert event.actor == administrator and event.payload["api_tokens_deleted"] == 1

    board_account_reactivate(actor=administrator, account=staff)
    staff.refresh_from_db()
    assert staff.is_active
    assert AuditEvent.objects.filter(event_type="licensing.board_account_reactivated", object_id=str(staff.pk)).exists()
    assert client.post(reverse("token-create"), {"email": staff.email, "password": PASSWORD,
                                                  "otp": totp_code()}).status_code == 200


@pytest.mark.parametrize("target", ["itself", "superuser", "other administrator", "organization officer"])
def test_an_administrator_cannot_change_itself_a_superuser_another_administrator_or_a_non_board_account(
        administrator, target):
    account = {
        "itself": lambda: administrator,
        "superuser": lambda: board_staff_superuser(),
        "other administrator": board_admin,
        "organization officer": UserFactory,
    }[target]()
    for service in (board_account_deactivate, board_account_reactivate, board_account_invitation_resend):
        with pytest.raises(PermissionDenied):
            service(actor=administrator, account=account)
    account.refresh_from_db()
    assert account.is_active
    assert not AuditEvent.objects.filter(event_type__startswith="licensing.board_account").exists()


def board_staff_superuser() -> User:
    return board_staff(is_staff=True, is_superuser=True)


def test_inviting_again_sends_a_new_link(administrator, committed):
    with committed():
        account = invite(administrator)
        board_account_invitation_resend(actor=administrator, account=account)
    assert len(mail.outbox) == 2 and mail.outbox[1].to == [account.email]
    assert AuditEvent.objects.filter(event_type="licensing.board_account_invitation_resent").count() == 1


def test_a_deactivated_account_is_not_invited_again(administrator):
    account = invite(administrator)
    board_account_deactivate(actor=administrator, account=account)
    with pytest.raises(ValidationError):
        board_account_invitation_resend(actor=administrator, account=account)


def test_only_a_superuser_or_the_console_makes_a_board_administrator(administrator):
    person = board_staff()
    for actor in (administrator, board_staff(), UserFactory(is_staff=True)):
        with pytest.raises(PermissionDenied):
            board_admin_grant(actor=actor, user=person)
    with pytest.raises(PermissionDenied):
        board_admin_grant(actor=administrator, user=administrator)
    assert not User.objects.get(pk=person.pk).is_board_admin

    superuser = make_superuser()
    board_admin_grant(actor=superuser, user=person)
    assert User.objects.get(pk=person.pk).is_board_admin
    assert AuditEvent.objects.get(event_type="licensing.board_admin_granted").actor == superuser
    board_admin_revoke(actor=superuser, user=person)
    assert not User.objects.get(pk=person.pk).is_board_admin
    assert AuditEvent.objects.filter(event_type="licensing.board_admin_revoked").exists()


def test_the_board_admin_command_grants_and_revokes(capsys):
    person = board_staff()
    call_command("board_admin", "grant", person.email.upper())
    assert User.objects.get(pk=person.pk).is_board_admin
    assert "is now a Board administrator" in capsys.readouterr().out
    event = AuditEvent.objects.get(event_type="licensing.board_admin_granted")
    assert event.actor is None and event.object_id == str(person.pk)
    call_command("board_admin", "revoke", person.email)
    assert not User.objects.get(pk=person.pk).is_board_admin
    with pytest.raises(CommandError, match="No account"):
        call_command("board_admin", "grant", "nobody@example.org")
