"""Journey 11: the homes of the Board. Staff and members find the review queue and the votes waiting for them on
their home (30 DCMR 1202, 1202.4); the Board administrator's home offers no vendor registration (a supplier's own
filing, 30 DCMR 1207)."""

import pytest
from django.urls import reverse

from tests.licensing.factories import ApplicationFactory, UserFactory, board_admin, board_member, board_staff

pytestmark = pytest.mark.django_db


def dashboard(client, user) -> str:
    client.force_login(user)
    return client.get(reverse("portal:dashboard")).content.decode()


def test_staff_see_the_queue_and_members_the_votes_waiting(client):
    ApplicationFactory(submitted=True)
    ApplicationFactory(submitted=True)
    queue = reverse("portal:review_queue")
    page = dashboard(client, board_staff())
    assert f'href="{queue}?status=open"' in page and "Review queue: 2 open applications" in page
    assert reverse("portal:votes_awaiting") not in page  # staff do not vote
    member = board_member()
    page = dashboard(client, member)
    assert "Review queue: 2 open applications" in page
    assert f'href="{reverse("portal:votes_awaiting")}"' in page and "Votes waiting for you: 2 applications" in page
    assert client.get(reverse("portal:votes_awaiting")).status_code == 200


def test_the_board_administrator_is_offered_no_vendor_registration(client):
    page = dashboard(client, board_admin())
    assert reverse("vendors:vendor_register") not in page and reverse("portal:get_started") not in page
    page = dashboard(client, UserFactory())  # someone who acts for no organization yet
    assert reverse("vendors:vendor_register") in page
