"""Texas Hold'em tournaments at a Class 2 Monte Carlo Night (30 DCMR 1603.19-1603.31, 1604.3): the plan,
the clock, the published results, and the terms its opening event records."""

import secrets
from decimal import Decimal

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class FinishMethod(models.TextChoices):
    # 30 DCMR 1603.25: (a) play down to one player, or (b) stop at a set time and rank by chips.
    LAST_PLAYER = "last_player", _("Played down to one player (1603.25(a))")
    TIME = "time", _("Stopped at a set time, ranked by chips (1603.25(b))")


class TournamentStatus(models.TextChoices):
    REGISTERING = "registering", _("Registering")
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")
    PUBLISHED = "published", _("Results published")


class Tournament(models.Model):
    """A Texas Hold'em tournament at a Class 2 Monte Carlo Night (30 DCMR 1204.16). Its play is
    the replay of its append-only TournamentEvent log through the pure engine; the columns here
    are its plan, its clock and the published results."""

    license = models.ForeignKey("licensing.License", on_delete=models.PROTECT, related_name="tournaments",
                                verbose_name=_("license"))
    # The Monte Carlo Night the tournament is played at (it plugs into the night's event); optional for the
    # tournaments planned before nights existed.
    night = models.ForeignKey("montecarlo.Night", null=True, blank=True, on_delete=models.PROTECT,
                              related_name="tournaments", verbose_name=_("Monte Carlo Night"))
    name = models.CharField(_("name"), max_length=200)
    date = models.DateField(_("date"))
    starts_at = models.TimeField(_("starts at"))
    ends_at = models.TimeField(_("ends at"))
    entry_fee = models.DecimalField(_("entry fee"), max_digits=8, decimal_places=2)  # 1603.20: one fee for all
    starting_chips = models.PositiveIntegerField(_("starting chips"))  # 1603.20: the same chips for all
    max_per_table = models.PositiveSmallIntegerField(_("players per table at most"), default=7)  # 1603.23
    finish_method = models.CharField(_("finishing method"), max_length=12, choices=FinishMethod.choices,
                                     default=FinishMethod.LAST_PLAYER)
    stop_at = models.TimeField(_("stops at"), null=True, blank=True)  # 1603.25(b) only
    # A training tournament (dealers and directors practising, the demo): no prizes, nothing reported,
    # and so it may be dealt outside the licensed hours of 1603.19. Its config event records the flag.
    training = models.BooleanField(_("training tournament"), default=False, help_text=_(
        "No prizes and nothing reported; it may be played outside the licensed hours (30 DCMR 1603.19)."))
    levels = models.JSONField(_("blind levels"), default=list)
    prizes = models.JSONField(_("prizes by place"), default=list)  # Decimal strings; each <= prize_cap (1603.26)
    # The Board's figures in force on the tournament's date, recorded when it is planned (tournament_create reads
    # the register): the engine plays by them, so a later change of the register never changes a tournament already
    # planned, nor its log's terms. The rows older than these fields were planned under DC's $500 and 7 (0011).
    prize_cap = models.DecimalField(_("prize cap per player per day"), max_digits=8, decimal_places=2,
                                    editable=False)  # 1603.26
    seats_limit = models.PositiveSmallIntegerField(_("players a table may seat"), editable=False)  # 1603.23
    status = models.CharField(_("status"), max_length=12, choices=TournamentStatus.choices,
                              default=TournamentStatus.REGISTERING)
    # The clock: running since clock_started_at, plus the seconds run before the last pause.
    clock_running = models.BooleanField(_("clock running"), default=False)
    clock_started_at = models.DateTimeField(null=True, blank=True)
    clock_elapsed = models.FloatField(default=0)
    public_key = models.CharField(max_length=32, unique=True, editable=False)
    head_seq = models.PositiveIntegerField(default=0, editable=False)
    head_hash = models.CharField(max_length=64, blank=True, editable=False)
    results = models.JSONField(_("results"), default=list, blank=True)  # [{place, player, name, prize}]
    published_at = models.DateTimeField(_("published at"), null=True, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")
    created_at = models.DateTimeField(_("created at"), default=timezone.now)

    class Meta:
        verbose_name = _("Hold'em tournament")
        verbose_name_plural = _("Hold'em tournaments")
        ordering = ["-date", "-starts_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"

    def save(self, *args, **kwargs):
        if not self.public_key:
            self.public_key = secrets.token_urlsafe(18)[:24]
        super().save(*args, **kwargs)

    def engine_config(self) -> dict:
        """The engine's constructor arguments as JSON, so Tournament.replay rebuilds the same play.
        The cap is written without trailing zeros ("500", "750.5"): the config events recorded before the cap was
        a column say "500", and changed_terms compares the text."""
        return {
            "starting_chips": self.starting_chips,
            "levels": list(self.levels),
            "max_per_table": self.max_per_table,
            "finish_method": self.finish_method,
            "prizes": [str(prize) for prize in self.prizes],
            "prize_cap": format(Decimal(self.prize_cap).normalize(), "f"),
            "seats_limit": self.seats_limit,
        }


def tournament_terms(tournament: Tournament) -> dict:
    """What a tournament is played for, as its first event records it: the engine's configuration,
    the entry fee and whether it is a training tournament cannot change once it exists
    (`verify_logs --tournament` compares them)."""
    return {"engine": tournament.engine_config(), "entry_fee": str(tournament.entry_fee),
            "license": tournament.license_id, "date": tournament.date.isoformat(), "training": tournament.training,
            "night": tournament.night_id}


# A term a config event written before the term existed does not hold, read as its value then.
TERMS_BEFORE = {"training": False, "night": None}
# Likewise an engine argument: before the seat limit was recorded every tournament was played under DC's 7 players a
# table (the engine's own check then; migration 0011 gives those rows 7). A history, not a figure a rule reads.
ENGINE_BEFORE = {"seats_limit": 7}


def _engine_terms(config):
    """A recorded engine configuration with the arguments it predates read as their values then."""
    if not isinstance(config, dict):
        return config
    return {**ENGINE_BEFORE, **config}


def changed_terms(recorded: dict, tournament: Tournament) -> list[str]:
    """The terms of the tournament row that differ from those its config event recorded."""
    terms = tournament_terms(tournament)

    def term(source: dict, key: str):
        found = source.get(key, TERMS_BEFORE.get(key))
        return _engine_terms(found) if key == "engine" else found

    return sorted(key for key in set(terms) | set(recorded) if term(recorded, key) != term(terms, key))
