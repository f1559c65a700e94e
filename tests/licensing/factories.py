import factory
from django.contrib.auth.models import Group

from licensing.models import BoardGroup, Membership, Organization, OrganizationType, Role, User

PASSWORD = "Correct-Horse-Battery-9"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    email = factory.Sequence(lambda n: f"person{n}@example.org")
    full_name = factory.Faker("name")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def save_password(obj, create, extracted, **kwargs):
        if create:
            obj.save()


class OrganizationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Organization

    name = factory.Sequence(lambda n: f"Community Association {n}")
    organization_type = OrganizationType.CHARITABLE
    street_address = factory.Sequence(lambda n: f"{100 + n} Georgia Avenue NW")
    postal_code = "20010"


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    user = factory.SubFactory(UserFactory)
    organization = factory.SubFactory(OrganizationFactory)
    role = Role.OFFICER


def _in_group(group: BoardGroup, **fields) -> User:
    user = UserFactory(**fields)
    user.groups.add(Group.objects.get_or_create(name=group.value)[0])
    return user


def board_staff(**fields) -> User:
    """Board staff; `is_staff=True` as invited (they keep the fee schedules in the admin)."""
    return _in_group(BoardGroup.STAFF, **fields)


def board_member() -> User:
    return _in_group(BoardGroup.MEMBER)


def board_admin(**fields) -> User:
    """A Board administrator as `manage.py board_admin grant` makes one: in the group, not admin staff."""
    return _in_group(BoardGroup.ADMIN, **fields)


# Shared by the bingo and montecarlo tests: people on duty and licenses.
# LicenseFactory is looked up in its module when a license is built: that module imports this one.
from tests.licensing import factories_applications  # noqa: E402


def member(organization, role) -> User:
    """A new user holding `role` in `organization`: a planner, a caller, a checker, a tournament director..."""
    return MembershipFactory(organization=organization, role=role, user=UserFactory()).user


def license_for(*, license_type, license_class, organization=None, premises=None, period=None, dates=(),
                starts="18:00", ends="22:00", **fields):
    """An active license of `license_type` and `license_class` (LicenseFactory: a new organization and premises
    unless given), licensed on each of `dates` from `starts` to `ends` at its premises: the schedule an
    operation is planned on and live play is held to. `fields` go to LicenseFactory as they are."""
    application = {"license_type": license_type, "license_class": license_class, "organization": organization,
                   "premises": premises, "period": period}
    kwargs = {f"application__{name}": value for name, value in application.items() if value is not None}
    schedule = factory.LazyAttribute(lambda license: [
        {"date": day.isoformat(), "starts_at": starts, "ends_at": ends, "premises": license.premises.pk}
        for day in dates])
    return factories_applications.LicenseFactory(**kwargs, schedule=schedule, **fields)
