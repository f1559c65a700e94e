"""Admin views of the licensing records, for board staff to look things up.

Writes go through the portal and the services (checks, audit events); here the records are
read-only, and nothing is ever deleted."""

from django.contrib import admin

from core.admin import ReadOnlyAdmin
from licensing.models import (
    Application,
    AuditEvent,
    BoardNumber,
    Decision,
    DeficiencyNotice,
    Document,
    EnforcementAction,
    License,
    OrganizationMember,
    Premises,
    ResponsiblePerson,
    Vote,
)


@admin.register(AuditEvent)
class AuditEventAdmin(ReadOnlyAdmin):
    """Read-only: the admin can look at the trail and never change it."""

    list_display = ["created_at", "event_type", "actor", "organization", "object_type", "object_id", "request_id"]
    list_filter = ["event_type"]
    search_fields = ["event_type", "object_id", "request_id", "actor__email"]
    date_hierarchy = "created_at"
    list_select_related = ["actor", "organization"]


@admin.register(Application)
class ApplicationAdmin(ReadOnlyAdmin):
    list_display = ["pk", "organization", "license_type", "license_class", "kind", "status", "submitted_at"]
    list_filter = ["license_type", "status", "kind"]
    search_fields = ["organization__name", "pk"]
    list_select_related = ["organization"]
    date_hierarchy = "created_at"


@admin.register(License)
class LicenseAdmin(ReadOnlyAdmin):
    list_display = ["number", "organization", "license_type", "license_class", "status", "effective_on", "expires_on"]
    list_filter = ["license_type", "status"]
    search_fields = ["number", "organization__name"]
    list_select_related = ["organization"]


@admin.register(EnforcementAction)
class EnforcementActionAdmin(ReadOnlyAdmin):
    list_display = ["license", "kind", "starts_on", "ends_on", "fine_amount", "issued_at"]
    list_filter = ["kind"]


@admin.register(DeficiencyNotice)
class DeficiencyNoticeAdmin(ReadOnlyAdmin):
    list_display = ["application", "cure_by", "issued_at", "cured_at", "expired_at"]


@admin.register(Vote)
class VoteAdmin(ReadOnlyAdmin):
    list_display = ["application", "member", "choice", "cast_at"]
    list_filter = ["choice"]


@admin.register(Decision)
class DecisionAdmin(ReadOnlyAdmin):
    list_display = ["application", "approved", "ayes", "nays", "decided_at"]


@admin.register(Premises)
class PremisesAdmin(ReadOnlyAdmin):
    list_display = ["name", "street_address", "postal_code", "certificate_of_occupancy"]
    search_fields = ["name", "street_address"]


@admin.register(OrganizationMember)
class OrganizationMemberAdmin(ReadOnlyAdmin):
    list_display = ["full_name", "organization", "is_active"]
    search_fields = ["full_name", "organization__name"]


@admin.register(ResponsiblePerson)
class ResponsiblePersonAdmin(ReadOnlyAdmin):
    list_display = ["full_name", "organization", "role", "is_current"]


@admin.register(Document)
class DocumentAdmin(ReadOnlyAdmin):
    list_display = ["original_name", "organization", "kind", "content_type", "size", "uploaded_at"]
    list_filter = ["kind"]
    exclude = ["file"]  # files are served only through the scoped download view


@admin.register(BoardNumber)
class BoardNumberAdmin(ReadOnlyAdmin):
    """Read-only: the Board changes its numbers on the portal's Rules and fees page, four eyes and audited."""

    list_display = ["key", "value", "effective_from", "effective_to", "status", "citation", "proposed_by",
                    "decided_by"]
    list_filter = ["status"]
    search_fields = ["key", "citation", "reason"]
    list_select_related = ["proposed_by", "decided_by"]
