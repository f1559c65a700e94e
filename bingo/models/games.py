"""The games of an operation's program and the append-only, hash-chained event log of each."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from bingo.models.operations import Operation
from bingo.models.patterns import Pattern
from core.chain import Problem
from core.models import AppendOnlyError, ChainedEvent


class GameType(models.TextChoices):
    """The kinds of game on a program sheet (30 DCMR 1402, 1405.1-1405.4, 1405.19)."""

    REGULAR = "regular", _("Regular")
    EXTRA_REGULAR = "extra_regular", _("Extra regular")
    SPECIAL = "special", _("Special")
    EARLY_BIRD = "early_bird", _("Early bird")
    MULTI_HALL = "multi_hall", _("Multi-hall")


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
    game_type = models.CharField(_("game type"), max_length=20, choices=GameType.choices, default=GameType.REGULAR)
    card_price = models.DecimalField(_("card price"), max_digits=8, decimal_places=2, default=0)
    status = models.CharField(_("status"), max_length=10, choices=GameStatus.choices, default=GameStatus.PLANNED)
    # 30 DCMR 1408.6-1408.8: a multi-hall prize of $10,000 or more may be paid, in whole or part, by an annuity of
    # at most 25 years, bought within 30 days of the win from a nationally recognized insurer licensed in DC.
    annuity_years = models.PositiveSmallIntegerField(_("annuity term (years)"), null=True, blank=True)
    annuity_amount = models.DecimalField(_("part of the prize paid by annuity"), max_digits=12, decimal_places=2,
                                         null=True, blank=True)
    annuity_insurer = models.CharField(_("annuity insurer"), max_length=200, blank=True)
    annuity_insurer_dc_licensed = models.BooleanField(_("insurer licensed to operate in DC"), default=False)
    annuity_purchased_on = models.DateField(_("annuity bought on"), null=True, blank=True)
    annuity_contract = models.CharField(_("annuity contract number"), max_length=100, blank=True)
    # The newest event's seq and hash, written with each append under the row lock: a removed
    # last event leaves the head pointing past the log, which `verify_logs --operation` reports.
    head_seq = models.PositiveIntegerField(default=0, editable=False)
    head_hash = models.CharField(max_length=64, blank=True, editable=False)

    class Meta:
        verbose_name = _("bingo game")
        verbose_name_plural = _("bingo games")
        ordering = ["operation", "number"]
        constraints = [models.UniqueConstraint(fields=["operation", "number"], name="bingo_game_unique_number")]

    def __str__(self) -> str:
        return f"{self.operation} #{self.number}"


class GameEventImmutableError(AppendOnlyError):
    """Raised on any attempt to change or remove a game event: the log is append-only."""


class EventKind(models.TextChoices):
    # A context, because "Call" is also the poker action (igualar) and "Claim"/"Close" are buttons.
    START = "start", pgettext_lazy("bingo game event", "Start")
    CALL = "call", pgettext_lazy("bingo game event", "Call")
    UNDO = "undo", pgettext_lazy("bingo game event", "Undo")
    CLAIM = "claim", pgettext_lazy("bingo game event", "Claim")
    CLOSE = "close", pgettext_lazy("bingo game event", "Close")
    VOID = "void", pgettext_lazy("bingo game event", "Void claim")


# Terms added after some games were played: a start event written before a term existed recorded its default.
TERMS_DEFAULTS = {"training": False}


def game_terms(game: "Game") -> dict:
    """What a game is played for, as its start event records it: once the game has started these
    cannot change (`verify_logs --operation` compares the game row with them)."""
    return {"number": game.number, "pattern": game.pattern.slug, "masks": list(game.pattern.masks),
            "prize": str(game.prize),
            "license_class": game.license_class, "game_type": game.game_type, "card_price": str(game.card_price),
            # getattr: migration 0006 calls this with historical models, whose operations had no flag yet.
            "training": bool(getattr(game.operation, "is_training", False))}


class GameEvent(ChainedEvent):
    """One start, call, undo, claim, claim void or result, in the game's hash-chained log (core.chain): an
    edited, removed or forged row is found by `verify_logs --operation`; the live state is rebuilt from
    these rows alone (bingo.live.state), so a restart resumes the same game."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="events")
    kind = models.CharField(_("kind"), max_length=10, choices=EventKind.choices)
    payload = models.JSONField(_("payload"), default=dict, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(_("time"), default=timezone.now)

    append_only_error = GameEventImmutableError
    append_only_rows = "Game events"
    chain_field = "game"
    chain_alias = "bingo"
    # Not stored: True on the earlier claim that claim_face hands back when the same face is checked
    # again on the same call (the console shows that claim instead of a second one).
    repeated = False

    class Meta:
        verbose_name = _("game event")
        verbose_name_plural = _("game events")
        ordering = ["game", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="bingo_gameevent_unique_seq")]

    def __str__(self) -> str:
        return f"{self.game} {self.seq} {self.kind}"

    @classmethod
    def describe_log(cls, identity: str) -> str:
        game = Game.objects.filter(pk=identity).select_related("operation").first()
        if game is None:
            return f"bingo game id {identity} (the game row is gone)"
        return f"bingo game {game.number} (id {game.pk}) of operation {game.operation_id}"

    @classmethod
    def owner_identities(cls) -> list[str]:
        started = Game.objects.exclude(status=GameStatus.PLANNED) | Game.objects.filter(head_seq__gt=0)
        return [str(pk) for pk in started.values_list("pk", flat=True)]

    @classmethod
    def owner_problems(cls, identity, walk):
        """The game row must agree with its log: its head is the last row, a started game has a
        start event that recorded what it is played for, a closed game ends with its result."""
        describe = cls.describe_log(identity)

        def problem(seq, message):
            return [Problem(cls.chain_label(), identity, seq, message, describe)]

        game = Game.objects.filter(pk=identity).select_related("pattern").first()
        if game is None:
            return problem(None, "the log's game no longer exists") if walk.rows else []
        head = cls.head_problems(identity, walk, owner=game, what="game")
        if head:
            return head
        if game.status == GameStatus.PLANNED:
            return problem(1, "a planned game has events") if walk.rows else []
        if walk.first is None or walk.first.kind != EventKind.START:
            return problem(1, f"the {game.get_status_display().lower()} game has no start event")
        recorded = {key: walk.first.payload.get(key, TERMS_DEFAULTS.get(key)) for key in game_terms(game)}
        changed = sorted(key for key, value in game_terms(game).items() if recorded[key] != value)
        if changed:
            return problem(1, "the game row no longer matches what its start event recorded: " + ", ".join(
                f"{key} {recorded[key]!r} -> {game_terms(game)[key]!r}" for key in changed))
        if game.status == GameStatus.CLOSED and walk.last.kind != EventKind.CLOSE:
            return problem(walk.head.seq, "the closed game's log does not end with its result")
        return []
