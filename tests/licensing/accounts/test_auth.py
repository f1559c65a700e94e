import re

import pytest
from django.conf import settings
from django.core import mail
from django.urls import reverse

from licensing.models import AuditEvent
from tests.licensing.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def login(client, email, password):
    return client.post(reverse("login"), {"username": email, "password": password})


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
    assert "Please enter a correct email address and password" in response.content.decode()
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


def test_password_reset_by_email(client):
    user = UserFactory()
    response = client.post(reverse("password_reset"), {"email": user.email})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == [user.email]
    link = re.search(r"https?://[^/\s]+(/\S*reset/\S+/)", mail.outbox[0].body).group(1)
    form_url = client.get(link).url  # Django swaps the token for a session and redirects
    new_password = "A-brand-new-passphrase-77"
    response = client.post(form_url, {"new_password1": new_password, "new_password2": new_password})
    assert response.status_code == 302
    assert login(client, user.email, new_password).status_code == 302


def test_password_reset_for_unknown_email_sends_nothing_and_discloses_nothing(client):
    response = client.post(reverse("password_reset"), {"email": "nobody@example.org"})
    assert response.status_code == 302
    assert mail.outbox == []


def test_production_hashes_passwords_with_argon2():
    from config import settings as production_settings

    assert production_settings.PASSWORD_HASHERS[0].endswith("Argon2PasswordHasher")
