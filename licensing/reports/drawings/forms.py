"""Portal forms for a raffle drawing. They only collect input: the ticket list and the witness value's dice or balls
are read from text here (`ticket_numbers_parse`, `witness_numbers_parse`), every rule on them is the service's, and
the service's errors come back onto the form (`core.forms.errors_to_form`) naming the field and the rule."""

from __future__ import annotations

import re

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from core.numbers import IntegerField
from licensing.models import DrawingFormat
from licensing.register.values import value
from licensing.reports.drawings import engine
from licensing.reports.drawings.rules import WITNESS_RULE
from licensing.reports.drawings.services import PRIZES_MAX, TICKET_RULE, WITNESS_TEXT_MAX

# One item: a ticket number or a range "first-last", ASCII digits only (int() would take other scripts' digits).
_ITEM = re.compile(r"([0-9]{1,9})(?:\s*[-\u2013]\s*([0-9]{1,9}))?", re.ASCII)
_SEPARATORS = re.compile(r"[\s,;]+")
TICKETS_TEXT_MAX = 20_000
# Dice or balls as read aloud: separated by spaces, commas, semicolons or dashes; ASCII digits only.
_WITNESS_SEPARATORS = re.compile(r"[\s,;\-\u2013]+")
_WITNESS_ITEM = re.compile(r"[0-9]{1,3}", re.ASCII)


def _error(message, *, rule: str = TICKET_RULE, code: str = "tickets", **params) -> ValidationError:
    return ValidationError("%(rule)s: " + str(message), code=code, params={"rule": rule, **params})


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


def witness_numbers_parse(text: str, *, source: str) -> list[int]:
    """The dice or balls written in `text`, in order: numbers separated by spaces, commas, semicolons or dashes (dice
    may also be written together, "35162" being five dice). Raises ValidationError naming what cannot be read; the
    rest (1 to 6, 1 to 75, how many, a ball twice) is the format's, checked by the service."""
    if "\x00" in text:
        raise _error(_("the witness value contains a NUL character"), rule=WITNESS_RULE, code="witness")
    items = [item for item in _WITNESS_SEPARATORS.split(text.strip()) if item]
    if source == engine.DICE:
        items = [digit for item in items for digit in item]
    for item in items:
        if not _WITNESS_ITEM.fullmatch(item):
            raise _error(_("“%(item)s” is not the number of a die or a ball (digits 0 to 9 only)"), rule=WITNESS_RULE,
                         code="witness", item=item[:20])
    return [int(item) for item in items]


class DrawingScheduleForm(forms.Form):
    prizes = IntegerField(label=_("Number of prizes"), min_value=1, max_value=PRIZES_MAX, initial=1,
                          help_text=_("Each prize goes to a different ticket, drawn in prize order."))
    format = forms.TypedChoiceField(
        label=_("How the winners are drawn"), choices=DrawingFormat.choices, widget=forms.RadioSelect,
        required=False, empty_value=DrawingFormat.SEEDED, initial=DrawingFormat.SEEDED,
        help_text=_("Choose raffle-drawing/2 for a drawing held offline in the hall: after sales close a witness "
                    "enters a value produced in the room (dice or bingo balls read aloud), so that no one who holds "
                    "the seed can steer the draw."))


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


class DrawingWitnessForm(forms.Form):
    """raffle-drawing/2: the value produced in the room, as read aloud, and the witness who enters it. The numbers
    become the canonical witness value here (engine.witness_text); the service checks it and refuses a second entry."""

    witness_source = forms.ChoiceField(label=_("Produced by"), widget=forms.RadioSelect, choices=[
        (engine.DICE, _("Six-sided dice rolled by a player, read one die at a time (at least %(least)s dice)")
         % {"least": engine.DICE_MIN}),
        (engine.BALLS, _("Balls drawn from the 75-ball bingo blower, in the order drawn (at least %(least)s balls)")
         % {"least": engine.BALLS_MIN})])
    witness = forms.CharField(
        label=_("The value as read aloud"), widget=forms.Textarea(attrs={"rows": 2}), max_length=WITNESS_TEXT_MAX,
        help_text=_("Each die or ball in the order read, separated by spaces or commas, e.g. 3 5 1 6 2 or 7, 64, 22."))
    witness_name = forms.CharField(
        label=_("Witness's name"), max_length=engine.WITNESS_NAME_MAX,
        help_text=_("The person who read the value aloud and enters it. Published with the drawing."))
    confirm = forms.BooleanField(label=_(
        "The value was produced in the room after ticket sales closed and is entered as it was read aloud. It is "
        "entered once and cannot be changed."))

    def clean(self):
        cleaned = super().clean()
        source, text = cleaned.get("witness_source"), cleaned.get("witness")
        if source and text:
            try:
                cleaned["witness"] = engine.witness_text(source, witness_numbers_parse(text, source=source))
            except ValidationError as error:
                self.add_error("witness", error)
        return cleaned
