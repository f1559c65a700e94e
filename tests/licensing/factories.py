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
