"""The production profile: the static manifest is a deploy check, /healthz answers over plain
HTTP, the demo data (a published password) is never seeded, and the processes keep their database
connections as each server can (persistent in the WSGI workers, never under ASGI)."""

import os
import runpy
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
from core import sealing
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


def _run_production(script: str, *, setup: str = "import django; django.setup()\n",
                    **env) -> subprocess.CompletedProcess:
    inherited = {name: value for name, value in os.environ.items()
                 if name not in {"DATABASE_CONN_MAX_AGE", "LOG_ANCHOR_SIGNING_KEY", "PAYOUT_IDENTITY_KEYS"}}
    env = {**inherited, "DJANGO_SETTINGS_MODULE": "config.settings", "DJANGO_ENV": "production",
           "DJANGO_SECRET_KEY": "a-test-secret-" + "x" * 40, "DJANGO_ALLOWED_HOSTS": "testserver",
           "EVENT_LOG_KEY": "a-test-event-log-key-" + "y" * 40,
           "LOG_ANCHOR_SIGNING_KEY": "a-test-log-anchor-signing-key-" + "z" * 13,
           "PAYOUT_IDENTITY_KEYS": sealing.development_key("a-test-payout-identity-key"), **env}
    env = {name: value for name, value in env.items() if value is not None}
    return subprocess.run([sys.executable, "-c", setup + script], env=env,
                          cwd=Path(settings.BASE_DIR), capture_output=True, text=True, timeout=120, check=False)


def _production(script: str, **options) -> str:
    run = _run_production(script, **options)
    assert run.returncode == 0, run.stderr
    return run.stdout.split()


def test_production_needs_a_log_anchor_signing_key_of_its_own():
    # Like EVENT_LOG_KEY: no development default in production, and a key that is no key stops the process.
    assert "LOG_ANCHOR_SIGNING_KEY" in _run_production("", LOG_ANCHOR_SIGNING_KEY=None).stderr
    bad = _run_production("", LOG_ANCHOR_SIGNING_KEY="too-short")
    assert bad.returncode != 0 and "LOG_ANCHOR_SIGNING_KEY: the private key is" in bad.stderr
    assert _production("from django.core.management import call_command\ncall_command('log_anchor_key')\n") == [
        "eNMQx9GFbuY5zx-B6iqVLyOq0WmvOzYJBiNLSgM6t4k"]  # the public key of the key given above


def test_the_deploy_check_refuses_the_development_signing_key(settings):
    from core.checks import log_anchor_signing_key_is_not_the_development_one
    from core.signing import development_key, new_private_key

    settings.LOG_ANCHOR_SIGNING_KEY = development_key(settings.DEV_LOG_ANCHOR_KEY_LABEL)
    assert [warning.id for warning in log_anchor_signing_key_is_not_the_development_one()] == ["core.W003"]
    settings.LOG_ANCHOR_SIGNING_KEY = new_private_key()
    assert log_anchor_signing_key_is_not_the_development_one() == []


CONNECTION = "from django.conf import settings\nprint(settings.DATABASES['default']['CONN_MAX_AGE'], " \
             "settings.DATABASES['default']['CONN_HEALTH_CHECKS'])\n"


def test_production_keeps_database_connections_and_checks_them_after_an_error():
    assert _production(CONNECTION) == ["600", "True"]
    assert _production(CONNECTION, DATABASE_CONN_MAX_AGE="60") == ["60", "True"]


def test_the_asgi_servers_never_keep_a_database_connection():
    # Django runs each ASGI request on a thread of its own: a kept connection would never be reused.
    assert _production(CONNECTION, setup="import config.asgi\n", DATABASE_CONN_MAX_AGE="600") == ["0", "True"]


def test_gunicorn_serves_http_through_wsgi_with_a_keepalive_longer_than_the_proxy():
    root = Path(settings.BASE_DIR)
    config = runpy.run_path(str(root / "config" / "gunicorn.py"))
    assert (config["worker_class"], config["wsgi_app"]) == ("gthread", "config.wsgi:application")
    assert config["keepalive"] > 60 and config["threads"] > 1  # 60 s: the proxy's idle timeout
    # gunicorn itself reads the file and loads the application from it.
    run = subprocess.run([str(Path(sys.executable).parent / "gunicorn"), "--check-config", "--config",
                          "config/gunicorn.py"], cwd=root, capture_output=True, text=True, timeout=120, check=False,
                         env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"})
    assert run.returncode == 0, run.stderr


@pytest.mark.parametrize("entry_point", ["config.wsgi", "config.asgi"])
def test_a_server_process_freezes_what_it_loaded_views_included(entry_point):
    # Full garbage collections would otherwise walk every module, model and view again (config/startup.py).
    frozen, views_loaded = _production(
        "import gc, sys\n"
        "print(gc.get_freeze_count(), 'licensing.views' in sys.modules)\n", setup=f"import {entry_point}\n")
    assert int(frozen) > 50_000 and views_loaded == "True"


def test_gunicorn_serves_the_asgi_application_with_uvicorn_workers(monkeypatch):
    monkeypatch.setenv("GUNICORN_WORKER_CLASS", "uvicorn.workers.UvicornWorker")
    config = runpy.run_path(str(Path(settings.BASE_DIR) / "config" / "gunicorn.py"))
    assert config["wsgi_app"] == "config.asgi:application"


def test_healthz_is_not_redirected_to_https_in_production():
    healthz, home = _production(
        "from django.test import Client\n"
        "client = Client()\n"
        "print(client.get('/healthz').status_code, client.get('/').status_code)\n")
    assert home == "301"  # everything else still goes to HTTPS
    assert healthz in ("200", "503")  # the probe gets its answer, healthy or not, over HTTP


@pytest.mark.django_db
@pytest.mark.parametrize("parts", [[], ["--only", "world"], ["--only", "bingo"], ["--only", "tournaments"]])
def test_demo_data_is_refused_in_production(parts):
    with override_settings(DJANGO_ENV="production"), pytest.raises(CommandError, match="DJANGO_ENV is 'production'"):
        call_command("seed_demo", *parts)
    assert not User.objects.exists()



def test_the_settings_import_no_app_and_spell_core_signings_development_key_out():
    # A setting an app must validate is checked in its AppConfig.ready() (the signing key: core.apps).
    from core.signing import development_key

    script = ("import sys, config.settings as s\n"
              "print(s.LOG_ANCHOR_SIGNING_KEY, [name for name in sys.modules if name.split('.')[0] in "
              "{'core', 'licensing', 'vendors', 'bingo', 'montecarlo'}])\n")
    env = {name: value for name, value in os.environ.items() if name not in {"LOG_ANCHOR_SIGNING_KEY", "DJANGO_ENV"}}
    run = subprocess.run([sys.executable, "-c", script], env=env, cwd=Path(settings.BASE_DIR), capture_output=True,
                         text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == [development_key(settings.DEV_LOG_ANCHOR_KEY_LABEL), "[]"]


STATIC_STORAGE = "from django.conf import settings\nprint(settings.STORAGES['staticfiles']['BACKEND'])\n"


def test_production_compresses_its_static_files_unless_told_not_to():
    # The manifest either way (config.E001 looks for it); `make check-deploy` collects without the compressed copies.
    assert _production(STATIC_STORAGE) == ["whitenoise.storage.CompressedManifestStaticFilesStorage"]
    assert _production(STATIC_STORAGE, DJANGO_STATIC_COMPRESS="false") == [
        "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"]
