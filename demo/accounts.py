"""The demo world's accounts and what they filed: the Board (staff, administrator, members, all with the demo's
authenticator secret), the organizations and their people, the vendor; then the licensing part (demo.licensing)
and the vendor's license (demo.vendors). Built with the services a person would use; looked up first, so running
it again changes nothing."""

from datetime import date

from django.db import transaction

from demo import licensing as demo_licensing
from demo import world
from demo.vendors import demo_vendor_license
from licensing.accounts.services import board_admin_grant, board_group_add, totp_authenticator_set, user_create
from licensing.models import BoardGroup, Organization, User
from licensing.organizations.services import membership_grant, organization_create
from vendors.applications.services import vendor_register
from vendors.models import Vendor


@transaction.atomic
def seed(command, *, base: str = "") -> None:
    """Build the accounts, organizations, applications and vendor (once); print the passwords of the accounts
    made by this run (only then)."""
    created: list[tuple[str, str, str]] = []

    def person(email: str, full_name: str, what: str) -> User:
        user = User.objects.filter(email=email).first()
        if user is None:
            user = user_create(email=email, full_name=full_name, password=world.DEMO_PASSWORD)
            created.append((email, full_name, what))
        return user

    admin_email, admin_name = world.ADMIN
    admin = person(admin_email, admin_name, "administrator (Django admin)")
    if not admin.is_superuser:
        admin.is_staff = admin.is_superuser = True
        admin.save(update_fields=["is_staff", "is_superuser"])
    # Everyone who works for the Board, superusers included, passes a second factor (licensing.accounts.mfa).
    totp_authenticator_set(user=admin, secret=world.DEMO_TOTP_SECRET)

    for email, name in world.BOARD_STAFF:
        staff = person(email, name, "board staff")
        if not staff.is_staff:
            staff.is_staff = True  # board staff read the records in the admin
            staff.save(update_fields=["is_staff"])
        if not staff.in_board_group(BoardGroup.STAFF):
            board_group_add(user=staff, group=BoardGroup.STAFF, actor=admin)
        totp_authenticator_set(user=staff, secret=world.DEMO_TOTP_SECRET, actor=admin)
    board_admin_email, board_admin_name = world.BOARD_ADMIN
    board_admin = person(board_admin_email, board_admin_name, "Board administrator (portal: Board accounts)")
    if not board_admin.in_board_group(BoardGroup.ADMIN):
        board_admin_grant(actor=admin, user=board_admin)
    totp_authenticator_set(user=board_admin, secret=world.DEMO_TOTP_SECRET, actor=admin)
    for email, name in world.BOARD_MEMBERS:
        member = person(email, name, "board member")
        if not member.in_board_group(BoardGroup.MEMBER):
            board_group_add(user=member, group=BoardGroup.MEMBER, actor=admin)
        totp_authenticator_set(user=member, secret=world.DEMO_TOTP_SECRET, actor=admin)

    for spec in world.ORGANIZATIONS:
        organization = Organization.objects.filter(name=spec["name"]).first()
        if organization is None:
            organization = organization_create(
                actor=admin, name=spec["name"], organization_type=spec["organization_type"],
                street_address=spec["street_address"], postal_code=spec["postal_code"],
                is_senior_group=spec["is_senior_group"],
            )
        for email, name, roles in spec["people"]:
            labels = ", ".join(str(role.label) for role in roles)
            user = person(email, name, f"{labels} · {organization.name}")
            for role in roles:
                membership_grant(actor=admin, organization=organization, user=user, role=role)

    vendor_spec = dict(world.VENDOR)
    vendor_email, vendor_person = vendor_spec.pop("person")
    vendor_user = person(vendor_email, vendor_person, f"vendor representative · {vendor_spec['name']}")
    if not Vendor.objects.filter(organization__name=vendor_spec["name"]).exists():
        vendor_register(actor=vendor_user, established_on=date(1998, 4, 1), organized_in_dc=True,
                        established_place="Washington, DC", years_in_business=28,
                        dc_business_license="BL-1998-04417", **vendor_spec)
    vendor = Vendor.objects.get(organization__name=vendor_spec["name"])

    officers = {spec["name"]: User.objects.get(email=spec["people"][0][0]) for spec in world.ORGANIZATIONS}
    board_members = list(User.objects.filter(email__in=[email for email, _ in world.BOARD_MEMBERS]))
    out = command.stdout
    if demo_licensing.build(officers=officers, board_members=board_members):
        out.write("Demo applications: one in the review queue, one licensed Monte Carlo Night, a senior group's draft.")
    if demo_vendor_license(vendor=vendor, representative=vendor_user, board_members=board_members):
        out.write(f"Demo vendor licensed: {vendor} (public registry).")

    if not created:
        out.write("Demo data already present; nothing changed.")
        return
    out.write(command.style.SUCCESS(f"Demo accounts created. Every one signs in with: {world.DEMO_PASSWORD}"))
    width = max(len(email) for email, _, _ in created)
    for email, name, what in created:
        out.write(f"  {email.ljust(width)}  {name} — {what}")
    out.write(f"The Board's accounts and the administrator then give a code from an authenticator app holding the "
              f"secret {world.DEMO_TOTP_SECRET} (or run `python manage.py demo_totp` for the code now).")
    out.write("These passwords are printed only now; they are for a demo database, never production.")
