from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class VendorsConfig(AppConfig):
    name = "vendors"
    verbose_name = _("Vendors")

    def ready(self):
        from licensing.applications.kinds import license_type_register
        from licensing.models.choices import LicenseType
        from licensing.organizations.supply_ties import owner_source_register
        from vendors.applications.checks import HOOKS
        from vendors.supply_ties import supply_owner_records

        # A vendor license is applied for, reviewed, voted on and issued by licensing; its rules are ours.
        license_type_register(LicenseType.VENDOR, HOOKS)
        # A vendor's owners may not work bingo or prepare an organization's forms (30 DCMR 1401.13).
        owner_source_register("vendors.owners", supply_owner_records)
