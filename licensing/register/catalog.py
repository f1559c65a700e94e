"""Every key of the Board's register: what kind of number it is, the section that sets it, what it means.

The catalog holds definitions, never figures: the figures are rows of the register (licensing.models.BoardNumber),
shipped as rule packs (`rulepacks/*.toml`). A key missing here is refused everywhere (the portal, the API, a pack):
it would be a number that no rule reads. Fee and bond keys follow one pattern, built by `fee_key` and `bond_key`:

    fee.<type>[.<class>].<kind>[.<period>][.senior]      fee.bingo.C.original.senior, fee.vendor.original
    bond.<type>[.<class>][.<period>][.senior]            bond.raffle.3

A key naming the period or the senior group is more specific than one that does not; a quote takes the most specific
key in force (licensing.fees.quotes)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from licensing.models.choices import LICENSE_CLASSES, ApplicationKind, LicenseType, Period
from licensing.register.kinds import AGE, COUNT, DAYS, MONEY, MONTHS, PERCENT, TIME, YEARS

FEE, BOND = "fee", "bond"


@dataclass(frozen=True)
class Entry:
    key: str
    kind: str
    citation: str
    label: str | None  # None: a fee or bond, described from its key (fee_label)
    group: str
    minimum: int | None = None  # the least the text allows (a whole number), where it sets one

    def __str__(self) -> str:
        return self.key

    def describe(self) -> str:
        """What the number is, in the reader's language."""
        return str(self.label) if self.label is not None else fee_label(self.key)


