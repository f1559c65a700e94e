"""The read replica (core.replica, DATABASE_REPLICA_URL): the Board's dashboard, its exports and the other marked
pages read from it; every write, every other page, and every read inside a transaction or after a write in the
same request go to the primary; a replica that does not answer leaves the pages on the primary; without the setting
nothing routes anywhere else.

The replica is a real second PostgreSQL database: a copy of this worker's test database made at a moment of the
test (CREATE DATABASE ... TEMPLATE), what a streaming standby holds when it lags. Rows written on the primary after
the copy are the lag: a page that shows the copy's figures read the replica. Only these tests pay for the copy; the
rest of the suite has no `replica` alias at all."""

import copy
import csv
import datetime as dt
import io
import logging
import os
import runpy
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import Group
from django.contrib.sessions.models import Session
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.urls import resolve, reverse
from rest_framework.authtoken.models import Token

from core import replica as replica_module
from core.replica import REPLICA, ReplicaRouter, replica_reads
from licensing.audit.events import audit_event_record
from licensing.models import AuditEvent, Organization, Report, User
from tests.conftest import free_port, need
from tests.licensing.board.factories import bingo_license, filed
from tests.licensing.factories import OrganizationFactory, board_staff
from tests.migrated_data import forget_pristine, keep_pristine_of_copy

DAY = dt.date(2026, 3, 5)


class Replica:
    """A second database on the primary's server, `<the worker's test database>_replica`, installed as the `replica`
    alias (as config/settings.py makes it from DATABASE_REPLICA_URL) while this module runs."""

    def __init__(self):
        self.primary = connections[DEFAULT_DB_ALIAS]
        self.source = self.primary.settings_dict["NAME"]
        self.name = f"{self.source}_replica"[:63]
        self.settings = {**copy.deepcopy(self.primary.settings_dict), "NAME": self.name}

    def _quoted(self, name: str) -> str:
        return self.primary.ops.quote_name(name)

    def install(self, settings_dict: dict | None = None) -> None:
        self.uninstall()
        connections.settings[REPLICA] = settings_dict or self.settings

    def uninstall(self) -> None:
        if REPLICA in connections.settings:
            connections[REPLICA].close()
            del connections[REPLICA]
            del connections.settings[REPLICA]

    def copy_primary(self) -> None:
        """The replica becomes a copy of the primary as it is now. The template must have no other session: this
        thread's connection is closed first (the next query opens it again)."""
        connections[REPLICA].close()
        self.primary.close()
        with self.primary._nodb_cursor() as cursor:
            cursor.execute(f"DROP DATABASE IF EXISTS {self._quoted(self.name)} WITH (FORCE)")
            # In the whole suite an earlier test of this worker may have left a session open on its database (a
            # server thread's idle connection): the copy needs none, and that idle one is ended.
            cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                           " WHERE datname = %s AND pid <> pg_backend_pid()", [self.source])
            cursor.execute(f"CREATE DATABASE {self._quoted(self.name)} TEMPLATE {self._quoted(self.source)}")

    def unreachable(self) -> None:
        """The alias pointed at a port where nothing listens."""
        self.install({**self.settings, "HOST": "127.0.0.1", "PORT": str(free_port())})

    def drop(self) -> None:
        self.uninstall()
        with self.primary._nodb_cursor() as cursor:
            cursor.execute(f"DROP DATABASE IF EXISTS {self._quoted(self.name)} WITH (FORCE)")


@pytest.fixture(scope="module")
def replica_database(django_db_setup, django_db_blocker):
    """The replica for this module's tests, made once from the migrated test database: its alias must exist before
    each test's database set-up, which lists it (REPLICA_DB), and each transactional test puts its migrated rows back
    as it ends, as on the primary (tests/migrated_data.py)."""
    need(connections[DEFAULT_DB_ALIAS].vendor == "postgresql",
         "the read replica's tests need PostgreSQL: export DATABASE_URL=postgres://...")
    with django_db_blocker.unblock():
        made = Replica()
        made.install()
        made.copy_primary()
        keep_pristine_of_copy(connections[REPLICA])
    yield made
    with django_db_blocker.unblock():
        forget_pristine(connections[REPLICA])
        made.drop()


# Transactional: the copy sees what the test committed on the primary, and the router reads the primary in any atomic
# block, a test's own included.
REPLICA_DB = pytest.mark.django_db(transaction=True, databases=[DEFAULT_DB_ALIAS, REPLICA])


@pytest.fixture
def replica(replica_database, transactional_db, monkeypatch):
    monkeypatch.setattr(replica_module, "_down_until", 0.0)
    yield replica_database
    replica_database.install()  # a test that pointed it elsewhere: back, for the reset at the test's end


@pytest.fixture
def no_replica():
    """No `replica` alias, as without DATABASE_REPLICA_URL (another test of the module may have installed it)."""
    kept = connections.settings.pop(REPLICA, None)
    yield
    if kept is not None:
        connections.settings[REPLICA] = kept


