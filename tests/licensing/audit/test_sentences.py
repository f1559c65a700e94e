"""Every audit event type the code writes reads as a sentence in the reader's language; an unknown one still
reads as words, never as its code."""

import pytest
from django.utils import translation

from bingo.live.events import AUDIT_TYPES as BINGO_LOG_TYPES
from licensing.audit.sentences import FALLBACK, SENTENCES, event_sentence
from licensing.audit.types import LABELS, RENAMED
from montecarlo.tournaments.events import AUDIT_TYPES as TOURNAMENT_LOG_TYPES
from tests.licensing.audit.test_event_types import _written_types


def test_every_type_the_code_writes_has_a_sentence():
    written = _written_types() | set(BINGO_LOG_TYPES.values()) | set(TOURNAMENT_LOG_TYPES.values())
    # Written by the fee and bond schedules before the register replaced them: their events are still read.
    written |= {"licensing.feeschedulerow_saved", "licensing.bondschedulerow_saved"}
    assert "licensing.deficiency_notice_issued" in written
    assert sorted(written - set(SENTENCES)) == []
    assert set(SENTENCES) == set(LABELS)  # one sentence per listed type, no stale one


def test_every_sentence_is_a_sentence_and_translated():
    with translation.override("en"):
        english = {event_type: event_sentence(event_type) for event_type in SENTENCES}
    for event_type, sentence in english.items():
        assert sentence[0].isupper() and sentence.endswith("."), event_type
        assert event_type.split(".", 1)[1] not in sentence  # never the code
    with translation.override("es"):
        assert [event_type for event_type in SENTENCES if event_sentence(event_type) == english[event_type]] == []
        assert event_sentence("licensing.deficiency_notice_issued").startswith("La Junta envió un aviso")


@pytest.mark.parametrize("old", sorted(RENAMED))
def test_an_old_spelling_reads_as_todays_sentence(old):
    assert event_sentence(old) == event_sentence(RENAMED[old])


def test_an_unknown_type_still_reads_as_words():
    assert event_sentence("licensing.something_new_happened") == str(FALLBACK)
    with translation.override("es"):
        assert event_sentence("bingo.unheard_of") == "Se registró algo en el historial de la organización."
