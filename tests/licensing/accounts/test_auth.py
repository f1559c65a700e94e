import re

import pytest
from django.conf import settings
from django.core import mail
from django.urls import reverse

from licensing.models import AuditEvent
from tests.licensing.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def login(client, email, password):
    return client.post(reverse("login"), {"login": email, "password": password})


def test_sign_in_with_email_and_password(client):
    user = UserFactory()
    response = login(client, user.email, PASSWORD)
    assert response.status_code == 302
    assert response.url == reverse("portal:dashboard")
    assert client.get(reverse("portal:dashboard")).status_code == 200
    assert AuditEvent.objects.filter(event_type="licensing.user_logged_in", actor=user).exists()


def test_wrong_password_is_refused_with_a_form_error(client):
    user = UserFactory()
    response = login(client, user.email, "not-the-password")
    assert response.status_code == 200
    assert "The email address and/or password you specified are not correct." in response.content.decode()
    assert AuditEvent.objects.filter(event_type="licensing.login_failed", payload__email=user.email).exists()


def test_lockout_after_repeated_failures_even_with_the_right_password(client):
    user = UserFactory()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        login(client, user.email, "wrong-password")
    response = login(client, user.email, PASSWORD)
    assert response.status_code == 429
    assert "Account locked" in response.content.decode()
    assert AuditEvent.objects.filter(event_type="licensing.user_locked_out", payload__email=user.email).exists()
    # Another account from the same address is not locked.
    other = UserFactory()
    assert login(client, other.email, PASSWORD).status_code == 302


def test_api_token_counts_towards_the_same_lockout(client):
    user = UserFactory()
    url = reverse("token-create")
    assert client.post(url, {"email": user.email, "password": PASSWORD}).status_code == 200
    for _ in range(settings.AXES_FAILURE_LIMIT):
        response = client.post(url, {"email": user.email, "password": "wrong"})
        assert response.status_code in (400, 429)
    locked = client.post(url, {"email": user.email, "password": PASSWORD})
    assert locked.status_code == 429
    assert locked.json()["errors"][0]["code"] == "locked_out"


def test_token_authenticates_api_calls(client):
    user = UserFactory()
    token = client.post(reverse("token-create"), {"email": user.email, "password": PASSWORD}).json()["token"]
    response = client.get(reverse("me"), headers={"Authorization": f"Token {token}"})
    assert response.status_code == 200
    assert response.json()["email"] == user.email


def test_logout_is_a_post_and_ends_the_session(client):
    user = UserFactory()
    client.force_login(user)
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert client.get(reverse("portal:dashboard")).status_code == 302
    assert AuditEvent.objects.filter(event_type="licensing.user_logged_out", actor=user).exists()


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Mail goes out once the transaction commits (core.mail): let it, inside the test's transaction."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def reset_link(message) -> str:
    return re.search(r"https?://[^/\s]+(/accounts/password/reset/key/\S+/)", message.body).group(1)


def reset_password(client, link: str, new_password: str):
    form_url = client.get(link).url  # allauth swaps the key for the session and redirects
    return client.post(form_url, {"password1": new_password, "password2": new_password})


def test_password_reset_by_email(client, committed):
    user = UserFactory()
    with committed():
        response = client.post(reverse("password_reset"), {"email": user.email})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == [user.email]
    assert "http://127.0.0.1:8000/accounts/password/reset/key/" in mail.outbox[0].body  # PUBLIC_BASE_URL
    new_password = "A-brand-new-passphrase-77"
    assert reset_password(client, reset_link(mail.outbox[0]), new_password).status_code == 302
    assert login(client, user.email, new_password).status_code == 302


def test_password_reset_links_use_the_public_address_not_the_host_header(client, committed):
    user = UserFactory()
    with committed():
        client.post(reverse("password_reset"), {"email": user.email}, headers={"Host": "localhost:9999"})
    assert "localhost:9999" not in mail.outbox[0].body and "127.0.0.1:8000" in mail.outbox[0].body


def test_password_reset_for_unknown_email_discloses_nothing(client, committed):
    """The page answers alike; the unknown address is told it has no account here (allauth's
    PREVENT_ENUMERATION): nothing in the answer says which case it was."""
    known = UserFactory()
    with committed():
        unknown = client.post(reverse("password_reset"), {"email": "nobody@example.org"})
        known_answer = client.post(reverse("password_reset"), {"email": known.email})
    assert unknown.status_code == known_answer.status_code == 302 and unknown.url == known_answer.url
    assert [message.to for message in mail.outbox] == [["nobody@example.org"], [known.email]]
    assert "/password/reset/key/" not in mail.outbox[0].body


def test_production_hashes_passwords_with_argon2():
    from config import settings as production_settings

    assert production_settings.PASSWORD_HASHERS[0].endswith("Argon2PasswordHasher")
