"""The dashboards' filters, read from the query string: a year and a report kind. A value that is no year
(text, digits of another script, 99999) is an inline error naming the field, never a query."""

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.numbers import IntegerField
from licensing.models import ReportKind

FIRST_YEAR = 2000  # before any report this system holds; a bound so a typo is answered, not looked up


def last_year() -> int:
    return timezone.localdate().year + 1


class YearForm(forms.Form):
    year = IntegerField(label=_("Year"), required=False)

    def clean_year(self):
        year = self.cleaned_data["year"]
        if year is not None and not FIRST_YEAR <= year <= last_year():
            raise forms.ValidationError(_("Enter a year from %(first)s to %(last)s."),
                                        params={"first": FIRST_YEAR, "last": last_year()}, code="year_range")
        return year


class DashboardFilterForm(YearForm):
    kind = forms.ChoiceField(label=_("Kind of event"), required=False,
                             choices=[("", _("Every kind"))] + list(ReportKind.choices))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["year"].help_text = _("Empty for every year.")

    def clean_kind(self):
        return self.cleaned_data["kind"] or None
