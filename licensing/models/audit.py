"""The audit trail and the anchors of every log: rows written once and never changed.

The audit trail is one hash-chained log per organization (and one for the Board's own work,
which belongs to no organization); each has an owner row (AuditChain) that keeps its head, like a
game's row keeps its log's, so a log cut short or emptied no longer matches it. Anchors record,
once a day, every few minutes while logs grow and whenever a game, a tournament, a night or a
raffle drawing closes, the head of every log that grew: a log cut short at its end or removed
whole no longer reaches its anchor, nor the signed copies kept outside the database
(licensing.audit.verify, licensing.audit.witness)."""

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.chain import Problem
from core.models import AppendOnlyError, ChainedEvent

BOARD_CHAIN = "board"  # the audit log of what belongs to no organization


def audit_chain_for(organization_id: int | None) -> str:
    return BOARD_CHAIN if organization_id is None else f"organization:{organization_id}"


class AuditImmutableError(AppendOnlyError):
    """Raised on any attempt to change or remove an audit event."""


class AuditEvent(ChainedEvent):
    append_only_error = AuditImmutableError
    append_only_rows = "Audit events"
    chain_field = "chain"
    chain_alias = "audit"

    event_type = models.CharField(_("event type"), max_length=80, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    organization = models.ForeignKey(
        "licensing.Organization", null=True, blank=True, on_delete=models.PROTECT, related_name="audit_events"
    )
    object_type = models.CharField(_("object type"), max_length=80, blank=True)
    object_id = models.CharField(_("object id"), max_length=64, blank=True)
    payload = models.JSONField(_("payload"), default=dict, blank=True, encoder=DjangoJSONEncoder)
    created_at = models.DateTimeField(_("time"), default=timezone.now, db_index=True)
    request_id = models.CharField(_("request id"), max_length=64, blank=True)
    # Which log the row is in: "organization:<id>" or "board" (audit_chain_for).
    chain = models.CharField(_("log"), max_length=40, editable=False)

    class Meta:
        verbose_name = _("audit event")
        verbose_name_plural = _("audit events")
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["organization", "-created_at"]),
            models.Index(fields=["object_type", "object_id"]),
        ]
        constraints = [models.UniqueConstraint(fields=["chain", "seq"], name="licensing_auditevent_unique_seq")]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M:%S} {self.event_type}"

    @classmethod
    def describe_log(cls, identity: str) -> str:
        return "the Board's audit trail" if identity == BOARD_CHAIN else f"the audit trail of {identity}"

    @classmethod
    def owner_identities(cls) -> list[str]:
        return list(AuditChain.objects.values_list("chain", flat=True))

    @classmethod
    def owner_problems(cls, identity, walk):
        """The chain's owner row keeps its head and says whose trail it is (an organization's, or the
        Board's with no organization)."""
        owner = AuditChain.objects.filter(chain=identity).first()
        if owner is None:
            return [Problem(cls.chain_label(), identity, None, "the log has rows but no head row (AuditChain)",
                            cls.describe_log(identity))] if walk.rows else []
        if audit_chain_for(owner.organization_id) != identity:
            return [Problem(cls.chain_label(), identity, None,
                            f"the head row says the trail is {audit_chain_for(owner.organization_id)}'s",
                            cls.describe_log(identity))]
        return cls.head_problems(identity, walk, owner=owner, what="audit trail")


class AuditChainDeleteError(Exception):
    """An audit trail's head row is never deleted: without it a trail emptied whole would go unseen."""


class AuditChain(models.Model):
    """The owner row of one audit trail ("board" or "organization:<id>"): its head, updated in the
    transaction of every append (licensing.audit.events), so a trail cut short at its end, or emptied
    whole, no longer matches it. Created with the trail's first event; never deleted (a PostgreSQL
    trigger refuses DELETE and TRUNCATE too)."""

    chain = models.CharField(_("log"), max_length=40, unique=True)
    organization = models.ForeignKey("licensing.Organization", null=True, blank=True, on_delete=models.PROTECT,
                                     related_name="+")
    head_seq = models.PositiveIntegerField(default=0)
    head_hash = models.CharField(max_length=64, blank=True)

    class Meta:
        verbose_name = _("audit trail head")
        verbose_name_plural = _("audit trail heads")

    def __str__(self) -> str:
        return f"{self.chain} @ {self.head_seq}"

    def delete(self, *args, **kwargs):
        raise AuditChainDeleteError("An audit trail's head row cannot be deleted.")


class AnchorReason(models.TextChoices):
    DAILY = "daily", _("Daily")
    PERIODIC = "periodic", _("While logs grow")
    CLOSE = "close", _("A game, tournament, night or raffle drawing closed")
    MANUAL = "manual", _("Recorded by hand")


class LogAnchorImmutableError(AppendOnlyError):
    """Raised on any attempt to change or remove an anchor."""


class LogAnchor(ChainedEvent):
    """The head of one log (`log` is its model label, `log_key` which game, tournament or
    organization) as it stood when anchored. The anchors are themselves one chained log, and
    each batch is mailed to the Board's audit address, so they can be checked outside the
    database too."""

    append_only_error = LogAnchorImmutableError
    append_only_rows = "Log anchors"
    chain_field = None
    chain_alias = "anchors"

    log = models.CharField(_("log"), max_length=60)
    log_key = models.CharField(_("log key"), max_length=64)
    head_seq = models.PositiveIntegerField(_("head sequence"))
    head_hash = models.CharField(_("head hash"), max_length=64)
    reason = models.CharField(_("reason"), max_length=10, choices=AnchorReason.choices)
    created_at = models.DateTimeField(_("time"), default=timezone.now)

    class Meta:
        verbose_name = _("log anchor")
        verbose_name_plural = _("log anchors")
        ordering = ["seq"]
        indexes = [models.Index(fields=["log", "log_key", "-head_seq"], name="licensing_anchor_log_head")]
        constraints = [models.UniqueConstraint(fields=["seq"], name="licensing_loganchor_unique_seq")]

    def __str__(self) -> str:
        return f"{self.log} {self.log_key} @ {self.head_seq}"

    @classmethod
    def describe_log(cls, identity: str) -> str:
        return "the log anchors"
