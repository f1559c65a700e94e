"""Event financial reports (issue 13): one per bingo operation, raffle drawing or Monte Carlo Night.

A report is a draft until its organization submits it; a submitted report is frozen. A correction is a
new version (`previous` points at the version it corrects, with the reason); the corrected version stays,
marked superseded, so the Board reads both and the diff between them. Nothing here is ever deleted.

`data` is the report as filed (licensing.reports.content); `recorded` is what the live module that ran
the event handed over (never edited, so a corrected recorded figure keeps both values); the totals are
computed from `data` by the service on every save, so dashboards add up columns in the database."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

MONEY = {"max_digits": 14, "decimal_places": 2, "default": 0}


class ReportKind(models.TextChoices):
    BINGO = "bingo", _("Bingo operation")
    RAFFLE = "raffle", _("Raffle")
    MONTECARLO = "montecarlo", _("Monte Carlo Night")


class ReportStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")
    SUBMITTED = "submitted", _("Submitted")
    SUPERSEDED = "superseded", _("Superseded by a correction")
    # 30 DCMR 1413.1: a report is due for an operation that took place; one scheduled and not held is marked
    # so by the organization's officers, with the reason (licensing.reports.not_held), and is due nothing.
    NOT_HELD = "not_held", _("Not held")


class ReportDeleteError(Exception):
    """A financial report is a regulated record (30 DCMR 1410): never deleted."""


class Report(models.Model):
    license = models.ForeignKey("licensing.License", on_delete=models.PROTECT, related_name="reports")
    # The license's organization, held here so scoping and the dashboards need no join.
    organization = models.ForeignKey("licensing.Organization", on_delete=models.PROTECT, related_name="reports")
    kind = models.CharField(_("kind"), max_length=12, choices=ReportKind.choices)
    license_class = models.CharField(_("license class"), max_length=1, blank=True)
    period = models.CharField(_("period"), max_length=10)
    event_date = models.DateField(_("event date"))
    # What handed the recorded figures over: "bingo.operation:12", "montecarlo.tournament:3", "raffle.drawing:5".
    source = models.CharField(_("recorded by"), max_length=80, blank=True)
    version = models.PositiveSmallIntegerField(_("version"), default=1)
    previous = models.OneToOneField("self", null=True, blank=True, on_delete=models.PROTECT,
                                    related_name="correction", verbose_name=_("corrects"))
    correction_reason = models.TextField(_("reason for the correction"), blank=True)
    status = models.CharField(_("status"), max_length=12, choices=ReportStatus.choices, default=ReportStatus.DRAFT)
    data = models.JSONField(_("report"), default=dict)
    recorded = models.JSONField(_("recorded figures"), default=dict, blank=True)
    findings = models.JSONField(_("findings at submission"), default=list, blank=True)
    handle = models.DecimalField(_("handle"), **MONEY)  # 30 DCMR 9900: bingo card sales (content.handle)
    charity_tickets = models.DecimalField(_("charity game tickets sold"), **MONEY)  # 1409: not handle
    charity_ticket_prizes = models.DecimalField(_("charity game ticket prizes"), **MONEY)
    gross_receipts = models.DecimalField(_("gross receipts"), **MONEY)
    prizes = models.DecimalField(_("prizes"), **MONEY)
    expenses = models.DecimalField(_("expenses"), **MONEY)
    net_proceeds = models.DecimalField(_("net proceeds"), **MONEY)
    disbursed = models.DecimalField(_("used for the lawful purpose"), **MONEY)
    # When the event ended, as the live module that ran it handed it over (bingo, Monte Carlo, the raffle
    # drawing); null when nothing was handed over: then the end of the licensed hours or of the day counts.
    # Nothing is reported before its event ends (licensing.reports.event_end).
    event_ends_at = models.DateTimeField(_("event ends at"), null=True, blank=True)
    not_held_reason = models.TextField(_("why it was not held"), blank=True)
    not_held_at = models.DateTimeField(_("marked not held at"), null=True, blank=True)
    not_held_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                    related_name="+")
    report_due = models.DateField(_("report due"), null=True, blank=True)
    deposit_due = models.DateField(_("deposit due"), null=True, blank=True)
    proceeds_used_by = models.DateField(_("proceeds used by"), null=True, blank=True)
    # Set by the daily task the day after report_due passes with nothing submitted (30 DCMR 1413.1).
    overdue_since = models.DateField(_("overdue since"), null=True, blank=True)
    # The Board may let an organization apply while this report is overdue (licensing.reports.overdue).
    waived_at = models.DateTimeField(_("overdue warning waived at"), null=True, blank=True)
    waived_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                  related_name="+")
    waiver_reason = models.TextField(_("reason for the waiver"), blank=True)
    submitted_at = models.DateTimeField(_("submitted at"), null=True, blank=True)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                     related_name="+")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")
    created_at = models.DateTimeField(_("created at"), default=timezone.now)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("financial report")
        verbose_name_plural = _("financial reports")
        ordering = ["-event_date", "-version", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["license", "event_date", "version"], name="lic_report_unique_version"),
            # Per event, one version in the works (a draft, or a correction's draft) and one in force.
            models.UniqueConstraint(fields=["license", "event_date"], condition=Q(status="draft"),
                                    name="lic_report_one_draft"),
            models.UniqueConstraint(fields=["license", "event_date"], condition=Q(status="submitted"),
                                    name="lic_report_one_submitted"),
        ]
        indexes = [
            models.Index(fields=["organization", "-event_date"], name="lic_report_org_date"),
            # The dashboards' sums (licensing.board.selectors) read only this index (an index-only scan on
            # PostgreSQL): the version in force by date, with the figures they add up, about a fifteenth of the
            # table's size since the report documents stay in the heap. It also serves every (status, event_date)
            # lookup the plain index it replaced did.
            models.Index(fields=["status", "event_date"], name="lic_report_figures",
                         include=["id", "organization", "kind", "handle", "charity_tickets", "charity_ticket_prizes",
                                  "gross_receipts", "prizes", "expenses", "net_proceeds", "disbursed"]),
            models.Index(fields=["status", "report_due"], name="lic_report_status_due"),
        ]

    def __str__(self) -> str:
        return f"{self.license.number} {self.event_date} v{self.version}"

    def delete(self, *args, **kwargs):
        raise ReportDeleteError("Financial reports are regulated records (30 DCMR 1410): they cannot be deleted.")

    @property
    def is_draft(self) -> bool:
        return self.status == ReportStatus.DRAFT


class ReportLine(models.Model):
    """A submitted report's rows as the database queries them (exports, the vendor cross-check); written
    once at submission from `Report.data` (licensing.reports.content.lines.lines), never changed."""

    report = models.ForeignKey(Report, on_delete=models.PROTECT, related_name="lines")
    section = models.CharField(_("section"), max_length=20)
    position = models.PositiveIntegerField(_("row"))
    description = models.CharField(_("description"), max_length=200, blank=True)
    category = models.CharField(_("category"), max_length=30, blank=True)
    amount = models.DecimalField(_("amount"), **MONEY)
    quantity = models.PositiveIntegerField(_("quantity"), null=True, blank=True)
    on_date = models.DateField(_("date"), null=True, blank=True)
    vendor_license = models.CharField(_("vendor license"), max_length=20, blank=True)
    data = models.JSONField(_("row"), default=dict)

    class Meta:
        verbose_name = _("report line")
        verbose_name_plural = _("report lines")
        ordering = ["report", "section", "position"]
        constraints = [models.UniqueConstraint(fields=["report", "section", "position"],
                                               name="lic_reportline_unique_row")]
        indexes = [models.Index(fields=["vendor_license", "on_date"], name="lic_reportline_vendor",
                                condition=~Q(vendor_license=""))]

    def __str__(self) -> str:
        return f"{self.report_id} {self.section} {self.position}"

    def delete(self, *args, **kwargs):
        raise ReportDeleteError("Report lines are part of a regulated record: they cannot be deleted.")


class ReportFinding(models.Model):
    """A compliance finding of a submitted report (licensing.reports.checks), one row each, so the Board
    counts findings by rule in the database and exports them; written once at submission, never changed."""

    report = models.ForeignKey(Report, on_delete=models.PROTECT, related_name="finding_rows")
    rule = models.CharField(_("rule"), max_length=40)
    message = models.TextField(_("finding"))
    field = models.CharField(_("field"), max_length=100, blank=True)

    class Meta:
        verbose_name = _("report finding")
        verbose_name_plural = _("report findings")
        ordering = ["report", "pk"]
        indexes = [models.Index(fields=["rule"], name="lic_reportfinding_rule")]

    def __str__(self) -> str:
        return f"{self.report_id} {self.rule}"

    def delete(self, *args, **kwargs):
        raise ReportDeleteError("Report findings are part of a regulated record: they cannot be deleted.")


class ReportMonthTotal(models.Model):
    """The sums of the reports in force (status submitted) of one kind and month, kept by the report services as
    each report is submitted (its figures added, those of the version it supersedes taken off), so the Board's
    dashboard adds a few hundred rows instead of every report. Derived data: licensing.reports.month_totals
    rebuilds it from the reports, and its check compares the two."""

    kind = models.CharField(_("kind"), max_length=12, choices=ReportKind.choices)
    month = models.DateField(_("month"))  # its first day
    reports = models.IntegerField(_("reports"), default=0)
    handle = models.DecimalField(_("handle"), **MONEY)
    charity_tickets = models.DecimalField(_("charity game tickets sold"), **MONEY)
    charity_ticket_prizes = models.DecimalField(_("charity game ticket prizes"), **MONEY)
    gross_receipts = models.DecimalField(_("gross receipts"), **MONEY)
    prizes = models.DecimalField(_("prizes"), **MONEY)
    expenses = models.DecimalField(_("expenses"), **MONEY)
    net_proceeds = models.DecimalField(_("net proceeds"), **MONEY)
    disbursed = models.DecimalField(_("used for the lawful purpose"), **MONEY)

    class Meta:
        verbose_name = _("reports' month total")
        verbose_name_plural = _("reports' month totals")
        ordering = ["month", "kind"]
        constraints = [models.UniqueConstraint(fields=["kind", "month"], name="lic_reportmonthtotal_unique")]

    def __str__(self) -> str:
        return f"{self.kind} {self.month:%Y-%m}"
