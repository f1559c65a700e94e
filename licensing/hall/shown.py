"""The signed heads as the room sees them (the results sheet, the flashboard, the night's leaderboard): each log's
newest head the device signed at a close, as one line of text and as a QR code of the Board's public check of it
(docs/formats/hall-kit.md, hall-head/1). Only at the hall: the Board's server has no device and shows nothing."""

from __future__ import annotations

import functools
from collections.abc import Iterable

from django.utils.safestring import mark_safe

from core.models import ChainedEvent
from licensing.hall.device import hall_device
from licensing.hall.heads import head_check_url, head_line
from licensing.licenses.certificates import qr_svg
from licensing.models import HallHead


@functools.lru_cache(maxsize=1024)
def _qr(url: str) -> str:
    # A head never changes once signed, so neither does its code: drawn once per process (tens of ms each), not
    # on every flashboard broadcast or page.
    return qr_svg(url)


def heads_shown(logs: Iterable[tuple[type[ChainedEvent], str, str]]) -> list[dict]:
    """For each log (`(model, identity, caption)`: the caption names it for the room, "Game 3") with a head signed at
    a close, in the order given: `log`, `identity`, `caption`, `line` (heads.head_line), `url` (heads.head_check_url)
    and `qr` (inline SVG markup). `logs` is read only at the hall: a generator's queries never run on the Board's."""
    device = hall_device()
    if device is None:
        return []
    wanted = [(model.chain_label(), identity, caption) for model, identity, caption in logs]
    rows = HallHead.objects.filter(kit=device.kit_id, log__in={log for log, _identity, _caption in wanted},
                                   identity__in={identity for _log, identity, _caption in wanted}).order_by("seq")
    newest = {(row.log, row.identity): row.head for row in rows}  # ascending seq: the highest is kept
    shown = []
    for log, identity, caption in wanted:
        head = newest.get((log, identity))
        if head is not None:
            url = head_check_url(device.kit["board_url"], head)
            shown.append({"log": log, "identity": identity, "caption": caption, "line": head_line(head), "url": url,
                          "qr": mark_safe(_qr(url))})  # noqa: S308 (drawn by qrcode from our own text, no input)
    return shown
