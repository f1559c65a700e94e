"""Re-chain every game's log with the keyed chain (core.chain), and open the log of each game
that already started with a start event recording what it is played for (bingo.models.game_terms),
as game_start now does. The trigger is lifted for the rewrite and put back refusing TRUNCATE too."""

from django.db import migrations, models

from bingo.models import game_terms
from core.chain import rechain
from core.triggers import append_only_lifted

lift, restore = append_only_lifted("bingo_gameevent", "bingo game events")


def chain_games(apps, schema_editor):
    Game = apps.get_model("bingo", "Game")
    GameEvent = apps.get_model("bingo", "GameEvent")
    started = Game.objects.exclude(status="planned") | Game.objects.filter(events__isnull=False)
    for game in started.distinct().select_related("pattern"):
        events = list(GameEvent.objects.filter(game=game).order_by("seq"))
        if not events or events[0].kind != "start":
            for event in reversed(events):  # make room for seq 1, last row first (seq is unique per game)
                GameEvent.objects.filter(pk=event.pk).update(seq=event.seq + 1)
            GameEvent.objects.create(game=game, seq=1, kind="start", payload=game_terms(game), actor=None,
                                     created_at=events[0].created_at if events else game.operation.created_at,
                                     prev_hash="", hash="")
        head = rechain(list(GameEvent.objects.filter(game=game).order_by("seq")), "bingo.gameevent", str(game.pk))
        Game.objects.filter(pk=game.pk).update(head_seq=head.seq, head_hash=head.hash)


class Migration(migrations.Migration):
    dependencies = [("bingo", "0005_gameevent_append_only")]

    operations = [
        migrations.AlterField(
            model_name="gameevent", name="kind",
            field=models.CharField(choices=[("start", "Start"), ("call", "Call"), ("undo", "Undo"),
                                            ("claim", "Claim"), ("close", "Close")],
                                   max_length=10, verbose_name="kind"),
        ),
        lift,
        migrations.RunPython(chain_games, migrations.RunPython.noop),
        restore,
    ]
