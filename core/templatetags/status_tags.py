"""A record's status as a coloured badge that also says it in words: `{% status_badge application %}`.

The colour is a second signal, never the only one (WCAG 1.4.1): the badge carries the status's label in the
reader's language. Tones group the status values every model uses (applications, licenses, reports,
drawings, nights, tournaments, approvals); a value not listed is shown in the neutral tone."""

from django import template
from django.utils.html import format_html

register = template.Library()

TONES = {
    "good": {"active", "approved", "accepted", "licensed", "drawn", "published", "awarded", "finished",
             "paid"},
    "waiting": {"draft", "submitted", "pending", "scheduled", "registering", "open", "running", "sales_closed",
                "witnessed", "counted"},
    "attention": {"deficient", "suspended", "overdue", "due"},
    "stop": {"denied", "revoked", "refused", "rejected"},
}


def status_tone(value: str) -> str:
    return next((tone for tone, values in TONES.items() if value in values), "neutral")


@register.simple_tag
def status_badge(record, field: str = "status"):
    value = getattr(record, field)
    label = getattr(record, f"get_{field}_display")()
    return format_html('<span class="status-badge tone-{} status-{}">{}</span>', status_tone(value), value, label)
