"""The API's JSON parsers: a body is the one JSON type its operation reads, or a 400 when the view reads it.

DRF's JSONParser hands a view whatever JSON the body holds: `[1, 2]`, `"text"`, `42` or `null`. Views read a
body as an object (`request.data.get(...)`, a serializer's fields), so any other type crashed them (a 500) or
answered a different message per view. Refused here, once for every operation, in the API's error shape:
{"errors": [{"field": null, "code": "json_not_object", ...}]} (`field` null: the body as a whole, as in
core/api/errors.py). REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"] puts JSONObjectParser in JSONParser's place;
an operation whose body is a list declares `parser_classes=[JSONArrayParser]`."""

from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


def json_type_name(value) -> str:
    """The JSON name of a parsed value's type, as a client wrote it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return _("true or false")
    if isinstance(value, (int, float)):
        return _("a number")
    if isinstance(value, str):
        return _("a string")
    if isinstance(value, list):
        return _("an array")
    return _("an object")


class JSONObjectParser(JSONParser):
    """A JSON body that must be an object ({...})."""

    body_type = dict
    code = "json_not_object"

    def message(self, found) -> str:
        return _("The request body must be a JSON object ({…}), not %(found)s.") % {"found": json_type_name(found)}

    def parse(self, stream, media_type=None, parser_context=None):
        data = super().parse(stream, media_type, parser_context)
        if not isinstance(data, self.body_type):
            raise ParseError(self.message(data), code=self.code)
        return data


class JSONArrayParser(JSONObjectParser):
    """A JSON body that must be an array ([...])."""

    body_type = list
    code = "json_not_array"

    def message(self, found) -> str:
        return _("The request body must be a JSON array ([…]), not %(found)s.") % {"found": json_type_name(found)}

