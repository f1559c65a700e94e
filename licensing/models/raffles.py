"""Raffle drawings (issue 13): a drawing of a raffle license, provably fair (raffle-drawing/1 or, witnessed in the
room, raffle-drawing/2: licensing.reports.drawings.engine), and its append-only, hash-chained record (core.chain).

The drawing row holds the secret seed from the moment it is scheduled (nothing shows it before
the drawing: selectors and serializers read it only once the status is drawn); the record is
what the public and the raffle report read: `scheduled` (the commitment), `sales_closed` (the
eligible tickets, the returned ones, the tickets hash), for /2 `witnessed` (the witness value and
who entered it) and `drawn` (the seed, the winners)."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.chain import Problem
from core.models import AppendOnlyError, ChainedEvent


class DrawingStatus(models.TextChoices):
    SCHEDULED = "scheduled", _("Scheduled")
    SALES_CLOSED = "sales_closed", _("Sales closed")
    WITNESSED = "witnessed", _("Witness value entered")
    DRAWN = "drawn", _("Drawn")


class DrawingFormat(models.TextChoices):
    """docs/formats/raffle-drawing.md and raffle-drawing-2.md (licensing.reports.drawings.engine.FORMATS)."""

    SEEDED = "raffle-drawing/1", _("Seed committed by the Board (raffle-drawing/1)")
    WITNESSED = "raffle-drawing/2", _("Seed committed and a witness value from the room (raffle-drawing/2)")


class RaffleDrawingDeleteError(Exception):
    """A raffle drawing is a regulated record: never deleted."""


class RaffleDrawing(models.Model):
    license = models.ForeignKey("licensing.License", on_delete=models.PROTECT, related_name="raffle_drawings")
    prizes = models.PositiveSmallIntegerField(_("prizes"))
    format = models.CharField(_("format"), max_length=20, choices=DrawingFormat.choices, default=DrawingFormat.SEEDED)
    # 64 lowercase hex characters (32 bytes): secret until the drawing.
    seed = models.CharField(_("seed"), max_length=64, editable=False)
    commitment = models.CharField(_("commitment"), max_length=64)
    status = models.CharField(_("status"), max_length=12, choices=DrawingStatus.choices,
                              default=DrawingStatus.SCHEDULED)
    head_seq = models.PositiveIntegerField(default=0)
    head_hash = models.CharField(max_length=64, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(_("scheduled at"), default=timezone.now)

    class Meta:
        verbose_name = _("raffle drawing")
        verbose_name_plural = _("raffle drawings")
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.license.number} drawing {self.pk}"

    def delete(self, *args, **kwargs):
        raise RaffleDrawingDeleteError("Raffle drawings are regulated records: they cannot be deleted.")


class RaffleDrawingEventImmutableError(AppendOnlyError):
    """Raised on any attempt to change or remove a raffle drawing event: the record is append-only."""


class RaffleDrawingEvent(ChainedEvent):
    """One step of a drawing's record: scheduled {commitment, license, prizes; format for /2}, sales_closed
    {tickets, returned, tickets_hash}, witnessed {witness, witness_name} (/2 only), drawn {seed, winners}."""

    drawing = models.ForeignKey(RaffleDrawing, on_delete=models.PROTECT, related_name="events")
    kind = models.CharField(_("kind"), max_length=12, choices=DrawingStatus.choices)
    payload = models.JSONField(_("payload"), default=dict, blank=True)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                              related_name="+")
    created_at = models.DateTimeField(_("time"), default=timezone.now)

    append_only_error = RaffleDrawingEventImmutableError
    append_only_rows = "Raffle drawing events"
    chain_field = "drawing"
    chain_alias = "raffle"

    class Meta:
        verbose_name = _("raffle drawing event")
        verbose_name_plural = _("raffle drawing events")
        ordering = ["drawing", "seq"]
        constraints = [models.UniqueConstraint(fields=["drawing", "seq"], name="lic_raffledrawingevent_unique_seq")]

    def __str__(self) -> str:
        return f"{self.drawing_id} {self.seq} {self.kind}"

    @classmethod
    def describe_log(cls, identity: str) -> str:
        drawing = RaffleDrawing.objects.filter(pk=identity).select_related("license").first()
        if drawing is None:
            return f"raffle drawing id {identity} (the drawing row is gone)"
        return f"raffle drawing {drawing.pk} of license {drawing.license.number}"

    @classmethod
    def owner_identities(cls) -> list[str]:
        return [str(pk) for pk in RaffleDrawing.objects.values_list("pk", flat=True)]

    @classmethod
    def owner_problems(cls, identity, walk):
        describe = cls.describe_log(identity)

        def problem(seq, message):
            return [Problem(cls.chain_label(), identity, seq, message, describe)]

        drawing = RaffleDrawing.objects.filter(pk=identity).select_related("license").first()
        if drawing is None:
            return problem(None, "the log's raffle drawing no longer exists") if walk.rows else []
        head = cls.head_problems(identity, walk, owner=drawing, what="drawing")
        if head:
            return head
        if walk.first is None or walk.first.kind != DrawingStatus.SCHEDULED:
            return problem(1, "the log does not open with the drawing's commitment")
        opened = walk.first.payload
        if opened.get("commitment") != drawing.commitment:
            return problem(1, "the drawing row's commitment is not the one its log published")
        # Drawings scheduled before the record named its license and prizes have only the commitment; a /1
        # drawing's record names no format (the only one there was), so a row turned /2 is seen.
        terms = {"license": drawing.license.number, "prizes": drawing.prizes, "format": drawing.format}
        opened = {"format": DrawingFormat.SEEDED.value, **opened}
        changed = sorted(key for key, value in terms.items() if opened.get(key, value) != value)
        if changed:
            return problem(1, "the drawing row no longer matches what its log opened with: " + ", ".join(
                f"{key} {opened[key]!r} -> {terms[key]!r}" for key in changed))
        if walk.last.kind != drawing.status:
            return problem(walk.head.seq, f"the drawing is {drawing.status} but its log ends with {walk.last.kind}")
        return []
