"""Journey 11: the "Confirm your email" notification (a copy of allauth's email asking for the code) leaves the
person's notifications once the address is confirmed; the other notifications stay."""

import pytest
from django.core import mail
from django.urls import reverse

from licensing.models import Notification, User
from licensing.notifications.services import notifications_from_email
from tests.licensing.factories import mailed_code

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_rate_limits(settings):
    """allauth counts code attempts in the shared cache: another test's sign-up must not use up this one's (and
    clearing the cache would disturb the tests running beside it)."""
    settings.ACCOUNT_RATE_LIMITS = False


def test_confirming_the_address_clears_its_confirmation_notification(client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("signup"), {"email": "rosa@example.org", "full_name": "Rosa Diaz",
                                        "password1": "Long-Enough-Pass-42", "password2": "Long-Enough-Pass-42"})
    user = User.objects.get(email="rosa@example.org")
    [message] = mail.outbox
    [asking] = Notification.objects.filter(user=user)
    assert asking.subject == message.subject
    notifications_from_email(subject="Your application was received", body="Thank you.", to=[user.email])
    with django_capture_on_commit_callbacks(execute=True):
        verified = client.post(reverse("account_email_verification_sent"), {"code": mailed_code(message)})
    assert verified.status_code == 302
    assert list(Notification.objects.filter(user=user).values_list("subject", flat=True)) == [
        "Your application was received"]
    page = client.get(reverse("portal:notification_list"), follow=True).content.decode()
    assert message.subject not in page
