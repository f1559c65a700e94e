from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BingoConfig(AppConfig):
    name = "bingo"
    verbose_name = _("Bingo")
