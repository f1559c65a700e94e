from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MontecarloConfig(AppConfig):
    name = "montecarlo"
    verbose_name = _("Monte Carlo Night")
