"""The rows a hall server needs to run the event, as the kit carries them (its `records` member): the Board's own
rows, with the Board's ids, written the way Django's serializers write them, so the hall installs them into its own
database (licensing.hall.install) and the same live rules read them there as they read the Board's tables.

Only what the event needs travels: the organization and its license, the premises, the Board's numbers in force on
the event's day, the people who may work the event (their names and roles, never a password or an address), and
what the event's kind adds (its plan: games, series, tables...). A link to a row outside the kit (who approved a
number, who created a game) is left empty when it may be, and is a mistake in the kind's list when it may not."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable

from django.core import serializers
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.db.models import Q

from licensing.hall.payouts import event_payouts
from licensing.models import BoardNumber, License, Membership, NumberStatus, User

# The people who may work the event sign in at the hall with a password the hall gives them there
# (`manage.py hall install`): their name and email (what they sign in with) travel, never their password.
USER_FIELDS = ("email", "full_name", "is_active")


# Links the kit carries as they are though it does not carry their row: the hall never follows them (its pages are
# the event's own), and the link may not be empty. The hall installs the rows with the link unchecked.
# A raffle drawing's kit carries the application (its tickets, time and place) and the printer's documents, never who
# created or uploaded them.
UNFOLLOWED = {("licensing.license", "application"), ("licensing.application", "created_by"),
              ("licensing.document", "uploaded_by"), ("licensing.raffledrawing", "created_by")}


class KitRecordsError(ValueError):
    """A row of the kit links to a row the kit does not carry, through a link that may not be empty."""


def license_rows(license: License, day: dt.date) -> list[models.Model]:
    """What every kind needs: the organization, its license and premises, the people who may work the event (the
    organization's active members, with their roles), and the Board's numbers approved and in force on `day`."""
    memberships = list(Membership.objects.filter(organization_id=license.organization_id, is_active=True)
                       .select_related("user").order_by("pk"))
    users = {membership.user_id: membership.user for membership in memberships if membership.user.is_active}
    numbers = BoardNumber.objects.filter(Q(effective_to__isnull=True) | Q(effective_to__gt=day),
                                         status=NumberStatus.APPROVED, effective_from__lte=day).order_by("pk")
    premises = [license.premises] if license.premises_id else []
    return [license.organization, *premises, license, *users.values(),
            *[membership for membership in memberships if membership.user_id in users], *numbers]


def _key(instance: models.Model) -> tuple[str, object]:
    return instance._meta.label_lower, instance.pk


def _row(instance: models.Model) -> dict:
    fields = USER_FIELDS if isinstance(instance, User) else None
    return serializers.serialize("python", [instance], fields=fields)[0]


def kit_records(instances: Iterable[models.Model], *, linkable: Iterable[models.Model] = ()) -> list[dict]:
    """The rows, each once, in the order given, as JSON-ready text: links to rows outside the set (and outside
    `linkable`, rows the reader holds already) left empty where they may be; many-to-many links kept only between
    rows of the set."""
    rows: dict[tuple[str, object], models.Model] = {}
    for instance in instances:
        rows.setdefault(_key(instance), instance)
    carried = set(rows) | {_key(instance) for instance in linkable}
    records = []
    for key, instance in rows.items():
        record = _row(instance)
        for field in instance._meta.concrete_fields:
            if not field.is_relation or field.name not in record["fields"]:
                continue
            target = getattr(instance, field.attname)
            if target is None or (field.related_model._meta.label_lower, target) in carried:
                continue
            if (key[0], field.name) in UNFOLLOWED:
                continue
            if not field.null:
                raise KitRecordsError(f"{key[0]} {key[1]}: {field.name} links to "
                                      f"{field.related_model._meta.label_lower} {target}, which the kit does not carry")
            record["fields"][field.name] = None
        for field in instance._meta.many_to_many:
            if field.name in record["fields"]:
                label = field.related_model._meta.label_lower
                record["fields"][field.name] = [pk for pk in record["fields"][field.name] if (label, pk) in carried]
        records.append(record)
    return json.loads(json.dumps(records, cls=DjangoJSONEncoder))



def event_rows(kind, event_id: int, *, kit: bool = False) -> list[models.Model]:
    """The event's own rows (its kind's) and its payouts (licensing.hall.payouts); `kit`: as a kit carries them,
    the payouts still to pay only."""
    return [*kind.rows(event_id), *event_payouts(kind, event_id, to_pay_only=kit)]


def event_records(kind, event_id: int, *, license: License, day: dt.date) -> list[dict]:
    """The event's own rows and payouts, as the bundle brings them back: the links to the organization's rows (its
    license, its people) kept, since both sides hold those. What the Board compares when it takes a bundle in
    (licensing.hall.imports)."""
    return kit_records(event_rows(kind, event_id), linkable=license_rows(license, day))
