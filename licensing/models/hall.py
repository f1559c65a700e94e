"""Event kits for hall mode: what the Board signed for one licensed event to run offline in the hall, on one
device (licensing.hall). A kit is a regulated record: it is written once and never changed or deleted; a new
kit for the same event (another device, a corrected plan) is another row, and the newest one is the one in force."""

import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.models import AppendOnlyError, AppendOnlyModel


class HallKitImmutableError(AppendOnlyError):
    pass


class HallKit(AppendOnlyModel):
    append_only_error = HallKitImmutableError
    append_only_rows = "Hall kits"

    kit_id = models.UUIDField(_("kit"), default=uuid.uuid4, unique=True, editable=False)
    organization = models.ForeignKey("licensing.Organization", on_delete=models.PROTECT, related_name="hall_kits")
    license = models.ForeignKey("licensing.License", on_delete=models.PROTECT, related_name="hall_kits")
    kind = models.CharField(_("event kind"), max_length=20)  # a licensing.hall.kinds name: "bingo", "night"
    event_id = models.PositiveIntegerField(_("event"))
    event_date = models.DateField(_("event date"))
    title = models.CharField(_("event"), max_length=300)
    device_public_key = models.CharField(_("device public key"), max_length=64)
    document = models.JSONField(_("signed kit"))  # the body and the Board's signature, exactly as handed out
    prepared_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    prepared_at = models.DateTimeField(_("prepared at"), default=timezone.now)
    # The first id of every row the hall creates (a participant, a card sale, an event...): each kit has its own
    # span of ID_SPAN ids, above any the Board gives itself, so the hall's rows come back without a clash.
    id_base = models.BigIntegerField(_("first id at the hall"), unique=True, null=True, editable=False)

    ID_SPAN = 10**12

    class Meta:
        ordering = ["-prepared_at", "-id"]
        indexes = [models.Index(fields=["kind", "event_id"], name="hall_kit_event")]
        verbose_name = _("hall kit")
        verbose_name_plural = _("hall kits")

    def __str__(self) -> str:
        return f"{self.title} ({self.event_date.isoformat()})"


class HallBundle(AppendOnlyModel):
    """A bundle a hall sent back for a kit, as received, with the Board's verdict on it (licensing.hall.verify). The
    same bundle received twice is one row (its digest); a refused bundle is kept too, with each reason, for Board
    staff to look into as possible tampering."""

    append_only_error = HallKitImmutableError
    append_only_rows = "Hall bundles"

    kit = models.ForeignKey(HallKit, on_delete=models.PROTECT, related_name="bundles")
    digest = models.CharField(_("digest"), max_length=64)  # sha256 of the bundle's canonical JSON
    content = models.JSONField(_("bundle"))
    accepted = models.BooleanField(_("accepted"))
    findings = models.JSONField(_("reasons refused"), default=list, blank=True)  # [{"rule", "message", "field"}]
    logs = models.PositiveIntegerField(_("logs"), default=0)
    rows = models.PositiveIntegerField(_("rows"), default=0)
    received_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    received_at = models.DateTimeField(_("received at"), default=timezone.now)

    class Meta:
        ordering = ["-received_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["kit", "digest"], name="hall_bundle_once")]
        verbose_name = _("hall bundle")
        verbose_name_plural = _("hall bundles")

    def __str__(self) -> str:
        return f"{self.kit} ({'accepted' if self.accepted else 'refused'})"


class HallLogImportImmutableError(AppendOnlyError):
    pass


class HallLogImport(AppendOnlyModel):
    """Rows of one log the Board took in from an accepted bundle (licensing.hall.imports): seq `from_seq` to `to_seq`
    of the Board's log came from the hall, chained again with the Board's key; `hall_hash` is the hash the hall's
    chain gave row `to_seq`, which its device signed. A later, longer bundle of the same log appends from there,
    and one that differs from what was taken in is refused as a fork."""

    append_only_error = HallLogImportImmutableError
    append_only_rows = "Hall log imports"

    bundle = models.ForeignKey(HallBundle, on_delete=models.PROTECT, related_name="imports")
    log = models.CharField(_("log"), max_length=100)
    identity = models.CharField(_("log identity"), max_length=100)
    from_seq = models.PositiveIntegerField(_("from seq"))
    to_seq = models.PositiveIntegerField(_("to seq"))
    hall_hash = models.CharField(_("the hall's hash of the last row"), max_length=64)

    class Meta:
        ordering = ["log", "identity", "to_seq"]
        indexes = [models.Index(fields=["log", "identity"], name="hall_log_import_log")]
        verbose_name = _("log taken in from a hall")
        verbose_name_plural = _("logs taken in from halls")


class HallHead(AppendOnlyModel):
    """A log's head the hall device signed as the game, night or table closed (licensing.hall.closing), kept at the
    hall so the room sees it (the results sheet, the flashboard) and the export sends it (format hall-head/1). A later
    close of the same log is another row; the one with the highest seq is the log's."""

    append_only_error = HallKitImmutableError
    append_only_rows = "Hall heads"

    # The kit's id, not a foreign key: at the hall the kit is a file (HALL_DIR/kit.json), not a HallKit row.
    kit = models.UUIDField(_("kit"))
    log = models.CharField(_("log"), max_length=100)  # the log's label, "bingo.gameevent"
    identity = models.CharField(_("identity"), max_length=100)  # the log's owner at the hall (the game's id)
    seq = models.PositiveIntegerField(_("sequence"))
    hash = models.CharField(_("hash"), max_length=64)
    signed_at = models.DateTimeField(_("signed at"))
    signature = models.CharField(_("signature"), max_length=100)
    head = models.JSONField(_("signed head"))  # exactly as signed: the export sends it unchanged

    class Meta:
        ordering = ["log", "identity", "seq"]
        constraints = [models.UniqueConstraint(fields=["kit", "log", "identity", "seq"], name="hall_head_once")]
        verbose_name = _("signed head")
        verbose_name_plural = _("signed heads")

    def __str__(self) -> str:
        return f"{self.log} {self.identity} seq {self.seq}"