# (key, kind, citation, label, minimum); the group is the key's first part.
_NUMBERS = [
    # Bingo card prices (30 DCMR 1402) and prizes (1408), by class: Class A, B and C share one figure, Class D another.
    ("bingo.card_price_cap.class_abc.regular", MONEY, "30 DCMR 1402.1",
     _("Admission with its regular card, Class A/B/C: the most it costs"), None),
    ("bingo.card_price_cap.class_abc.extra_regular", MONEY, "30 DCMR 1402.3",
     _("Each extra regular card, Class A/B/C: the most it costs"), None),
    ("bingo.card_price_cap.class_abc.special", MONEY, "30 DCMR 1402.5",
     _("A card for a special game, Class A/B/C: the most it costs"), None),
    ("bingo.card_price_cap.class_abc.early_bird", MONEY, "30 DCMR 1402.5",
     _("A card for an early-bird game, Class A/B/C: the most it costs"), None),
    ("bingo.card_price_cap.class_abc.multi_hall", MONEY, "30 DCMR 1402.5",
     _("A card for a multi-hall game: the most it costs"), None),
    ("bingo.card_price_cap.class_d.regular", MONEY, "30 DCMR 1402.2",
     _("Admission with its regular card, Class D: the most it costs"), None),
    ("bingo.card_price_cap.class_d.extra_regular", MONEY, "30 DCMR 1402.4",
     _("Each extra regular card, Class D: the most it costs"), None),
    ("bingo.card_price_cap.class_d.special", MONEY, "30 DCMR 1402.6",
     _("A card for a special game, Class D: the most it costs"), None),
    ("bingo.card_price_cap.class_d.early_bird", MONEY, "30 DCMR 1402.6",
     _("A card for an early-bird game, Class D: the most it costs"), None),
    ("bingo.game_prize_cap.class_abc", MONEY, "30 DCMR 1408.1",
     _("Prize of one regular-period game, Class A/B/C"), None),
    ("bingo.operation_prize_cap.class_abc", MONEY, "30 DCMR 1408.1",
     _("Prizes of one regular-period operation, Class A/B/C (multi-hall games excepted)"), None),
    ("bingo.game_prize_cap.class_d", MONEY, "30 DCMR 1408.3", _("Prize of one game, Class D"), None),
    ("bingo.operation_prize_cap.class_d", MONEY, "30 DCMR 1408.3", _("Prizes of one operation, Class D"), None),
    ("bingo.prize_by_check_over", MONEY, "30 DCMR 1408.5",
     _("A prize over this is paid by check when the winner asks"), None),
    ("bingo.annuity_prize_floor", MONEY, "30 DCMR 1408.6", _("A prize paid as an annuity is at least"), None),
    ("bingo.annuity_max_years", YEARS, "30 DCMR 1408.6", _("An annuity runs at most"), 1),
    ("bingo.annuity_purchase_days", DAYS, "30 DCMR 1408.7",
     _("An annuity is bought within this many days of the game"), 1),
    ("bingo.worker_reimbursement_cap", MONEY, "30 DCMR 1412.2",
     _("Reimbursement of one worker for one occasion, at most"), None),
    ("bingo.early_birds_per_operation", COUNT, "30 DCMR 1405.19", _("Early-bird games in one operation, at most"),
     None),
    ("bingo.operations_per_premises_per_week", COUNT, "30 DCMR 1400.5",
     _("Bingo operations on one premises in one week, at most"), 1),
    ("bingo.no_play_from", TIME, "30 DCMR 1202.2(m)", _("No bingo from this time of night"), None),
    ("bingo.no_play_until", TIME, "30 DCMR 1202.2(m)", _("No bingo until this time of the morning"), None),
    ("bingo.limited_period_max_days", DAYS, "30 DCMR 1204.1",
     _("A limited-period license covers at most this many consecutive days"), 1),
    ("bingo.supply_seller_licensed_months", MONTHS, "30 DCMR 1403.1",
     _("Used supplies come from an organization licensed within this many months before the sale"), 1),
    ("multihall.bond_margin", PERCENT, "30 DCMR 1414.9",
     _("Multi-hall bond: the highest prize offered plus this percent"), None),
    # Monte Carlo Nights and Texas Hold'em (30 DCMR 1204.17, 1603).
    ("montecarlo.nights_per_year", COUNT, "30 DCMR 1204.17",
     _("Monte Carlo Nights of one organization in one calendar year, at most"), 1),
    ("holdem.prize_cap_per_player_day", MONEY, "30 DCMR 1603.26",
     _("Texas Hold'em prizes of one player in one day, at most"), None),
    ("holdem.players_per_table", COUNT, "30 DCMR 1603.23", _("Players at one Texas Hold'em table, at most"), 2),
    # Licensing: terms, deadlines, votes.
    ("license.term_days", DAYS, "30 DCMR 1204.2", _("A license runs this many days from its effective date"), 1),
    ("renewal.filing_lead_days", DAYS, "30 DCMR 1204.2",
     _("A renewal is filed at least this many days before the license expires"), 0),
    ("renewal.window_opens_days", DAYS, "30 DCMR 1204.2",
     _("The renewal window opens this many days before the license expires"), 1),
    ("amendment.filing_days", DAYS, "30 DCMR 1202.3",
     _("An amended application is filed within this many days of a substantial change"), 1),
    ("review.quorum", COUNT, "30 DCMR 1202.4",
     _("Affirmative Board votes to issue a license, at least"), 4),
    ("review.cure_days", DAYS, "30 DCMR 1202",
     _("Days an organization has to cure a deficiency notice, unless staff set others"), 1),
    ("reports.due_days.regular", DAYS, "30 DCMR 1413.1",
     _("A regular operation's financial report is due this many days after it"), 1),
    ("reports.due_days.limited", DAYS, "30 DCMR 1413.1",
     _("A limited-period operation's financial report is due this many days after it"), 1),
    ("proceeds.deposit_days.bingo", DAYS, "30 DCMR 1411.3",
     _("Bingo net proceeds are used or deposited within this many days"), 1),
    ("proceeds.deposit_days.raffle", DAYS, "30 DCMR 1506.4",
     _("Raffle net proceeds are used or deposited within this many days"), 1),
    ("proceeds.deposit_days.montecarlo", DAYS, "30 DCMR 1608.4",
     _("Monte Carlo Night net proceeds are used or deposited within this many days"), 1),
    ("reminders.renewal_deadline_notice_days", DAYS, "30 DCMR 1204.2",
     _("The renewal-deadline reminder goes out this many days before the deadline"), 1),
    ("reminders.cure_notice_first_days", DAYS, "30 DCMR 1202",
     _("The first cure reminder goes out this many days before the cure date"), 1),
    ("reminders.cure_notice_last_days", DAYS, "30 DCMR 1202",
     _("The last cure reminder goes out this many days before the cure date"), 0),
    ("reminders.amendment_notice_days", DAYS, "30 DCMR 1202.3",
     _("The amendment reminder goes out this many days before it is due"), 0),
    ("reminders.report_due_notice_days", DAYS, "30 DCMR 1413.1",
     _("The report reminder goes out this many days before it is due"), 0),
    ("enforcement.suspension_max_days", DAYS, "30 DCMR 1210.1", _("A suspension lasts at most"), 1),
    ("enforcement.fine_max_per_violation", MONEY, "30 DCMR 1704.1", _("A fine for one violation, at most"), None),
    # Who may take part.
    ("organization.minimum_members", COUNT, "30 DCMR 1200.2(c)", _("Members of a qualified organization, at least"),
     1),
    ("senior.minimum_members", COUNT, "30 DCMR 1201.1", _("Members of a senior group, at least"), 1),
    ("senior.age", AGE, "30 DCMR 1201.1", _("A senior group's members are at least this old"), 1),
    ("senior.age_disabled", AGE, "30 DCMR 1201.1",
     _("...or at least this old when they have a disability"), 1),
    ("worker.minimum_age", AGE, "30 DCMR 1401.5", _("A person working a game is at least"), 1),
    ("player.minimum_age", AGE, "30 DCMR 1702.1", _("A player is at least"), 1),
    ("responsible_person.minimum_age", AGE, "30 DCMR 1202.2(j)",
     _("The member in charge, the alternate and the other responsible people are at least"), 1),
    # Vendors (30 DCMR 1206.4, 1207.2(e), 1208.4).
    ("vendor.owner_clean_years", YEARS, "30 DCMR 1206.4(a)",
     _("An owner convicted of a disqualifying offense was released at least this long before applying"), 1),
    ("vendor.relative_share_limit", PERCENT, "30 DCMR 1206.4(c)",
     _("A relative of a disqualified person owning more than this share disqualifies the firm"), None),
    ("vendor.declared_sales_gap_share", PERCENT, "30 DCMR 1207.2(e)",
     _("Declared and reported sales to an organization are flagged when more than this share apart..."), None),
    ("vendor.declared_sales_gap_amount", MONEY, "30 DCMR 1207.2(e)", _("...and more than this amount apart"), None),
    ("vendor.renewal_band_1.sales_below", MONEY, "30 DCMR 1208.4", _("Renewal fee band 1: prior-year sales below"),
     None),
    ("vendor.renewal_band_1.fee", MONEY, "30 DCMR 1208.4", _("Renewal fee band 1: the fee"), None),
    ("vendor.renewal_band_2.sales_below", MONEY, "30 DCMR 1208.4", _("Renewal fee band 2: prior-year sales below"),
     None),
    ("vendor.renewal_band_2.fee", MONEY, "30 DCMR 1208.4", _("Renewal fee band 2: the fee"), None),
    ("vendor.renewal_band_3.sales_below", MONEY, "30 DCMR 1208.4", _("Renewal fee band 3: prior-year sales below"),
     None),
    ("vendor.renewal_band_3.fee", MONEY, "30 DCMR 1208.4", _("Renewal fee band 3: the fee"), None),
    ("vendor.renewal_top.fee", MONEY, "30 DCMR 1208.4", _("Renewal fee for sales above the last band"), None),
    # Federal reporting of winnings (the payout desk): IRS thresholds, dated as the IRS dates them.
    ("federal.w2g.bingo", MONEY, "26 U.S.C. 6041; IRS Instructions for Forms W-2G and 5754",
     _("A bingo prize of at least this much is reported on Form W-2G"), None),
    ("federal.w2g.other", MONEY, "26 U.S.C. 6041; IRS Instructions for Forms W-2G and 5754",
     _("Other winnings (a raffle, a Monte Carlo Night prize) of at least this much are reported on Form W-2G..."),
     None),
    ("federal.w2g.other_times_wager", COUNT, "26 U.S.C. 6041; IRS Instructions for Forms W-2G and 5754",
     _("...when they are at least this many times the wager"), 1),
    ("federal.w2g.poker", MONEY, "26 U.S.C. 6041; IRS Instructions for Forms W-2G and 5754",
     _("Poker tournament winnings of more than this, less the buy-in, are reported on Form W-2G"), None),
    ("federal.backup_withholding.rate", PERCENT, "26 U.S.C. 3406; IRS Instructions for Forms W-2G and 5754",
     _("Backup withholding: the rate withheld from reportable winnings when the winner gives no taxpayer number"),
     None),
    ("payouts.identity_retention_years", YEARS,
     "26 CFR 31.6001-1(e)(2); IRS General Instructions for Certain Information Returns",
     _("A winner's identity is kept this long after the prize is paid, then purged (the amounts stay)"), 1),
    ("federal.withholding.over", MONEY, "26 U.S.C. 3402(q)",
     _("Federal income tax is withheld from winnings over this amount"), None),
    ("federal.withholding.rate", PERCENT, "26 U.S.C. 3402(q)", _("The rate withheld"), None),
]

