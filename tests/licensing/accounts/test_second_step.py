"""The second step of every sign-in: wrong codes count with wrong passwords (5 lock the account, the second step
included), recovery codes and security keys under the same limit; the API token endpoint issues a token to an
account with a second factor only after its `otp`, and the Django admin signs in through the same two steps."""

import pytest
from allauth.mfa.models import Authenticator
from allauth.mfa.recovery_codes.internal.auth import RecoveryCodes
from axes.models import AccessAttempt
from django.conf import settings
from django.test import Client
from django.urls import reverse

from licensing.accounts.mfa import MFA_REQUIRED_MESSAGE
from licensing.models import ApiTokenSecondFactor, AuditEvent
from testkit.sign_in import password_only_login
from tests.licensing.factories import PASSWORD, UserFactory, board_member, board_staff, superuser, totp_code, with_mfa

pytestmark = pytest.mark.django_db
LIMIT = settings.AXES_FAILURE_LIMIT


def _wrong(code: str) -> str:
    return f"{(int(code) + 1) % 1_000_000:06d}"


def _password_step(client, user, ip="192.0.2.10"):
    answer = client.post(reverse("login"), {"login": user.email, "password": PASSWORD}, REMOTE_ADDR=ip)
    assert answer.status_code == 302 and answer.url == reverse("mfa_authenticate")


def _code_step(client, code, ip="192.0.2.10"):
    return client.post(reverse("mfa_authenticate"), {"code": code}, REMOTE_ADDR=ip)


def _signed_in(client) -> bool:
    return "_auth_user_id" in client.session


# --- The portal's second step ---


def test_five_wrong_codes_lock_the_account_and_the_right_code_then_fails(client):
    member = board_member()
    _password_step(client, member)
    for _attempt in range(LIMIT - 1):
        assert _code_step(client, _wrong(totp_code())).status_code == 200  # the form again, with its error
    locked = _code_step(client, _wrong(totp_code()))
    assert locked.status_code == 429 and "every address" in locked.content.decode()
    assert _code_step(client, totp_code()).status_code in (200, 429) and not _signed_in(client)
    # The password step too, from another browser and address: one lock for both.
    again = Client().post(reverse("login"), {"login": member.email, "password": PASSWORD}, REMOTE_ADDR="203.0.113.5")
    assert again.status_code == 429
    failures = AuditEvent.objects.filter(event_type="licensing.login_failed", payload__email=member.email,
                                         payload__second_step="code")
    assert failures.count() == LIMIT
    assert AuditEvent.objects.filter(event_type="licensing.user_locked_out", payload__email=member.email).exists()


def test_wrong_codes_and_wrong_passwords_share_one_count(client):
    member = board_member()
    for _attempt in range(2):
        client.post(reverse("login"), {"login": member.email, "password": "not-it"}, REMOTE_ADDR="192.0.2.11")
    _password_step(client, member)
    for _attempt in range(LIMIT - 3):
        assert _code_step(client, _wrong(totp_code())).status_code == 200
    assert _code_step(client, _wrong(totp_code())).status_code == 429


def test_the_right_code_before_the_limit_signs_in_and_clears_the_count(client):
    member = board_member()
    _password_step(client, member)
    for _attempt in range(LIMIT - 1):
        _code_step(client, _wrong(totp_code()))
    assert _code_step(client, totp_code()).status_code == 302 and _signed_in(client)
    assert not AccessAttempt.objects.filter(username=member.email).exists()


def test_recovery_codes_are_under_the_same_limit(client):
    member = board_member()
    codes = RecoveryCodes.activate(member).generate_codes()
    _password_step(client, member)
    for _attempt in range(LIMIT):
        _code_step(client, "ffffffff")  # not a recovery code
    assert _code_step(client, codes[0]).status_code in (200, 429) and not _signed_in(client)
    assert Authenticator.objects.get(user=member, type="recovery_codes").wrap().get_unused_codes()[0] == codes[0]


