"""Bingo: the pattern library of 75-ball games (30 DCMR 1405.17)."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Pattern(models.Model):
    """A winning pattern: the set of 5x5 masks that win (an "any line" pattern has many).

    Each mask is a 25-bit integer, bit (row * 5 + column) set for a covered square."""

    slug = models.SlugField(_("code"), max_length=60, unique=True)
    name_en = models.CharField(_("name (English)"), max_length=100)
    name_es = models.CharField(_("name (Spanish)"), max_length=100)
    masks = models.JSONField(_("winning masks"), default=list)
    is_standard = models.BooleanField(_("standard pattern"), default=False)

    class Meta:
        verbose_name = _("pattern")
        verbose_name_plural = _("patterns")
        ordering = ["name_en"]

    def __str__(self) -> str:
        return self.name_en

    def name_for(self, language_code: str) -> str:
        return self.name_es if (language_code or "").startswith("es") else self.name_en


# --- Live bingo: the operation, its games and the append-only, hash-chained event log ---


class Operation(models.Model):
    """One bingo occasion held under a license (30 DCMR 1405): the games played that day."""

    license = models.ForeignKey(
        "licensing.License", on_delete=models.PROTECT, related_name="bingo_operations", verbose_name=_("license")
    )
    date = models.DateField(_("date"))
    starts_at = models.TimeField(_("starts at"))
    ends_at = models.TimeField(_("ends at"))
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


class GameStatus(models.TextChoices):
    PLANNED = "planned", _("Planned")
    LIVE = "live", _("Live")
    CLOSED = "closed", _("Closed")


class Game(models.Model):
    """One game of the program (30 DCMR 1405.1): its pattern, its prize and its order."""

    operation = models.ForeignKey(Operation, on_delete=models.PROTECT, related_name="games")
    number = models.PositiveIntegerField(_("game number"))
    pattern = models.ForeignKey(Pattern, on_delete=models.PROTECT, related_name="+", verbose_name=_("pattern"))
    prize = models.DecimalField(_("prize"), max_digits=12, decimal_places=2)
    license_class = models.CharField(_("license class"), max_length=1)
    status = models.CharField(_("status"), max_length=10, choices=GameStatus.choices, default=GameStatus.PLANNED)

    class Meta:
        verbose_name = _("bingo game")
        verbose_name_plural = _("bingo games")
        ordering = ["operation", "number"]
        constraints = [models.UniqueConstraint(fields=["operation", "number"], name="bingo_game_unique_number")]

    def __str__(self) -> str:
        return f"{self.operation} #{self.number}"


class GameEventImmutableError(Exception):
    """Raised on any attempt to change or remove a game event: the log is append-only."""


class GameEventQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise GameEventImmutableError("Game events are append-only: they cannot be updated.")

    def delete(self):
        raise GameEventImmutableError("Game events are append-only: they cannot be deleted.")

    update.queryset_only = True
    delete.queryset_only = True


class EventKind(models.TextChoices):
    CALL = "call", _("Call")
    UNDO = "undo", _("Undo")
    CLAIM = "claim", _("Claim")
    CLOSE = "close", _("Close")


class GameEvent(models.Model):
    """One call, undo, claim or result. Each row stores the hash of the one before it (a hash
    chain), so an edited or removed row is found by `bingo_verify_log`; the live state is
    rebuilt from these rows alone (bingo.state), so a restart resumes the same game."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="events")
    seq = models.PositiveIntegerField(_("sequence"))
    kind = models.CharField(_("kind"), max_length=10, choices=EventKind.choices)
    payload = models.JSONField(_("payload"), default=dict, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(_("time"), default=timezone.now)
    prev_hash = models.CharField(_("previous hash"), max_length=64, blank=True)
    hash = models.CharField(_("hash"), max_length=64)

    objects = GameEventQuerySet.as_manager()

    class Meta:
        verbose_name = _("game event")
        verbose_name_plural = _("game events")
        ordering = ["game", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="bingo_gameevent_unique_seq")]

    def __str__(self) -> str:
        return f"{self.game} {self.seq} {self.kind}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise GameEventImmutableError("Game events are append-only: an existing event cannot be changed.")
        self.hash = self.compute_hash()
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise GameEventImmutableError("Game events are append-only: they cannot be deleted.")

    def compute_hash(self) -> str:
        from bingo.chain import event_hash

        return event_hash(self.prev_hash, self.seq, self.kind, self.payload, self.actor_id, self.created_at)