# Where each license type's fees and bonds are set (the citation a fee row carries unless the Board gives another).
FEE_CITATIONS = {
    LicenseType.BINGO: "30 DCMR 1204.1", LicenseType.MULTIHALL: "30 DCMR 1414",
    LicenseType.RAFFLE: "30 DCMR 1202.2(r)", LicenseType.MONTECARLO: "30 DCMR 1204.16",
    LicenseType.VENDOR: "30 DCMR 1208.4",
}
BOND_CITATION = "30 DCMR 1205.2"
# The types whose fee or bond may differ by period or for a senior group.
HAS_PERIODS = frozenset({LicenseType.BINGO, LicenseType.MULTIHALL})
HAS_SENIOR = frozenset({LicenseType.BINGO, LicenseType.MONTECARLO, LicenseType.RAFFLE})
# No bond row: the multi-hall bond is computed (1414.9), a vendor posts none; a senior Class D group needs none
# (1201.3).
NO_BOND_TYPES = frozenset({LicenseType.MULTIHALL, LicenseType.VENDOR})


def _qualified(base: str, license_type: str) -> list[str]:
    periods = [None, *Period.values] if license_type in HAS_PERIODS else [None]
    seniors = [False, True] if license_type in HAS_SENIOR else [False]
    return [base + (f".{period}" if period else "") + (".senior" if senior else "")
            for period in periods for senior in seniors]