def test_security_key_answers_are_under_the_same_limit(client):
    member = board_member()
    _password_step(client, member)
    for _attempt in range(LIMIT):
        client.post(reverse("mfa_authenticate"), {"credential": '{"id": "forged"}'}, REMOTE_ADDR="192.0.2.10")
    assert _code_step(client, totp_code()).status_code in (200, 429) and not _signed_in(client)
    failures = AuditEvent.objects.filter(event_type="licensing.login_failed", payload__email=member.email)
    assert {event.payload["second_step"] for event in failures} == {"webauthn"}


# --- The API token ---


def _token(client, user, otp=None, ip="192.0.2.20"):
    body = {"email": user.email, "password": PASSWORD} | ({"otp": otp} if otp is not None else {})
    return client.post(reverse("token-create"), body, REMOTE_ADDR=ip)


def test_an_account_with_a_second_factor_gets_a_token_only_after_it(client):
    staff = board_staff()
    missing = _token(client, staff)
    assert missing.status_code == 400 and missing.json()["errors"][0]["field"] == "otp"
    wrong = _token(client, staff, _wrong(totp_code()))
    assert wrong.status_code == 400 and wrong.json()["errors"][0]["field"] == "otp"
    answer = _token(client, staff, totp_code())
    assert answer.status_code == 200
    key = answer.json()["token"]
    assert ApiTokenSecondFactor.objects.get(token_id=key).method == "totp"
    queue = client.get(reverse("review-application-list"), headers={"Authorization": f"Token {key}"})
    assert queue.status_code == 200


def test_a_token_given_on_a_password_alone_is_replaced_not_upgraded(client):
    officer = UserFactory()
    first = _token(client, officer).json()["token"]  # no second factor yet: a password is enough for an officer
    with_mfa(officer)
    assert _token(client, officer).status_code == 400
    second = _token(client, officer, totp_code()).json()["token"]
    assert second != first and not ApiTokenSecondFactor.objects.filter(token_id=first).exists()
    assert client.get(reverse("me"), headers={"Authorization": f"Token {first}"}).status_code == 401


def test_a_board_account_without_a_second_factor_gets_no_token(client):
    member = board_member(mfa=False)
    refused = _token(client, member)
    assert refused.status_code == 403 and refused.json()["errors"][0]["message"] == str(MFA_REQUIRED_MESSAGE)


def test_wrong_otps_lock_the_token_endpoint_and_the_portal(client):
    staff = board_staff()
    for _attempt in range(LIMIT - 1):
        assert _token(client, staff, _wrong(totp_code())).status_code == 400
    assert _token(client, staff, _wrong(totp_code())).status_code == 429
    assert _token(client, staff, totp_code()).status_code == 429
    portal = client.post(reverse("login"), {"login": staff.email, "password": PASSWORD}, REMOTE_ADDR="203.0.113.9")
    assert portal.status_code == 429


def test_a_recovery_code_gives_a_token_once(client):
    staff = board_staff()
    code = RecoveryCodes.activate(staff).generate_codes()[0]
    assert _token(client, staff, code).status_code == 200
    ApiTokenSecondFactor.objects.all().delete()  # ask again as if the token had been lost
    assert _token(client, staff, code).status_code == 400  # used up


# --- The Django admin ---


def test_the_admin_signs_in_through_the_two_steps(client):
    admin = superuser()
    page = client.get(reverse("admin:login"))
    assert page.status_code == 302 and page.url.startswith(reverse("account_login") + "?next=")
    # Its password form is gone: a POST with the right password opens no session.
    client.post(reverse("admin:login"), {"username": admin.email, "password": PASSWORD})
    assert not _signed_in(client)
    _password_step(client, admin)
    assert _code_step(client, totp_code()).status_code == 302
    assert client.get(reverse("admin:index")).status_code == 200


def test_a_password_only_session_opens_neither_the_admin_nor_the_review(client):
    admin = superuser()
    for page in ("admin:index", "portal:review_queue"):
        password_only_login(client, admin)
        answer = client.get(reverse(page))
        assert answer.status_code == 302 and answer.url.startswith(reverse("account_login")), page
        assert not _signed_in(client)


def test_a_superuser_without_a_second_factor_sets_one_up_first(client):
    client.force_login(superuser(mfa=False))
    answer = client.get(reverse("admin:index"))
    assert answer.status_code == 302 and answer.url == reverse("mfa_index")
