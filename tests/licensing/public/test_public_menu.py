"""Journey 11: the deadlines helper ("When is it due?") is in the public menu, for visitors and signed-in people."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_public_menu_offers_the_deadlines_helper(client, officer):
    link = f'<a href="{reverse("public:deadlines")}">When is it due?</a>'
    assert link in client.get("/").content.decode()
    client.force_login(officer)
    assert link in client.get(reverse("portal:dashboard"), follow=True).content.decode()
    assert client.get(reverse("public:deadlines")).status_code == 200
