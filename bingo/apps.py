from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BingoConfig(AppConfig):
    name = "bingo"
    verbose_name = _("Bingo")

    def ready(self):
        from bingo.live.kit import KIT_KIND
        from bingo.live.verify import operation_logs, operation_problems
        from bingo.planning.checks import workers_on_duty_people
        from bingo.planning.selectors import upcoming_operations
        from licensing.audit.scopes import LogScope, log_scope_register
        from licensing.hall.kinds import kit_kind_register
        from licensing.home.events import upcoming_events_register
        from licensing.organizations.supply_ties import person_source_register

        # Workers on duty may not own a share of a vendor (30 DCMR 1401.13): licensing's review sees them.
        person_source_register("bingo.workers_on_duty", workers_on_duty_people)
        # The organization's home lists its coming operations (licensing imports no bingo).
        upcoming_events_register("bingo.operations", upcoming_operations)
        # An operation's kit for hall mode: what the hall needs of it offline (licensing imports no bingo).
        kit_kind_register(KIT_KIND)
        # `verify_logs --operation ID` checks every game's log of an operation (licensing imports no bingo).
        log_scope_register(LogScope(name="operation", help="every game's log of this bingo operation, then every "
                                    "game replayed through the engine", logs=operation_logs,
                                    whole=operation_problems,
                                    whole_ok="every claim and every result replays to what was recorded"))
