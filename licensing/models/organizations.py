"""Organizations and the people who act for them.

A person acts for an organization through a membership with a role; one person may
hold several roles (an officer who is also the member in charge)."""

from django.conf import settings
from django.contrib.postgres.indexes import GinIndex, OpClass
from django.db import models
from django.db.models.functions import Upper
from django.utils.translation import gettext_lazy as _

from licensing.models.choices import DeterminationLetter


class OrganizationType(models.TextChoices):
    # 30 DCMR 1202.2(c)
    RELIGIOUS = "religious", _("Religious")
    EDUCATIONAL = "educational", _("Educational")
    FRATERNAL = "fraternal", _("Fraternal")
    VETERANS = "veterans", _("Veterans")
    CHARITABLE = "charitable", _("Charitable")
    SENIOR = "senior", _("Senior citizens")
    VOTER_SERVICE = "voter_service", _("Voter service program")  # 30 DCMR 1200.3
    OTHER = "other", _("Other")


class LicenseeKind(models.TextChoices):
    """Who holds the licenses: a charitable organization (30 DCMR 1200) or a vendor of bingo and Monte Carlo
    Night supplies (30 DCMR 1206). Both file, are reviewed, voted on, licensed and enforced the same way."""

    ORGANIZATION = "organization", _("Organization")
    VENDOR = "vendor", _("Vendor")


class Role(models.TextChoices):
    OFFICER = "officer", _("Officer")
    MEMBER_IN_CHARGE = "member_in_charge", _("Member in charge")  # 30 DCMR 1202.2(j)
    ALTERNATE = "alternate", _("Alternate member in charge")  # 30 DCMR 1202.2(j)
    GROSS_RECEIPTS = "gross_receipts", _("Member responsible for gross receipts")  # 30 DCMR 1202.2(k)
    CALLER = "caller", _("Bingo caller")
    CHECKER = "checker", _("Bingo checker")  # 30 DCMR 1401.3
    TOURNAMENT_DIRECTOR = "tournament_director", _("Tournament director")
    DEALER = "dealer", _("Dealer")
    VENDOR_REPRESENTATIVE = "vendor_representative", _("Vendor representative")  # files for a vendor (1207.2)


# Roles that may file and sign for the organization; game roles only run live games.
FILING_ROLES = frozenset({Role.OFFICER, Role.MEMBER_IN_CHARGE, Role.ALTERNATE, Role.GROSS_RECEIPTS,
                          Role.VENDOR_REPRESENTATIVE})


class Organization(models.Model):
    # Set once, when the licensee registers: an organization never becomes a vendor or the other way round.
    kind = models.CharField(_("licensee"), max_length=12, choices=LicenseeKind.choices,
                            default=LicenseeKind.ORGANIZATION, db_index=True, editable=False)
    name = models.CharField(_("name"), max_length=200)
    # 30 DCMR 1202.2(c) for an organization; a vendor's business type is on its vendor record (1207.2(b)).
    organization_type = models.CharField(_("organization type"), max_length=20, choices=OrganizationType.choices,
                                         blank=True)
    street_address = models.CharField(_("street address"), max_length=200)
    city = models.CharField(_("city"), max_length=100, default="Washington")
    state = models.CharField(_("state"), max_length=2, default="DC")
    postal_code = models.CharField(_("ZIP code"), max_length=10)
    phone = models.CharField(_("phone"), max_length=40, blank=True)
    email = models.EmailField(_("email"), blank=True)
    is_senior_group = models.BooleanField(
        _("applies as a senior group"),
        default=False,
        help_text=_("30 DCMR 1201.1: every member 60 or older (55 if disabled)."),
    )
    # Eligibility facts (30 DCMR 1200.2 (a)-(e), 1202.2 (f)-(h)).
    incorporated_in_dc = models.BooleanField(_("incorporated in DC as a nonprofit"), default=False)
    determination_letter = models.CharField(
        _("tax determination letter"), max_length=10, choices=DeterminationLetter.choices,
        default=DeterminationLetter.NONE,
    )
    founded_on = models.DateField(_("founded on"), null=True, blank=True)
    purpose = models.TextField(_("lawful purpose in DC"), blank=True)
    operates_without_profit = models.BooleanField(
        _("operates without profit to members"), default=False,
        help_text=_("30 DCMR 1200.2(e): no part of the net earnings goes to any member."),
    )
    # The payer's federal identification number on its Forms W-2G (licensing.payouts.year_end) and the filer's on
    # Form 1096, written as the IRS writes it: "12-3456789". Optional: only an organization that pays a reportable
    # prize needs it. Checked by licensing.organizations.rules.ein_findings when the profile is saved.
    ein = models.CharField(
        _("Employer Identification Number (EIN)"), max_length=10, blank=True, default="",
        help_text=_("Your organization's Employer Identification Number, printed on the Forms W-2G you give winners: "
                    "nine digits, like 12-3456789."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("organization")
        verbose_name_plural = _("organizations")
        ordering = ["name"]
        indexes = [
            models.Index(fields=["name"]),
            # A name searched anywhere in it (icontains: UPPER(name) LIKE '%...%', the review queue's organization
            # filter and the public lookup). Besides the speed, the index gives PostgreSQL statistics on UPPER(name):
            # without them it guesses 40 organizations for a common word that matches 1,000 and plans the queue
            # as a loop over them (33-42 ms with 100,000 applications) instead of reading the queue's first rows in
            # order (2 ms). PostgreSQL only (pg_trgm): migration 0018 creates it there and nowhere else.
            GinIndex(OpClass(Upper("name"), name="gin_trgm_ops"), name="org_name_upper_trgm"),
        ]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """A user's role in an organization. Ended memberships are kept (is_active=False), never deleted."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="memberships")
    organization = models.ForeignKey(Organization, on_delete=models.PROTECT, related_name="memberships")
    role = models.CharField(_("role"), max_length=30, choices=Role.choices)
    is_active = models.BooleanField(_("active"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(fields=["user", "organization", "role"], name="membership_unique_role"),
        ]
        indexes = [models.Index(fields=["user", "is_active"])]

    def __str__(self) -> str:
        return f"{self.user} · {self.get_role_display()} · {self.organization}"
