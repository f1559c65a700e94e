"""The seeded world of benchmarks/cluster_load.py: a database of its own, seeded once and reused.

- the portal's: benchmarks/portal_load.py's seeding (board_queue.py's applications, the load accounts), plus
  more Board staff accounts (each staff user signs in with an authenticator code, refused when an account uses it
  twice in its 30 s: 15 staff users at a time need more than portal_load's 10);
- the financial reports: benchmarks/reports_scale.py's fill (reports, their lines and findings) and the month totals;
- the halls: HALLS organizations, each with a bingo license, a training operation (bingo.live.training: it plays at
  any hour, and the cluster's processes run on the real clock) whose one hall has the flashboards, the workers on
  duty, a planned game, and a caller with an API token.

Each part runs in one transaction and is skipped when it is there already."""

from __future__ import annotations

import datetime as dt

from portal_load import PASSWORD, _accounts_ready
from portal_load import seed as portal_seed

HALLS = 40
STAFF = 40  # load-staff-0 .. 39 (portal_load seeds the first 10)
FULL = {"database": "bench_cluster", "organizations": 5000, "applications": 100_000, "report_organizations": 2000,
        "reports": 200_000}
SMALL = {"database": "bench_cluster_small", "organizations": 250, "applications": 5000, "report_organizations": 100,
         "reports": 10_000}


def seed(dataset: dict, url: str, say) -> None:
    portal_seed(dataset, url)  # migrates; the applications and load accounts once
    _more_staff()
    _reports(dataset, say)
    _halls(say)


def _more_staff() -> None:
    from django.contrib.auth.hashers import make_password
    from django.contrib.auth.models import Group
    from django.db import transaction

    from licensing.models import User
    from licensing.models.users import BoardGroup

    wanted = [f"load-staff-{n}@example.org" for n in range(STAFF)]
    missing = set(wanted) - set(User.objects.filter(email__in=wanted).values_list("email", flat=True))
    if not missing:
        return
    with transaction.atomic():
        encoded = make_password(PASSWORD)
        staff = User.objects.bulk_create([User(email=email, full_name=f"Load Staff {email.split('-')[2].split('@')[0]}",
                                               password=encoded, is_staff=True) for email in sorted(missing)])
        Group.objects.get_or_create(name=BoardGroup.STAFF.value)[0].user_set.add(*staff)
        _accounts_ready()  # verified addresses and the known authenticator secret


def _reports(dataset: dict, say) -> None:
    import time

    from django.db import connection, transaction

    from licensing.models import Report

    if Report.objects.count() >= dataset["reports"]:
        return
    from reports_scale import fill

    from licensing.reports.month_totals import month_totals_rebuild

    started = time.perf_counter()
    with transaction.atomic():
        _make_room_for_reports()
        fill(connection, organizations=dataset["report_organizations"], reports=dataset["reports"])
        month_totals_rebuild()  # the rows went in by COPY, past the services that keep the month totals
    with connection.cursor() as cursor:
        for table in ("licensing_report", "licensing_reportline", "licensing_reportfinding"):
            cursor.execute(f"VACUUM ANALYZE {table}")
    say(f"seeded {dataset['reports']:,} reports in {time.perf_counter() - started:.0f} s")


def _make_room_for_reports() -> None:
    """board_queue.fill and reports_scale.fill each make a `bench-officer`, a `bench-staff` and a hall at
    1 Hall Avenue NE (unique addresses): the first fill's are renamed so the second can make its own."""
    from allauth.account.models import EmailAddress

    from licensing.models import Premises, User

    for old in ("bench-officer@example.org", "bench-staff@example.org"):
        new = old.replace("bench-", "bench-queue-")
        User.objects.filter(email=old).update(email=new)
        EmailAddress.objects.filter(email=old).update(email=new)
    key = Premises.key_for("1 Hall Avenue NE", "20018")
    Premises.objects.filter(address_key=key).update(street_address="1A Hall Avenue NE",
                                                    address_key=Premises.key_for("1A Hall Avenue NE", "20018"))


def _hall_email(role: str, n: int) -> str:
    return f"cluster-{role}-{n}@example.org"


