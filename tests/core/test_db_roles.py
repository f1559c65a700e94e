"""The least-privilege role on PostgreSQL: created by `db_roles --apply`, it reads and writes the
ordinary tables, and on the append-only tables may only SELECT and INSERT: UPDATE, DELETE,
TRUNCATE and switching a trigger off all fail, whatever the application's code does."""

import json
import os

import psycopg
import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.utils import timezone

from core.management.commands.db_roles import append_only_tables
from tests.conftest import need

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def app_role(keep_migrated_data):
    need(connection.vendor == "postgresql", "the least-privilege role is PostgreSQL's: set DATABASE_URL=postgres://...")
    role = f"cg_app_test_{os.getpid()}"
    call_command("db_roles", "--app-role", role, "--apply")
    settings = connection.settings_dict
    with psycopg.connect(host=settings["HOST"] or "127.0.0.1", port=settings["PORT"] or 5432,
                         dbname=settings["NAME"], user=role, autocommit=True) as app:
        yield app
    with connection.cursor() as cursor:
        cursor.execute(f"DROP OWNED BY {role}")
        cursor.execute(f"DROP ROLE {role}")


def refused(app, statement, params=()):
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        app.execute(statement, params)


def test_the_app_role_may_only_read_and_append_the_logs(app_role, organization):
    assert set(append_only_tables()) == {"licensing_auditevent", "licensing_loganchor", "bingo_gameevent",
                                         "montecarlo_tournamentevent", "licensing_raffledrawingevent",
                                         "montecarlo_chipledgerentry", "montecarlo_tableevent",
                                         "montecarlo_jackpotentry", "licensing_applicationmessage",
                                         "licensing_messageattachment",
                                         "licensing_feepayment", "licensing_feepaymentvoid", "licensing_feewaiver",
                                         "licensing_hallkit", "licensing_hallbundle", "licensing_halllogimport",
                                         "licensing_hallhead"}
    app_role.execute(
        "INSERT INTO licensing_auditevent (event_type, organization_id, object_type, object_id, payload, created_at,"
        " request_id, chain, seq, prev_hash, hash) VALUES ('test.appended', %s, '', '', %s, %s, '', %s, 1, '', 'x')",
        [organization.pk, json.dumps({}), timezone.now(), f"organization:{organization.pk}"])
    assert app_role.execute("SELECT count(*) FROM licensing_auditevent WHERE event_type = 'test.appended'"
                            ).fetchone() == (1,)
    for table in append_only_tables():
        refused(app_role, f"UPDATE {table} SET id = id")
        refused(app_role, f"DELETE FROM {table}")
        refused(app_role, f"TRUNCATE {table}")
        refused(app_role, f"ALTER TABLE {table} DISABLE TRIGGER USER")
        refused(app_role, f"ALTER TABLE {table} DISABLE TRIGGER ALL")
        refused(app_role, f"DROP TABLE {table}")
    refused(app_role, "SET session_replication_role = replica")
    refused(app_role, "CREATE TABLE escape_hatch (id int)")


def test_the_app_role_runs_the_ordinary_tables(app_role, organization):
    app_role.execute("UPDATE licensing_organization SET name = 'Renamed' WHERE id = %s", [organization.pk])
    # Services lock owner rows (a game, a tournament) with SELECT ... FOR UPDATE.
    app_role.execute("SELECT id FROM licensing_organization WHERE id = %s FOR UPDATE", [organization.pk])
    organization.refresh_from_db()
    assert organization.name == "Renamed"


def test_db_roles_prints_the_sql_and_checks_its_input(capsys):
    need(connection.vendor == "postgresql", "the least-privilege role is PostgreSQL's: set DATABASE_URL=postgres://...")
    call_command("db_roles", "--app-role", "cg_app")
    printed = capsys.readouterr().out
    assert ("REVOKE UPDATE, DELETE, TRUNCATE ON TABLE bingo_gameevent, licensing_applicationmessage, "
            "licensing_auditevent") in printed
    with pytest.raises(CommandError, match="--app-role"):
        call_command("db_roles", "--app-role", "x; DROP TABLE licensing_user")


def test_deploy_check_warns_unless_the_app_is_least_privileged(app_role):
    from core.checks import app_role_is_least_privileged

    [warning] = app_role_is_least_privileged(databases=["default"])  # the suite connects as a superuser
    assert warning.id == "core.W001" and "superuser" in warning.msg
    role = app_role.info.user
    with connection.cursor() as cursor:
        cursor.execute(f"SET ROLE {role}")
        try:
            assert app_role_is_least_privileged(databases=["default"]) == []
        finally:
            cursor.execute("RESET ROLE")
    assert app_role_is_least_privileged(databases=None) == []  # only when asked, like Django's own


@pytest.mark.parametrize("key,warned", [("dev-only-event-log-key-do-not-use-in-production", True), ("short", True),
                                         ("k" * 43, False)])
def test_deploy_check_wants_a_strong_event_log_key(settings, key, warned):
    from core.checks import event_log_key_is_strong

    settings.EVENT_LOG_KEY = key
    assert [warning.id for warning in event_log_key_is_strong()] == (["core.W002"] if warned else [])
