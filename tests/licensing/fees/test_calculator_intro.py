"""The fee calculator says where its figures come from: the Board's register, listed under Rules and fees."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_calculator_points_at_the_rules_and_fees_page(client):
    page = client.get(reverse("public:fee_calculator")).content.decode()
    assert "fee and bond schedules" not in page
    assert f'<a href="{reverse("public:rules")}">Rules and fees</a>' in page
