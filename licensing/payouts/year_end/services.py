"""The one year-end write: the audit event of a download of the year's forms with the winners' full taxpayer
numbers, which only the organization's filing people may ask for (licensing.payouts.selectors.can_see_tin)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from core.sealing import unseal
from licensing.models import Organization, Payout, User
from licensing.payouts import events
from licensing.payouts.selectors import can_see_tin, year_forms
from licensing.payouts.year_end.w2g import W2G, w2g_content


def _dashed(tin: str) -> str:
    return f"{tin[:3]}-{tin[3:5]}-{tin[5:]}" if tin else ""


@transaction.atomic
def year_forms_tins_export(*, actor: User, organization: Organization, year: int) -> list[W2G]:
    """The organization's forms of the year (licensing.payouts.selectors.year_forms) with box 9 in full, for a
    filing person; the download is in the audit trail (which forms, never the numbers)."""
    if not can_see_tin(actor, organization.pk):
        raise PermissionDenied(_("Only the organization's filing people (officers, the member in charge and the "
                                 "alternate, the member responsible for gross receipts) download the winners' full "
                                 "taxpayer numbers; the list with the numbers truncated is for the whole desk."))
    payouts: list[Payout] = list(year_forms(organization_id=organization.pk, year=year).select_related(
        "organization", "paid_by"))
    contents = [w2g_content(payout, tin=_dashed(unseal(payout.identity).get("tin", "")) or None)
                for payout in payouts]
    events.payout_tins_exported(actor=actor, organization=organization, year=year,
                                forms=[payout.form_number for payout in payouts])
    return contents
