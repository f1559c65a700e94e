"""The license certificate: an HTML template rendered to PDF by WeasyPrint, with a QR code that opens
the public lookup page of the license, so anyone at the hall can check it is genuine and in force."""

import base64
import datetime as dt

import qrcode
import qrcode.image.svg
from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import F, Q
from django.template.loader import render_to_string
from django.urls import NoReverseMatch, reverse
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _

from core.public_url import public_url
from licensing.licenses import events
from licensing.models import Application, License, Premises
from licensing.models.choices import ApplicationKind, ApplicationStatus, LicenseType

# What the certificate cites, by license type: the authority to operate, the Board's vote, and the
# rules a holder most needs at hand (where it may play and what it must post).
CITED_RULES = {
    "all": [
        ("30 DCMR 1200.1", _("No bingo, raffle or Monte Carlo Night without a license from the Board.")),
        ("30 DCMR 1202.4", _("Issued on the affirmative votes of the Board.")),
        ("30 DCMR 1210.1", _("The Board may suspend or revoke this license for cause.")),
    ],
    LicenseType.BINGO: [
        ("30 DCMR 1204.1", _("Bingo license classes.")),
        ("30 DCMR 1400.7", _("Bingo only at the premises named on this license.")),
        ("30 DCMR 1400.9", _("Post this license at the point where cards are sold.")),
    ],
    LicenseType.MULTIHALL: [
        ("30 DCMR 1414", _("Multi-hall bingo, never beyond the expiry of the bingo license.")),
        ("30 DCMR 1400.9", _("Post this license at the point where cards are sold.")),
    ],
    LicenseType.RAFFLE: [
        ("30 DCMR 1202.2(n)", _("Tickets numbered consecutively, without duplicates.")),
    ],
    LicenseType.VENDOR: [
        ("30 DCMR 1206.1", _("Licensed to sell, lease or distribute bingo and Monte Carlo Night supplies.")),
        ("30 DCMR 1207.2(j)", _("Prices as on the certified price list for the whole license term.")),
        ("30 DCMR 1403.1", _("Licensed organizations buy their supplies only from licensed vendors.")),
    ],
    LicenseType.MONTECARLO: [
        ("30 DCMR 1204.16", _("Class 1: no Texas Hold'em. Class 2: Texas Hold'em allowed.")),
        ("30 DCMR 1603.1", _("Only authorized games; rules and prize list posted at the entrance.")),
    ],
}


def license_lookup_url(license: License) -> str:
    """The absolute address of the public page of this license: the license lookup, or for a vendor its entry
    in the public vendor registry (reversed by name: licensing imports no other app)."""
    try:
        if license.license_type == LicenseType.VENDOR:
            path = reverse("vendors:registry_detail", kwargs={"number": license.number})
        else:
            path = reverse("public:license_detail", kwargs={"number": license.number})
    except NoReverseMatch:  # the public lookup page is not wired yet: its agreed address
        path = f"/public/licenses/{license.number}/"
    return public_url(path)


def qr_svg(data: str) -> str:
    """An SVG QR code (pure Python, no imaging library) as markup."""
    image = qrcode.make(
        data, image_factory=qrcode.image.svg.SvgPathImage, error_correction=qrcode.constants.ERROR_CORRECT_M,
        box_size=10, border=2,
    )
    # The library names every code's path id="qr-path": a page showing several codes (the hall's signed heads)
    # would repeat an id, which HTML forbids. Nothing refers to it.
    return image.to_string(encoding="unicode").replace(' id="qr-path"', "", 1)


def _schedule_rows(license: License) -> list[dict]:
    premises_ids = {row.get("premises") for row in license.schedule if row.get("premises")}
    premises = {p.pk: p for p in Premises.objects.filter(pk__in=premises_ids)}
    rows = []
    for row in license.schedule:
        rows.append({
            "date": dt.date.fromisoformat(row["date"]),
            "starts_at": row.get("starts_at"),
            "ends_at": row.get("ends_at"),
            "place": premises.get(row.get("premises")) or row.get("place") or "",
        })
    return rows


def certified_price_list_version(license: License) -> int | None:
    """The version of a vendor's certified price list in force under the license (30 DCMR 1207.2(j)): the one filed
    with the license's application, or with its latest approved amendment. Read from what each application recorded
    when it was submitted (its snapshot), so licensing needs nothing of the vendors app; None when none was."""
    applications = [license.application, *Application.objects.filter(
        kind=ApplicationKind.AMENDMENT, base_license=license, status=ApplicationStatus.APPROVED)]
    versions = [((application.submitted_snapshot or {}).get("price_list") or {}).get("version")
                for application in applications]
    versions = [version for version in versions if isinstance(version, int)]
    return max(versions) if versions else None


def certificate_context(license: License) -> dict:
    lookup_url = license_lookup_url(license)
    svg = qr_svg(lookup_url)
    common = CITED_RULES["all"]
    if license.license_type == LicenseType.VENDOR:  # a vendor runs no games: 1200.1 is not its authority
        common = [rule for rule in common if rule[0] != "30 DCMR 1200.1"]
    rules = common + CITED_RULES.get(LicenseType(license.license_type), [])
    if license.application.kind == ApplicationKind.RENEWAL:
        rules = [*rules, ("30 DCMR 1204.2", _("Renewal of an earlier license."))]
    return {
        "license": license,
        "organization": license.organization,
        "lookup_url": lookup_url,
        "qr_svg": svg,
        "qr_data_uri": "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode(),
        "schedule_rows": _schedule_rows(license),
        "cited_rules": sorted(rules, key=lambda rule: rule[0]),
        "parent": license.parent,
        "price_list_version": (certified_price_list_version(license)
                               if license.license_type == LicenseType.VENDOR else None),
    }


def certificate_html(license: License) -> str:
    # The certificate is a legal record: always in English, whatever language the worker runs in.
    with translation.override("en"):
        return render_to_string("licensing/licenses/certificate.html", certificate_context(license))


def certificate_pdf(license: License) -> bytes:
    from weasyprint import HTML  # heavy import, only where a PDF is made

    return HTML(string=certificate_html(license), base_url=str(settings.BASE_DIR)).write_pdf()


@transaction.atomic
def license_certificate_store(*, license: License, pdf: bytes) -> License:
    license = License.objects.select_for_update().get(pk=license.pk)
    # A rebuilt certificate gets a new file; the earlier one stays in storage (records are never deleted).
    license.certificate.save(f"{license.number}.pdf", ContentFile(pdf), save=False)
    license.certificate_built_at = timezone.now()
    license.save(update_fields=["certificate", "certificate_built_at"])
    events.license_certificate_built(license=license, pdf=pdf)
    return license


def certificates_owed(*, now: dt.datetime | None = None) -> list[tuple[int, dt.datetime]]:
    """(license id, asked at) of the certificates asked for CERTIFICATE_SWEEP_MINUTES ago or more and not built
    since: their build task was lost (the broker down at commit time) or keeps failing."""
    before = (now or timezone.now()) - dt.timedelta(minutes=settings.CERTIFICATE_SWEEP_MINUTES)
    not_built_since = Q(certificate_built_at__isnull=True) | Q(certificate_built_at__lt=F("certificate_requested_at"))
    return list(License.objects.filter(not_built_since, certificate_requested_at__lte=before)
                .order_by("certificate_requested_at").values_list("pk", "certificate_requested_at"))
