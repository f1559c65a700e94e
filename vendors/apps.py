from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class VendorsConfig(AppConfig):
    name = "vendors"
    verbose_name = _("Vendors")

    def ready(self):
        from licensing.applications.kinds import license_type_register
        from licensing.models.choices import LicenseType
        from vendors.applications.checks import HOOKS

        # A vendor license is applied for, reviewed, voted on and issued by licensing; its rules are ours.
        license_type_register(LicenseType.VENDOR, HOOKS)
