"""Django's admin app with the Board's site as the default one (INSTALLED_APPS names this instead of
"django.contrib.admin"), so every `admin.register` of every app lands on the audited site."""

from django.contrib.admin.apps import AdminConfig


class BoardAdminConfig(AdminConfig):
    default_site = "licensing.admin.site.BoardAdminSite"
