"""What an error report may show (settings.DEFAULT_EXCEPTION_REPORTER_FILTER): Django's filter, which hides settings
named like secrets and the POST fields and variables a view marks sensitive, plus anything named like a person's
taxpayer number or identification, marked or not. A 500 at the payout desk is reported with the request's POST data
and every frame's local variables: a winner's number must not travel in that email or log (the desk's promise: a
full number only to the organization's filing people, each view audited)."""

from __future__ import annotations

import re

from django.utils.datastructures import MultiValueDict
from django.views.debug import SafeExceptionReporterFilter

# A whole name or one of its underscore-separated parts: `tin`, `raw_tin`, `tin_kind`, `ssn`, `itin`; the
# identification the desk describes (`id_first`, `id_second`). Never a part of a word: `setting`, `routing` pass.
IDENTITY_NAMES = re.compile(r"(?:^|_)(?:tin|ssn|itin)(?:_|$)|^id_(?:first|second)$", re.IGNORECASE)


class IdentityReporterFilter(SafeExceptionReporterFilter):
    """Active, as Django's, when DEBUG is off (a developer's laptop shows everything)."""

    hidden_settings = re.compile(f"{SafeExceptionReporterFilter.hidden_settings.pattern}|{IDENTITY_NAMES.pattern}",
                                 re.IGNORECASE)

    def _cleansed_fields(self, request, fields):
        if not self.is_active(request) or not hasattr(fields, "keys"):
            return fields
        named = [key for key in fields if isinstance(key, str) and IDENTITY_NAMES.search(key)]
        if not named:
            return fields
        fields = fields.copy()  # request.POST itself is never changed
        for key in named:
            fields[key] = self.cleansed_substitute
        return fields

    def get_post_parameters(self, request):
        return self._cleansed_fields(request, super().get_post_parameters(request))

    def get_cleansed_multivaluedict(self, request, multivaluedict: MultiValueDict):
        return self._cleansed_fields(request, super().get_cleansed_multivaluedict(request, multivaluedict))

    def get_traceback_frame_variables(self, request, tb_frame):
        variables = super().get_traceback_frame_variables(request, tb_frame)
        if not self.is_active(request):
            return variables
        return [(name, self.cleansed_substitute if IDENTITY_NAMES.search(name) else self._cleansed_value(value))
                for name, value in variables]

    def _cleansed_value(self, value):
        """A dict, list or tuple among the variables (a winner's data as posted, a JSON body): its keys named like
        a secret or an identity are hidden, at any depth."""
        if isinstance(value, (dict, list, tuple)) and not isinstance(value, MultiValueDict):
            return self.cleanse_setting("", value)
        return value
