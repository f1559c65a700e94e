"""The register of the Board's numbers: one function reads the value in force on a day; a new value comes from a
future day, proposed by one person and approved by another; a pack round-trips and never changes the past."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from licensing.models import AuditEvent, BoardNumber, NumberStatus
from licensing.register import values
from licensing.register.packs import PackError, pack_from_data, read_pack, write_pack
from licensing.register.services import (
    number_approve,
    number_propose,
    number_refuse,
    number_withdraw,
    pack_apply,
    register_export,
)
from tests.licensing.factories import board_admin, board_member, board_staff

pytestmark = pytest.mark.django_db
TODAY = dt.date(2026, 12, 6)
KEY = "bingo.game_prize_cap.class_abc"


def _propose(actor, value="2500.00", start=dt.date(2027, 1, 1), **fields):
    return number_propose(actor=actor, key=KEY, value=value, effective_from=start, citation="30 DCMR 1408.1",
                          reason="The Board's new cap.", today=TODAY, **fields)


def test_the_shipped_pack_is_in_force_after_migrate_and_a_value_is_read_by_its_day():
    assert values.value(KEY, dt.date(2026, 12, 6)) == Decimal("2000.00")
    assert values.value("bingo.no_play_until") == dt.time(9, 0)
    assert values.value("review.quorum") == 4
    # The IRS's bingo threshold moved on 1 January 2026: a payment is judged by its own day.
    assert values.value("federal.w2g.bingo", dt.date(2025, 12, 31)) == Decimal("1200.00")
    assert values.value("federal.w2g.bingo", dt.date(2026, 1, 1)) == Decimal("2000.00")
    with values.as_of(dt.date(2025, 6, 1)):
        assert values.value("federal.w2g.bingo") == Decimal("1200.00")
    with pytest.raises(values.UnknownKey):
        values.value("bingo.no_such_cap")


def test_a_change_takes_effect_from_its_day_only_after_a_second_person_approves_it():
    admin, member = board_admin(), board_member()
    proposal = _propose(admin)
    assert values.value(KEY, dt.date(2027, 1, 1)) == Decimal("2000.00")  # waiting: not in force
    with pytest.raises(PermissionDenied, match="four eyes"):
        number_approve(actor=admin, number=proposal, today=TODAY)
    number_approve(actor=member, number=proposal, note="Agreed at the December meeting.", today=TODAY)
    assert values.value(KEY, dt.date(2026, 12, 31)) == Decimal("2000.00")
    assert values.value(KEY, dt.date(2027, 1, 1)) == Decimal("2500.00")
    kinds = list(AuditEvent.objects.filter(object_type="licensing.boardnumber", object_id=str(proposal.pk))
                 .values_list("event_type", flat=True).order_by("seq"))
    assert kinds == ["licensing.board_number_proposed", "licensing.board_number_approved"]


@pytest.mark.parametrize(("value", "start", "field", "words"), [
    ("2500.00", TODAY, "effective_from", "future day"),
    ("2500.00", dt.date(2020, 1, 1), "effective_from", "never changed"),
    ("twelve", dt.date(2027, 1, 1), "value", "dollars and cents"),
    ("12.345", dt.date(2027, 1, 1), "value", "dollars and cents"),
    ("١٢", dt.date(2027, 1, 1), "value", "dollars and cents"),
    ("1\x002", dt.date(2027, 1, 1), "value", "dollars and cents"),
])
def test_bad_input_is_refused_naming_the_key_and_the_field_and_nothing_is_written(value, start, field, words):
    before = BoardNumber.objects.count()
    with pytest.raises(ValidationError) as caught:
        _propose(board_admin(), value=value, start=start)
    assert field in caught.value.message_dict
    assert KEY in caught.value.message_dict[field][0] and words in caught.value.message_dict[field][0]
    assert BoardNumber.objects.count() == before


def test_an_unknown_key_a_missing_citation_and_an_overlap_are_refused():
    admin = board_admin()
    with pytest.raises(ValidationError, match="not a number any rule reads"):
        number_propose(actor=admin, key="bingo.lucky_number", value="7", effective_from=dt.date(2027, 1, 1),
                       citation="x", today=TODAY)
    with pytest.raises(ValidationError, match="Give the section"):
        number_propose(actor=admin, key=KEY, value="1", effective_from=dt.date(2027, 1, 1), citation=" ",
                       today=TODAY)
    _propose(admin, start=dt.date(2027, 1, 1), effective_to=dt.date(2027, 6, 1))
    with pytest.raises(ValidationError, match="overlaps"):
        _propose(admin, start=dt.date(2027, 3, 1))
    with pytest.raises(ValidationError, match="at least 4"):
        number_propose(actor=admin, key="review.quorum", value="3", effective_from=dt.date(2027, 1, 1),
                       citation="30 DCMR 1202.4", today=TODAY)


def test_who_may_propose_approve_refuse_and_withdraw():
    admin, member, staff = board_admin(), board_member(), board_staff()
    with pytest.raises(PermissionDenied):
        _propose(member)
    with pytest.raises(PermissionDenied):
        _propose(staff)
    proposal = _propose(admin)
    with pytest.raises(PermissionDenied):
        number_withdraw(actor=member, number=proposal)
    with pytest.raises(ValidationError, match="Say why"):
        number_refuse(actor=member, number=proposal, note="")
    number_refuse(actor=member, number=proposal, note="Not this year.")
    assert BoardNumber.objects.get(pk=proposal.pk).status == NumberStatus.REFUSED
    with pytest.raises(ValidationError, match="only a change waiting"):
        number_approve(actor=member, number=proposal, today=TODAY)
    again = _propose(admin)
    number_withdraw(actor=admin, number=again)
    assert BoardNumber.objects.get(pk=again.pk).status == NumberStatus.WITHDRAWN


def test_a_proposal_whose_day_has_come_is_no_longer_approved():
    proposal = _propose(board_admin(), start=dt.date(2026, 12, 10))
    with pytest.raises(ValidationError, match="future day"):
        number_approve(actor=board_member(), number=proposal, today=dt.date(2026, 12, 10))


def test_a_pack_round_trips_and_never_changes_the_past(tmp_path):
    exported = register_export(name="District of Columbia")
    path = tmp_path / "dc.toml"
    path.write_text(write_pack(exported))
    again = read_pack(path)
    assert again.rows == exported.rows
    changed = [row if row.key != KEY else row.__class__(**{**row.__dict__, "value": "9.99"}) for row in again.rows]
    with pytest.raises(PackError, match="cannot change a value already in force"):
        pack_apply(pack=again.__class__(name="x", rows=changed), source="test", today=TODAY)
    assert values.value(KEY, TODAY) == Decimal("2000.00")


@pytest.mark.parametrize(("row", "words"), [
    ({"key": "bingo.lucky", "value": "1", "from": dt.date(2000, 1, 1), "citation": "x"}, "not a number any rule"),
    ({"key": KEY, "value": "1.00", "from": dt.date(2000, 1, 1)}, "citation is required"),
    ({"key": KEY, "value": "1.00", "from": dt.date(2000, 1, 1), "citation": "x", "colour": "red"}, "unknown field"),
    ({"key": KEY, "value": 1.5, "from": "2000", "citation": "x"}, "from must be a date"),
])
def test_a_pack_with_a_bad_row_is_refused_naming_the_row_and_key(row, words):
    with pytest.raises(PackError) as caught:
        pack_from_data({"pack": {"name": "x"}, "number": [row]})
    assert words in str(caught.value) and "Row 1" in str(caught.value)
