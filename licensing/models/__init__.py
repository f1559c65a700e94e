from licensing.models.audit import AuditEvent
from licensing.models.organizations import Membership, Organization, OrganizationType, Role
from licensing.models.users import BoardGroup, User

__all__ = ["AuditEvent", "BoardGroup", "Membership", "Organization", "OrganizationType", "Role", "User"]
