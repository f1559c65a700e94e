"""A tournament's append-only, hash-chained event log (30 DCMR 1604.3): the engine's events, the clock
and the publication, opened by the `config` event that records the tournament's terms."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.chain import Problem
from core.models import AppendOnlyError, ChainedEvent
from montecarlo.models.tournaments import Tournament, TournamentStatus, changed_terms


class TournamentEventImmutableError(AppendOnlyError):
    """Raised on any attempt to change or remove a tournament event: the log is append-only."""


class TournamentEvent(ChainedEvent):
    """One engine event (register, seat, hand_start, action, showdown, misdeal, chip_correction,
    move, stop), clock or publication event, or the opening `config` event, in the tournament's
    hash-chained log (core.chain)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="events")
    kind = models.CharField(_("kind"), max_length=20)
    payload = models.JSONField(_("payload"), default=dict, blank=True)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                              related_name="+")
    created_at = models.DateTimeField(_("time"), default=timezone.now)

    append_only_error = TournamentEventImmutableError
    append_only_rows = "Tournament events"
    chain_field = "tournament"
    chain_alias = "tournament"

    class Meta:
        verbose_name = _("tournament event")
        verbose_name_plural = _("tournament events")
        ordering = ["tournament", "seq"]
        constraints = [models.UniqueConstraint(fields=["tournament", "seq"], name="mc_tournamentevent_unique_seq")]

    def __str__(self) -> str:
        return f"{self.tournament} {self.seq} {self.kind}"

    @classmethod
    def describe_log(cls, identity: str) -> str:
        tournament = Tournament.objects.filter(pk=identity).first()
        if tournament is None:
            return f"tournament id {identity} (the tournament row is gone)"
        return f"tournament \"{tournament.name}\" (id {tournament.pk})"

    @classmethod
    def owner_identities(cls) -> list[str]:
        return [str(pk) for pk in Tournament.objects.values_list("pk", flat=True)]

    @classmethod
    def owner_problems(cls, identity, walk):
        describe = cls.describe_log(identity)

        def problem(seq, message):
            return [Problem(cls.chain_label(), identity, seq, message, describe)]

        tournament = Tournament.objects.filter(pk=identity).first()
        if tournament is None:
            return problem(None, "the log's tournament no longer exists") if walk.rows else []
        head = cls.head_problems(identity, walk, owner=tournament, what="tournament")
        if head:
            return head
        if walk.first is None or walk.first.kind != CONFIG_EVENT:
            return problem(1, "the log does not open with the tournament's configuration")
        changed = changed_terms(walk.first.payload, tournament)
        if changed:
            return problem(1, "the tournament row no longer matches what its first event recorded: "
                           + ", ".join(changed))
        if tournament.status == TournamentStatus.PUBLISHED and walk.last.kind != "publish":
            return problem(walk.head.seq, "the published tournament's log does not end with its results")
        return []


CONFIG_EVENT = "config"
