"""Helpers for the demo's parts (demo.bingo, demo.tournaments, demo.nights, ...): the demo world's people in
their roles, and a license issued the way a person gets one (filed, submitted, voted on)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.conf import settings
from django.core.management.base import CommandError
from django.db import transaction
from django.utils import timezone

from demo import world
from licensing.accounts.services import user_create
from licensing.applications.services import (
    application_create,
    application_occasions_set,
    application_submit,
    application_update,
)
from licensing.fees.payments import fee_payment_record
from licensing.licenses.settlement import fee_settlement
from licensing.models import License, Organization, Role, User
from licensing.organizations.services import membership_grant
from licensing.register.values import value
from licensing.review.services import vote_cast


def refuse_in_production() -> None:
    """The demo world signs in with a published password (a superuser among its accounts): it must
    never exist on a production server, whatever the operator typed."""
    if settings.DJANGO_ENV == "production":
        raise CommandError(
            "Refusing to seed demo data: DJANGO_ENV is 'production'. The demo accounts use a published "
            "password (one is a superuser). Seed demo data only on a development or test server; create "
            "real administrators with `manage.py createsuperuser`.")


@dataclass
class Created:
    """What a run made, for the command's report; users carry their role label for the password list."""

    users: list[tuple[str, str, str]] = field(default_factory=list)
    things: list[str] = field(default_factory=list)


def person(*, organization: Organization, role: str, admin: User, created: Created) -> User:
    """The demo world's person in that role at the organization; created (with the role) when missing."""
    spec = next(s for s in world.ORGANIZATIONS if s["name"] == organization.name)
    email, name, _roles = next(p for p in spec["people"] if role in p[2])
    user = User.objects.filter(email=email).first()
    if user is None:
        user = user_create(email=email, full_name=name, password=world.DEMO_PASSWORD)
        created.users.append((email, name, f"{Role(role).label} · {organization.name}"))
    if not user.memberships.filter(organization=organization, role=role, is_active=True).exists():
        membership_grant(actor=admin, organization=organization, user=user, role=role)
    return user


def fee_pay_by_check(*, application, reference: str = "1001") -> None:
    """The demo Board staff member records the organization's check for what is left of the fee, as at the
    counter (licensing.fees.payments); the license issues only once the fee is settled."""
    application.refresh_from_db()  # the fee is the one fixed at submission
    balance = fee_settlement(application=application).balance
    if balance:
        staff = User.objects.get(email=world.BOARD_STAFF[0][0])
        fee_payment_record(actor=staff, application=application, method="check", reference=reference,
                           amount=balance, received_on=timezone.localdate())


def license_issue(*, officer: User, organization: Organization, license_type: str, license_class: str,
                  premises, purpose: str, occasions=None, event=None) -> License:
    """File, submit, pay for and approve an application as a person would: the fee paid by check, the Board's
    quorum of ayes issues the license (licensing.review.services.vote_cast -> license_issue)."""
    application = application_create(actor=officer, organization=organization, license_type=license_type,
                                     license_class=license_class)
    extra = {"event_starts_at": event[0], "event_ends_at": event[1]} if event else {}
    application_update(actor=officer, application=application, premises=premises, lawful_purpose=purpose, step=5,
                       **extra)
    if occasions:
        application_occasions_set(actor=officer, application=application, occasions=occasions)
    application_submit(application=application, actor=officer)
    fee_pay_by_check(application=application)
    board = User.objects.filter(email__in=[email for email, _name in world.BOARD_MEMBERS]).order_by("email")
    for member in board[: value("review.quorum")]:  # the quorum in force today (30 DCMR 1202.4)
        vote_cast(application=application, actor=member, choice="aye")
    return License.objects.get(application=application)


def report_created(command, created: Created, *, nothing: str) -> None:
    """What a demo command made, and the passwords of the accounts it created (printed once)."""
    for thing in created.things:
        command.stdout.write(f"  + {thing}")
    if not created.things and not created.users:
        command.stdout.write(nothing)
    if created.users:
        command.stdout.write(command.style.SUCCESS(f"Demo accounts created. Every one signs in with: "
                                                   f"{world.DEMO_PASSWORD}"))
        for email, name, what in created.users:
            command.stdout.write(f"  {email}  {name} — {what}")


def build_and_report(command, *, organization: str, who: str, build, nothing: str):
    """A demo part built on the world (refused before it), in one transaction, what it made reported; `build`
    returns its records with the Created last, and the records are returned."""
    if not Organization.objects.filter(name=organization).exists():
        raise CommandError(f"Run `manage.py seed_demo` (its world first): the demo {who} does not exist yet.")
    with transaction.atomic():
        *records, created = build()
    report_created(command, created, nothing=nothing)
    return records
