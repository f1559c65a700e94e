"""A Monte Carlo Night's prizes at the payout desk (licensing.payouts): one payout per prize awarded, in place order,
due as soon as the prizes are awarded (by final chip ranking or by the chip drawing, 30 DCMR 1603.2, 1603.26). A
night's prizes are the posted list's goods, so each payout carries the prize's description (the desk may hand over
the thing itself) and its value; the wager is the admission paid. A training night awards nothing that counts, and a
prize posted at no value is no payout.

Source "montecarlo.night:<night>/award:<place>", session "montecarlo.night:<night>". `night_payouts_open` reads only
the night's awards and may run any number of times: awarding calls it in its transaction, hall mode for a night
awarded at the hall (the night's kit)."""

from __future__ import annotations

from decimal import Decimal

from django.utils import translation
from django.utils.translation import gettext as _

from licensing.models import Payout, PayoutGame
from licensing.payouts.services import payout_open
from montecarlo.models import Night, NightStatus


def session_of(night: Night) -> str:
    return f"montecarlo.night:{night.pk}"


def _label(night: Night, award: dict) -> str:
    with translation.override("en"):  # Form W-2G box 5, a regulated record: in English, as the report's PDF
        return _("%(night)s, prize %(place)s, participant #%(number)s") % {
            "night": night.name, "place": award["place"], "number": award["participant"]}


def night_payouts_open(night: Night) -> list[Payout]:
    """The payouts of an awarded night's prizes (none before the award, none for a training night)."""
    night = Night.objects.select_related("license").get(pk=night.pk)
    if night.training or night.status != NightStatus.AWARDED:
        return []
    opened = []
    for award in night.awards:
        value = Decimal(str(award.get("value") or "0"))
        if value <= 0:
            continue
        opened.append(payout_open(
            license=night.license, game=PayoutGame.MONTECARLO, source=f"{session_of(night)}/award:{award['place']}",
            session=session_of(night), label=_label(night, award), description=award.get("description", ""),
            won_on=night.date, prize=value, wager=night.admission_price))
    return opened


def night_payouts_open_by_id(night_id: int) -> None:
    """Hall mode's hook (licensing.hall.kinds.KitKind.payouts): a night the Board took in from the hall."""
    night_payouts_open(Night.objects.get(pk=night_id))
