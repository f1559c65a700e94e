from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MontecarloConfig(AppConfig):
    name = "montecarlo"
    verbose_name = _("Monte Carlo Night")

    def ready(self):
        from licensing.home.events import upcoming_events_register
        from montecarlo.nights.selectors import upcoming_nights_and_tournaments

        # The organization's home lists its coming nights and tournaments (licensing imports no Monte Carlo).
        upcoming_events_register("montecarlo.nights_and_tournaments", upcoming_nights_and_tournaments)
