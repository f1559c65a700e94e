"""A service's ValidationError shown on the form that called it, the one way every portal page does it."""

from django import forms
from django.core.exceptions import ValidationError


def errors_to_form(form: forms.Form, error: ValidationError) -> None:
    """Each error on its field when the form has that field, else on top of the form (codes and params kept)."""
    pairs = error.error_dict.items() if hasattr(error, "error_dict") else [(None, error.error_list)]
    for field, errors in pairs:
        form.add_error(field if field in form.fields else None, errors)
