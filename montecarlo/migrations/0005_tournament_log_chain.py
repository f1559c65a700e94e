"""Re-chain every tournament's log with the keyed chain (core.chain), opening each with the
`config` event that tournament_create now writes (montecarlo.models.tournament_terms). The
trigger is lifted for the rewrite and put back refusing TRUNCATE too."""

from django.db import migrations

from core.chain import rechain
from core.triggers import append_only_lifted

lift, restore = append_only_lifted("montecarlo_tournamentevent", "tournament events")
PRIZE_CAP = "500"  # as Tournament.engine_config() says of these rows (0011 records their cap, $500)


def _terms(tournament) -> dict:
    engine = {"starting_chips": tournament.starting_chips, "levels": list(tournament.levels),
              "max_per_table": tournament.max_per_table, "finish_method": tournament.finish_method,
              "prizes": [str(prize) for prize in tournament.prizes], "prize_cap": PRIZE_CAP}
    return {"engine": engine, "entry_fee": str(tournament.entry_fee), "license": tournament.license_id,
            "date": tournament.date.isoformat()}


def chain_tournaments(apps, schema_editor):
    Tournament = apps.get_model("montecarlo", "Tournament")
    TournamentEvent = apps.get_model("montecarlo", "TournamentEvent")
    for tournament in Tournament.objects.all():
        events = list(TournamentEvent.objects.filter(tournament=tournament).order_by("seq"))
        if not events or events[0].kind != "config":
            for event in reversed(events):  # make room for seq 1, last row first (seq is unique)
                TournamentEvent.objects.filter(pk=event.pk).update(seq=event.seq + 1)
            TournamentEvent.objects.create(tournament=tournament, seq=1, kind="config", payload=_terms(tournament),
                                           actor=tournament.created_by, created_at=tournament.created_at,
                                           prev_hash="", hash="")
        head = rechain(list(TournamentEvent.objects.filter(tournament=tournament).order_by("seq")),
                       "montecarlo.tournamentevent", str(tournament.pk))
        Tournament.objects.filter(pk=tournament.pk).update(head_seq=head.seq, head_hash=head.hash)


class Migration(migrations.Migration):
    dependencies = [("montecarlo", "0004_tournamentevent_append_only")]

    operations = [lift, migrations.RunPython(chain_tournaments, migrations.RunPython.noop), restore]
