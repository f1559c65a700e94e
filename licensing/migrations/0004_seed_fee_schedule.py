"""The application fees of 30 DCMR 1204 and 1414 (RULES.md section 2 and 4), as effective-dated schedule rows.

Figures stay editable by Board staff in the admin: to change one, end the row (effective_to) and add a new one.
Raffle fees and every bond amount are board data that no text we hold gives: no rows here, so those
applications say so until staff enter them. The multi-hall bond is computed (1414.9), never a row."""

import datetime

from django.db import migrations

SINCE = datetime.date(2000, 1, 1)

BINGO = "30 DCMR 1204.1"
RENEWAL = "1204.2-1204.5"  # renewal fee equals the original fee of the class
AMENDMENT = "30 DCMR 1204.4-1204.5"  # amending a license costs nothing
MULTIHALL = "30 DCMR 1414"
MCN = "30 DCMR 1204.16"
MCN_SENIOR = "30 DCMR 1204.19"

# (license_type, license_class, period ("" = any), senior (None = any), amount, rule, notes) of original fees.
ORIGINAL = [
    ("bingo", "A", "", None, "500.00", BINGO, "Class A: 500 or more players."),
    ("bingo", "B", "", None, "250.00", BINGO, "Class B: 251 to 499 players."),
    ("bingo", "C", "", None, "50.00", BINGO, "Class C: 250 or fewer players."),
    ("bingo", "C", "", True, "10.00", BINGO, "Class C for a senior group."),
    ("bingo", "D", "", True, "0.00", BINGO, "Class D: senior groups playing recreational bingo, no fee."),
    ("multihall", "A", "regular", None, "500.00", MULTIHALL, "Prorated to the base license's expiry."),
    ("multihall", "B", "regular", None, "250.00", MULTIHALL, "Prorated to the base license's expiry."),
    ("multihall", "C", "regular", None, "50.00", MULTIHALL, "Prorated to the base license's expiry."),
    ("multihall", "A", "limited", None, "200.00", MULTIHALL, "Limited period."),
    ("multihall", "B", "limited", None, "100.00", MULTIHALL, "Limited period."),
    ("multihall", "C", "limited", None, "25.00", MULTIHALL, "Limited period."),
    ("montecarlo", "1", "", None, "100.00", MCN, "Class 1: no Texas Hold'em."),
    ("montecarlo", "2", "", None, "500.00", MCN, "Class 2: includes Texas Hold'em."),
    ("montecarlo", "1", "", True, "10.00", MCN_SENIOR, "Senior group."),
    ("montecarlo", "2", "", True, "10.00", MCN_SENIOR, "Senior group."),
]


def _rows():
    """Every seeded row as (kind, license_type, license_class, period, senior, amount, rule, notes)."""
    rows = []
    for license_type, license_class, period, senior, amount, rule, notes in ORIGINAL:
        rows.append(("original", license_type, license_class, period, senior, amount, rule, notes))
        rows.append(("renewal", license_type, license_class, period, senior, amount, f"{rule}, {RENEWAL}",
                     "Renewal fee equals the original fee."))
    amended = sorted({(license_type, license_class, senior if license_class == "D" else None)
                      for license_type, license_class, _, senior, *_ in ORIGINAL})
    for license_type, license_class, senior in amended:
        rows.append(("amendment", license_type, license_class, "", senior, "0.00", AMENDMENT,
                     "Amending a license costs nothing."))
    return rows


ROWS = _rows()


def seed(apps, schema_editor):
    FeeScheduleRow = apps.get_model("licensing", "FeeScheduleRow")
    for kind, license_type, license_class, period, senior, amount, rule, notes in ROWS:
        FeeScheduleRow.objects.update_or_create(
            kind=kind, license_type=license_type, license_class=license_class, period=period, senior=senior,
            effective_from=SINCE, defaults={"amount": amount, "rule": rule, "notes": notes},
        )


class Migration(migrations.Migration):
    dependencies = [("licensing", "0003_licensing_core")]
    # Reversing leaves the rows: schedule rows are regulated records and are never deleted.
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
