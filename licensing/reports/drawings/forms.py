"""Portal forms for a raffle drawing. They only collect input: the ticket list is read from text here
(`ticket_numbers_parse`), every rule on it is the service's, and the service's errors come back onto the form
(`core.forms.errors_to_form`) naming the field and the rule."""

from __future__ import annotations

import re

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from core.numbers import IntegerField
from licensing.register.values import value
from licensing.reports.drawings.services import PRIZES_MAX, TICKET_RULE

# One item: a ticket number or a range "first-last", ASCII digits only (int() would take other scripts' digits).
_ITEM = re.compile(r"([0-9]{1,9})(?:\s*[-\u2013]\s*([0-9]{1,9}))?", re.ASCII)
_SEPARATORS = re.compile(r"[\s,;]+")
TICKETS_TEXT_MAX = 20_000


def _error(message, **params) -> ValidationError:
    return ValidationError("%(rule)s: " + str(message), code="tickets", params={"rule": TICKET_RULE, **params})


def ticket_numbers_parse(text: str, *, first: int | None = None, last: int | None = None) -> list[int]:
    """The ticket numbers written in `text`: numbers and ranges ("1-250, 260, 270-300") separated by commas,
    semicolons or whitespace, in the order written. With `first` and `last`, a number outside them is refused
    here, before a range can be expanded (the license's tickets, 30 DCMR 1202.2(n)). Raises ValidationError
    naming the item that cannot be read; duplicates are left for the service to refuse."""
    if "\x00" in text:
        raise _error(_("the ticket numbers contain a NUL character"))
    # Ranges may be written "1 - 250": join the dash to its numbers before splitting on whitespace.
    text = re.sub(r"\s*([-\u2013])\s*", r"\1", text.strip())
    numbers: list[int] = []
    for item in _SEPARATORS.split(text):
        if not item:
            continue
        match = _ITEM.fullmatch(item)
        if match is None:
            raise _error(_("“%(item)s” is not a ticket number or a range like 1-250 (digits 0 to 9 only)"),
                         item=item[:40])
        start = int(match.group(1))
        end = int(match.group(2)) if match.group(2) is not None else start
        if end < start:
            raise _error(_("the range “%(item)s” runs backwards: write the lower number first"), item=item)
        for number in (start, end):
            if (first is not None and number < first) or (last is not None and number > last):
                raise _error(_("ticket %(number)s is not one of the license's tickets, numbered %(first)s to "
                               "%(last)s"), number=number, first=first, last=last)
        numbers.extend(range(start, end + 1))
    return numbers


class DrawingScheduleForm(forms.Form):
    prizes = IntegerField(label=_("Number of prizes"), min_value=1, max_value=PRIZES_MAX, initial=1,
                          help_text=_("Each prize goes to a different ticket, drawn in prize order."))


class DrawingSalesCloseForm(forms.Form):
    sold = forms.CharField(
        label=_("Sold ticket numbers"), widget=forms.Textarea(attrs={"rows": 3}), max_length=TICKETS_TEXT_MAX,
        help_text=_("Numbers and ranges separated by commas or spaces, e.g. 1-250, 260, 270-300."))
    returned = forms.CharField(
        label=_("Returned ticket numbers"), widget=forms.Textarea(attrs={"rows": 2}), required=False,
        max_length=TICKETS_TEXT_MAX,
        help_text=_("Sold tickets given back before the drawing: they cannot win. Leave empty if none."))
    buyers_age_declared = forms.BooleanField(required=False)  # labelled in __init__: the age in force

    def __init__(self, *args, first: int | None = None, last: int | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["buyers_age_declared"].label = _(
            "Every ticket was sold to a buyer who declared being %(age)s or older (30 DCMR 1702.1)") % {
            "age": value("player.minimum_age")}
        self.bounds = {"first": first, "last": last}

    def clean_sold(self) -> list[int]:
        return ticket_numbers_parse(self.cleaned_data["sold"], **self.bounds)

    def clean_returned(self) -> list[int]:
        return ticket_numbers_parse(self.cleaned_data["returned"], **self.bounds)


class DrawingDrawForm(forms.Form):
    # Not required here: the service refuses a drawing without them, citing 30 DCMR 1301.5.
    in_charge = forms.TypedChoiceField(
        label=_("Present at the drawing (30 DCMR 1301.5)"), coerce=int, required=False, empty_value=None,
        help_text=_("The member in charge or the alternate, as the organization's records name them."))
    confirm = forms.BooleanField(label=_("I understand that the drawing is held once and cannot be undone: "
                                         "the seed is revealed and the winners are published."))

    def __init__(self, *args, in_charge: dict | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["in_charge"].choices = [("", _("Choose who is present"))] + [
            (pk, f"{person.full_name} ({person.get_role_display()})") for pk, person in (in_charge or {}).items()]
