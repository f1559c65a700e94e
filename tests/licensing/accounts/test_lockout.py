"""Sign-in lockout: per account from any address, per address across accounts (a higher limit), a
cool-off, and two ways to unlock sooner (a completed password reset; board staff). Portal and API alike."""

import datetime as dt
import re

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.core import mail
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from licensing.models import AuditEvent, Role
from tests.licensing.factories import PASSWORD, MembershipFactory, UserFactory, board_staff

pytestmark = pytest.mark.django_db


def login(client, email, password, ip="192.0.2.1"):
    return client.post(reverse("login"), {"login": email, "password": password}, REMOTE_ADDR=ip)


def token(client, email, password, ip="192.0.2.1"):
    return client.post(reverse("token-create"), {"email": email, "password": password}, REMOTE_ADDR=ip)


def addresses(count):
    return [f"198.51.100.{n}" for n in range(1, count + 1)]


def lock_account(client, user, *, per_address=4, count=10):
    for ip in addresses(count):
        for _ in range(per_address):
            login(client, user.email, "wrong-password", ip=ip)


def test_forty_failures_for_one_account_from_ten_addresses_lock_it(client):
    user = UserFactory()
    lock_account(client, user)  # 4 an address: under the limit at every address, 40 for the account
    locked = login(client, user.email, PASSWORD, ip="203.0.113.77")  # a new address, the right password
    assert locked.status_code == 429
    page = locked.content.decode()
    assert "for this account" in page and "every address" in page and "reset your password" in page
    assert reverse("password_reset") in page
    assert "from this address" not in page  # the old message named the wrong lock
    assert AuditEvent.objects.filter(event_type="licensing.user_locked_out", payload__email=user.email).exists()


def test_the_api_token_endpoint_is_locked_by_the_same_count(client):
    user = UserFactory()
    for ip in addresses(settings.AXES_FAILURE_LIMIT):
        assert token(client, user.email.upper(), "wrong", ip=ip).status_code in (400, 429)
    locked = token(client, user.email, PASSWORD, ip="203.0.113.78")
    assert locked.status_code == 429
    assert int(locked["Retry-After"]) == settings.AXES_COOLOFF_TIME * 3600  # like the API's other 429s
    [error] = locked.json()["errors"]
    assert error["code"] == "locked_out" and "every address" in error["message"]
    # And the portal login, from yet another address, too.
    assert login(client, user.email, PASSWORD, ip="203.0.113.79").status_code == 429


def test_failures_for_many_accounts_from_one_address_lock_the_address(client):
    office = "192.0.2.50"
    for n in range(settings.AXES_ADDRESS_FAILURE_LIMIT):
        login(client, f"guess{n}@example.org", "wrong-password", ip=office)
    colleague = UserFactory()
    locked = login(client, colleague.email, PASSWORD, ip=office)
    assert locked.status_code == 429
    assert "from your network address" in locked.content.decode()
    api = token(client, colleague.email, PASSWORD, ip=office)
    assert api.status_code == 429 and "network address" in api.json()["errors"][0]["message"]
    # The accounts themselves are not locked: the colleague signs in from elsewhere.
    assert login(client, colleague.email, PASSWORD, ip="192.0.2.51").status_code == 302


def test_one_office_behind_one_address_does_not_lock_itself_out(client):
    office = "192.0.2.60"
    people = [UserFactory() for _ in range(8)]
    for person in people:  # everyone mistypes a few times, under the account limit
        for _ in range(settings.AXES_FAILURE_LIMIT - 1):
            login(client, person.email, "wrong-password", ip=office)
    for person in people:
        assert login(client, person.email, PASSWORD, ip=office).status_code == 302


def test_a_success_clears_the_account_count_not_the_address_count(client):
    attacker_ip = "192.0.2.70"
    for n in range(settings.AXES_ADDRESS_FAILURE_LIMIT - 1):
        login(client, f"guess{n}@example.org", "wrong-password", ip=attacker_ip)
    own = UserFactory()
    assert login(client, own.email, PASSWORD, ip=attacker_ip).status_code == 302
    client.logout()
    assert login(client, "one-more@example.org", "wrong-password", ip=attacker_ip).status_code in (200, 429)
    assert login(client, own.email, PASSWORD, ip=attacker_ip).status_code == 429


