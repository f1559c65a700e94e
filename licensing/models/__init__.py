from licensing.models.applications import Application, BingoOccasion
from licensing.models.audit import AnchorReason, AuditChain, AuditEvent, LogAnchor
from licensing.models.changes import ChangeKind, SubstantialChange
from licensing.models.fees import FeePayment, FeePaymentVoid, FeeWaiver, PaymentMethod
from licensing.models.hall import HallBundle, HallHead, HallKit, HallLogImport
from licensing.models.invitations import InvitationStatus, OrganizationInvitation
from licensing.models.licenses import EnforcementAction, License, ReminderSent
from licensing.models.matches import MatchDecision
from licensing.models.messages import ApplicationMessage, MessageAttachment
from licensing.models.notifications import Notification
from licensing.models.organizations import LicenseeKind, Membership, Organization, OrganizationType, Role
from licensing.models.payouts import Payout, PayoutGame, PayoutMethod, PayoutStatus
from licensing.models.premises import CorrectionStatus, Premises, PremisesCorrection
from licensing.models.profile import Document, OrganizationMember, ResponsiblePerson
from licensing.models.raffles import DrawingFormat, DrawingStatus, RaffleDrawing, RaffleDrawingEvent
from licensing.models.register import BoardNumber, NumberStatus
from licensing.models.reports import (
    Report,
    ReportFinding,
    ReportKind,
    ReportLine,
    ReportMonthTotal,
    ReportStatus,
)
from licensing.models.review import Decision, DeficiencyNotice, Vote
from licensing.models.tokens import ApiTokenSecondFactor
from licensing.models.users import BoardGroup, User

__all__ = [
    "AnchorReason", "ApiTokenSecondFactor", "Application", "ApplicationMessage", "AuditChain", "AuditEvent",
    "BingoOccasion", "BoardGroup", "BoardNumber", "ChangeKind", "CorrectionStatus", "Decision", "DeficiencyNotice",
    "Document", "DrawingFormat", "DrawingStatus",
    "EnforcementAction", "FeePayment", "FeePaymentVoid", "FeeWaiver", "HallBundle", "HallHead", "HallKit",
    "HallLogImport", "InvitationStatus", "License",
    "LicenseeKind", "LogAnchor", "MatchDecision", "Membership", "MessageAttachment", "Notification", "NumberStatus",
    "Organization",
    "OrganizationInvitation", "OrganizationMember", "OrganizationType", "PaymentMethod", "Payout", "PayoutGame",
    "PayoutMethod", "PayoutStatus", "Premises",
    "PremisesCorrection", "RaffleDrawing", "RaffleDrawingEvent", "ReminderSent", "Report", "ReportFinding",
    "ReportKind", "ReportLine", "ReportMonthTotal", "ReportStatus", "ResponsiblePerson", "Role", "SubstantialChange",
    "User", "Vote",
]
