"""Reads of raffle drawings. The officers of the license's organization and the Board see its drawings; the
public sees each drawing's published values only: the commitment from the start, the tickets hash once sales
close, a raffle-drawing/2 drawing's witness value once entered, the seed, the tickets and the winners once drawn.
Nothing here reads the seed before the drawing."""

from __future__ import annotations

import datetime as dt

from django.db.models import QuerySet
from django.http import Http404

from licensing.models import DrawingFormat, DrawingStatus, License, RaffleDrawing, User
from licensing.models.choices import LicenseType
from licensing.models.organizations import FILING_ROLES
from licensing.selectors import organization_ids_with_roles


def drawing_list(*, user: User, license: License | None = None) -> QuerySet[RaffleDrawing]:
    if not getattr(user, "is_authenticated", False):
        drawings = RaffleDrawing.objects.none()
    elif user.is_board:
        drawings = RaffleDrawing.objects.all()
    else:
        drawings = RaffleDrawing.objects.filter(
            license__organization_id__in=organization_ids_with_roles(user=user, roles=FILING_ROLES))
    if license is not None:
        drawings = drawings.filter(license=license)
    return drawings.select_related("license__organization", "license__application")


def drawing_get(*, user: User, pk: int) -> RaffleDrawing:
    """A drawing the user may see (its organization's officers, the Board); 404 for anyone else."""
    drawing = drawing_list(user=user).filter(pk=pk).first()
    if drawing is None:
        raise Http404("No such raffle drawing.")
    return drawing


def license_for_drawing_get(*, user: User, pk: int) -> License:
    """A license of one of the user's organizations (where they hold a filing role), else 404; the service
    refuses one that is no raffle license, naming the field."""
    if not getattr(user, "is_authenticated", False):
        raise Http404("No such license.")
    license = License.objects.filter(
        pk=pk, organization_id__in=organization_ids_with_roles(user=user, roles=FILING_ROLES)).first()
    if license is None:
        raise Http404("No such license.")
    return license


def drawing_public_get(*, pk: int) -> RaffleDrawing:
    drawing = RaffleDrawing.objects.select_related("license__application").filter(pk=pk).first()
    if drawing is None:
        raise Http404("No such raffle drawing.")
    return drawing


def _record(drawing: RaffleDrawing) -> dict:
    """The drawing's published events by kind: what the public reads comes from the chained record."""
    return {event.kind: event.payload for event in drawing.events.order_by("seq")}


def _record_time(moment: dt.datetime) -> str:
    """raffle-drawing/2's record time: UTC, fixed width (the text's order is the time's)."""
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def drawing_published(drawing: RaffleDrawing) -> dict | None:
    """The published drawing in its format exactly (raffle-drawing/1, or /2 with the witness value, who entered it
    and the record's steps), or None before the drawing."""
    if drawing.status != DrawingStatus.DRAWN:
        return None
    record = _record(drawing)
    published = {
        "format": drawing.format,
        "raffle": drawing.license.number,
        "prizes": drawing.prizes,
        "commitment": record[DrawingStatus.SCHEDULED]["commitment"],
        "tickets_hash": record[DrawingStatus.SALES_CLOSED]["tickets_hash"],
        "seed": record[DrawingStatus.DRAWN]["seed"],
        "tickets": record[DrawingStatus.SALES_CLOSED]["tickets"],
        "winners": record[DrawingStatus.DRAWN]["winners"],
    }
    if drawing.format == DrawingFormat.WITNESSED:
        published.update({
            "witness": record[DrawingStatus.WITNESSED]["witness"],
            "witness_name": record[DrawingStatus.WITNESSED]["witness_name"],
            "record": [{"seq": seq, "kind": kind, "at": _record_time(at)}
                       for seq, kind, at in drawing.events.order_by("seq").values_list("seq", "kind", "created_at")],
        })
    return published


def _times(drawing: RaffleDrawing) -> dict:
    """When each step was recorded: the commitment published, sales closed, the drawing held."""
    return dict(drawing.events.values_list("kind", "created_at"))


def drawing_public(drawing: RaffleDrawing) -> dict:
    """What anyone may see of a drawing now: null for what is not published yet."""
    record = _record(drawing)
    times = _times(drawing)
    closed = record.get(DrawingStatus.SALES_CLOSED, {})
    witnessed = record.get(DrawingStatus.WITNESSED, {})
    drawn = record.get(DrawingStatus.DRAWN, {})
    application = drawing.license.application
    in_charge = drawn.get("in_charge")
    return {
        "id": drawing.pk,
        "raffle": drawing.license.number,
        "organization": drawing.license.licensed_name,
        "status": drawing.status,
        "format": drawing.format,
        "prizes": drawing.prizes,
        "commitment": record[DrawingStatus.SCHEDULED]["commitment"],
        "tickets_hash": closed.get("tickets_hash"),
        "tickets": closed.get("tickets") if drawn else None,
        # raffle-drawing/2: the value produced in the room after sales closed, and the witness who entered it.
        "witness": witnessed.get("witness"),
        "witness_name": witnessed.get("witness_name"),
        "seed": drawn.get("seed"),
        "winners": drawn.get("winners"),
        "published": drawing_published(drawing),
        # 30 DCMR 1202.2(n): the time and place the license states; when each step was published.
        "drawing_at": application.drawing_at,
        "place": drawn.get("place") or application.drawing_place,
        "committed_at": times.get(DrawingStatus.SCHEDULED),
        "sales_closed_at": times.get(DrawingStatus.SALES_CLOSED),
        "witnessed_at": times.get(DrawingStatus.WITNESSED),
        "drawn_at": times.get(DrawingStatus.DRAWN),
        # 30 DCMR 1301.5: who of the member in charge and the alternate was present at the drawing.
        "in_charge": {"name": in_charge["name"], "role": in_charge["role"]} if in_charge else None,
    }


def raffle_licenses_for_officer(*, user: User) -> QuerySet[License]:
    """The raffle licenses the user may hold drawings under (the portal page's choice)."""
    if not getattr(user, "is_authenticated", False):
        return License.objects.none()
    return License.objects.filter(
        license_type=LicenseType.RAFFLE,
        organization_id__in=organization_ids_with_roles(user=user, roles=FILING_ROLES)).order_by("number")


def raffle_license_for_page_get(*, user: User, pk: int) -> License:
    """A raffle license whose drawing page the user may open: its organization's officers (who act) and the
    Board (which reads); 404 for anyone else and for a license of another type."""
    licenses = License.objects.none()
    if getattr(user, "is_authenticated", False):
        licenses = License.objects.filter(license_type=LicenseType.RAFFLE)
        if not user.is_board:
            licenses = licenses.filter(
                organization_id__in=organization_ids_with_roles(user=user, roles=FILING_ROLES))
    license = licenses.select_related("organization", "application").filter(pk=pk).first()
    if license is None:
        raise Http404("No such raffle license.")
    return license


def drawing_of_license(*, user: User, license: License) -> RaffleDrawing | None:
    """The license's drawing the portal page shows: the latest one."""
    return drawing_list(user=user, license=license).first()
