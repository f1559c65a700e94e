"""Training: callers and checkers practise on the real console and flashboards with nothing at stake.

A training operation sells no card (bingo.cards.services.sale_record refuses), pays no prize (its
games close paying nothing), is counted in no report and in no limit of operations a week, and so
may run at any hour (bingo.live.live_play asks only that its license is in force). Every screen says it
is training, and each game's start event records it (bingo.models.game_terms), so a game played as
training cannot later pass for a real one, or the other way round."""

from __future__ import annotations

import datetime as dt
import secrets

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from bingo.cards.sales import series_faces
from bingo.engine import Card
from bingo.live import events
from bingo.models import CardSeries, Game, Hall, Operation
from bingo.selectors import PLANNER_ROLES
from core.findings import Finding, RuleViolation
from licensing.models import License, Premises
from licensing.models.choices import LicenseType
from licensing.selectors import has_role

# A training operation has no licensed hours: the whole day, for the operations list.
ALL_DAY = (dt.time(0, 0), dt.time(23, 59))


@transaction.atomic
def training_operation_create(*, actor, license: License, premises: Premises | None = None,
                              date: dt.date | None = None, member_in_charge: str = "") -> Operation:
    if not has_role(user=actor, organization_id=license.organization_id, roles=PLANNER_ROLES):
        raise PermissionDenied(_("Only the organization's officers and members in charge may plan its operations."))
    if license.license_type != LicenseType.BINGO:
        raise RuleViolation(Finding("30 DCMR 1200.1", _("Training is held under the organization's bingo license "
                                                        "(30 DCMR 1200.1)."), field="license"))
    premises = premises or license.premises
    operation = Operation.objects.create(
        license=license, premises=premises, date=date or timezone.localdate(), starts_at=ALL_DAY[0],
        ends_at=ALL_DAY[1], member_in_charge=member_in_charge.strip(), created_by=actor, is_training=True)
    Hall.objects.create(operation=operation, premises=premises, name=premises.name, is_drawing_location=True,
                        key=secrets.token_urlsafe(16)[:22])
    events.training_operation_created(actor=actor, license=license, operation=operation, premises=premises)
    return operation


def training_face(*, game: Game, face_number: int, series_code: str | None = None) -> tuple[Card, CardSeries]:
    """A face of the organization's series, for a claim in a training game: nothing is sold in
    training, so any printed face may be checked (the named series, else the first that has it)."""
    series_list = CardSeries.objects.filter(organization_id=game.operation.license.organization_id).order_by("code")
    if series_code:
        series_list = series_list.filter(code=series_code)
    series = next((s for s in series_list if face_number <= s.size), None)
    if series is None:
        raise ValidationError({"face_number": _("Face %(face)s is on no card series of the organization.")
                               % {"face": face_number}}, code="unknown_face")
    return series_faces(series)[face_number - 1], series
