"""Django's makemessages, also reading the project's short names of gettext_lazy: `_l`
(licensing/reports/content/schema.py, montecarlo/tables/views.py) and `_lazy` (licensing/reports/services.py).
Without them xgettext skips every string marked so, and the Spanish reader sees them in English (the financial
report's parts, columns and help text: issue 26, journey 3)."""

from django.core.management.commands.makemessages import Command as MakeMessagesCommand


class Command(MakeMessagesCommand):
    xgettext_options = [*MakeMessagesCommand.xgettext_options, "--keyword=_l", "--keyword=_lazy"]
