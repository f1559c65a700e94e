"""Each audit trail's owner row (AuditChain, issue 25): it keeps the trail's head in the transaction of every
append, at the cost of one UPDATE; it is made for every trail that had rows when it was introduced; nobody
deletes it, neither the model nor (on PostgreSQL) the database."""

import importlib

import pytest
from django.apps import apps
from django.db import DatabaseError, connection, transaction
from django.test.utils import CaptureQueriesContext

from licensing.audit.events import audit_event_record
from licensing.models import AuditChain, AuditEvent
from licensing.models.audit import BOARD_CHAIN, AuditChainDeleteError, audit_chain_for
from tests.core.tamper import triggers_off
from tests.licensing.factories import OrganizationFactory

pytestmark = pytest.mark.django_db


def record(organization=None, **payload):
    return audit_event_record(event_type="licensing.profile_updated", actor=None, organization=organization,
                              payload=payload)


def test_every_append_moves_the_trails_head_with_one_update():
    organization = OrganizationFactory()
    first = record(organization)
    owner = AuditChain.objects.get(chain=audit_chain_for(organization.pk))
    assert (owner.organization_id, owner.head_seq, owner.head_hash) == (organization.pk, 1, first.hash)
    with CaptureQueriesContext(connection) as queries:
        second = record(organization, n=2)
    owner.refresh_from_db()
    assert (owner.head_seq, owner.head_hash) == (2, second.hash)
    touching = [query["sql"] for query in queries.captured_queries if "licensing_auditchain" in query["sql"]]
    assert len(touching) == 1 and touching[0].startswith("UPDATE")
    board = record()
    assert AuditChain.objects.get(chain=BOARD_CHAIN).head_hash == board.hash


def test_an_append_that_rolls_back_leaves_the_head_where_it_was():
    organization = OrganizationFactory()
    first = record(organization)
    with pytest.raises(RuntimeError), transaction.atomic():
        record(organization)
        raise RuntimeError("the service fails after its audit event")
    assert AuditChain.objects.get(chain=audit_chain_for(organization.pk)).head_hash == first.hash


def test_the_head_row_is_never_deleted():
    organization = OrganizationFactory()
    record(organization)
    owner = AuditChain.objects.get()
    with pytest.raises(AuditChainDeleteError):
        owner.delete()
    if connection.vendor == "postgresql":  # SQLite keeps DELETE open for the test flush
        for statement in ("DELETE FROM licensing_auditchain", "TRUNCATE licensing_auditchain CASCADE"):
            with pytest.raises(DatabaseError, match="audit trail heads are never deleted"), transaction.atomic(), \
                    connection.cursor() as cursor:
                cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
                cursor.execute(statement)
    assert AuditChain.objects.filter(pk=owner.pk).exists()


def test_the_migration_gives_every_trail_its_head_from_its_rows():
    organization, other = OrganizationFactory(), OrganizationFactory()
    for _ in range(3):
        record(organization)
    last = record(other)
    board = record()
    with triggers_off("licensing_auditchain") as cursor:  # as before the migration: no owner rows
        cursor.execute("DELETE FROM licensing_auditchain")
    migration = importlib.import_module("licensing.migrations.0019_audit_chain_heads")
    migration.audit_chain_heads(apps, None)
    heads = {owner.chain: (owner.organization_id, owner.head_seq, owner.head_hash)
             for owner in AuditChain.objects.all()}
    third = AuditEvent.objects.get(chain=audit_chain_for(organization.pk), seq=3)
    assert heads == {audit_chain_for(organization.pk): (organization.pk, 3, third.hash),
                     audit_chain_for(other.pk): (other.pk, 1, last.hash), BOARD_CHAIN: (None, 1, board.hash)}
