"""A Hold'em tournament's prizes at the payout desk (licensing.payouts): one payout per place paid, due as soon as
the results are published (the finishing order final, 30 DCMR 1603.25, 1603.26); the wager is the buy-in (the entry
fee every player paid, 1603.20), which the IRS takes off a poker prize before its threshold. A place without a prize
is none; a training tournament publishes nothing, so it has none.

Source "holdem.tournament:<tournament>/place:<n>" ("/player:<id>" after it where players finished together and split
the places' prizes: one payout per winner), session "holdem.tournament:<tournament>". `tournament_payouts_open`
reads only the published results and may run any number of times."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

from django.utils import translation
from django.utils.translation import gettext as _

from licensing.models import Payout, PayoutGame
from licensing.payouts.services import payout_open
from montecarlo.models import Tournament, TournamentStatus


def session_of(tournament: Tournament) -> str:
    return f"holdem.tournament:{tournament.pk}"


def _label(tournament: Tournament, result: dict, shared: bool) -> str:
    with translation.override("en"):  # Form W-2G box 5, a regulated record: in English, as the report's PDF
        if shared:
            return _("Place %(place)s (shared), %(tournament)s, %(name)s") % {
                "place": result["place"], "tournament": tournament.name, "name": result.get("name", "")}
        return _("Place %(place)s, %(tournament)s") % {"place": result["place"], "tournament": tournament.name}


def tournament_payouts_open(tournament: Tournament) -> list[Payout]:
    """The payouts of a published tournament's paid places, in place order."""
    tournament = Tournament.objects.select_related("license").get(pk=tournament.pk)
    if tournament.training or tournament.status != TournamentStatus.PUBLISHED:
        return []
    places = Counter(result["place"] for result in tournament.results)
    opened = []
    for result in sorted(tournament.results, key=lambda row: row["place"]):
        prize = Decimal(str(result.get("prize") or "0"))
        if prize <= 0:
            continue
        source = f"{session_of(tournament)}/place:{result['place']}"
        shared = places[result["place"]] > 1
        if shared:  # players who finish together split the places' prizes: one payout each
            source = f"{source}/player:{result['player']}"
        opened.append(payout_open(
            license=tournament.license, game=PayoutGame.HOLDEM, source=source, session=session_of(tournament),
            label=_label(tournament, result, shared), won_on=tournament.date, prize=prize,
            wager=tournament.entry_fee))
    return opened
