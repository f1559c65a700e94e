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
        from licensing.audit.scopes import LogScope, log_scope_register
        from licensing.hall.drawing import KIT_KIND, drawing_heads_sign
        from licensing.hall.kinds import kit_kind_register
        from licensing.organizations import supply_ties
        from licensing.payouts.hooks import payout_paid_hook_register
        from licensing.reports.drawings.services import drawing_drawn_hook_register, drawing_prize_paid
        from licensing.reports.drawings.verify import drawing_logs, drawing_problems

        # After every app migrates, since each app creates its own permissions in its post_migrate.
        post_migrate.connect(board_groups_sync, dispatch_uid="board_staff_permissions")
        # A fresh database (and a test database after a flush) takes the Board's numbers from the jurisdiction's pack.
        post_migrate.connect(register_pack_load, sender=self, dispatch_uid="board_rulepack")
        # The organization's side of the supply-trade ties (30 DCMR 1401.13): who it names and who files for it.
        supply_ties.person_source_register("licensing.responsible_people", supply_ties.responsible_people_source)
        supply_ties.person_source_register("licensing.filing_users", supply_ties.filing_users_source)
        # A raffle drawing's kit for hall mode (raffle-drawing/2 only), and the drawing log's head signed as it is
        # drawn at the hall (the drawings import no hall mode).
        kit_kind_register(KIT_KIND)
        drawing_drawn_hook_register("licensing.hall", drawing_heads_sign)
        # A raffle prize paid at the desk: its value goes to the raffle's report (the drawing knows only the tickets).
        payout_paid_hook_register("raffle", drawing_prize_paid)
        # `verify_logs --drawing ID` checks the drawing's log, then the drawing as published through its engine.
        log_scope_register(LogScope(name="drawing", help="the log of this raffle drawing, then the drawing as "
                                    "published replayed through the engine", logs=drawing_logs,
                                    whole=drawing_problems,
                                    whole_ok="the published drawing replays to the winners recorded"))
