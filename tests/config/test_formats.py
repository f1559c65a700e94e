"""One date format per language (config/formats): "Jan. 15, 2027" and "15 ene. 2027"."""

import datetime as dt

import pytest
from django.template import Context, Template
from django.utils import translation

DAY = dt.datetime(2027, 1, 15, 19, 30)


@pytest.mark.parametrize(("language", "date", "when", "short"), [
    ("en", "Jan. 15, 2027", "Jan. 15, 2027, 7:30 p.m.", "01/15/2027"),
    ("es", "15 ene. 2027", "15 ene. 2027, 19:30", "15/01/2027"),
])
def test_the_named_formats_in_each_language(language, date, when, short):
    template = Template('{{ d|date:"DATE_FORMAT" }}|{{ d|date:"DATETIME_FORMAT" }}|{{ d|date:"SHORT_DATE_FORMAT" }}')
    with translation.override(language):
        assert template.render(Context({"d": DAY})) == f"{date}|{when}|{short}"


def test_no_template_spells_an_english_date_format():
    """Month names come from the named formats, so a Spanish reader never sees "January 15, 2027"."""
    from pathlib import Path

    from django.conf import settings

    english = ('date:"F j', 'date:"M j', 'date:"D, M', 'date:"N j', 'date:"F Y"')
    offenders = [str(path) for path in Path(settings.BASE_DIR, "templates").rglob("*.html")
                 if any(spelled in path.read_text() for spelled in english)]
    assert offenders == []
