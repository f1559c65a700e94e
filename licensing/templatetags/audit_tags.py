"""The audit trail on portal pages: what a person reads for an event's stored type."""

from django import template

from licensing.audit.types import event_type_label

register = template.Library()


@register.filter
def event_label(event_type: str) -> str:
    """One label for a type's spelling today and any older one stored before a rename."""
    return event_type_label(event_type)