def _halls(say) -> None:
    """HALLS training operations with a planned game each. The organizations, licenses and people are written
    straight to the tables (as benchmarks/flashboard_fanout.py's build_world does: planning is not measured);
    the operation, its game and its hall through the services."""
    from django.db import transaction
    from django.utils import timezone

    from bingo import models as bingo
    from bingo.live import training
    from bingo.planning import services as planning
    from bingo.planning.checks import operation_ready
    from licensing.models import Application, License, Membership, Organization, Premises, Role, User
    from licensing.models.choices import ApplicationStatus, LicenseStatus

    if User.objects.filter(email=_hall_email("caller", HALLS)).exists():
        return
    today = timezone.localdate()
    pattern = bingo.Pattern.objects.get(slug="any-line")
    with transaction.atomic():
        for n in range(1, HALLS + 1):
            premises = Premises.objects.create(name=f"Cluster Hall {n}", street_address=f"{n} Cluster Way SE",
                                               postal_code="20020")
            organization = Organization.objects.create(name=f"Cluster Hall Club {n}", organization_type="charitable",
                                                       street_address=f"{n} Cluster Way SE", postal_code="20020")
            people = {}
            for role in (Role.OFFICER, Role.CALLER, Role.CHECKER, Role.MEMBER_IN_CHARGE):
                people[role] = User.objects.create_user(email=_hall_email(role, n),
                                                        full_name=f"Cluster {role.label} {n}", password=None)
                Membership.objects.create(user=people[role], organization=organization, role=role)
            officer = people[Role.OFFICER]
            application = Application.objects.create(
                organization=organization, license_type="bingo", license_class="B", status=ApplicationStatus.APPROVED,
                premises=premises, created_by=officer, lawful_purpose="Scholarships")
            license = License.objects.create(
                number=f"BG-CL-{n:05d}", organization=organization, licensed_name=organization.name,
                application=application, license_type="bingo", license_class="B", period="regular",
                premises=premises, status=LicenseStatus.ACTIVE, effective_on=today - dt.timedelta(days=30),
                expires_on=today + dt.timedelta(days=330))
            operation = training.training_operation_create(actor=officer, license=license, premises=premises,
                                                           date=today,
                                                           member_in_charge=people[Role.MEMBER_IN_CHARGE].full_name)
            duty = bingo.WorkerDuty.Duty
            for name, kind, user in (("Checker", duty.CHECKER, people[Role.CHECKER]), ("Guard", duty.SECURITY, None),
                                     ("In charge", duty.MEMBER_IN_CHARGE, people[Role.MEMBER_IN_CHARGE])):
                bingo.WorkerDuty.objects.create(operation=operation, name=name, duty=kind, user=user,
                                                date_of_birth=dt.date(1980, 1, 1))
            planning.game_add(actor=officer, operation=operation, pattern=pattern, card_price="0", prize="0")
            blocking = [f for f in operation_ready(operation) if getattr(f, "blocking", True)]
            if blocking:
                raise RuntimeError(f"hall {n}'s training game could not start: {blocking}")
    say(f"seeded {HALLS} training halls")


def licenses_in_force() -> None:
    """The halls' licenses cover today and the operations' day (a database seeded months ago)."""
    from django.db.models import F
    from django.db.models.functions import Greatest, Least
    from django.utils import timezone

    from licensing.models import License

    today = timezone.localdate()
    License.objects.filter(number__startswith="BG-CL-").update(
        effective_on=Least(F("effective_on"), today - dt.timedelta(days=1)),
        expires_on=Greatest(F("expires_on"), today + dt.timedelta(days=30)))


def halls(count: int) -> list[dict]:
    """The first `count` halls: their game (the one planned), flashboard key and caller's API token."""
    from rest_framework.authtoken.models import Token

    from bingo.models import Game, Hall
    from licensing.models import User

    found = []
    for n in range(1, count + 1):
        caller = User.objects.get(email=_hall_email("caller", n))
        hall = Hall.objects.select_related("operation").get(operation__license__number=f"BG-CL-{n:05d}")
        game = Game.objects.filter(operation=hall.operation).order_by("number").first()
        found.append({"n": n, "game_id": game.pk, "hall_key": hall.key,
                      "caller_token": Token.objects.get_or_create(user=caller)[0].key})
    return found


def staff_accounts() -> list[str]:
    return [f"load-staff-{n}@example.org" for n in range(STAFF)]
