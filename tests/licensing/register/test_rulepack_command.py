"""`manage.py rulepack export|diff|import`: the register as one file, and an import that never changes the past."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from licensing.models import BoardNumber
from licensing.register import values
from licensing.register.packs import read_pack

pytestmark = pytest.mark.django_db
KEY = "bingo.game_prize_cap.class_abc"


def _run(*args) -> str:
    from io import StringIO

    out = StringIO()
    call_command("rulepack", *args, stdout=out)
    return out.getvalue()


def test_export_then_diff_says_nothing_changes(tmp_path):
    path = tmp_path / "register.toml"
    assert "Wrote" in _run("export", str(path))
    assert read_pack(path).name == "District of Columbia"
    assert _run("diff", str(path)).strip().endswith("0 added, 0 changed, 0 refused.")


def test_import_adds_a_future_value_and_refuses_a_change_to_the_past(tmp_path):
    path = tmp_path / "change.toml"
    tomorrow = dt.date.today() + dt.timedelta(days=40)
    path.write_text(f'[pack]\nname = "Board change"\n\n[[number]]\nkey = "{KEY}"\nvalue = "2500.00"\n'
                    f'from = {tomorrow.isoformat()}\ncitation = "30 DCMR 1408.1"\nreason = "New cap."\n')
    output = _run("import", str(path))
    assert f"+ {KEY} = 2500.00 from {tomorrow}" in output and "1 added" in output
    assert values.value(KEY, tomorrow) == Decimal("2500.00")
    assert values.value(KEY, tomorrow - dt.timedelta(days=1)) == Decimal("2000.00")

    past = tmp_path / "past.toml"
    past.write_text(f'[pack]\nname = "Rewrite"\n\n[[number]]\nkey = "{KEY}"\nvalue = "1.00"\n'
                    f'from = 2000-01-01\ncitation = "30 DCMR 1408.1"\n')
    count = BoardNumber.objects.count()
    with pytest.raises(CommandError, match="would change the past"):
        _run("import", str(past))
    assert BoardNumber.objects.count() == count


def test_a_bad_pack_is_refused_naming_each_row(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('[pack]\nname = "Bad"\n\n[[number]]\nkey = "bingo.lucky"\nvalue = "7"\nfrom = 2030-01-01\n'
                    'citation = "x"\n\n[[number]]\nkey = "review.quorum"\nvalue = "four"\nfrom = 2030-01-01\n')
    with pytest.raises(CommandError) as caught:
        _run("import", str(path))
    assert "Row 1, bingo.lucky: not a number any rule reads" in str(caught.value)
    assert "Row 2, review.quorum: the value must be a whole number" in str(caught.value)
    assert "Row 2, review.quorum: a citation is required" in str(caught.value)


def test_a_flushed_database_takes_the_pack_again_after_migrate():
    """The post_migrate hook fills the keys the register has never held (a fresh database, a flushed test one)."""
    from django.apps import apps
    from django.db.models.signals import post_migrate

    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {BoardNumber._meta.db_table}")
    values.forget()
    post_migrate.send(sender=apps.get_app_config("licensing"), app_config=apps.get_app_config("licensing"),
                      verbosity=0, interactive=False, using="default", plan=None, apps=apps)
    assert values.value(KEY) == Decimal("2000.00")
