"""Every email is mirrored in the portal for each recipient with an account; the header's bell counts the unread
with one query (none for anyone signed out); the page and the API mark read; nobody sees another's."""

import pytest
from django.conf import settings
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core.mail import mail_send
from core.models import MailOutbox
from licensing.models import Notification
from licensing.notifications.services import notifications_from_email
from licensing.organizations.mail import organization_email_send
from tests.licensing.factories import MembershipFactory, UserFactory, board_staff

pytestmark = pytest.mark.django_db


def send(to, *, subject="Deficiency notice", body=None):
    body = body or f"Open {settings.PUBLIC_BASE_URL}/portal/applications/7/ to answer."
    notifications_from_email(subject=subject, body=body, to=to)


def test_every_email_is_mirrored_for_its_recipients_with_an_account(django_capture_on_commit_callbacks,
                                                                     mailoutbox):
    person = UserFactory(email="Treasurer@Example.org")
    gone = UserFactory(email="gone@example.org", is_active=False)
    with django_capture_on_commit_callbacks(execute=True):
        mail_send(to=["treasurer@example.org", "club@example.org", gone.email], subject="Your license is issued",
                  template="licensing/reports/overdue/report_overdue.txt",
                  context={"report": None, "license": None}, language="en")
    assert len(mailoutbox) == 1
    [notification] = Notification.objects.all()
    assert notification.user == person and notification.subject == "Your license is issued"
    assert notification.body == mailoutbox[0].body and notification.read_at is None


class ChangeFailed(Exception):
    pass


def test_nothing_is_mirrored_when_the_change_rolls_back(django_capture_on_commit_callbacks, mailoutbox):
    # The mirror and the outbox row are written in the change's transaction (core.mail): they roll back with it.
    UserFactory(email="treasurer@example.org")
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(ChangeFailed), transaction.atomic():
        mail_send(to=["treasurer@example.org"], subject="x", template="licensing/reports/overdue/report_overdue.txt",
                  context={})
        raise ChangeFailed
    assert not Notification.objects.exists()
    assert not MailOutbox.objects.exists() and mailoutbox == []


def test_an_organization_email_reaches_each_officer_in_the_portal(django_capture_on_commit_callbacks, organization):
    officers = [MembershipFactory(organization=organization).user for _ in range(2)]
    with django_capture_on_commit_callbacks(execute=True):
        organization_email_send(organization=organization, subject="Renewal is open",
                                template="licensing/reports/overdue/report_overdue.txt", context={})
    assert sorted(Notification.objects.values_list("user_id", flat=True)) == sorted(o.pk for o in officers)


def test_the_link_on_this_site_is_kept_as_its_path():
    user = UserFactory()
    send([user.email])
    assert Notification.objects.get().link == "/portal/applications/7/"
    send([user.email], body="See https://elsewhere.example.com/page. Thanks")
    assert Notification.objects.first().link == "https://elsewhere.example.com/page"


def test_the_bell_counts_the_unread_with_one_query_and_none_when_signed_out(client):
    user = UserFactory()
    for _ in range(3):
        send([user.email])
    page = client.get(reverse("home")).content.decode()
    assert "notifications-bell" not in page
    client.force_login(user)
    page = client.get(reverse("home")).content.decode()
    assert "3 unread" in page
    with CaptureQueriesContext(connection) as queries:
        client.get(reverse("home"))
    assert len([q for q in queries if "licensing_notification" in q["sql"]]) == 1


def test_the_page_lists_and_marks_read_one_and_all(client):
    user = UserFactory()
    for number in range(30):
        send([user.email], subject=f"Message {number}")
    client.force_login(user)
    first = client.get(reverse("portal:notification_list")).content.decode()
    assert "Message 29" in first and "Message 4" not in first and "Page 1 of 2" in first
    newest = Notification.objects.first()
    response = client.post(reverse("portal:notification_read", args=[newest.pk]), {"open": "1"})
    assert response.url == "/portal/applications/7/"
    assert Notification.objects.filter(read_at__isnull=True).count() == 29
    client.post(reverse("portal:notifications_read_all"), {"page": "2"})
    assert not Notification.objects.filter(read_at__isnull=True).exists()
    assert Notification.objects.count() == 30  # never deleted


def test_an_open_link_elsewhere_is_not_followed(client):
    user = UserFactory()
    send([user.email], body="https://evil.example.com/x")
    client.force_login(user)
    response = client.post(reverse("portal:notification_read", args=[Notification.objects.get().pk]), {"open": "1"})
    assert response.url == reverse("portal:notification_list")


@pytest.mark.parametrize("who", ["other_person", "board_staff"])
def test_nobody_sees_or_marks_anothers(client, who):
    owner = UserFactory()
    send([owner.email])
    notification = Notification.objects.get()
    client.force_login(UserFactory() if who == "other_person" else board_staff())
    assert "Deficiency notice" not in client.get(reverse("portal:notification_list")).content.decode()
    assert client.post(reverse("portal:notification_read", args=[notification.pk])).status_code == 404
    client.post(reverse("portal:notifications_read_all"))
    assert client.get(f"/api/v1/notifications/{notification.pk}/").status_code == 404
    assert client.post(f"/api/v1/notifications/{notification.pk}/read/").status_code == 404
    assert client.get("/api/v1/notifications/").json()["count"] == 0
    notification.refresh_from_db()
    assert notification.read_at is None


def test_the_api_lists_unread_and_marks_read(client):
    user = UserFactory()
    for _ in range(2):
        send([user.email])
    assert client.get("/api/v1/notifications/").status_code == 401
    client.force_login(user)
    rows = client.get("/api/v1/notifications/", {"unread": "true"}).json()
    assert rows["count"] == 2 and rows["results"][0]["link"] == "/portal/applications/7/"
    marked = client.post(f"/api/v1/notifications/{rows['results'][0]['id']}/read/").json()
    assert marked["is_read"] is True and marked["read_at"]
    assert client.get("/api/v1/notifications/", {"unread": "1"}).json()["count"] == 1
    assert client.post("/api/v1/notifications/read-all/").json() == {"marked": 1}
    assert client.get("/api/v1/notifications/nonsense/").status_code == 404
