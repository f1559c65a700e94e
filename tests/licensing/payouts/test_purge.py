"""The identities' retention (26 CFR 31.6001-1(e)(2): four years, `payouts.identity_retention_years` in the Board's
register): `manage.py payouts purge` empties the identities of payouts paid before the cut-off and keeps the
amounts, the form's number and what was withheld; once, with one audit event."""

import datetime as dt
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from core.sealing import unseal
from licensing.models import AuditEvent, Payout, PayoutStatus
from licensing.payouts.services import identity_retention_cutoff, payout_identities_purge, payout_void
from tests.licensing.factories import board_number
from tests.licensing.payouts.winners import ANA, BEN, bingo_license, open_payout, pay

pytestmark = pytest.mark.django_db
D = Decimal
TODAY = dt.date(2026, 6, 8)
CUTOFF = dt.date(2022, 6, 8)  # four years before TODAY
PURGED = "licensing.payout_identities_purged"


def _purge(*options) -> str:
    out = StringIO()
    call_command("payouts", "purge", *options, stdout=out)
    return out.getvalue()


@pytest.fixture
def paid():
    """A raffle prize paid the day before the cut-off (withheld on), a bingo prize paid on it, a recent one."""
    license = bingo_license()
    old = pay(open_payout(license, game="raffle", session="raffle.drawing:1", prize=None,
                          won_on=dt.date(2022, 6, 1)),
              winner=ANA, prize="6000.00", wager="10.00", paid_on=CUTOFF - dt.timedelta(days=1))
    on_the_day = pay(open_payout(license, session="bingo.game:1", won_on=CUTOFF), winner=BEN, paid_on=CUTOFF)
    recent = pay(open_payout(license, session="bingo.game:2"), winner=ANA)
    return old, on_the_day, recent


def test_the_cutoff_is_the_registers_retention_before_today():
    assert identity_retention_cutoff(TODAY) == CUTOFF
    assert identity_retention_cutoff(dt.date(2028, 2, 29)) == dt.date(2024, 2, 29)
    board_number("payouts.identity_retention_years", "7")
    assert identity_retention_cutoff(TODAY) == dt.date(2019, 6, 8)
    assert identity_retention_cutoff(dt.date(2028, 2, 29)) == dt.date(2021, 2, 28)  # no 29 February in 2021


def test_the_purge_empties_the_identity_and_keeps_the_amounts(paid):
    old, on_the_day, recent = paid
    assert (old.w2g, old.withheld, old.form_number) == (True, D("1437.60"), "W2G-2022-00001")  # 24% of $5,990
    assert _purge("--today", TODAY.isoformat()) == (
        "1 payout identities purged: paid before 2022-06-08 (kept 4 years, 26 CFR 31.6001-1(e)(2); IRS General "
        "Instructions for Certain Information Returns); the amounts, form numbers and withholding stay.\n")

    old_now = Payout.objects.get(pk=old.pk)
    assert old_now.identity == "" and old_now.tin_last4 == "" and old_now.tin_masked == ""
    assert old_now.identity_purged_at is not None
    kept = ("status", "prize", "wager", "amount", "paid_on", "method", "w2g", "reportable", "withheld",
            "backup_withholding", "form_number", "label", "won_on", "tin_refused")
    assert {name: getattr(old_now, name) for name in kept} == {name: getattr(old, name) for name in kept}
    # The day of the cut-off and later keep their identities.
    for payout in (on_the_day, recent):
        now = Payout.objects.get(pk=payout.pk)
        assert now.identity == payout.identity and now.identity_purged_at is None
    assert unseal(Payout.objects.get(pk=on_the_day.pk).identity)["tin"] == "531729046"


def test_the_purge_is_recorded_once_and_runs_again_with_nothing_to_do(paid):
    assert payout_identities_purge(today=TODAY) == 1
    [event] = AuditEvent.objects.filter(event_type=PURGED)
    assert event.payload == {"count": 1, "paid_before": "2022-06-08"} and event.actor is None
    assert payout_identities_purge(today=TODAY) == 0
    assert _purge("--today", TODAY.isoformat()).startswith("0 payout identities purged: paid before 2022-06-08")
    assert AuditEvent.objects.filter(event_type=PURGED).count() == 1


def test_a_longer_retention_in_the_register_keeps_them(paid):
    board_number("payouts.identity_retention_years", "5")
    assert payout_identities_purge(today=TODAY) == 0
    assert not Payout.objects.filter(identity="").exists()
    board_number("payouts.identity_retention_years", "3", since=dt.date(2026, 6, 1))
    assert payout_identities_purge(today=TODAY) == 2  # paid before 2023-06-08: the day before and the day of


def test_a_dry_run_counts_and_changes_nothing(paid):
    before = dict(Payout.objects.values_list("pk", "identity"))
    assert _purge("--dry-run", "--today", "2026-06-08") == (
        "1 payout identities would be purged (dry run: nothing changed): paid before 2022-06-08 (kept 4 years, "
        "26 CFR 31.6001-1(e)(2); IRS General Instructions for Certain Information Returns); the amounts, form "
        "numbers and withholding stay.\n")
    # A later day may be previewed: a year on, the 2022 bingo prize goes too.
    assert _purge("--dry-run", "--today", "2027-06-09").startswith("2 payout identities would be purged")
    assert dict(Payout.objects.values_list("pk", "identity")) == before
    assert not AuditEvent.objects.filter(event_type=PURGED).exists()


def test_a_purge_from_a_later_day_is_refused(paid):
    later = (dt.date.today() + dt.timedelta(days=1)).isoformat()
    with pytest.raises(CommandError, match="is after today") as refused:
        _purge("--today", later)
    assert refused.value.returncode == 2
    assert not Payout.objects.filter(identity="").exists()


@pytest.mark.parametrize("day", ["2026-13-01", "yesterday", "２０２６-01-01", "2026-01-01\x00"])
def test_a_day_that_is_no_day_is_refused(day):
    with pytest.raises(CommandError, match="is not a day written YYYY-MM-DD"):
        _purge("--today", day)


def test_payouts_not_paid_have_nothing_to_purge():
    license = bingo_license()
    due = open_payout(license, won_on=dt.date(2020, 1, 2))
    void = open_payout(license, number=2, won_on=dt.date(2020, 1, 2))
    payout_void(source=void.source, reason="Claim voided")
    assert payout_identities_purge(today=TODAY) == 0
    assert Payout.objects.get(pk=due.pk).status == PayoutStatus.DUE
    assert Payout.objects.get(pk=void.pk).status == PayoutStatus.VOID
