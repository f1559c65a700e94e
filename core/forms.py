"""A service's ValidationError shown on the form that called it, or as messages on the page that posted, the one
way every portal page does it."""

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError

from core.findings import in_words


def errors_to_form(form: forms.Form, error: ValidationError) -> None:
    """Each error on its field when the form has that field, else on top of the form (codes and params kept)."""
    pairs = error.error_dict.items() if hasattr(error, "error_dict") else [(None, error.error_list)]
    for field, errors in pairs:
        form.add_error(field if field in form.fields else None, errors)


def run_service(request, call, done: str = "") -> bool:
    """Call a service from a page that posts and comes back: a broken rule or a refusal becomes an error
    message on the page (each message names its field and rule), success the `done` message."""
    try:
        call()
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, in_words(message))
        return False
    except PermissionDenied as error:
        messages.error(request, str(error))
        return False
    if done:
        messages.success(request, done)
    return True


def cleaned(form: forms.Form) -> dict:
    """A bound form's data, or a ValidationError naming each field's label and problem (run_service shows them
    on the page)."""
    if form.is_valid():
        return form.cleaned_data
    raise ValidationError([f"{form.fields[field].label}: {error}" if field in form.fields else error
                           for field, errors in form.errors.items() for error in errors])
