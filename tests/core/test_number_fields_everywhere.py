"""Every form field that reads a number, an amount or a row's key from typed text refuses digits of other scripts
and "1_0" (core.numbers, core.money): Django's own fields call int(), which reads "١" (Arabic-Indic) as row 1 and
"1_0" as 10."""

import importlib
import inspect
import pkgutil

import pytest
from django import forms
from django.core.exceptions import ValidationError

from core import numbers
from core.money import MoneyField
from licensing.models import Organization
from tests.licensing.factories import OrganizationFactory

APPS = ("licensing", "bingo", "montecarlo", "vendors", "core")


def _form_classes():
    for app in APPS:
        package = importlib.import_module(app)
        for module_info in pkgutil.walk_packages(package.__path__, prefix=f"{app}."):
            if module_info.name.rsplit(".", 1)[-1] != "forms":
                continue
            module = importlib.import_module(module_info.name)
            for _name, form in inspect.getmembers(module, inspect.isclass):
                if issubclass(form, forms.BaseForm) and form.__module__ == module.__name__:
                    yield form


def _lax_fields():
    for form in _form_classes():
        for name, field in form.base_fields.items():
            if isinstance(field, forms.ModelMultipleChoiceField):
                strict = isinstance(field, numbers.ModelMultipleChoiceField)
            elif isinstance(field, forms.ModelChoiceField):
                strict = isinstance(field, numbers.ModelChoiceField)
            elif isinstance(field, forms.DecimalField):  # Django's DecimalField is an IntegerField
                strict = isinstance(field, MoneyField)
            elif isinstance(field, forms.IntegerField):
                strict = isinstance(field, numbers.IntegerField)
            else:
                continue
            if not strict:
                yield f"{form.__module__}.{form.__name__}.{name}"


def test_every_forms_key_and_count_field_is_the_strict_one():
    assert list(_lax_fields()) == []


@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["١", "１", "1_0", " ١ "])
def test_a_key_in_other_digits_or_grouped_is_no_choice(typed):
    organization = OrganizationFactory()
    queryset = Organization.objects.all()
    assert numbers.ModelChoiceField(queryset=queryset).clean(str(organization.pk)) == organization
    with pytest.raises(ValidationError) as refused:
        numbers.ModelChoiceField(queryset=queryset).clean(typed)
    assert refused.value.code == "invalid_choice"
    with pytest.raises(ValidationError) as refused:
        numbers.ModelMultipleChoiceField(queryset=queryset).clean([str(organization.pk), typed])
    assert refused.value.code == "invalid_choice"

