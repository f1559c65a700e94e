"""Installing a kit into the hall server's own database (`manage.py hall install`): the Board's rows the kit carries,
with the Board's ids, so the same live rules read them there; the event's logs the Board held rows of when it signed
the kit, as they are (hashes and all), so the hall's rows go on from them; the id span the kit gives the hall, so
every row the hall creates comes back to the Board without a clash; and a password for each person who may work the
event, made at the hall and shown once there (nothing they sign in with at the Board travels)."""

from __future__ import annotations

import secrets

from allauth.account.models import EmailAddress
from django.contrib.auth.hashers import make_password
from django.core import serializers
from django.db import connection, transaction

from licensing.hall.bundle import chained_model, rebuilt, times_in_utc
from licensing.models import BoardNumber, User


class HallInstallError(Exception):
    """The hall's database cannot take this kit (not SQLite, another event's rows already there)."""


def _id_spans_start(first_id: int) -> None:
    """Every table's next id is at least `first_id` (SQLite AUTOINCREMENT keeps the last id in sqlite_sequence)."""
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names(cursor):
            cursor.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = %s", [table])
            row = cursor.fetchone()
            if row is None or "AUTOINCREMENT" not in (row[0] or "").upper():
                continue
            cursor.execute("DELETE FROM sqlite_sequence WHERE name = %s", [table])
            cursor.execute("INSERT INTO sqlite_sequence (name, seq) VALUES (%s, %s)", [table, first_id - 1])


def _logs_load(logs: list[dict]) -> None:
    """Each log's rows as the Board wrote them, hashed with its key: written as they are (bulk_create hashes
    nothing), so the hall's own rows, chained with the kit's chain key, link to the Board's last one."""
    for entry in logs:
        model = chained_model(entry["log"])
        if model is None:
            raise HallInstallError(f"The kit carries {entry['log']}, which is not one of the chained logs.")
        model.objects.bulk_create([times_in_utc(rebuilt(model, data)) for data in entry["rows"]])


def kit_install(kit: dict) -> dict[str, str]:
    """Load the kit's rows into this (the hall's, SQLite, freshly migrated) database, in one transaction; answer each
    worker's sign-in (email) and the password made for them here. Refuses a database that holds an event already.
    The foreign keys are not checked while loading: the kit carries a few links the hall never follows
    (licensing.hall.records.UNFOLLOWED), and SQLite switches the check only outside a transaction."""
    if connection.vendor != "sqlite":
        raise HallInstallError("The hall server keeps its records in SQLite (DJANGO_ENV=hall).")
    if User.objects.exists():
        raise HallInstallError("This hall's database already holds an event: install a new kit into a new HALL_DIR.")
    with connection.constraint_checks_disabled(), transaction.atomic():
        return _load(kit)


def _load(kit: dict) -> dict[str, str]:
    carried_numbers = []
    for row in serializers.deserialize("python", kit["records"]):
        row.save()
        if isinstance(row.object, BoardNumber):
            carried_numbers.append(row.object.pk)
    # The hall's register is exactly the Board's numbers in force on the event's day: the rows the migrations
    # loaded from the rule packs may since have been replaced or withdrawn at the Board. (This database is the
    # hall's own copy, made a moment ago; the Board's register is never deleted from.)
    BoardNumber.objects.exclude(pk__in=carried_numbers).delete()
    _logs_load(kit["logs"])
    _id_spans_start(kit["ids"]["from"])
    passwords = {}
    for user in User.objects.order_by("email"):
        passwords[user.email] = secrets.token_urlsafe(9)
        User.objects.filter(pk=user.pk).update(password=make_password(passwords[user.email]))
        EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return passwords
