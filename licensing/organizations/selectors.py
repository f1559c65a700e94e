"""Scoped reads of organizations: which ones a user may see and the memberships in them, an organization's profile
(members, responsible people, documents), its open substantial changes (30 DCMR 1202.3), and where the Board writes
to it.

Two scopes, each a 404 outside it (another organization's existence is not disclosed):
- `organization_list(user=...)`: the organizations a person sees: their own (any role), every one for the Board.
  Its name, licenses, coming operations and the names and roles of the people acting for it are read here: what a
  caller, a checker, a tournament director or a dealer needs to run live play.
- `records_organization_list(user=...)`: the organizations whose records a person reads: those they file for, every
  one for the Board. The member roll (dates of birth, addresses), the responsible people, the documents (police
  clearances among them), the applications and their fees, the invitations and the accounts' addresses are read
  here (a security policy of least privilege, not a regulation): a game role of the organization gets a 404.
Writing needs a filing role in the organization (`organization_get_for_filing`); seeing without filing is a 403."""

from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404

from licensing.models import (
    Document,
    Membership,
    Organization,
    OrganizationMember,
    ResponsiblePerson,
    SubstantialChange,
    User,
)
from licensing.models.organizations import FILING_ROLES
from licensing.organizations.filters import OrganizationFilter
from licensing.selectors import organization_ids_with_roles, roles_in, user_memberships


def organization_list(*, user: User, filters: dict | None = None) -> QuerySet[Organization]:
    if not user.is_authenticated:
        queryset = Organization.objects.none()
    elif user.is_board:
        queryset = Organization.objects.all()
    else:
        queryset = Organization.objects.filter(
            pk__in=user_memberships(user=user).values("organization_id")
        )
    return OrganizationFilter(filters, queryset).qs if filters is not None else queryset


def organization_get(*, user: User, pk: int) -> Organization:
    """404, not 403, for another organization's record: its existence is not disclosed."""
    return get_object_or_404(organization_list(user=user), pk=pk)


def records_organization_list(*, user: User) -> QuerySet[Organization]:
    """The organizations whose records (member roll, responsible people, documents, applications, fees,
    invitations) the user reads: those they file for, every one for the Board, none for a game role."""
    if not user.is_authenticated:
        return Organization.objects.none()
    if user.is_board:
        return Organization.objects.all()
    return Organization.objects.filter(pk__in=organization_ids_with_roles(user=user, roles=FILING_ROLES))


def records_organization_get(*, user: User, pk: int) -> Organization:
    """The organization, for a page or an API read of its records: 404 for a game role as for a stranger."""
    return get_object_or_404(records_organization_list(user=user), pk=pk)


def can_read_records(*, user: User, organization: Organization, can_file: bool | None = None) -> bool:
    """Whether the user reads the organization's records (records_organization_list), for the pages to show the
    links to them and no link that leads to a 404. `can_file`: can_file_for's answer, when the caller has it."""
    if not user.is_authenticated:
        return False
    if can_file is None:
        can_file = can_file_for(user=user, organization=organization)
    return user.is_board or can_file


def membership_list(*, user: User, organization: Organization | None = None) -> QuerySet[Membership]:
    """The accounts acting for organizations, with their email addresses: every one of the organizations whose
    records the user reads, and the user's own elsewhere (a caller reads their own memberships, not the
    addresses of the organization's other people)."""
    if not user.is_authenticated:
        return Membership.objects.none()
    queryset = Membership.objects.filter(
        Q(organization__in=records_organization_list(user=user))
        | Q(user=user, organization__in=organization_list(user=user))
    ).select_related("user", "organization")
    if organization is not None:
        queryset = queryset.filter(organization=organization)
    return queryset.order_by("organization__name", "user__full_name", "role")


def people_acting_for(*, user: User, organization: Organization) -> QuerySet[Membership]:
    """Who acts for the organization now and in which role, for everyone of the organization: a caller needs to
    know the member in charge and the checkers at the hall. Pages show their names and roles only, never their
    addresses (membership_list's, for those who read the records)."""
    return (Membership.objects.filter(organization__in=organization_list(user=user), organization=organization,
                                      is_active=True, user__is_active=True)
            .select_related("user").order_by("user__full_name", "role"))


def can_file_for(*, user: User, organization: Organization) -> bool:
    """Officers and the responsible members file for the organization; game roles and the Board do not."""
    return bool(roles_in(user=user, organization=organization) & FILING_ROLES)


def organization_get_for_filing(*, user: User, pk: int) -> Organization:
    """The organization, for a write: 404 if the user may not see it, 403 if they may not file for it."""
    organization = organization_get(user=user, pk=pk)
    if not can_file_for(user=user, organization=organization):
        raise PermissionDenied
    return organization


MEMBER_QUERY_MAX = 200


def member_list(*, user: User, organization: Organization, active: bool | None = None,
                query: str = "") -> QuerySet[OrganizationMember]:
    """The organization's member roll; `query` finds members by name or address (any part of it)."""
    queryset = OrganizationMember.objects.filter(
        organization__in=records_organization_list(user=user), organization=organization
    )
    if active is not None:
        queryset = queryset.filter(is_active=active)
    query = member_query_clean(query)
    if query:
        queryset = queryset.filter(Q(full_name__icontains=query) | Q(street_address__icontains=query)
                                   | Q(city__icontains=query) | Q(postal_code__icontains=query))
    return queryset.order_by("-is_active", "full_name", "pk")


def member_query_clean(query) -> str:
    """A search as typed, made safe for the database: no NUL (PostgreSQL text holds none), at most 200 characters."""
    if not isinstance(query, str):
        return ""
    return query.replace("\x00", "").strip()[:MEMBER_QUERY_MAX]


def member_get(*, user: User, organization: Organization, pk: int) -> OrganizationMember:
    return get_object_or_404(member_list(user=user, organization=organization), pk=pk)


def responsible_people(*, user: User, organization: Organization,
                       current: bool | None = True) -> QuerySet[ResponsiblePerson]:
    queryset = ResponsiblePerson.objects.filter(
        organization__in=records_organization_list(user=user), organization=organization
    )
    if current is not None:
        queryset = queryset.filter(is_current=current)
    return queryset.order_by("role", "-created_at", "-pk")


def document_list(*, user: User, organization: Organization | None = None) -> QuerySet[Document]:
    queryset = Document.objects.filter(organization__in=records_organization_list(user=user)).select_related(
        "uploaded_by", "application"
    )
    if organization is not None:
        queryset = queryset.filter(organization=organization)
    return queryset.order_by("-uploaded_at", "-pk")


def document_get(*, user: User, pk: int, organization: Organization | None = None) -> Document:
    """404 for a document outside the user's scope (or of another organization than the one named)."""
    return get_object_or_404(document_list(user=user, organization=organization), pk=pk)



def substantial_changes_open(*, user: User, organization: Organization) -> QuerySet[SubstantialChange]:
    """The changes still waiting for an approved amendment, soonest due first."""
    return SubstantialChange.objects.filter(
        organization__in=records_organization_list(user=user), organization=organization, resolved_at__isnull=True,
    ).select_related("license").order_by("due_on", "license__number", "pk")


def organization_recipients(*, organization: Organization) -> list[str]:
    """Where the Board writes to an organization: its own address and those of the people who file for it."""
    emails = [organization.email] if organization.email else []
    emails += Membership.objects.filter(
        organization=organization, is_active=True, user__is_active=True, role__in=FILING_ROLES
    ).values_list("user__email", flat=True)
    return sorted({email.lower() for email in emails if email})
