"""The project's own deployment checks, run by `manage.py check --deploy` (so `make test` and a
deploy script stop on them).

Registered from config/__init__.py, which every process imports with the settings; the imports sit
inside the check because settings are not configured yet when this module loads."""

from django.core.checks import Error, Tags, register

STATIC_MANIFEST_MISSING = "config.E001"


@register(Tags.staticfiles, deploy=True)
def static_manifest_check(app_configs=None, **kwargs) -> list[Error]:
    """Production serves static files through whitenoise's manifest storage: without the manifest
    written by collectstatic, every template's {% static %} raises and every HTML page is a 500."""
    from django.conf import settings
    from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage

    if not isinstance(staticfiles_storage, ManifestFilesMixin):
        return []
    if settings.STATIC_ROOT and staticfiles_storage.exists(staticfiles_storage.manifest_name):
        return []
    where = f"{settings.STATIC_ROOT}/{staticfiles_storage.manifest_name}" if settings.STATIC_ROOT else "STATIC_ROOT"
    return [Error(
        f"The static files manifest {where} is missing: every HTML page would answer 500.",
        hint="Run `python manage.py collectstatic --no-input` with the production settings before starting "
             "the server (see README, Deploy).",
        id=STATIC_MANIFEST_MISSING,
    )]
