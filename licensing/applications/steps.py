"""The guided form's steps for an application: which pages it has (by license type) and what each is called."""

from django.utils.translation import gettext_lazy

from licensing.models.choices import LicenseType

ON_PREMISES = (LicenseType.BINGO, LicenseType.MONTECARLO, LicenseType.MULTIHALL)
STEP_TITLES = {
    "details": gettext_lazy("Details"),
    "schedule": gettext_lazy("Schedule"),
    "lease": gettext_lazy("Premises lease"),
    "purpose": gettext_lazy("Purpose"),
    "review": gettext_lazy("Review and submit"),
}


def steps_for(application) -> list[str]:
    steps = ["details"]
    if application.license_type in (LicenseType.BINGO, LicenseType.MULTIHALL):
        steps.append("schedule")
    if application.license_type in ON_PREMISES:
        steps.append("lease")
    return [*steps, "purpose", "review"]
