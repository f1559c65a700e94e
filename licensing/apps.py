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

        # After every app migrates, since each app creates its own permissions in its post_migrate.
        post_migrate.connect(board_groups_sync, dispatch_uid="board_staff_permissions")
