"""Journey 11: the start form's class list, without JavaScript: grouped by license type, and a class of another
type refused inline naming the rule (30 DCMR 1204.1, 1204.16, 1414.1)."""

import re

import pytest
from django.urls import reverse

from licensing.models import Application, Role
from tests.licensing.factories import MembershipFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def start(client, organization):
    client.force_login(MembershipFactory(organization=organization, role=Role.OFFICER).user)
    return reverse("portal:application_start", args=[organization.pk])


def test_the_classes_are_grouped_under_their_license_type(client, start):
    page = client.get(start).content.decode()
    raffle = re.search(r'<optgroup label="Raffle">(.*?)</optgroup>', page, re.S)[1]
    assert re.findall(r'value="(\w)"', raffle) == ["1", "2", "3", "4", "5"]
    assert 'data-license-type="raffle"' in raffle and 'data-license-type="bingo"' not in raffle
    assert 'src="/static/js/license_class.js"' in page and "<script>" not in page


def test_a_class_of_another_type_is_refused_inline(client, start):
    response = client.post(start, {"license_type": "bingo", "license_class": "5", "period": "regular",
                                   "kind": "original"})
    assert response.status_code == 200 and not Application.objects.exists()
    assert "has no class 5" in response.content.decode() and "1204.1" in response.content.decode()
    response = client.post(start, {"license_type": "raffle", "license_class": "5", "period": "regular",
                                   "kind": "original"})
    assert response.status_code == 302
    assert Application.objects.get().license_class == "5"
