"""What the navigation needs to show the right links for the person signed in."""

from licensing.models import Membership


def portal_roles(request):
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"nav_roles": set()}
    roles = set(
        Membership.objects.filter(user=user, is_active=True).values_list("role", flat=True).distinct()
    )
    if user.is_board_staff:
        roles.add("board_staff")
    if user.is_board_member:
        roles.add("board_member")
    if user.vendor_memberships.filter(is_active=True).exists():
        roles.add("vendor")
    return {"nav_roles": roles}
