"""Every API operation that reads a JSON body refuses a body of another JSON type (an array where an object is read,
a string, a number, null) with a 400 in the error shape, naming the body as a whole (`field` null) and the type it
got; never a 500 (`request.data.get` on a list crashed the messages view). core/api/parsers.py.

The operations come from the OpenAPI schema, so a new one is covered the day it appears. Each is called with real
records in its path (the demo world, plus the few records it lacks), anonymously and as the first of the world's
people who may write there: the record's organization's officer, a vendor's representative, Board staff, a Board
administrator (whoever is refused gets a 403 or 404 and the next is tried)."""

import datetime as dt
import io
import json
import re
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.db import transaction
from django.utils import timezone
from rest_framework.test import APIClient

from bingo.cards.charity import stock_receive
from bingo.models import CardSale, CharityTicketStock, Game, MultiHallAgreement, Operation
from bingo.planning.multihall import agreement_record
from core import signing
from licensing.hall.kinds import kit_kind
from licensing.hall.services import kit_prepare
from licensing.models import (
    Application,
    BoardNumber,
    FeePayment,
    HallKit,
    License,
    Membership,
    NumberStatus,
    Organization,
    OrganizationMember,
    Payout,
    RaffleDrawing,
    Report,
    Role,
)
from licensing.models.choices import LicenseType
from licensing.payouts.services import payout_open
from licensing.register.services import number_propose
from licensing.reports.drawings.services import drawing_schedule
from licensing.reports.overdue.services import reports_calendar_run
from montecarlo.models import GameApproval, GameTable, Night, Tournament
from tests.licensing.factories import board_admin, board_staff, license_for, member, raffle_ready
from tests.licensing.reports.factories import bingo_license
from tests.montecarlo.factories import night_for, table_for
from vendors.models import Owner, Vendor

pytestmark = pytest.mark.django_db

WRITES = ("post", "put", "patch")
WRONG_FOR_AN_OBJECT = {"an array": [1, 2], "a string": "text", "a number": 42, "null": None}
WRONG_FOR_AN_ARRAY = {"an object": {"date": "2027-01-01"}, "a string": "text", "a number": 42, "null": None}
REFUSED = (403, 404)  # not this caller's record or role: the next caller is tried


def _first(queryset) -> int:
    record = queryset.order_by("pk").first()
    assert record is not None, f"the world holds no {queryset.model.__name__}"
    return record.pk


# A path parameter, by the words before it, and the record that fills it (the longest words that match).
RECORDS = {
    "vendors/{vendor_pk}/applications/{application_pk}": lambda: _first(Application.objects.filter(
        organization__vendor__isnull=False)),
    "applications/{id}": lambda: _first(Application.objects.filter(organization__vendor__isnull=True)),
    "bingo/games/{id}": lambda: _first(Game.objects.all()),
    # No claim is recorded in the world: the body is read before the claim is looked up.
    "claims/{seq}": lambda: 1,
    "bingo/operations/{id}": lambda: _first(Operation.objects.all()),
    "games/{game_pk}": lambda: _first(Game.objects.all()),
    "bingo/sales/{id}": lambda: _first(CardSale.objects.all()),
    "bingo/charity-tickets/{id}": lambda: _first(CharityTicketStock.objects.all()),
    "bingo/multihall-agreements/{id}": lambda: _first(MultiHallAgreement.objects.all()),
    "licenses/{id}": lambda: _first(License.objects.all()),
    "approvals/{id}": lambda: _first(GameApproval.objects.filter(status="pending")),
    "nights/{id}": lambda: _first(Night.objects.all()),
    "tables/{id}": lambda: _first(GameTable.objects.all()),
    "tournaments/{id}": lambda: _first(Tournament.objects.all()),
    "organizations/{organization_pk}": lambda: _first(Organization.objects.filter(vendor__isnull=True)),
    "organizations/{id}": lambda: _first(Organization.objects.filter(vendor__isnull=True)),
    "members/{id}": lambda: _first(OrganizationMember.objects.filter(
        organization=_first(Organization.objects.filter(vendor__isnull=True)))),
    "payments/{id}": lambda: _first(FeePayment.objects.all()),
    "payouts/{id}": lambda: _first(Payout.objects.all()),
    "raffle-drawings/{id}": lambda: _first(RaffleDrawing.objects.all()),
    "overdue/{id}": lambda: _first(Report.objects.filter(overdue_since__isnull=False)),
    "reports/{id}": lambda: _first(Report.objects.all()),
    "vendors/{vendor_pk}": lambda: _first(Vendor.objects.all()),
    "vendors/{id}": lambda: _first(Vendor.objects.all()),
    "owners/{id}": lambda: _first(Owner.objects.all()),
    "rules/proposals/{id}": lambda: _first(BoardNumber.objects.filter(status=NumberStatus.PROPOSED)),
    "hall-kits/{kit_id}": lambda: HallKit.objects.order_by("pk").first().kit_id,
}


def _filled(template: str) -> str:
    """The path with a real record's id in each parameter."""
    def record(parameter: re.Match) -> str:
        before = template[:parameter.end()]
        words = max((words for words in RECORDS if before.endswith(words)), key=len, default=None)
        assert words is not None, f"no record fills {before}: add its parameter to RECORDS"
        return str(RECORDS[words]())
    return re.sub(r"\{\w+\}", record, template)


