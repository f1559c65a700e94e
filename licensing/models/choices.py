"""The vocabulary of licensing, one name for one idea across models, code, templates and API."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class LicenseType(models.TextChoices):
    BINGO = "bingo", _("Bingo")
    RAFFLE = "raffle", _("Raffle")
    MONTECARLO = "montecarlo", _("Monte Carlo Night")
    MULTIHALL = "multihall", _("Multi-hall bingo")  # 30 DCMR 1414: an add-on to a bingo license
    VENDOR = "vendor", _("Vendor of bingo and Monte Carlo Night supplies")  # 30 DCMR 1206-1208


# What an organization may apply for; a vendor license is a vendor's (30 DCMR 1206, 1207).
ORGANIZATION_LICENSE_TYPES = [choice for choice in LicenseType.choices if choice[0] != LicenseType.VENDOR]
ORGANIZATION_LICENSE_TYPE_VALUES = frozenset(value for value, _label in ORGANIZATION_LICENSE_TYPES)


# Valid classes per license type (30 DCMR 1204.1, 1204.16, 1414; raffle classes are board data).
LICENSE_CLASSES = {
    LicenseType.BINGO: ("A", "B", "C", "D"),
    LicenseType.MULTIHALL: ("A", "B", "C"),
    LicenseType.RAFFLE: ("1", "2", "3", "4", "5"),
    LicenseType.MONTECARLO: ("1", "2"),
    LicenseType.VENDOR: ("",),  # a vendor license has no class
}
LICENSE_CLASS_CHOICES = [(c, c) for c in ("A", "B", "C", "D", "1", "2", "3", "4", "5")]  # blank: a vendor's


class Period(models.TextChoices):
    REGULAR = "regular", _("Regular")
    LIMITED = "limited", _("Limited period (at most 7 consecutive days)")  # 30 DCMR 1204.1


class ApplicationKind(models.TextChoices):
    ORIGINAL = "original", _("Original")
    RENEWAL = "renewal", _("Renewal")
    AMENDMENT = "amendment", _("Amendment")


class ApplicationStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")
    SUBMITTED = "submitted", _("Submitted")
    DEFICIENT = "deficient", _("Deficiency notice open")
    APPROVED = "approved", _("Approved")
    DENIED = "denied", _("Denied")
    WITHDRAWN = "withdrawn", _("Withdrawn")


OPEN_STATUSES = (ApplicationStatus.SUBMITTED, ApplicationStatus.DEFICIENT)


class DeterminationLetter(models.TextChoices):
    # 30 DCMR 1200.2, 1202.2(f): contributions tax deductible under federal or DC law
    NONE = "none", _("None")
    IRS = "irs", _("IRS determination letter")
    DC = "dc", _("DC determination letter")


class DocumentKind(models.TextChoices):
    BYLAWS = "bylaws", _("Constitution or bylaws")  # 30 DCMR 1202.2(s)
    DETERMINATION_LETTER = "determination_letter", _("Tax determination letter")  # 1202.2(f)
    LEASE = "lease", _("Lease")  # 1400.4
    CERTIFICATE_OF_OCCUPANCY = "certificate_of_occupancy", _("Certificate of occupancy")  # 1400.8
    PRINTERS_AFFIDAVIT = "printers_affidavit", _("Printer's affidavit")  # 1202.2(n), the statement of 1502.5
    TICKET_PROOF = "ticket_proof", _("Raffle ticket proof")  # 1502.6
    POLICE_CLEARANCE = "police_clearance", _("Police clearance report")  # 1207.2(l), a vendor's owners and officers


class ResponsibleRole(models.TextChoices):
    MEMBER_IN_CHARGE = "member_in_charge", _("Member in charge")  # 30 DCMR 1202.2(j)
    ALTERNATE = "alternate", _("Alternate member in charge")  # 1202.2(j)
    GROSS_RECEIPTS = "gross_receipts", _("Member responsible for gross receipts")  # 1202.2(k)


class VoteChoice(models.TextChoices):
    AYE = "aye", _("Aye")
    NAY = "nay", _("Nay")
    ABSTAIN = "abstain", _("Abstain")
    RECUSED = "recused", _("Recused")


class DenialReason(models.TextChoices):
    # 30 DCMR 1210.1 (a)-(f)
    A = "a", _("(a) Does not meet 1200 or 1201")
    B = "b", _("(b) Does not meet 1206")
    C = "c", _("(c) False or misleading information")
    D = "d", _("(d) Violation of the Act or these rules")
    E = "e", _("(e) Fraudulent or dishonest conduct")
    F = "f", _("(f) Other good cause")


class LicenseStatus(models.TextChoices):
    ACTIVE = "active", _("Active")
    SUSPENDED = "suspended", _("Suspended")
    REVOKED = "revoked", _("Revoked")
    EXPIRED = "expired", _("Expired")
    SUPERSEDED = "superseded", _("Superseded by renewal")


class EnforcementKind(models.TextChoices):
    SUSPENSION = "suspension", _("Suspension")  # 30 DCMR 1210.1: at most 60 days
    REVOCATION = "revocation", _("Revocation")  # 1210.1
    FINE = "fine", _("Fine")  # 1704.1: at most $1,000 per violation
