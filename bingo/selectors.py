"""Bingo's scope and roles, shared by its feature packages: who holds which role in which organizations.
An organization's people see their organization's records; the Board sees all; anyone else sees none.
Each feature's scoped reads live in its own selectors (bingo/planning, bingo/cards, bingo/live, bingo/patterns),
built on `organization_ids`; another organization's record is a 404 there, never a 403."""

from __future__ import annotations

from django.db.models import QuerySet

from licensing.models import Role
from licensing.selectors import organization_ids_with_roles

# Who may plan an operation, register sales and manage series (the filing roles).
PLANNER_ROLES = frozenset({Role.OFFICER, Role.MEMBER_IN_CHARGE, Role.ALTERNATE, Role.GROSS_RECEIPTS})
# Who may draw and record calls, undo, and close games.
CALLER_ROLES = frozenset({Role.CALLER, Role.OFFICER, Role.MEMBER_IN_CHARGE})
# 30 DCMR 1401.3/1401.4: checkers sell cards and check claims.
CHECKER_ROLES = CALLER_ROLES | {Role.CHECKER}
# Everyone who works bingo for the organization may read its operations.
READER_ROLES = PLANNER_ROLES | CHECKER_ROLES


def organization_ids(*, user, roles=READER_ROLES) -> QuerySet:
    """Ids of the organizations where the user holds one of the roles."""
    return organization_ids_with_roles(user=user, roles=roles)