@pytest.fixture
def world(django_capture_on_commit_callbacks):
    """The demo world, and what it lacks: a raffle drawing, an overdue report, a game's house rules awaiting the
    Board, a deal of charity game tickets, a multi-hall service agreement, a hall kit and a prize due at the payout
    desk."""
    with django_capture_on_commit_callbacks(execute=True):
        call_command("seed_demo", "--only", "world", "--only", "bingo", "--only", "tournaments", stdout=io.StringIO())
        organization = Organization.objects.filter(vendor__isnull=True).order_by("pk").first()
        officer = member(organization, Role.OFFICER)
        raffle = raffle_ready(license_for(
            license_type=LicenseType.RAFFLE, license_class="2", organization=organization, number="RF-2099-00001",
            application__first_ticket_number=1, application__last_ticket_number=100, application__tickets_printed=100))
        drawing_schedule(actor=officer, license=raffle, prizes=1, seed_source=lambda: bytes(32))
        played = timezone.localdate() - dt.timedelta(days=60)
        bingo_license(dates=[played], organization=organization, number="BG-2099-00001")
        reports_calendar_run(today=timezone.localdate())  # opens the report and marks it overdue
        night, director = night_for()
        table_for(night, director, "caribbean-poker", approve=False)
        operation = Operation.objects.filter(is_training=False).order_by("pk").first()
        planner = member(operation.license.organization, Role.OFFICER)
        stock_receive(actor=planner, operation=operation, deal="CT-1", tickets=100, price_each="1.00")
        agreement_record(actor=planner, organization=operation.license.organization, provider="Hall Link LLC",
                         services="Advertising", signed_on=timezone.localdate(), audit_clause=True)
        payout_open(license=operation.license, game="bingo", source="world.game:1/sale:1", session="world.game:1",
                    label="Game 1", won_on=operation.date, prize=Decimal("2500.00"))
        coming = Operation.objects.filter(date__gte=timezone.localdate()).order_by("pk").first()
        kit_officer = member(coming.license.organization, Role.OFFICER)
        kit_prepare(actor=kit_officer, event=kit_kind("bingo").event(user=kit_officer, pk=coming.pk),
                    device_public_key=signing.public_key_of(signing.development_key("a hall laptop")))
        number_propose(actor=board_admin(), key="fee.bingo.A.original", value="600.00",
                       effective_from=timezone.localdate() + dt.timedelta(days=30), citation="30 DCMR 1204.1",
                       reason="A change waiting for a second person.")


def _writers() -> list:
    """Everyone who may write somewhere, organizations' people first."""
    people = [membership.user for membership in Membership.objects.filter(
        is_active=True, role__in=[Role.OFFICER, Role.VENDOR_REPRESENTATIVE]).select_related("user").order_by("pk")]
    return [*dict.fromkeys(people), board_staff(), board_admin()]


def _send(user, method: str, path: str, body):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    with transaction.atomic():  # whatever a bug would write is rolled back: the next call sees the same world
        response = client.generic(method.upper(), path, json.dumps(body), content_type="application/json")
        transaction.set_rollback(True)
    assert response.status_code < 500, f"{method.upper()} {path} with {body!r}: {response.status_code}"
    return response


def _json_body_operations(schema: dict) -> list[tuple[str, str, str]]:
    """(method, path, the JSON type its body is) of every write that reads a JSON body."""
    components = schema["components"]["schemas"]
    found = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            content = operation.get("requestBody", {}).get("content", {})
            if method not in WRITES or "application/json" not in content:
                continue
            body = content["application/json"]["schema"]
            if "$ref" in body:
                body = components[body["$ref"].rsplit("/", 1)[-1]]
            found.append((method, path, body["type"]))
    return found


def _refuses_the_body(response, json_type: str) -> bool:
    if response.status_code != 400:
        return False
    errors = response.json()["errors"]
    return errors == [{"field": None, "code": f"json_not_{json_type}", "rule": None,
                       "message": errors[0]["message"]}] and f"JSON {json_type}" in errors[0]["message"]


def test_every_json_write_refuses_a_body_of_another_json_type(world, subtests):
    schema = APIClient().get("/api/schema/?format=json").json()
    operations = _json_body_operations(schema)
    assert len(operations) > 60  # every write of the schema, not a filtered few
    assert {json_type for _, _, json_type in operations} == {"object", "array"}
    writers = _writers()
    for method, template, json_type in operations:
        with subtests.test(msg=f"{method.upper()} {template}"):
            path = _filled(template)
            bodies = WRONG_FOR_AN_OBJECT if json_type == "object" else WRONG_FOR_AN_ARRAY
            writer = None
            for name, body in bodies.items():
                anonymous = _send(None, method, path, body)
                assert anonymous.status_code == 401 or _refuses_the_body(anonymous, json_type), (
                    name, anonymous.status_code, anonymous.content)
                if writer is None:  # the first who gets past authorization writes every body
                    for user in writers:
                        response = _send(user, method, path, body)
                        if response.status_code not in REFUSED:
                            writer = user
                            break
                    assert writer is not None, f"nobody in the world may write at {path}"
                else:
                    response = _send(writer, method, path, body)
                assert _refuses_the_body(response, json_type), (name, response.status_code, response.content)
