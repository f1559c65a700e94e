"""A Monte Carlo Night as a hall kit carries it (licensing.hall): the night's terms (admission, the chips each
participant gets, how prizes are awarded and the prize list, house rules) and its tables with their games' settings.
Registered with licensing.hall.kinds when Monte Carlo starts; the night's directors and officers prepare its kit."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from licensing.hall.kinds import KitEvent, KitKind
from licensing.selectors import organization_ids_with_roles
from montecarlo.models import GameApproval, GameTable, Night, NightStatus, Participant
from montecarlo.nights.payouts import night_payouts_open_by_id
from montecarlo.nights.selectors import can_direct, night_get, night_list
from montecarlo.selectors import DIRECTOR_ROLES

KIND = "night"


def _event(night: Night) -> KitEvent:
    return KitEvent(kind=KIND, pk=night.pk, license=night.license, date=night.date, title=night.name,
                    starts_at=night.starts_at, ends_at=night.ends_at,
                    place=str(night.premises) if night.premises_id else "", training=night.training,
                    url=reverse("montecarlo:night_detail", args=[night.pk]))


def kit_events(*, user, today) -> list[KitEvent]:
    nights = night_list(user=user).filter(
        date__gte=today, license__organization_id__in=organization_ids_with_roles(user=user, roles=DIRECTOR_ROLES))
    return [_event(night) for night in nights]


def kit_event(*, user, pk: int) -> KitEvent:
    night = night_get(user=user, pk=pk)
    if not can_direct(user=user, night=night):
        raise PermissionDenied(_("Only the night's directors and the organization's officers may prepare its kit."))
    return _event(night)


def kit_plan(event: KitEvent) -> dict:
    night = Night.objects.get(pk=event.pk)
    tables = GameTable.objects.filter(night=night).select_related("game").order_by("number")
    return {
        "night": {"name": night.name, "admission_price": str(night.admission_price),
                  "starting_chips": night.starting_chips, "prize_method": night.prize_method,
                  "prizes": night.prizes, "house_rules": night.house_rules, "public_key": night.public_key},
        "tables": [{"number": table.number, "name": table.name, "game": table.game.code, "rule": table.game.rule,
                    "settings": table.game_settings, "status": table.status} for table in tables],
    }


def kit_rows(pk: int) -> list:
    """The night's rows for the hall server: its premises and person in charge, the night, the catalog entries of
    its games and their approvals, its tables and the participants registered ahead."""
    night = Night.objects.select_related("premises", "in_charge").get(pk=pk)
    tables = list(GameTable.objects.filter(night=night).select_related("game").order_by("number"))
    approvals = list(GameApproval.objects.filter(night=night).select_related("game").order_by("pk"))
    games = {entry.pk: entry for entry in [*(table.game for table in tables), *(a.game for a in approvals)]}
    return [*([night.premises] if night.premises_id else []), *([night.in_charge] if night.in_charge_id else []),
            night, *games.values(), *approvals, *tables, *Participant.objects.filter(night=night).order_by("pk")]


def kit_received(pk: int, actor) -> None:
    """The Board took the hall's records in: a night whose prizes were awarded at the hall sends its part of the
    financial report, as awarding them at the Board does (montecarlo.nights.services.night_report_handover)."""
    # Imported here: the night's services import this module (KIT_KIND, for the heads signed at a close).
    from montecarlo.nights.services import night_report_handover

    night = Night.objects.get(pk=pk)
    if night.status == NightStatus.AWARDED and not night.training:
        night_report_handover(night)


def kit_payout_sessions(pk: int) -> list[str]:
    """The night is one session of the payout desk (licensing.models.Payout.session): its awards."""
    return [f"montecarlo.night:{pk}"]


def kit_page(pk: int) -> str:
    return reverse("montecarlo:night_detail", args=[pk])


KIT_KIND = KitKind(name=KIND, label=gettext_lazy("Monte Carlo Night"), events=kit_events, event=kit_event,
                   plan=kit_plan, rows=kit_rows, page=kit_page, received=kit_received, log_scope="night",
                   payouts=night_payouts_open_by_id,
                   # The night is closed and its prizes awarded; a table opens and closes; a participant's chips
                   # move with the ledger (its head is the Board's to set); the hall admits participants.
                   state={"montecarlo.night": ("status", "awards", "drawing", "counted_at", "awarded_at"),
                          "montecarlo.gametable": ("status",),
                          "montecarlo.participant": ("chips", "at_stake", "counted")},
                   made=("montecarlo.participant",), payout_sessions=kit_payout_sessions)
