"""A bingo operation held under a license, its halls and its workers on duty."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Operation(models.Model):
    """One bingo occasion held under a license (30 DCMR 1405): the games played that day."""

    license = models.ForeignKey(
        "licensing.License", on_delete=models.PROTECT, related_name="bingo_operations", verbose_name=_("license")
    )
    # The drawing location: a premises on the license (30 DCMR 1400.7). Null only for rows
    # created before planning existed; planning services always set it.
    premises = models.ForeignKey(
        "licensing.Premises", null=True, blank=True, on_delete=models.PROTECT, related_name="bingo_operations",
        verbose_name=_("premises"),
    )
    date = models.DateField(_("date"))
    starts_at = models.TimeField(_("starts at"))
    ends_at = models.TimeField(_("ends at"))
    house_rules = models.TextField(_("house rules"), blank=True)  # 30 DCMR 1405.1
    door_prizes_value = models.DecimalField(  # 30 DCMR 1405.1: retail value of door prizes
        _("retail value of door prizes"), max_digits=12, decimal_places=2, default=0
    )
    member_in_charge = models.CharField(_("member in charge"), max_length=200, blank=True)  # 30 DCMR 1405.1
    # Practice on the console and flashboards, not gaming: no card is sold, no prize paid, nothing
    # reported, so it may run outside licensed hours (bingo.live.training). Each game's start event records
    # the flag (game_terms), so a played game cannot be turned into training, or back, unseen.
    is_training = models.BooleanField(_("training (no sales, no prizes, nothing reported)"), default=False)
    # The operation's declarations on the program sheet, checked before the first game starts
    # (bingo.planning.rules.declaration_findings).
    rooms = models.PositiveSmallIntegerField(_("rooms used for play"), default=1)  # 30 DCMR 1405.12
    caller_in_largest_room = models.BooleanField(  # 30 DCMR 1405.12
        _("the receptacle and caller are in the room with most players, and every call is audible in each room"),
        default=False)
    caller_visible = models.BooleanField(  # 30 DCMR 1405.15
        _("the receptacle and caller are visible to most players at all times"), default=False)
    cash_prizes_only = models.BooleanField(  # 30 DCMR 1408.4
        _("every game prize is paid in cash (door prizes may be merchandise)"), default=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(_("created at"), default=timezone.now)

    class Meta:
        verbose_name = _("bingo operation")
        verbose_name_plural = _("bingo operations")
        ordering = ["-date", "-starts_at"]

    def __str__(self) -> str:
        return f"{self.license} {self.date:%Y-%m-%d}"


class Hall(models.Model):
    """A room whose flashboard shows the calls: the drawing location, and for multi-hall games
    every participating licensed premises (30 DCMR 1405.13, 1414). `key` is the unguessable
    part of the public flashboard address."""

    operation = models.ForeignKey(Operation, on_delete=models.PROTECT, related_name="halls")
    premises = models.ForeignKey("licensing.Premises", on_delete=models.PROTECT, related_name="+",
                                 verbose_name=_("premises"))
    name = models.CharField(_("name"), max_length=200)
    is_drawing_location = models.BooleanField(_("drawing location"), default=False)
    key = models.CharField(max_length=32, unique=True, editable=False)

    class Meta:
        verbose_name = _("hall")
        verbose_name_plural = _("halls")
        ordering = ["operation", "-is_drawing_location", "name"]
        constraints = [models.UniqueConstraint(fields=["operation", "premises"], name="bingo_hall_unique_premises")]

    def __str__(self) -> str:
        return self.name


class WorkerDuty(models.Model):
    """A worker on duty at an operation, for the posted worker list (30 DCMR 1401.1, 1401.3); 18 or older on
    the day of the operation (30 DCMR 1401.5), so the duty keeps the date of birth it was checked with."""

    class Duty(models.TextChoices):
        CALLER = "caller", _("Caller")
        CHECKER = "checker", _("Checker")
        CASHIER = "cashier", _("Cashier")
        PRIZE_BANK = "prize_bank", _("Prize bank")  # 30 DCMR 1407
        SECURITY = "security", _("Security")  # 30 DCMR 1400.12
        MEMBER_IN_CHARGE = "member_in_charge", _("Member in charge")  # 30 DCMR 1301.5
        ALTERNATE = "alternate", _("Alternate member in charge")  # 30 DCMR 1301.5

    operation = models.ForeignKey(Operation, on_delete=models.PROTECT, related_name="workers")
    name = models.CharField(_("name"), max_length=200)
    duty = models.CharField(_("duty"), max_length=20, choices=Duty.choices)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                             related_name="+", verbose_name=_("portal user"))
    # Null only on duties listed before the age check existed; the start of a game refuses those.
    date_of_birth = models.DateField(_("date of birth"), null=True, blank=True)

    class Meta:
        verbose_name = _("worker on duty")
        verbose_name_plural = _("workers on duty")
        ordering = ["operation", "duty", "name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_duty_display()})"
