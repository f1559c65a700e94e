"""The catalog's approval states (30 DCMR 1602.1, 1602.2, 1603.16, 1604.4), craps, the seed text's poker variants
(003 s. 23: banned as player-against-player poker other than Texas Hold'em) and games of skill."""

from django.db import migrations

APPROVALS = {
    # code: (approval, rule, notes)
    "wheel": ("allowed", "30 DCMR 1602.1", "54 slots; Andorra s. 24 pay table (003)."),
    "banca-francesa": ("allowed", "30 DCMR 1602.1, 1604.1", "A dice game; Andorra s. 25 (003)."),
    "caribbean-poker": ("other_approved", "30 DCMR 1602.1, 1604.4",
                        "Played against the house (000, 001): the Agency approves the night's house rules."),
    "punto-banca": ("other_approved", "30 DCMR 1602.1, 1604.4",
                    "Banked by the house (002): the Agency approves the night's house rules."),
}

NEW = [
    # code, English, Spanish, approval, rule, notes
    ("craps", "Craps", "Craps (dados)", "allowed", "30 DCMR 1602.1, 1604.1",
     "A dice game: the dice must hit the side boards or the throw is void (1604.1(a))."),
    ("draw-poker", "Draw poker", "Póquer cubierto", "banned", "30 DCMR 1602.2",
     "Player-against-player poker other than Texas Hold'em (003 s. 23)."),
    ("seven-card-stud", "Seven-card stud", "Póquer descubierto de siete cartas", "banned", "30 DCMR 1602.2",
     "Player-against-player poker other than Texas Hold'em (003 s. 23)."),
    ("five-card-stud", "Five-card stud (32 cards)", "Póquer descubierto de cinco cartas", "banned", "30 DCMR 1602.2",
     "Player-against-player poker other than Texas Hold'em (003 s. 23)."),
    ("omaha", "Omaha", "Omaha", "banned", "30 DCMR 1602.2",
     "Player-against-player poker other than Texas Hold'em (003 s. 23)."),
    ("synthetic-poker", "Synthetic poker (28 cards)", "Póquer sintético", "banned", "30 DCMR 1602.2",
     "Player-against-player poker other than Texas Hold'em (003 s. 23)."),
    ("skill-games", "Games of personal skill (darts, billiards, video games)",
     "Juegos de destreza personal (dardos, billar, videojuegos)", "skill", "30 DCMR 1603.16",
     "No betting on a game of personal skill; Texas Hold'em is the one exception."),
    ("event-bets", "Bets on an event (a race, a match)", "Apuestas sobre un evento (una carrera, un partido)",
     "skill", "30 DCMR 1603.16", "No betting on an event."),
]


def forwards(apps, schema_editor):
    GameCatalogEntry = apps.get_model("montecarlo", "GameCatalogEntry")
    for entry in GameCatalogEntry.objects.all():
        approval, rule, notes = APPROVALS.get(entry.code, ("allowed" if entry.is_allowed else "banned",
                                                           entry.rule, entry.notes))
        GameCatalogEntry.objects.filter(pk=entry.pk).update(approval=approval, rule=rule, notes=notes,
                                                            is_allowed=approval in ("allowed", "other_approved"))
    for code, name_en, name_es, approval, rule, notes in NEW:
        GameCatalogEntry.objects.update_or_create(code=code, defaults={
            "name_en": name_en, "name_es": name_es, "approval": approval, "rule": rule, "notes": notes,
            "requires_class_2": False, "is_allowed": approval in ("allowed", "other_approved")})


class Migration(migrations.Migration):
    dependencies = [("montecarlo", "0007_nights_tables_ledgers")]
    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
