"""Builders for the planning tests: a bingo license with a schedule, its planners, operations."""

import datetime as dt
from decimal import Decimal

from django.utils import timezone

from bingo.models import Pattern, WorkerDuty
from bingo.planning import services
from licensing.models import Role
from licensing.models.choices import LicenseType, Period
from tests.bingo.live_builders import ADULT, member
from tests.licensing.factories import LicenseFactory


def monday(weeks_ahead: int = 3) -> dt.date:
    today = timezone.localdate()
    return today + dt.timedelta(days=7 * weeks_ahead - today.weekday())


def bingo_license(*, organization=None, premises=None, license_class="B", period=Period.REGULAR, dates=None,
                  starts="18:00", ends="22:00", **extra):
    kwargs = {"application__license_class": license_class, "application__period": period, **extra}
    if organization is not None:
        kwargs["application__organization"] = organization
    if premises is not None:
        kwargs["application__premises"] = premises
    license = LicenseFactory(**kwargs)
    license.schedule = [{"date": d.isoformat(), "starts_at": starts, "ends_at": ends, "premises": license.premises_id}
                        for d in (dates or [monday()])]
    license.save(update_fields=["schedule"])
    return license


def multihall_license(base, **extra):
    return LicenseFactory(application__organization=base.organization, application__license_type=LicenseType.MULTIHALL,
                          application__license_class=base.license_class, application__premises=base.premises,
                          parent=base, **extra)


def planner(organization):
    return member(organization, Role.OFFICER)


def plan(license, *, actor=None, date=None, starts=dt.time(18, 0), ends=dt.time(22, 0), premises=None, **extra):
    return services.operation_create(
        actor=actor or planner(license.organization), license=license, premises=premises or license.premises,
        date=date or dt.date.fromisoformat(license.schedule[0]["date"]), starts_at=starts, ends_at=ends,
        member_in_charge=extra.pop("member_in_charge", "Ana Gómez"), **extra)


def pattern(slug="any-line"):
    return Pattern.objects.get(slug=slug)


def add_game(operation, actor, *, game_type="regular", card_price="1.00", prize="100.00", slug="any-line"):
    return services.game_add(actor=actor, operation=operation, pattern=pattern(slug), game_type=game_type,
                             card_price=Decimal(card_price), prize=Decimal(prize))


def crew(operation, actor) -> dict:
    """The workers a game needs on duty before it starts, all adults (30 DCMR 1401.5), through the service:
    a checker (1401.3), a security person (1400.12) and the member in charge (1301.5), a user in that role."""
    in_charge = member(operation.license.organization, Role.MEMBER_IN_CHARGE)
    people = {"checker": ("Luis Checker", WorkerDuty.Duty.CHECKER, None),
              "security": ("Sam Guard", WorkerDuty.Duty.SECURITY, None),
              "in_charge": (in_charge.full_name, WorkerDuty.Duty.MEMBER_IN_CHARGE, in_charge)}
    return {key: services.worker_add(actor=actor, operation=operation, name=name, duty=duty, user=user,
                                     date_of_birth=ADULT)
            for key, (name, duty, user) in people.items()}
