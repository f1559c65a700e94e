from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class LicensingConfig(AppConfig):
    name = "licensing"
    verbose_name = _("Licensing")

    def ready(self):
        from licensing.accounts import signals  # noqa: F401  (registers the sign-in audit receivers)
        from licensing.accounts.roles import board_groups_sync
        from licensing.admin import accounts, records, schedules  # noqa: F401  (register their admins)
        from licensing.organizations import supply_ties

        # After every app migrates, since each app creates its own permissions in its post_migrate.
        post_migrate.connect(board_groups_sync, dispatch_uid="board_staff_permissions")
        # The organization's side of the supply-trade ties (30 DCMR 1401.13): who it names and who files for it.
        supply_ties.person_source_register("licensing.responsible_people", supply_ties.responsible_people_source)
        supply_ties.person_source_register("licensing.filing_users", supply_ties.filing_users_source)
