from licensing.models.applications import Application, BingoOccasion
from licensing.models.audit import AnchorReason, AuditEvent, LogAnchor
from licensing.models.changes import ChangeKind, SubstantialChange
from licensing.models.invitations import InvitationStatus, OrganizationInvitation
from licensing.models.licenses import EnforcementAction, License, ReminderSent
from licensing.models.matches import MatchDecision
from licensing.models.organizations import LicenseeKind, Membership, Organization, OrganizationType, Role
from licensing.models.premises import CorrectionStatus, Premises, PremisesCorrection
from licensing.models.profile import Document, OrganizationMember, ResponsiblePerson
from licensing.models.raffles import DrawingStatus, RaffleDrawing, RaffleDrawingEvent
from licensing.models.reports import (
    Report,
    ReportFinding,
    ReportKind,
    ReportLine,
    ReportMonthTotal,
    ReportStatus,
)
from licensing.models.review import Decision, DeficiencyNotice, Vote
from licensing.models.schedules import BondScheduleRow, FeeScheduleRow
from licensing.models.users import BoardGroup, User

__all__ = [
    "AnchorReason", "Application", "AuditEvent", "BingoOccasion", "BoardGroup", "BondScheduleRow", "ChangeKind",
    "CorrectionStatus", "Decision", "DeficiencyNotice", "Document", "DrawingStatus", "EnforcementAction",
    "FeeScheduleRow", "InvitationStatus", "License", "LicenseeKind", "LogAnchor", "MatchDecision", "Membership",
    "Organization", "OrganizationInvitation", "OrganizationMember", "OrganizationType", "Premises",
    "PremisesCorrection", "RaffleDrawing", "RaffleDrawingEvent",
    "ReminderSent", "Report", "ReportFinding", "ReportKind", "ReportLine", "ReportMonthTotal", "ReportStatus",
    "ResponsiblePerson", "Role", "SubstantialChange", "User", "Vote",
]
