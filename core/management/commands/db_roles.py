"""`python manage.py db_roles [--app-role NAME] [--apply]`: the least-privilege setup for
PostgreSQL. Migrations run as the role that owns the tables; the application connects as a role
that owns nothing, may read and write the ordinary tables, and may only SELECT and INSERT on the
append-only ones (every log): it can neither change nor remove a row, nor TRUNCATE, nor switch
a trigger off (only an owner can). Prints the SQL, or applies it to the database of
DATABASE_URL with --apply. Run it again after every migrate: new tables need their grants."""

import re

from django.apps import apps
from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from core.models import AppendOnlyModel

ROLE_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


def append_only_tables() -> list[str]:
    return sorted(model._meta.db_table for model in apps.get_models() if issubclass(model, AppendOnlyModel))


def role_sql(*, app_role: str, database: str) -> list[str]:
    tables = ", ".join(append_only_tables())
    return [
        # Created without a password: set one with ALTER ROLE ... PASSWORD, or use your cluster's auth.
        f"DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '{app_role}') THEN "
        f"CREATE ROLE {app_role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION; END IF; END $$",
        f"ALTER ROLE {app_role} NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS",
        f'GRANT CONNECT ON DATABASE "{database}" TO {app_role}',
        f"REVOKE CREATE ON SCHEMA public FROM {app_role}",
        f"GRANT USAGE ON SCHEMA public TO {app_role}",
        f"REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {app_role}",
        f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {app_role}",
        f"REVOKE UPDATE, DELETE, TRUNCATE ON TABLE {tables} FROM {app_role}",
        f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {app_role}",
    ]


class Command(BaseCommand):
    help = "Print (or apply) the PostgreSQL grants of the least-privilege application role."

    def add_arguments(self, parser):
        parser.add_argument("--app-role", default="cg_app", help="the role the application connects as")
        parser.add_argument("--apply", action="store_true", help="run the SQL on the database of DATABASE_URL")

    def handle(self, *args, app_role: str, apply: bool, **options):
        if not ROLE_NAME.match(app_role):
            raise CommandError(f"--app-role {app_role!r}: a role name is lower-case letters, digits and _")
        if connection.vendor != "postgresql":
            raise CommandError("db_roles is for PostgreSQL (DATABASE_URL=postgres://...); SQLite has no roles")
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_user, current_database()")
            current, database = cursor.fetchone()
        if current == app_role:
            raise CommandError(f"connected as {app_role}: run db_roles as the tables' owner, not as the application")
        statements = role_sql(app_role=app_role, database=database)
        if not apply:
            self.stdout.write(f"-- run as {current} (the owner) on {database}, after every migrate\n"
                              + ";\n".join(statements) + ";")
            return
        with connection.cursor() as cursor:
            for statement in statements:
                cursor.execute(statement)
        self.stdout.write(f"{app_role}: SELECT and INSERT only on {len(append_only_tables())} append-only tables")
