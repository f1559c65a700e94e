"""Telling whether two records name the same person, when all we hold is a typed name and perhaps a date
of birth (an organization's responsible person, a bingo worker, a vendor's owner).

A name is compared by its key: letters and digits only, accents dropped, case and spacing ignored, so
"José  García-López" and "jose garcia lopez" are one name. The same name with the same date of birth is
a match; the same name where either date is unknown is only a possible match, for a person to confirm or
dismiss; a different date of birth is a different person."""

import datetime as dt
import unicodedata
from enum import StrEnum


class Sameness(StrEnum):
    MATCH = "match"  # same name, same date of birth
    POSSIBLE = "possible"  # same name, a date of birth unknown on either side


def name_key(name: str | None) -> str:
    """The name as records are compared: accents dropped, punctuation as spaces, case and spacing ignored."""
    decomposed = unicodedata.normalize("NFKD", name or "")
    kept = "".join(" " if not (character.isalnum() or unicodedata.combining(character)) else character
                   for character in decomposed if not unicodedata.combining(character))
    return " ".join(kept.split()).casefold()


def sameness(name: str | None, born: dt.date | None, other_name: str | None,
             other_born: dt.date | None) -> Sameness | None:
    """Whether two records name the same person: a match, a possible match, or None (not the same)."""
    key = name_key(name)
    if not key or key != name_key(other_name):
        return None
    if born is None or other_born is None:
        return Sameness.POSSIBLE
    return Sameness.MATCH if born == other_born else None
