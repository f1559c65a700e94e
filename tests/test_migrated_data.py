"""The migrated rows come back after a transactional test (tests/migrated_data.py), as they were: every table's
rows, the content types under their own keys."""

import pytest
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db import connection
from django.db.models.signals import post_migrate
from django.test import TransactionTestCase

from licensing.models import BoardNumber
from tests.core.tamper import triggers_off
from tests.licensing.factories import OrganizationFactory
from tests.migrated_data import _tables, pristine_kept, snapshot

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("keep_migrated_data")]


def _rows() -> dict[str, list[tuple]]:
    rows = {}
    with connection.cursor() as cursor:
        for table in _tables(connection):
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")
            rows[table] = sorted(cursor.fetchall(), key=repr)
    return rows


def test_a_flush_and_a_restore_leave_every_table_as_it_was():
    before = _rows()
    assert BoardNumber.objects.exists()  # the register's figures, loaded by a data migration
    kept = snapshot(connection)
    call_command("flush", interactive=False, verbosity=0, reset_sequences=False)  # as a transactional test ends
    assert not BoardNumber.objects.filter(pk__in=[row[0] for row in before["licensing_boardnumber"]]).exists()
    kept.restore()
    after = _rows()
    if connection.vendor == "postgresql":
        assert after == before
    else:  # the serialized rollback keeps what post_migrate made again, under its new keys
        assert {table: len(rows) for table, rows in after.items()} == {
            table: len(rows) for table, rows in before.items()}


def test_the_content_types_read_after_a_restore_are_the_restored_ones():
    kept = snapshot(connection)
    call_command("flush", interactive=False, verbosity=0, reset_sequences=False)
    kept.restore()
    content_type = ContentType.objects.get_for_model(BoardNumber)
    assert ContentType.objects.filter(pk=content_type.pk, model="boardnumber").exists()


def test_a_flush_that_resets_the_sequences_hands_out_no_restored_key_again():
    kept = snapshot(connection)
    call_command("flush", interactive=False, verbosity=0)  # TRUNCATE ... RESTART IDENTITY
    kept.restore()
    highest = BoardNumber.objects.order_by("-pk").values_list("pk", flat=True).first()
    number = BoardNumber.objects.order_by("pk").first()
    number.pk = None
    number.save()
    assert number.pk > highest


def test_a_transactional_test_ends_with_every_table_as_migrated_and_no_post_migrate():
    if not pristine_kept(connection):
        pytest.skip("SQLite: the flush and keep_migrated_data")
    before = _rows()
    with triggers_off("licensing_boardnumber") as cursor:  # as if a test had emptied a migrated table
        cursor.execute("DELETE FROM licensing_boardnumber")
    OrganizationFactory()
    signals = []
    post_migrate.connect(receiver := lambda **kwargs: signals.append(kwargs), weak=False)
    try:
        case = TransactionTestCase()
        case.databases = {"default"}
        case._fixture_teardown()
    finally:
        post_migrate.disconnect(receiver)
    assert _rows() == before
    assert signals == []
