"""The games of 30 DCMR 1602 and the table games of the seed texts (RULES.md section 8)."""

from django.db import migrations

GAMES = [
    # code, English, Spanish, allowed, needs Class 2, rule, notes
    ("wheel", "Wheel of fortune", "Rueda de la fortuna", True, False, "30 DCMR 1602.1", "54 slots; Andorra s. 24 pay table."),
    ("roulette", "Roulette", "Ruleta", True, False, "30 DCMR 1602.1", ""),
    ("dice", "Dice games", "Juegos de dados", True, False, "30 DCMR 1602.1, 1604.1", "Dice at least 3/4 inch; must hit the side boards."),
    ("banca-francesa", "Banca francesa (three dice)", "Banca francesa (tres dados)", True, False, "30 DCMR 1602.1", "Andorra s. 25."),
    ("blackjack", "Blackjack", "Blackjack", True, False, "30 DCMR 1602.1", ""),
    ("texas-holdem", "Texas Hold'em", "Texas Hold'em", True, True, "30 DCMR 1602.1, 1204.16", "Class 2 only; tournaments under 1603.19-1603.31."),
    ("raffle", "Raffles", "Rifas", True, False, "30 DCMR 1602.1", ""),
    ("charity-tickets", "Charity game tickets", "Boletos de juego benéfico", True, False, "30 DCMR 1602.1, 1409", "Agency-approved tickets only."),
    ("caribbean-poker", "Caribbean poker", "Póquer caribeño", True, False, "30 DCMR 1602.1", "Played against the house; other approved game."),
    ("punto-banca", "Punto y banca (baccarat)", "Punto y banca", True, False, "30 DCMR 1602.1", "Other approved game."),
    ("slot-machines", "Slot machines and similar devices", "Máquinas tragamonedas y similares", False, False, "30 DCMR 1602.2", ""),
    ("bingo", "Bingo", "Bingo", False, False, "30 DCMR 1602.2", "Bingo needs its own license."),
    ("player-poker", "Poker between players (other than Texas Hold'em)", "Póquer entre jugadores (salvo Texas Hold'em)", False, False, "30 DCMR 1602.2", ""),
]


def seed(apps, schema_editor):
    GameCatalogEntry = apps.get_model("montecarlo", "GameCatalogEntry")
    for code, name_en, name_es, allowed, class_2, rule, notes in GAMES:
        GameCatalogEntry.objects.update_or_create(
            code=code,
            defaults={"name_en": name_en, "name_es": name_es, "is_allowed": allowed, "requires_class_2": class_2,
                      "rule": rule, "notes": notes},
        )


class Migration(migrations.Migration):
    dependencies = [("montecarlo", "0001_initial")]
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
