"""Messages in words (issue 26, journey 8): a reader never sees a field's name ("hand_start:", "date_of_birth:")
at the head of a message; the field travels beside it (Finding.field, the API's "field")."""

import pytest
from django.contrib.messages import get_messages
from django.core.exceptions import ValidationError
from django.test import RequestFactory

from core.findings import Finding, RuleViolation, in_words
from core.forms import run_service


@pytest.mark.parametrize(("message", "field", "expected"), [
    ("date_of_birth: no one under 18 may play (30 DCMR 1702.1).", "date_of_birth",
     "no one under 18 may play (30 DCMR 1702.1)."),
    ("hand_start: license L-1 is suspended (30 DCMR 1200.1).", "license", "license L-1 is suspended (30 DCMR 1200.1)."),
    ("occasions[2].date: the date is past.", None, "the date is past."),
    ("settings.decks: 9 is not allowed", "settings.decks", "9 is not allowed"),
    ("amount: a bet is 1 to 5 chips", "amount", "a bet is 1 to 5 chips"),
    # A plain word that is not the field is the sentence's own: kept.
    ("admission: license L-1 is suspended.", "license", "admission: license L-1 is suspended."),
    ("Note: the Board decides.", None, "Note: the Board decides."),
])
def test_a_leading_field_name_is_dropped(message, field, expected):
    assert in_words(message, field) == expected
    assert Finding("30 DCMR 1200.1", message, field=field).message == expected


def test_a_refused_service_shows_the_message_without_the_field_name():
    request = RequestFactory().post("/")
    request.session = {}
    from django.contrib.messages.storage.fallback import FallbackStorage
    request._messages = FallbackStorage(request)

    def refuse():
        raise RuleViolation(Finding("30 DCMR 1702.1", "date_of_birth: no one under 18 may play (30 DCMR 1702.1).",
                                    field="date_of_birth"))

    def refuse_plain():
        raise ValidationError({"hand_start": ["hand_start: the clock is stopped."]})

    assert not run_service(request, refuse) and not run_service(request, refuse_plain)
    shown = [str(m) for m in get_messages(request)]
    assert shown == ["30 DCMR 1702.1: no one under 18 may play (30 DCMR 1702.1).", "the clock is stopped."]
    assert not any("date_of_birth" in m or "hand_start" in m for m in shown)
