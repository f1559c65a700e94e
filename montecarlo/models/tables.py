"""A table game of a Monte Carlo Night: the table (its game, limits and variant, posted as house rules,
30 DCMR 1603.2, 1604.5), its append-only, hash-chained round log (the engine's events, replayed to rebuild
the table's state; montecarlo.tablegames) and, on a Caribbean poker table with the progressive jackpot, the
jackpot's own ledger of contributions, awards and resets (001 art. 17)."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.chain import Problem
from core.models import AppendOnlyError, ChainedEvent
from montecarlo.models.nights import Night

CONFIG_EVENT = "config"


class TableStatus(models.TextChoices):
    OPEN = "open", _("Open")
    CLOSED = "closed", _("Closed")


class GameTable(models.Model):
    night = models.ForeignKey(Night, on_delete=models.PROTECT, related_name="tables")
    game = models.ForeignKey("montecarlo.GameCatalogEntry", on_delete=models.PROTECT, related_name="+",
                             verbose_name=_("game"))
    number = models.PositiveSmallIntegerField(_("table number"))
    name = models.CharField(_("name"), max_length=100, blank=True)
    # The engine's settings: limits (min_bet, max_bet) and the variant (montecarlo.tablegames); the config
    # event that opens the log records them, so they cannot change unseen.
    game_settings = models.JSONField(_("settings"), default=dict)
    status = models.CharField(_("status"), max_length=8, choices=TableStatus.choices, default=TableStatus.OPEN)
    head_seq = models.PositiveIntegerField(default=0, editable=False)
    head_hash = models.CharField(max_length=64, blank=True, editable=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")
    created_at = models.DateTimeField(_("created at"), default=timezone.now)

    class Meta:
        verbose_name = _("game table")
        verbose_name_plural = _("game tables")
        ordering = ["night", "number"]
        constraints = [models.UniqueConstraint(fields=["night", "number"], name="mc_gametable_unique_number")]

    def __str__(self) -> str:
        return f"{self.game} {self.number}"

    def terms(self) -> dict:
        """What the table is played as, recorded by the config event."""
        return {"game": self.game.code, "settings": self.game_settings, "night": self.night_id, "number": self.number}


class TableEventImmutableError(AppendOnlyError):
    """Raised on any attempt to change or remove a table event."""


class TableEvent(ChainedEvent):
    """One event of a table's log: the opening `config`, then the engine's events (open, bet, decision,
    outcome, void_outcome, void_round, ...) as the engine takes them, and the table's closing."""

    table = models.ForeignKey(GameTable, on_delete=models.PROTECT, related_name="events")
    kind = models.CharField(_("kind"), max_length=20)
    payload = models.JSONField(_("payload"), default=dict, blank=True)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                              related_name="+")
    created_at = models.DateTimeField(_("time"), default=timezone.now)

    append_only_error = TableEventImmutableError
    append_only_rows = "Table events"
    chain_field = "table"
    chain_alias = "table"

    class Meta:
        verbose_name = _("table event")
        verbose_name_plural = _("table events")
        ordering = ["table", "seq"]
        constraints = [models.UniqueConstraint(fields=["table", "seq"], name="mc_tableevent_unique_seq")]

    def __str__(self) -> str:
        return f"{self.table} {self.seq} {self.kind}"

    @classmethod
    def describe_log(cls, identity: str) -> str:
        table = GameTable.objects.select_related("night", "game").filter(pk=identity).first()
        if table is None:
            return f"table id {identity} (the table row is gone)"
        return f"table {table.number} ({table.game.code}) of \"{table.night.name}\" (id {identity})"

    @classmethod
    def owner_identities(cls) -> list[str]:
        return [str(pk) for pk in GameTable.objects.values_list("pk", flat=True)]

    @classmethod
    def owner_problems(cls, identity, walk):
        describe = cls.describe_log(identity)
        table = GameTable.objects.select_related("game").filter(pk=identity).first()
        if table is None:
            return [Problem(cls.chain_label(), identity, None, "the log's table no longer exists", describe)] \
                if walk.rows else []
        head = cls.head_problems(identity, walk, owner=table, what="table")
        if head:
            return head
        if walk.first is None or walk.first.kind != CONFIG_EVENT:
            return [Problem(cls.chain_label(), identity, 1, "the log does not open with the table's terms", describe)]
        if walk.first.payload != table.terms():
            changed = sorted(key for key in set(walk.first.payload) | set(table.terms())
                             if walk.first.payload.get(key) != table.terms().get(key))
            return [Problem(cls.chain_label(), identity, 1, "the table row no longer matches what its first event "
                            "recorded: " + ", ".join(changed), describe)]
        return []


class JackpotEntryImmutableError(AppendOnlyError):
    """Raised on any attempt to change or remove a jackpot ledger entry."""


class JackpotKind(models.TextChoices):
    SEED = "seed", _("Seeded")
    CONTRIBUTION = "contribution", _("Contribution from a side bet")
    AWARD = "award", _("Award")
    RESET = "reset", _("Reset to the seed")


class JackpotEntry(ChainedEvent):
    """The progressive jackpot of a Caribbean poker table (001 art. 4-6, 17, 20): one log per table. Each
    entry moves the meter by `chips`; `meter` is the meter after it."""

    table = models.ForeignKey(GameTable, on_delete=models.PROTECT, related_name="jackpot_entries")
    kind = models.CharField(_("entry"), max_length=14, choices=JackpotKind.choices)
    chips = models.BigIntegerField(_("meter, change"))
    meter = models.BigIntegerField(_("meter after"))
    bet = models.CharField(_("bet"), max_length=24, blank=True)
    participant = models.ForeignKey("montecarlo.Participant", null=True, blank=True, on_delete=models.PROTECT,
                                    related_name="+")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                              related_name="+")
    created_at = models.DateTimeField(_("time"), default=timezone.now)

    append_only_error = JackpotEntryImmutableError
    append_only_rows = "Jackpot entries"
    chain_field = "table"
    chain_alias = "jackpot"
    head_on_owner = False  # the table's head is its round log's

    class Meta:
        verbose_name = _("jackpot entry")
        verbose_name_plural = _("jackpot entries")
        ordering = ["table", "seq"]
        constraints = [models.UniqueConstraint(fields=["table", "seq"], name="mc_jackpotentry_unique_seq")]

    def __str__(self) -> str:
        return f"{self.table} jackpot {self.seq} {self.kind} {self.chips:+d}"

    @classmethod
    def describe_log(cls, identity: str) -> str:
        return f"jackpot of {TableEvent.describe_log(identity)}"

    @classmethod
    def owner_problems(cls, identity, walk):
        """The meter opens at the table's seed and every entry moves it by its own figure."""
        describe = cls.describe_log(identity)
        meter = None
        for seq, kind, chips, after in cls.chain_rows(identity).values_list("seq", "kind", "chips", "meter"):
            expected = chips if meter is None else meter + chips
            if (meter is None and kind != JackpotKind.SEED) or after != expected or after < 0:
                return [Problem(cls.chain_label(), identity, seq,
                                f"the meter {after} does not follow from the entries before it", describe)]
            meter = after
        return []
