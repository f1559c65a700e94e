"""The engine's standard patterns are in the database and on the public pattern page."""

import pytest
from django.urls import reverse

from bingo.engine import patterns
from bingo.models import Pattern

pytestmark = pytest.mark.django_db


def test_every_engine_pattern_is_in_the_library():
    assert set(Pattern.objects.filter(is_standard=True).values_list("slug", flat=True)) == set(patterns.names())
    any_line = Pattern.objects.get(slug="any-line")
    assert any_line.masks == list(patterns.get("any-line").masks) and len(any_line.masks) == 12


def test_pattern_page_and_api_show_them_in_both_languages(client):
    page = client.get(reverse("bingo:pattern_library")).content.decode()
    assert "Four corners" in page or "Four Corners" in page
    spanish = client.get(reverse("bingo:pattern_library"), headers={"Accept-Language": "es"}).content.decode()
    assert patterns.get("blackout").name_es in spanish
    api = client.get(reverse("bingo-pattern-detail", args=["x"])).json()
    assert api["masks"] == list(patterns.get("x").masks)
