from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


def register_pack_load(sender, using="default", plan=None, **kwargs) -> None:
    """Load the keys the register has never held from settings.BOARD_RULEPACK (licensing.register.services)."""
    from django.conf import settings
    from django.db import connections

    from licensing.models.register import BoardNumber
    from licensing.register.services import pack_load_missing

    if BoardNumber._meta.db_table not in connections[using].introspection.table_names():
        return  # migrated to a point before the register existed
    pack_load_missing(path=settings.BOARD_RULEPACK)


class LicensingConfig(AppConfig):
    name = "licensing"
    verbose_name = _("Licensing")

    def ready(self):
        from licensing.accounts import signals  # noqa: F401  (registers the sign-in audit receivers)
        from licensing.accounts.roles import board_groups_sync
        from licensing.admin import accounts, records  # noqa: F401  (register their admins)
        from licensing.organizations import supply_ties

        # After every app migrates, since each app creates its own permissions in its post_migrate.
        post_migrate.connect(board_groups_sync, dispatch_uid="board_staff_permissions")
        # A fresh database (and a test database after a flush) takes the Board's numbers from the jurisdiction's pack.
        post_migrate.connect(register_pack_load, sender=self, dispatch_uid="board_rulepack")
        # The organization's side of the supply-trade ties (30 DCMR 1401.13): who it names and who files for it.
        supply_ties.person_source_register("licensing.responsible_people", supply_ties.responsible_people_source)
        supply_ties.person_source_register("licensing.filing_users", supply_ties.filing_users_source)