def fee_key(license_type: str, license_class: str, kind: str, period: str | None = None, senior: bool = False) -> str:
    """The key of one fee: `fee_key("bingo", "C", "original", senior=True)` is "fee.bingo.C.original.senior"."""
    parts = [FEE, license_type, *([license_class] if license_class else []), kind, *([period] if period else []),
             *(["senior"] if senior else [])]
    return ".".join(parts)


def bond_key(license_type: str, license_class: str, period: str | None = None, senior: bool = False) -> str:
    """The key of one bond: `bond_key("raffle", "3")` is "bond.raffle.3"."""
    parts = [BOND, license_type, *([license_class] if license_class else []), *([period] if period else []),
             *(["senior"] if senior else [])]
    return ".".join(parts)


def _fee_entries() -> list[Entry]:
    entries = []
    for license_type, classes in LICENSE_CLASSES.items():
        for license_class in classes:
            for kind in ApplicationKind.values:
                for key in _qualified(fee_key(license_type, license_class, kind), license_type):
                    entries.append(Entry(key, MONEY, FEE_CITATIONS[license_type], None, FEE))
            if license_type in NO_BOND_TYPES or (license_type == LicenseType.BINGO and license_class == "D"):
                continue  # Class D is a senior group's, and a senior group's Class D needs no bond (1201.3)
            for key in _qualified(bond_key(license_type, license_class), license_type):
                entries.append(Entry(key, MONEY, BOND_CITATION, None, BOND))
    return entries


def fee_label(key: str) -> str:
    """A fee's or bond's key in words, in the reader's language: "Bingo Class C original fee (senior group)"."""
    from django.utils.translation import gettext

    group, license_type, *rest = key.split(".")
    words = [str(LicenseType(license_type).label)]
    if rest and rest[0] in LICENSE_CLASSES[LicenseType(license_type)] and rest[0]:
        words.append(gettext("Class %(cls)s") % {"cls": rest.pop(0)})
    if group == FEE:
        words.append(gettext("%(kind)s fee") % {"kind": str(ApplicationKind(rest.pop(0)).label).lower()})
    else:
        words.append(gettext("bond"))
    for qualifier in rest:
        words.append(gettext("(senior group)") if qualifier == "senior" else
                     gettext("(%(period)s period)") % {"period": str(Period(qualifier).label).lower()})
    return " ".join(words)


CATALOG: dict[str, Entry] = {
    **{key: Entry(key, kind, citation, label, key.split(".")[0], minimum)
       for key, kind, citation, label, minimum in _NUMBERS},
    **{entry.key: entry for entry in _fee_entries()},
}


def entry(key: str) -> Entry | None:
    """The catalog's entry of a key; None for a key no rule reads."""
    return CATALOG.get(key)
