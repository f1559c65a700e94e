from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MontecarloConfig(AppConfig):
    name = "montecarlo"
    verbose_name = _("Monte Carlo Night")

    def ready(self):
        from licensing.audit.scopes import LogScope, log_scope_register
        from licensing.hall.kinds import kit_kind_register
        from licensing.home.events import upcoming_events_register
        from montecarlo.nights.kit import KIT_KIND
        from montecarlo.nights.selectors import upcoming_nights
        from montecarlo.tables.verify import night_id_problems, night_logs
        from montecarlo.tournaments.selectors import upcoming_tournaments
        from montecarlo.tournaments.verify import tournament_logs

        # The organization's home lists its coming nights and tournaments (licensing imports no Monte Carlo).
        # Nights first: on a tie (same day, time and title) the home lists the night before the tournament.
        upcoming_events_register("montecarlo.nights", upcoming_nights)
        upcoming_events_register("montecarlo.tournaments", upcoming_tournaments)
        # A night's kit for hall mode: what the hall needs of it offline (licensing imports no Monte Carlo).
        kit_kind_register(KIT_KIND)
        # `verify_logs --tournament ID` and `--night ID` check one record's logs (licensing imports no Monte Carlo).
        log_scope_register(LogScope(name="tournament", help="this Hold'em tournament's log", logs=tournament_logs))
        log_scope_register(LogScope(
            name="night", help="this Monte Carlo Night's chip ledgers, table logs and jackpots, then that the tables' "
            "logs replay to the ledgers and that the chips balance", logs=night_logs, whole=night_id_problems,
            whole_ok="the tables' logs replay to the ledgers, and the chips balance"))
