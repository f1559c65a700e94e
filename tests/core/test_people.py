import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.people import Sameness, name_key, sameness

BORN = dt.date(1960, 4, 2)


@pytest.mark.parametrize(("typed", "key"), [
    ("José  García-López", "jose garcia lopez"),
    ("  MARY o'neil ", "mary o neil"),
    ("Ｍａｒｙ", "mary"),  # full-width letters
    ("", ""),
    (None, ""),
])
def test_a_name_key_ignores_accents_case_spacing_and_punctuation(typed, key):
    assert name_key(typed) == key


def test_the_same_name_and_birth_date_match_and_a_missing_date_is_only_possible():
    assert sameness("José García", BORN, "jose garcia", BORN) == Sameness.MATCH
    assert sameness("José García", BORN, "jose garcia", None) == Sameness.POSSIBLE
    assert sameness("José García", None, "jose garcia", BORN) == Sameness.POSSIBLE
    assert sameness("José García", BORN, "jose garcia", dt.date(1961, 4, 2)) is None
    assert sameness("José García", BORN, "José Garcías", BORN) is None
    assert sameness("", None, "", None) is None  # no name is nobody


@given(st.text())
def test_a_name_key_is_stable(name):
    assert name_key(name_key(name)) == name_key(name)