def test_the_lock_lifts_after_the_cool_off(client):
    user = UserFactory()
    lock_account(client, user, per_address=1, count=settings.AXES_FAILURE_LIMIT)
    assert login(client, user.email, PASSWORD, ip="203.0.113.80").status_code == 429
    # The cool-off passes: the recorded failures are older than AXES_COOLOFF_TIME.
    past = dt.timedelta(hours=settings.AXES_COOLOFF_TIME, minutes=1)
    for attempt in AccessAttempt.objects.all():
        AccessAttempt.objects.filter(pk=attempt.pk).update(attempt_time=attempt.attempt_time - past)
    assert login(client, user.email, PASSWORD, ip="203.0.113.80").status_code == 302


def test_a_completed_password_reset_unlocks_the_account(client, django_capture_on_commit_callbacks):
    user = UserFactory()
    lock_account(client, user)
    assert login(client, user.email, PASSWORD, ip="203.0.113.81").status_code == 429
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("password_reset"), {"email": user.email})
    link = re.search(r"https?://[^/\s]+(/accounts/password/reset/key/\S+/)", mail.outbox[0].body).group(1)
    form_url = client.get(link).url
    assert login(client, user.email, PASSWORD, ip="203.0.113.81").status_code == 429  # asking alone unlocks nothing
    new_password = "A-brand-new-passphrase-78"
    client.post(form_url, {"password1": new_password, "password2": new_password})
    assert login(client, user.email, new_password, ip="203.0.113.82").status_code == 302
    assert AuditEvent.objects.filter(event_type="licensing.lockout_cleared", object_id=str(user.pk),
                                     payload__by="password_reset").exists()


def test_board_staff_see_and_lift_locks_others_cannot(client):
    user = UserFactory()
    lock_account(client, user, per_address=1, count=settings.AXES_FAILURE_LIMIT)
    officer = MembershipFactory(role=Role.OFFICER).user
    client.force_login(officer)
    assert client.get(reverse("portal:lockouts")).status_code == 404
    assert client.post(reverse("portal:lockouts"), {"email": user.email}).status_code == 404
    client.logout()  # allauth sends a signed-in person away from the sign-in page
    assert login(client, user.email, PASSWORD, ip="203.0.113.83").status_code == 429

    staff = board_staff()
    client.force_login(staff)
    page = client.get(reverse("portal:lockouts"))
    assert page.status_code == 200 and user.email in page.content.decode()
    assert client.post(reverse("portal:lockouts"), {"email": user.email.upper()}).status_code == 302
    client.logout()
    assert login(client, user.email, PASSWORD, ip="203.0.113.83").status_code == 302
    assert AuditEvent.objects.filter(event_type="licensing.lockout_cleared", actor=staff, payload__by="board").exists()


def test_the_command_lifts_an_address_lock_in_a_staff_name(client):
    office = "192.0.2.90"
    for n in range(settings.AXES_ADDRESS_FAILURE_LIMIT):
        login(client, f"guess{n}@example.org", "wrong-password", ip=office)
    user = UserFactory()
    assert login(client, user.email, PASSWORD, ip=office).status_code == 429
    with pytest.raises(CommandError):
        call_command("lockout_clear", ip=office, by=user.email)  # not board staff
    call_command("lockout_clear", ip=office, by=board_staff().email)
    assert login(client, user.email, PASSWORD, ip=office).status_code == 302


def test_behind_a_proxy_the_lockout_counts_each_client_not_the_proxy(client, settings):
    # AXES_PROXY_COUNT=1 sets both (config/settings.py): the lockout reads the client as the API's limits do.
    settings.AXES_IPWARE_PROXY_COUNT = 1
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    proxy, prober, colleague = "10.0.0.1", "203.0.113.90", UserFactory()
    for n in range(settings.AXES_ADDRESS_FAILURE_LIMIT):
        # Whatever the prober writes in X-Forwarded-For itself, the proxy appends the address it heard from.
        client.post(reverse("login"), {"login": f"guess{n}@example.org", "password": "wrong-password"},
                    REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR=f"192.0.2.{n % 200}, {prober}")
    assert AccessAttempt.objects.filter(ip_address=prober).exists()
    assert not AccessAttempt.objects.filter(ip_address=proxy).exists()
    locked = client.post(reverse("login"), {"login": colleague.email, "password": PASSWORD},
                         REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR=prober)
    assert locked.status_code == 429
    # Everyone else behind the same proxy signs in.
    signed_in = client.post(reverse("login"), {"login": colleague.email, "password": PASSWORD},
                            REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR="203.0.113.91")
    assert signed_in.status_code == 302
