"""A statement that runs past PostgreSQL's statement_timeout: the page says the database is slow (503, Retry-After),
says truthfully whether anything was saved, and the next request works. The timeout itself is given to the web
processes only (config/settings.py DATABASE_STATEMENT_TIMEOUT_MS, set by config/wsgi.py and config/asgi.py).

Real timeouts only: the test's session gets a short statement_timeout and another session holds a lock on a table
the page reads, so PostgreSQL cancels the page's query."""

import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.db import connection, transaction
from django.urls import reverse

from core.database_failures import SavedWrites
from licensing.models import AuditEvent, Document, Organization
from tests.licensing.factories import PDF_BYTES, MembershipFactory, OrganizationFactory, upload
from tests.scale_out.database import API, PAGE, table_locked

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("postgresql_only")]

SHORT_MS = 300


@pytest.fixture
def short_timeout():
    """The test's own session cancels any statement after SHORT_MS (the test client runs in this thread)."""
    with connection.cursor() as cursor:
        cursor.execute(f"SET statement_timeout = {SHORT_MS}")
    yield
    connection.close()  # the next test's session starts without it


def test_a_page_waiting_past_the_timeout_says_the_database_is_slow_then_works(client, production, short_timeout,
                                                                               caplog):
    with table_locked():
        response = client.get(PAGE)
    page = response.content.decode()
    assert response.status_code == 503 and response["Retry-After"] == "60"
    assert '<h1 id="error-title">The database is slow right now</h1>' in page
    assert "This page took too long to prepare: the database is slow right now." in page
    assert "Nothing was changed; try again in a minute." in page
    [record] = [r for r in caplog.records if r.name == "core.database_failures"]
    assert record.levelname == "WARNING" and "QueryCanceled" in record.getMessage()
    assert client.get(PAGE).status_code == 200  # the lock is gone: the same session answers


def test_the_api_says_so_in_its_error_shape(client, production, short_timeout):
    with table_locked():
        response = client.get(API)
    assert response.status_code == 503 and response["Retry-After"] == "60"
    [error] = response.json()["errors"]
    assert error["code"] == "database_slow" and "took too long" in error["message"]
    assert client.get(API).status_code == 200


def test_a_cancelled_upload_is_rolled_back_and_the_page_says_nothing_was_saved(client, production, settings,
                                                                               tmp_path):
    """The document's row cannot be written while its table is locked: the upload's transaction rolls back, its
    file is removed, and the page says nothing was saved."""
    settings.STORAGES = {**settings.STORAGES, "default": {
        "BACKEND": "core.media_storage.WholeFileSystemStorage", "OPTIONS": {"location": str(tmp_path)}}}
    organization = OrganizationFactory()
    client.force_login(MembershipFactory(organization=organization).user)
    url = reverse("portal:organization_documents", args=[organization.pk])
    with connection.cursor() as cursor:
        cursor.execute(f"SET statement_timeout = {SHORT_MS}")
    try:
        with table_locked(Document._meta.db_table):
            response = client.post(url, {"kind": "bylaws", "file": upload("bylaws.pdf", PDF_BYTES)})
    finally:
        connection.close()
    page = response.content.decode()
    assert response.status_code == 503
    assert "Nothing was saved: what this page was saving was rolled back. Try again in a minute." in page
    assert not Document.objects.exists()
    assert not AuditEvent.objects.filter(event_type="licensing.document_uploaded").exists()
    assert [path for path in tmp_path.rglob("*") if path.is_file()] == []


def test_saved_writes_count_a_commit_and_not_a_rollback():
    """What the page's last sentence rests on: a write counts once it is committed, never when rolled back."""
    writes = SavedWrites()
    with connection.execute_wrapper(writes):
        with pytest.raises(RuntimeError), transaction.atomic():
            OrganizationFactory()
            raise RuntimeError("rolled back")
        assert writes.saved is False
        Organization.objects.filter(pk=0).exists()  # a read
        assert writes.saved is False
        with transaction.atomic():
            OrganizationFactory()
            assert writes.saved is False  # not yet committed
        assert writes.saved is True


# --- Who gets the timeout: the web processes, not the commands ---

def _statement_timeout_in_a_new_process(code: str, **env) -> str:
    database = connection.settings_dict
    url = f"postgres://{database['USER']}@{database['HOST']}:{database['PORT']}/{database['NAME']}"
    environment = {key: value for key, value in os.environ.items() if key != "DJANGO_WEB_PROCESS"}
    environment.update(DATABASE_URL=url, DJANGO_SETTINGS_MODULE="config.settings", **env)
    script = code + ("\nfrom django.db import connection\n"
                     "with connection.cursor() as c:\n    c.execute('SHOW statement_timeout'); print(c.fetchone()[0])")
    done = subprocess.run([sys.executable, "-c", script], env=environment, cwd=settings.BASE_DIR,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip().splitlines()[-1]


def test_the_wsgi_entry_point_gets_the_timeout_and_a_command_does_not():
    assert _statement_timeout_in_a_new_process("import config.wsgi", DATABASE_STATEMENT_TIMEOUT_MS="1234") == "1234ms"
    assert _statement_timeout_in_a_new_process("import django; django.setup()",
                                               DATABASE_STATEMENT_TIMEOUT_MS="1234") == "0"
