"""Bingo: the pattern library of 75-ball games (30 DCMR 1405.17)."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from core.chain import Problem
from core.models import AppendOnlyError, ChainedEvent


class Pattern(models.Model):
    """A winning pattern: the set of 5x5 masks that win (an "any line" pattern has many).

    Each mask is a 25-bit integer, bit (row * 5 + column) set for a covered square."""

    slug = models.SlugField(_("code"), max_length=60, unique=True)
    name_en = models.CharField(_("name (English)"), max_length=100)
    name_es = models.CharField(_("name (Spanish)"), max_length=100)
    masks = models.JSONField(_("winning masks"), default=list)
    is_standard = models.BooleanField(_("standard pattern"), default=False)
    # A custom pattern belongs to the organization whose caller drew it; standard ones to nobody.
    organization = models.ForeignKey("licensing.Organization", null=True, blank=True, on_delete=models.PROTECT,
                                     related_name="bingo_patterns", verbose_name=_("organization"))

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
    # reported, so it may run outside licensed hours (bingo.training). Each game's start event records
    # the flag (game_terms), so a played game cannot be turned into training, or back, unseen.
    is_training = models.BooleanField(_("training (no sales, no prizes, nothing reported)"), default=False)
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
    # The newest event's seq and hash, written with each append under the row lock: a removed
    # last event leaves the head pointing past the log, which bingo_verify_log reports.
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
    cannot change (bingo_verify_log compares the game row with them)."""
    return {"number": game.number, "pattern": game.pattern.slug, "masks": list(game.pattern.masks),
            "prize": str(game.prize),
            "license_class": game.license_class, "game_type": game.game_type, "card_price": str(game.card_price),
            # getattr: migration 0006 calls this with historical models, whose operations had no flag yet.
            "training": bool(getattr(game.operation, "is_training", False))}


class GameEvent(ChainedEvent):
    """One start, call, undo, claim, claim void or result, in the game's hash-chained log (core.chain): an
    edited, removed or forged row is found by `bingo_verify_log`; the live state is rebuilt from
    these rows alone (bingo.state), so a restart resumes the same game."""

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
        if (game.head_seq, game.head_hash) != (walk.head.seq, walk.head.hash):
            return problem(walk.head.seq + 1 if game.head_seq > walk.head.seq else game.head_seq,
                           f"the game's head (seq {game.head_seq}) is not the log's last row (seq {walk.head.seq})")
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


class CardSeries(models.Model):
    """A series of distinct 75-ball faces generated from its seed (bingo.engine.series):
    face number n is the n-th generated face, so a series can be reprinted or re-checked."""

    organization = models.ForeignKey("licensing.Organization", on_delete=models.PROTECT,
                                     related_name="bingo_series", verbose_name=_("organization"))
    code = models.CharField(_("series"), max_length=40)
    seed = models.BigIntegerField(_("seed"), editable=False)
    size = models.PositiveIntegerField(_("faces"), default=9000)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")
    created_at = models.DateTimeField(_("created at"), default=timezone.now)

    class Meta:
        verbose_name = _("card series")
        verbose_name_plural = _("card series")
        ordering = ["organization", "code"]
        constraints = [models.UniqueConstraint(fields=["organization", "code"], name="bingo_series_unique_code")]

    def __str__(self) -> str:
        return self.code


class CardColour(models.TextChoices):
    """Regular and extra regular cards differ in colour (30 DCMR 1405.3)."""

    REGULAR = "regular", _("Regular")
    EXTRA_REGULAR = "extra_regular", _("Extra regular")
    SPECIAL = "special", _("Special")


class CardSale(models.Model):
    """Faces first_face..last_face of a series sold for some games of an operation (30 DCMR
    1404.1(h)). A sale is never deleted: a mistake is voided, and the void is kept."""

    operation = models.ForeignKey(Operation, on_delete=models.PROTECT, related_name="card_sales")
    series = models.ForeignKey(CardSeries, on_delete=models.PROTECT, related_name="sales")
    first_face = models.PositiveIntegerField(_("first face"))
    last_face = models.PositiveIntegerField(_("last face"))
    colour = models.CharField(_("colour"), max_length=20, choices=CardColour.choices, default=CardColour.REGULAR)
    games = models.ManyToManyField(Game, related_name="card_sales", verbose_name=_("games"))
    price_each = models.DecimalField(_("price per face"), max_digits=8, decimal_places=2, default=0)
    hall = models.ForeignKey(Hall, null=True, blank=True, on_delete=models.PROTECT, related_name="card_sales")
    # The player's name when the seller records it: a worker on duty is not sold cards (30 DCMR 1401.2).
    buyer = models.CharField(_("buyer"), max_length=200, blank=True)
    sold_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                related_name="+")
    sold_at = models.DateTimeField(_("sold at"), default=timezone.now)
    voided_at = models.DateTimeField(_("voided at"), null=True, blank=True)
    void_reason = models.CharField(_("reason for the void"), max_length=300, blank=True)

    class Meta:
        verbose_name = _("card sale")
        verbose_name_plural = _("card sales")
        ordering = ["operation", "sold_at"]
        constraints = [models.CheckConstraint(condition=models.Q(last_face__gte=models.F("first_face")),
                                              name="bingo_cardsale_range_ordered")]

    def __str__(self) -> str:
        return f"{self.series} {self.first_face}-{self.last_face}"

    @property
    def faces(self) -> int:
        return self.last_face - self.first_face + 1