def text_of(response) -> str:
    assert response.status_code == 200, response.content[:2000]
    return response.content.decode()


def csv_column(response, column: str) -> list[str]:
    return [row[column] for row in csv.DictReader(io.StringIO(text_of(response)))]


@pytest.fixture
def lagging(replica):
    """Report of "Copied Club" on both databases; then, on the primary only, a report of "Lagged Club" (the rows
    the replica has not replayed yet). Board staff, their session and their groups exist on the primary only."""
    copied = bingo_license(organization=OrganizationFactory(name="Copied Club"))
    filed(copied, DAY, admissions=100)
    replica.copy_primary()
    lagged = bingo_license(organization=OrganizationFactory(name="Lagged Club"))
    filed(lagged, DAY, admissions=300)
    assert Report.objects.using(REPLICA).filter(organization__name="Lagged Club").count() == 0
    assert Report.objects.using(DEFAULT_DB_ALIAS).filter(organization__name="Lagged Club").count() == 1
    return lagged.organization


@REPLICA_DB
def test_the_board_dashboard_page_and_api_read_the_replica(client, lagging):
    client.force_login(board_staff())
    page = text_of(client.get(reverse("portal:board_dashboard"), {"year": DAY.year}))
    assert "Copied Club" in page and "Lagged Club" not in page

    body = client.get(reverse("board-dashboard"), {"year": DAY.year}).json()
    assert [row["name"] for row in body["organizations"]] == ["Copied Club"]
    assert body["total"]["reports"] == 1


@REPLICA_DB
def test_the_exports_page_file_and_api_read_the_replica(client, lagging):
    client.force_login(board_staff())
    page = text_of(client.get(reverse("portal:report_exports")))
    assert "Copied Club" in page and "Lagged Club" not in page  # the choice of organization

    portal = client.get(reverse("portal:report_export", args=["reports", "csv"]))
    assert csv_column(portal, "organization") == ["Copied Club"]
    api = client.get(reverse("reports-export", args=["reports", "csv"]))
    assert csv_column(api, "organization") == ["Copied Club"]


@REPLICA_DB
def test_the_public_charity_totals_read_the_replica(client, lagging):
    body = client.get(reverse("public-charity-totals"), {"year": DAY.year}).json()
    assert [row["name"] for row in body["organizations"]] == ["Copied Club"]
    csv_file = client.get(reverse("public:charity_totals_csv"))
    assert "Copied Club" in text_of(csv_file) and "Lagged Club" not in text_of(csv_file)


@REPLICA_DB
def test_every_other_page_reads_the_primary(client, lagging):
    client.force_login(board_staff())
    # The organization's own figures (its officers read them right after filing) and the report list.
    page = text_of(client.get(reverse("portal:organization_figures", args=[lagging.pk]), {"year": DAY.year}))
    assert "Lagged Club" in page and "$1,250.00" in page  # 300 admissions at $4.00 and 50 cards at $1.00
    assert "Lagged Club" in text_of(client.get(reverse("portal:report_list")))


@REPLICA_DB
def test_a_write_in_the_scope_lands_on_the_primary_and_is_read_back_from_it(lagging):
    """An export that records an audit event: the event (and the read of its log's head, inside its transaction)
    on the primary; the scope's reads after it on the primary too, the replica not having the row yet."""
    staff = board_staff()
    with replica_reads():
        assert Organization.objects.filter(name="Lagged Club").exists() is False  # read from the replica
        # Lagged Club's log: its rows since the copy are on the primary only, so its head is read there.
        event = audit_event_record(event_type="report.exported", actor=staff, organization=lagging,
                                   payload={"dataset": "reports"})
        assert AuditEvent.objects.filter(pk=event.pk).exists()  # read back: from the primary
        assert Organization.objects.filter(name="Lagged Club").exists()  # every read after the write
    assert AuditEvent.objects.using(DEFAULT_DB_ALIAS).filter(pk=event.pk).exists()
    assert not AuditEvent.objects.using(REPLICA).filter(pk=event.pk).exists()
    assert event.seq == AuditEvent.objects.using(DEFAULT_DB_ALIAS).filter(chain=event.chain).count() > 1


@REPLICA_DB
def test_reads_in_a_transaction_and_for_update_read_the_primary(lagging):
    with replica_reads():
        assert Report.objects.count() == 1  # the replica's one report
        with transaction.atomic():
            assert Report.objects.count() == 2
        assert Report.objects.count() == 1  # out of the transaction, nothing written: the replica again
        with transaction.atomic():
            assert Report.objects.select_for_update().filter(organization=lagging).count() == 1
        assert Report.objects.count() == 2  # a lock taken counts as a write: the primary from then on
    assert Report.objects.count() == 2  # out of the scope


def test_the_router_without_a_replica_answers_nothing(db, no_replica):
    assert REPLICA not in settings.DATABASES and not replica_module.configured()
    router = ReplicaRouter()
    with replica_reads():
        assert router.db_for_read(Report) is None and router.db_for_write(Report) is None
        assert Report.objects.all().db == DEFAULT_DB_ALIAS
    assert router.allow_migrate(DEFAULT_DB_ALIAS, "licensing") is None


