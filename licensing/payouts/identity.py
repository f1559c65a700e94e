"""What the desk asks of a winner whose prize needs Form W-2G, checked before anything is written (pure: no
database). The taxpayer number is an individual's: a Social Security number (checked by django-localflavor's
rules: no 000, 666 or 9xx area, no 00 group, no 0000 serial) or an individual taxpayer identification number (an
ITIN: 9xx with the groups the IRS issues). Only ASCII digits count: another script's digits are refused, never
read as numbers."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.views.decorators.debug import sensitive_variables
from localflavor.us.forms import USSocialSecurityNumberField

TIN_RULE = "IRS Instructions for Forms W-2G and 5754, box 9"
ID_RULE = "IRS Instructions for Forms W-2G and 5754, boxes 11 and 12"
SSN, ITIN = "ssn", "itin"
TIN_KINDS = (SSN, ITIN)
TIN_SHAPE = re.compile(r"([0-9]{3})[- ]?([0-9]{2})[- ]?([0-9]{4})")
# The middle groups the IRS issues ITINs in (IRS, "Individual Taxpayer Identification Number": 50-65, 70-88,
# 90-92, 94-99).
ITIN_GROUPS = frozenset([*range(50, 66), *range(70, 89), *range(90, 93), *range(94, 100)])
TEXT_MAX = {"name": 120, "street": 200, "city": 80, "state": 40, "postal_code": 12, "id_first": 200,
            "id_second": 200}


@dataclass(frozen=True)
class Winner:
    """The winner as the desk gives them: the name always; the rest when a form is due. Its repr (a log line, an
    error report's variables) leaves the number and the identification out."""

    name: str
    street: str = ""
    city: str = ""
    state: str = ""
    postal_code: str = ""
    tin: str = field(default="", repr=False)  # nine digits, no dashes, once checked
    tin_kind: str = SSN
    tin_refused: bool = False  # the winner would not give one: backup withholding
    id_first: str = field(default="", repr=False)  # described, not scanned: "DC driver's license ending 4411, photo"
    id_second: str = field(default="", repr=False)

    def sealed_form(self) -> dict:
        return {"name": self.name, "street": self.street, "city": self.city, "state": self.state,
                "postal_code": self.postal_code, "tin": self.tin, "tin_kind": self.tin_kind,
                "id_first": self.id_first, "id_second": self.id_second}

    @property
    def address(self) -> str:
        return ", ".join(part for part in (self.street, self.city, f"{self.state} {self.postal_code}".strip())
                         if part)


def _text(data: dict, field: str, errors: dict, *, required: bool, message: str) -> str:
    raw = data.get(field, "")
    text = raw.strip() if isinstance(raw, str) else ""
    if raw not in (None, "") and not isinstance(raw, str):
        errors[field] = [_("Write this as text.")]
    elif "\x00" in text or any(ord(ch) < 32 for ch in text) or len(text) > TEXT_MAX[field]:
        errors[field] = [_("Write this as plain text of at most %(max)d characters.") % {"max": TEXT_MAX[field]}]
    elif required and not text:
        errors[field] = [message]
    return text


@sensitive_variables()  # a crash in here (or below) reports none of its variables: they are the number's digits
def tin_clean(raw, kind: str) -> str:
    """The nine digits of a valid SSN or ITIN, or a ValidationError on `tin` saying why."""
    text = raw.strip() if isinstance(raw, str) else ""
    match = TIN_SHAPE.fullmatch(text)
    if not match:
        raise ValidationError({"tin": _("Write the taxpayer number as nine digits 0-9, like 123-45-6789 (%(rule)s).")
                               % {"rule": TIN_RULE}}, code="invalid_shape")
    area, group, serial = match.groups()
    digits = area + group + serial
    if kind == ITIN:
        if area[0] != "9" or int(group) not in ITIN_GROUPS:
            raise ValidationError({"tin": _(
                "That is not an ITIN: an ITIN starts with 9 and its middle two digits are 50-65, 70-88, 90-92 or "
                "94-99 (%(rule)s).") % {"rule": TIN_RULE}}, code="invalid_itin")
        return digits
    try:
        USSocialSecurityNumberField().clean(f"{area}-{group}-{serial}")
    except ValidationError:
        raise ValidationError({"tin": _(
            "That is not a valid Social Security number: none starts with 000, 666 or 9, has 00 in the middle or "
            "ends 0000 (an ITIN starts with 9: choose ITIN) (%(rule)s).") % {"rule": TIN_RULE}},
            code="invalid_ssn") from None
    return digits


@sensitive_variables()  # nor in here: the winner as posted
def winner_clean(data: dict, *, form_due: bool) -> Winner:
    """The winner, or a ValidationError naming every field that is wrong. With a form due: the address, the
    taxpayer number (or that the winner refused it) and two forms of identification, described."""
    data = data if isinstance(data, dict) else {}
    errors: dict[str, list] = {}
    name = _text(data, "name", errors, required=True, message=_("Write the name of the person paid."))
    need = _("Form W-2G is due for this prize: %(what)s (%(rule)s).")
    street = _text(data, "street", errors, required=form_due,
                   message=need % {"what": _("write the winner's street address"), "rule": TIN_RULE})
    city = _text(data, "city", errors, required=form_due,
                 message=need % {"what": _("write the winner's city"), "rule": TIN_RULE})
    state = _text(data, "state", errors, required=form_due,
                  message=need % {"what": _("write the winner's state"), "rule": TIN_RULE})
    postal_code = _text(data, "postal_code", errors, required=form_due,
                        message=need % {"what": _("write the winner's ZIP code"), "rule": TIN_RULE})
    id_first = _text(data, "id_first", errors, required=form_due,
                     message=need % {"what": _("describe the first form of identification (with a photo)"),
                                     "rule": ID_RULE})
    id_second = _text(data, "id_second", errors, required=form_due,
                      message=need % {"what": _("describe the second form of identification"), "rule": ID_RULE})
    tin_refused = data.get("tin_refused") is True
    kind = data.get("tin_kind") or SSN
    if kind not in TIN_KINDS:
        errors["tin_kind"] = [_("Choose SSN or ITIN.")]
        kind = SSN
    tin = ""
    raw_tin = data.get("tin")
    if tin_refused and raw_tin:
        errors["tin"] = [_("Either give the taxpayer number or mark that the winner refused it, not both.")]
    elif not tin_refused and (raw_tin or form_due):
        if not raw_tin:
            errors["tin"] = [_("Form W-2G is due: write the winner's taxpayer number, or mark that they refused it "
                               "(then backup withholding applies) (%(rule)s).") % {"rule": TIN_RULE}]
        else:
            try:
                tin = tin_clean(raw_tin, kind)
            except ValidationError as error:
                errors.update(error.message_dict)
    if errors:
        raise ValidationError(errors)
    return Winner(name=name, street=street, city=city, state=state, postal_code=postal_code, tin=tin,
                  tin_kind=kind, tin_refused=tin_refused, id_first=id_first, id_second=id_second)
