"""The production profile: the static manifest is a deploy check, /healthz answers over plain
HTTP, and the demo data (a published password) is never seeded."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.management import call_command
from django.core.management.base import CommandError, SystemCheckError
from django.test import override_settings

from config.checks import STATIC_MANIFEST_MISSING, static_manifest_check
from licensing.models import User

MANIFEST_STORAGE = {
    "default": {"BACKEND": "django.core.files.storage.InMemoryStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}


def test_a_missing_static_manifest_fails_the_deploy_check(tmp_path):
    with override_settings(STORAGES=MANIFEST_STORAGE, STATIC_ROOT=str(tmp_path)):
        [error] = static_manifest_check()
        assert error.id == STATIC_MANIFEST_MISSING and "collectstatic" in error.hint
        with pytest.raises(SystemCheckError, match="config.E001"):
            call_command("check", deploy=True, tags=["staticfiles"])

        staticfiles_storage.save_manifest()  # what collectstatic writes last
        assert (tmp_path / staticfiles_storage.manifest_name).exists()
        assert static_manifest_check() == []
        call_command("check", deploy=True, tags=["staticfiles"])


def test_the_check_leaves_development_storage_alone():
    # The test and development profiles serve files from the finders: no manifest is needed.
    assert static_manifest_check() == []


def _production(script: str) -> str:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "DJANGO_ENV": "production",
           "DJANGO_SECRET_KEY": "a-test-secret-" + "x" * 40, "DJANGO_ALLOWED_HOSTS": "testserver",
           "EVENT_LOG_KEY": "a-test-event-log-key-" + "y" * 40}
    run = subprocess.run([sys.executable, "-c", "import django; django.setup()\n" + script], env=env,
                         cwd=Path(settings.BASE_DIR), capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    return run.stdout.split()


def test_healthz_is_not_redirected_to_https_in_production():
    healthz, home = _production(
        "from django.test import Client\n"
        "client = Client()\n"
        "print(client.get('/healthz').status_code, client.get('/').status_code)\n")
    assert home == "301"  # everything else still goes to HTTPS
    assert healthz in ("200", "503")  # the probe gets its answer, healthy or not, over HTTP


@pytest.mark.django_db
@pytest.mark.parametrize("command", ["seed_demo", "seed_demo_bingo", "seed_demo_tournament"])
def test_demo_data_is_refused_in_production(command):
    with override_settings(DJANGO_ENV="production"), pytest.raises(CommandError, match="DJANGO_ENV is 'production'"):
        call_command(command)
    assert not User.objects.exists()