@REPLICA_DB
def test_who_the_user_is_writes_and_migrations_never_come_from_the_replica(replica):
    router = ReplicaRouter()
    with replica_reads():
        assert router.db_for_read(Report) == REPLICA
        for model in (User, Group, Session, Token):
            assert router.db_for_read(model) == DEFAULT_DB_ALIAS, model
        assert router.db_for_write(Report) == DEFAULT_DB_ALIAS
        assert router.db_for_read(Report) == DEFAULT_DB_ALIAS  # after the write
    assert router.allow_migrate(REPLICA, "licensing") is False
    assert router.allow_migrate(DEFAULT_DB_ALIAS, "licensing") is None


@REPLICA_DB
def test_a_replica_that_does_not_answer_leaves_the_pages_on_the_primary(client, replica, caplog):
    filed(bingo_license(organization=OrganizationFactory(name="Primary Club")), DAY)
    replica.unreachable()
    client.force_login(board_staff())
    with caplog.at_level(logging.WARNING, logger="core.replica"):
        body = client.get(reverse("board-dashboard"), {"year": DAY.year}).json()
        assert [row["name"] for row in body["organizations"]] == ["Primary Club"]
        assert "The read replica does not answer" in caplog.text
        caplog.clear()
        # The next pages do not try again for a while: no second connect timeout, no second warning.
        page = text_of(client.get(reverse("portal:board_dashboard"), {"year": DAY.year}))
        assert "Primary Club" in page and caplog.text == ""


@REPLICA_DB
def test_healthz_checks_the_replica_and_a_dead_one_only_degrades(client, replica):
    replica.copy_primary()
    body = client.get(reverse("healthz")).json()
    assert body["status"] == "ok" and body["checks"]["replica"]["ok"] is True
    assert "not a standby" in body["checks"]["replica"]["detail"]  # a copy, not a streaming standby

    replica.unreachable()
    response = client.get(reverse("healthz"))
    body = response.json()
    assert response.status_code == 200 and body["status"] == "degraded"
    assert body["checks"]["replica"]["ok"] is False and body["checks"]["database"]["ok"] is True


MARKED = [
    ("portal:board_dashboard", ()), ("board-dashboard", ()),
    ("portal:report_exports", ()), ("portal:report_export", ("reports", "csv")),
    ("reports-export", ("reports", "csv")),
    ("portal:report_vendor_cross_check", ()), ("reports-vendor-cross-check", ()),
    ("portal:board_prizes_paid", ()), ("board-payouts", ()),
    ("public:charity_totals", ()), ("public:charity_totals_csv", ()), ("public-charity-totals", ()),
]
UNMARKED = [("portal:organization_figures", (1,)), ("portal:posting_sheet", (1,)), ("report-list", ()),
            ("portal:report_list", ()), ("portal:payout_desk", (1,)), ("portal:payouts_year_csv", (1, 2026))]


def _marked(name: str, args: tuple) -> bool:
    match = resolve(reverse(name, args=args))
    view_class = getattr(match.func, "view_class", None)
    view = view_class.get if view_class is not None else match.func
    return getattr(view, "reads_from_replica", False)


def test_the_board_dashboards_and_exports_and_only_they_are_marked():
    assert [name for name, args in MARKED if not _marked(name, args)] == []
    assert [name for name, args in UNMARKED if _marked(name, args)] == []


def _settings_with(monkeypatch, **environment) -> dict:
    for name in ("DATABASE_REPLICA_URL", "DJANGO_ENV"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(Path(settings.BASE_DIR) / "config" / "settings.py"))["DATABASES"]


def test_the_setting_adds_the_alias_and_nothing_else_does(monkeypatch):
    # config/settings.py run again as each environment would start it.
    assert set(_settings_with(monkeypatch)) == {"default"}
    databases = _settings_with(monkeypatch, DATABASE_REPLICA_URL="postgres://reader@standby:5433/cg")
    assert databases["replica"]["HOST"] == "standby" and databases["replica"]["PORT"] == 5433
    assert databases["replica"]["OPTIONS"]["connect_timeout"] == 2
    hall = _settings_with(monkeypatch, DJANGO_ENV="hall", DATABASE_REPLICA_URL="postgres://reader@standby/cg")
    assert set(hall) == {"default"}



def test_the_test_settings_never_take_the_replica_from_the_environment():
    # The suite's databases are made from `default` alone; the replica's tests make their own.
    environment = {**os.environ, "DATABASE_REPLICA_URL": "postgres://reader@standby/cg"}
    script = ("import config.settings as s; before = sorted(s.DATABASES); import config.settings_test as t; "
              "print(before, sorted(t.DATABASES))")
    run = subprocess.run([sys.executable, "-c", script], env=environment, cwd=settings.BASE_DIR,
                         capture_output=True, text=True, timeout=60, check=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "['default', 'replica'] ['default']"
