"""The abstract bases every log builds on: rows written once and never changed, and rows
hash-chained into one log per owner (a game, a tournament, an organization's audit trail).

The model refuses to save an existing row or delete one and its queryset refuses bulk
update/delete; a database trigger (core.triggers) refuses UPDATE, DELETE and TRUNCATE from any
client; the least-privilege role (core db_roles) may only SELECT and INSERT. The chain makes
whatever slips past all three visible: each row carries an HMAC over all its stored fields, its
log and its place in it, and the hash of the row before (core.chain)."""

from __future__ import annotations

from typing import ClassVar

from django.db import models
from django.utils.translation import gettext_lazy as _

from core import chain


class AppendOnlyError(Exception):
    """Raised on any attempt to change or remove a row of an append-only table."""


class AppendOnlyQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise self.model.append_only_error(f"{self.model.append_only_rows} are append-only: they cannot be updated.")

    def delete(self):
        raise self.model.append_only_error(f"{self.model.append_only_rows} are append-only: they cannot be deleted.")

    update.queryset_only = True
    delete.queryset_only = True


class AppendOnlyModel(models.Model):
    """Each model names its own error class (a subclass of AppendOnlyError) and what its rows are
    called in the messages."""

    append_only_error: ClassVar[type[AppendOnlyError]] = AppendOnlyError
    append_only_rows: ClassVar[str] = "Rows"

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise self.append_only_error(f"{self.append_only_rows} are append-only: an existing one cannot be changed.")
        self.before_insert()
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise self.append_only_error(f"{self.append_only_rows} are append-only: they cannot be deleted.")

    def before_insert(self) -> None:
        """Fill what is derived from the row (a hash) just before it is written."""


class ChainedEvent(AppendOnlyModel):
    """One row of a hash-chained log. `chain_field` names the field whose value says which log
    the row belongs to (the game, the tournament...); None means the model is one single log.
    The appender holds the log's lock and calls `link()` with the log's current head."""

    chain_field: ClassVar[str | None] = None
    chain_alias: ClassVar[str] = ""  # the short name `verify_logs --log` knows it by
    # Whether the owner row keeps this log's head (its head_seq and head_hash, where it has them): a table keeps its
    # round log's, not its jackpot ledger's. What writes rows in from elsewhere (a hall's bundle) sets it.
    head_on_owner: ClassVar[bool] = True

    seq = models.PositiveIntegerField(_("sequence"))
    prev_hash = models.CharField(_("previous hash"), max_length=64, blank=True)
    hash = models.CharField(_("hash"), max_length=64)

    class Meta:
        abstract = True

    # --- which log a row is in ---

    @classmethod
    def chain_label(cls) -> str:
        return cls._meta.label_lower

    @classmethod
    def chain_attname(cls) -> str | None:
        return cls._meta.get_field(cls.chain_field).attname if cls.chain_field else None

    @classmethod
    def chain_rows(cls, identity: str) -> models.QuerySet:
        """The rows of one log, in order."""
        attname = cls.chain_attname()
        rows = cls.objects.all() if attname is None else cls.objects.filter(**{attname: identity})
        return rows.order_by("seq")

    @classmethod
    def describe_log(cls, identity: str) -> str:
        """How a person names this log in a report ("bingo game 12")."""
        return f"{cls._meta.verbose_name} log {identity}"

    @classmethod
    def owner_identities(cls) -> list[str]:
        """Logs that must exist because their owner says so (a started game), rows or not."""
        return []

    @classmethod
    def owner_problems(cls, identity: str, walk: chain.Walk) -> list[chain.Problem]:
        """What the log's owner row says that the chain must agree with (its head, what a game is
        played for). The base has nothing to add."""
        return []

    @classmethod
    def head_problems(cls, identity: str, walk: chain.Walk, *, owner, what: str) -> list[chain.Problem]:
        """For a log whose owner row keeps its head (`head_seq`, `head_hash`, updated with each append): that
        head must be the log's last row. `what` names the owner in the message ("game", "tournament")."""
        if (owner.head_seq, owner.head_hash) == (walk.head.seq, walk.head.hash):
            return []
        seq = walk.head.seq + 1 if owner.head_seq > walk.head.seq else owner.head_seq
        return [chain.Problem(cls.chain_label(), identity, seq,
                              f"the {what}'s head (seq {owner.head_seq}) is not the log's last row "
                              f"(seq {walk.head.seq})", cls.describe_log(identity))]

    def chain_identity(self) -> str:
        attname = self.chain_attname()
        return chain.identity_of(None if attname is None else getattr(self, attname))

    # --- writing ---

    def link(self, head: chain.Head) -> None:
        self.seq, self.prev_hash = head.seq + 1, head.hash

    def compute_hash(self) -> str:
        return chain.row_hash(self.chain_label(), self.chain_identity(), self)

    def before_insert(self) -> None:
        if not self.seq:
            raise ValueError(f"{self.append_only_rows}: link() the row to its log's head before saving it.")
        self.hash = self.compute_hash()


# --- tasks done once: the mail outbox and the nightly jobs' days (docs/operations.md, "Tasks") ---


class OutboxStatus(models.TextChoices):
    QUEUED = "queued", _("Queued")
    SENT = "sent", _("Sent")
    FAILED = "failed", _("Failed")


class MailOutbox(models.Model):
    """One email to send, written in the transaction of the change that caused it (core.mail), sent by a task once
    (core.outbox). Never deleted: the rows are the record of what the project sent and when."""

    subject = models.TextField()
    body = models.TextField()
    html_body = models.TextField(blank=True)
    to = models.JSONField(default=list)
    # A caller's name for this email, for a task that may run twice (a rebuilt certificate): the same key is one row.
    key = models.CharField(max_length=200, null=True, blank=True, unique=True)
    status = models.CharField(max_length=10, choices=OutboxStatus.choices, default=OutboxStatus.QUEUED)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # When a task was last asked to send it: the sweep asks again for rows queued and not asked for a while.
    queued_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("outgoing email")
        verbose_name_plural = _("outgoing emails")
        indexes = [models.Index(fields=["status", "queued_at"], name="core_outbox_waiting")]

    def __str__(self) -> str:
        return f"{self.subject} ({self.get_status_display()})"


class JobRunStatus(models.TextChoices):
    RUNNING = "running", _("Running")
    DONE = "done", _("Done")


class JobRun(models.Model):
    """A nightly job's day (core.jobs): written when a run starts, marked done when it finishes, so a second
    delivery of the same day's job does nothing and a run cut short is finished by the next delivery."""

    name = models.CharField(max_length=200)
    day = models.DateField()
    status = models.CharField(max_length=10, choices=JobRunStatus.choices, default=JobRunStatus.RUNNING)
    attempts = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("nightly job run")
        constraints = [models.UniqueConstraint(fields=["name", "day"], name="core_jobrun_once_a_day")]

    def __str__(self) -> str:
        return f"{self.name} {self.day} ({self.get_status_display()})"
