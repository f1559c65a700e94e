"""What an admin form changed, as JSON an audit event can keep: the names of the changed fields and
their new values, never a secret (a password, a token, a key): those are named with NOT_RECORDED."""

import datetime
import re
import uuid
from decimal import Decimal

from django.core.files import File
from django.db.models import Model, QuerySet

NOT_RECORDED = "(not recorded)"
# Matched against form field names: password, password1, new_password2, secret, token, key, api_key...
SECRET_NAME = re.compile(r"password|secret|token|(^|_)key$", re.IGNORECASE)
_KEPT_AS_IS = (str, int, float, bool, type(None), Decimal, uuid.UUID, datetime.date, datetime.time,
               datetime.timedelta)


def is_secret(name: str) -> bool:
    return bool(SECRET_NAME.search(name))


def json_value(value):
    """A form value as JSON: a related object by its key, several as a list of keys, a file by its name.
    Dates, decimals and UUIDs stay as they are: the audit payload's encoder writes them."""
    if isinstance(value, Model):
        return value.pk
    if isinstance(value, File):
        return value.name
    if isinstance(value, QuerySet | list | tuple | set | frozenset):
        items = [json_value(item) for item in value]
        return sorted(items, key=str) if isinstance(value, QuerySet | set | frozenset) else items
    if isinstance(value, dict):
        return {str(key): json_value(item) for key, item in value.items()}
    if isinstance(value, _KEPT_AS_IS):
        return value
    return str(value)  # a time zone, an enum of a third-party field...


def object_label(obj: Model) -> str:
    """str(obj), unless that is the value of a secret field (an API token's str is its key)."""
    label = str(obj)
    for field in obj._meta.concrete_fields:
        if is_secret(field.name) and str(getattr(obj, field.attname, "")) == label:
            return NOT_RECORDED
    return label


def form_changes(form) -> dict:
    """{field: new value} for every field the person changed on a validated form."""
    cleaned = getattr(form, "cleaned_data", {})
    return {
        name: NOT_RECORDED if is_secret(name) else json_value(cleaned.get(name))
        for name in form.changed_data
        if name != "DELETE"
    }


def formset_changes(formsets) -> list[dict]:
    """Each inline row that was added, changed or deleted, with its fields (read after the formsets saved)."""
    rows = []
    for formset in formsets or ():
        model = formset.model
        for form in formset.forms:
            if not form.has_changed():
                continue
            deleted = any(obj is form.instance for obj in getattr(formset, "deleted_objects", ()))
            if deleted:
                # Deleting cleared the instance's key; the submitted form still holds it.
                object_id, action, fields = form[model._meta.pk.name].value(), "deleted", {}
            else:
                action = "added" if form in formset.extra_forms else "changed"
                object_id, fields = form.instance.pk, form_changes(form)
            rows.append({"model": model._meta.label_lower, "object_id": str(object_id), "action": action,
                         "fields": fields})
    return rows
