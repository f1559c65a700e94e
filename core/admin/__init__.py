"""An admin site that audits every change and keeps some models for superusers.

Every ModelAdmin registered on it, ours and third-party apps' alike, gets `AuditedAdminMixin` mixed in:
an addition, a change (its inlines and many-to-many fields included), a password change, a deletion and
a bulk action each reach `AuditedAdminSite.audit_record`, which the project's site implements (core
imports no app). Every admin request that may write runs in one transaction, so the record commits or
rolls back with the change.

`superuser_only` names the app labels ("auth") and model labels ("licensing.user") that only a superuser
may open. The ModelAdmins refuse everyone else themselves, whatever permissions their groups hold: a
permission granted by mistake still opens nothing."""

from functools import update_wrapper

from django.contrib import admin
from django.contrib.auth.forms import AdminPasswordChangeForm
from django.db import transaction
from django.db.models import Model

from core.admin.changes import NOT_RECORDED, form_changes, formset_changes, object_label

READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_CHANGES = "_admin_audit_changes"  # request attribute: construct_change_message -> log_addition/log_change


def _about(model, obj: Model | None) -> dict:
    """The start of every admin audit payload: which model, and which row when there is one."""
    about = {"model": model._meta.label_lower}
    if obj is not None:
        about |= {"object_id": str(obj.pk), "object": object_label(obj)}
    return about


class AuditedAdminMixin:
    def _refused(self, request, model=None) -> bool:
        return not request.user.is_superuser and self.admin_site.is_superuser_only(model or self.model)

    # --- Superuser-only models: refused before any permission is looked at ---
    def has_module_permission(self, request):
        return not self._refused(request) and super().has_module_permission(request)

    def has_view_permission(self, request, obj=None):
        return not self._refused(request) and super().has_view_permission(request, obj)

    def has_add_permission(self, request, *args, **kwargs):
        return not self._refused(request) and super().has_add_permission(request, *args, **kwargs)

    def has_change_permission(self, request, obj=None):
        return not self._refused(request) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return not self._refused(request) and super().has_delete_permission(request, obj)

    def get_inline_instances(self, request, obj=None):
        # An inline of a superuser-only model (memberships on an organization) is not even in the form,
        # so a POST of its rows is never read.
        inlines = super().get_inline_instances(request, obj)
        return [inline for inline in inlines if not self._refused(request, inline.model)]

    # --- Audit ---
    def construct_change_message(self, request, form, formsets, add=False):
        # The admin calls this after saving, just before log_addition or log_change: keep what changed.
        setattr(request, _CHANGES, {
            "password": isinstance(form, AdminPasswordChangeForm),
            "fields": form_changes(form),
            "inlines": formset_changes(formsets),
        })
        return super().construct_change_message(request, form, formsets, add)

    def _record(self, request, *, event_type: str, obj: Model | None, **payload) -> None:
        self.admin_site.audit_record(event_type=event_type, actor=request.user, target=obj,
                                     payload=_about(self.model, obj) | payload)

    def _record_form(self, request, obj, *, added: bool) -> None:
        changes = getattr(request, _CHANGES, None) or {"password": False, "fields": {}, "inlines": []}
        if hasattr(request, _CHANGES):
            delattr(request, _CHANGES)
        event_type = ("admin.object_added" if added else
                      "admin.password_changed" if changes["password"] else "admin.object_changed")
        self._record(request, event_type=event_type, obj=obj, fields=changes["fields"], inlines=changes["inlines"])

    def log_addition(self, request, obj, message):
        entry = super().log_addition(request, obj, message)
        self._record_form(request, obj, added=True)
        return entry

    def log_change(self, request, obj, message):
        entry = super().log_change(request, obj, message)
        self._record_form(request, obj, added=False)
        return entry

    def log_deletions(self, request, queryset):
        # Called before the rows go (the delete view and the bulk "delete selected" action).
        for obj in queryset:
            self._record(request, event_type="admin.object_deleted", obj=obj)
        return super().log_deletions(request, queryset)

    def get_actions(self, request):
        actions = super().get_actions(request)
        return {name: (self._audited_action(func, name), name, description)
                for name, (func, _name, description) in actions.items()}

    @staticmethod
    def _audited_action(func, name: str):
        if name == "delete_selected":
            return func  # its deletions are recorded one by one by log_deletions

        def run(modeladmin, request, queryset):
            ids = [str(pk) for pk in queryset.values_list("pk", flat=True)]
            response = func(modeladmin, request, queryset)
            modeladmin._record(request, event_type="admin.action_run", obj=None, action=name, object_ids=ids)
            return response

        return update_wrapper(run, func)


class AuditedAdminSite(admin.AdminSite):
    superuser_only: frozenset[str] = frozenset()

    def is_superuser_only(self, model) -> bool:
        return model._meta.app_label in self.superuser_only or model._meta.label_lower in self.superuser_only

    def register(self, model_or_iterable, admin_class=None, **options):
        admin_class = admin_class or admin.ModelAdmin
        if not issubclass(admin_class, AuditedAdminMixin):
            admin_class = type(admin_class.__name__, (AuditedAdminMixin, admin_class),
                               {"__module__": admin_class.__module__, "__doc__": admin_class.__doc__})
        super().register(model_or_iterable, admin_class, **options)

    def admin_view(self, view, cacheable=False):
        def in_transaction(request, *args, **kwargs):
            if request.method in READ_METHODS:
                return view(request, *args, **kwargs)
            with transaction.atomic():
                return view(request, *args, **kwargs)

        return super().admin_view(update_wrapper(in_transaction, view), cacheable)

    def password_change(self, request, extra_context=None):
        # The admin's own "change my password" page: a success is its redirect to the done page.
        response = super().password_change(request, extra_context)
        if request.method == "POST" and response.status_code == 302:
            user = request.user
            changes = {"fields": {"password": NOT_RECORDED}, "inlines": []}
            self.audit_record(event_type="admin.password_changed", actor=user, target=user,
                              payload=_about(user._meta.model, user) | changes)
        return response

    def audit_record(self, *, event_type: str, actor, target: Model | None, payload: dict) -> None:
        """Write one audit event inside the current transaction: the project's site says where."""
        raise NotImplementedError("the project's admin site records its audit events")


class ReadOnlyAdmin(admin.ModelAdmin):
    """For records written only through services (checks, audit events) or appended to a log: the admin
    looks them up and never adds, changes or deletes one."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
