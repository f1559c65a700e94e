"""The reset page queues only the address: no account lookup, no token, no email rendering in the
request, so a known and an unknown address cost it the same. The task sends the link."""

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from licensing.accounts.tasks import password_reset_email_send
from licensing.models import User
from tests.licensing.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued(monkeypatch):
    """What the page hands to Celery, kept instead of run, so the request is seen on its own."""
    calls: list[dict] = []
    monkeypatch.setattr(password_reset_email_send, "delay", lambda **kwargs: calls.append(kwargs))
    return calls


def _request_reset(client, email):
    with CaptureQueriesContext(connection) as queries:
        response = client.post(reverse("password_reset"), {"email": email})
    assert response.status_code == 302 and response.url == reverse("password_reset_done")
    rendered = [template.name for template in response.templates]
    return queries, rendered


@pytest.mark.parametrize("known", [True, False])
def test_the_request_only_queues_the_normalized_address(client, queued, known):
    UserFactory(email="ana.gomez@example.org")
    typed = "  Ana.Gomez@Example.org " if known else "Nobody@Example.org"
    queries, rendered = _request_reset(client, typed)
    assert queued == [{"email": typed.strip().lower(), "language": "en"}]
    user_table = User._meta.db_table
    assert not [q["sql"] for q in queries.captured_queries if user_table in q["sql"]]
    assert not [name for name in rendered if "password_reset_email" in name or "password_reset_subject" in name]


def test_the_task_sends_the_link_to_a_known_address_only(client, queued):
    user = UserFactory(email="ana.gomez@example.org")
    _request_reset(client, "Ana.Gomez@example.org")
    _request_reset(client, "nobody@example.org")
    sent = [password_reset_email_send.apply(kwargs=kwargs).get() for kwargs in queued]
    assert sent == [1, 0]
    [message] = mail.outbox
    assert message.to == [user.email]
    assert "http://127.0.0.1:8000/accounts/reset/" in message.body  # PUBLIC_BASE_URL, not the Host header


def test_the_email_is_in_the_language_the_page_was_read_in(client):
    UserFactory(email="ana.gomez@example.org")
    client.post(reverse("password_reset"), {"email": "ana.gomez@example.org"}, headers={"Accept-Language": "es"})
    [message] = mail.outbox  # tasks run inline in the tests
    assert "contraseña" in message.subject.lower()
