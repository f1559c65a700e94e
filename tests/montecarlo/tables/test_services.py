"""Table services: the catalogue's approval state (1602.1, 1602.2, 1603.16), live play held to the license
and its hours (1200.1, 1202.2(o)), the dealer's role, a bet no larger than the participant's chips, the jackpot's
own ledger, bets moved between tables, closing, the training draw, and a Hold'em tournament plugged into the
night (1204.16)."""

import datetime as dt
import random

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from licensing.models import Role
from licensing.models.choices import EnforcementKind, LicenseStatus
from montecarlo.models import (
    ApprovalStatus,
    ChipLedgerEntry,
    EntryKind,
    GameApproval,
    JackpotEntry,
    Participant,
    TableEvent,
    TableStatus,
)
from montecarlo.tables import services
from montecarlo.tables.state import load_engine
from tests.licensing.factories import board_member, board_staff, member
from tests.montecarlo.factories import DAY, TournamentFactory, admit, at, caribbean_round, night_for, table_for

pytestmark = pytest.mark.django_db


def rules_of(error: ValidationError) -> set[str]:
    return {getattr(item, "rule", None) for items in error.error_dict.values() for item in items}


def play(actor, table, **event):
    return services.table_play(actor=actor, table=table, event=event)


@pytest.mark.parametrize(("game", "rule", "words"), [
    ("slot-machines", "30 DCMR 1602.2", "banned"), ("bingo", "30 DCMR 1602.2", "banned"),
    ("omaha", "30 DCMR 1602.2", "player-against-player"), ("draw-poker", "30 DCMR 1602.2", "banned"),
    ("skill-games", "30 DCMR 1603.16", "personal skill"), ("event-bets", "30 DCMR 1603.16", "event"),
    ("texas-holdem", "30 DCMR 1603.20", "tournament"), ("blackjack", "30 DCMR 1602.1", "no dealer screen"),
])
def test_the_catalogue_refuses_a_table_with_the_citation(game, rule, words):
    night, director = night_for()
    with pytest.raises(ValidationError) as caught:
        services.table_create(actor=director, night=night, game=game, min_bet=10, max_bet=100)
    assert rules_of(caught.value) == {rule} and words in str(caught.value)
    assert not night.tables.exists()


def test_an_unknown_game_or_bad_settings_name_the_field():
    night, director = night_for()
    with pytest.raises(ValidationError) as caught:
        services.table_create(actor=director, night=night, game="roulette-x", min_bet=10, max_bet=100)
    assert "game" in caught.value.error_dict
    with pytest.raises(ValidationError) as caught:
        services.table_create(actor=director, night=night, game="punto-banca", min_bet=20, max_bet=100,
                              settings={"decks": 7})
    assert "settings.decks" in caught.value.error_dict
    with pytest.raises(ValidationError) as caught:
        services.table_create(actor=director, night=night, game="banca-francesa", min_bet=5, max_bet=1005)
    assert "settings.max_bet" in caught.value.error_dict  # 200 x the minimum at most (003 s. 25)


def test_an_other_approved_game_plays_only_once_the_agency_approves():
    night, director = night_for()
    admit(night, director, 1)
    table = table_for(night, director, "caribbean-poker", approve=False)
    approval = GameApproval.objects.get(night=night, game=table.game)
    assert (approval.status, approval.house_rules) == (ApprovalStatus.PENDING, night.house_rules)
    with pytest.raises(ValidationError) as caught:
        play(director, table, type="open")
    assert rules_of(caught.value) == {"30 DCMR 1602.1"}
    from montecarlo.nights.services import approval_decide

    approval_decide(actor=board_staff(), approval=approval, approve=True)
    assert play(director, table, type="open")["phase"] == "betting"
    # A second table of the game asks nothing more.
    table_for(night, director, "caribbean-poker", approve=False)
    assert GameApproval.objects.filter(night=night).count() == 1


def test_live_play_is_refused_outside_the_licensed_hours_and_under_a_suspended_license(board_clock):
    night, director = night_for()
    admit(night, director, 1)
    table = table_for(night, director, "wheel")
    board_clock.move_to(at(DAY, 23, 45))
    with pytest.raises(ValidationError) as caught:
        play(director, table, type="open")
    assert rules_of(caught.value) == {"30 DCMR 1202.2(o)"}
    board_clock.move_to(at(DAY, 20, 0))
    play(director, table, type="open")
    night.license.enforcement_actions.create(kind=EnforcementKind.SUSPENSION, explanation="test", starts_on=DAY,
                                             ends_on=DAY + dt.timedelta(days=10), issued_by=board_staff())
    with pytest.raises(ValidationError) as caught:
        play(director, table, type="bet", participant=1, kind="5", amount=10)
    assert rules_of(caught.value) == {"30 DCMR 1200.1"}


def test_a_training_night_plays_at_any_hour_but_never_under_a_license_out_of_force(board_clock):
    night, director = night_for(training=True)
    admit(night, director, 1)
    table = table_for(night, director, "punto-banca", min_bet=20)
    board_clock.move_to(at(DAY, 3, 0))
    play(director, table, type="open")
    night.license.status = LicenseStatus.REVOKED
    night.license.save()
    with pytest.raises(ValidationError) as caught:
        play(director, table, type="bet", participant=1, kind="player", amount=20)
    assert rules_of(caught.value) == {"30 DCMR 1200.1"}


def test_who_deals():
    night, director = night_for()
    admit(night, director, 1)
    table = table_for(night, director, "wheel")
    dealer = member(night.license.organization, Role.DEALER)
    play(dealer, table, type="open")
    for outsider in (member(night.license.organization, Role.CALLER), board_staff(), board_member(),
                     member(night_for()[0].license.organization, Role.DEALER)):
        with pytest.raises(PermissionDenied):
            play(outsider, table, type="bet", participant=1, kind="5", amount=10)
    with pytest.raises(PermissionDenied):
        services.table_create(actor=dealer, night=night, game="wheel", min_bet=5, max_bet=50)
    with pytest.raises(PermissionDenied):
        services.table_close(actor=dealer, table=table)


def test_a_bet_larger_than_the_chips_in_hand_is_refused_and_writes_nothing():
    night, director = night_for(chips=100)
    admit(night, director, 1)
    table = table_for(night, director, "wheel", max_bet=500)
    play(director, table, type="open")
    play(director, table, type="bet", participant=1, kind="1", amount=60)
    events = TableEvent.objects.filter(table=table).count()
    with pytest.raises(ValidationError) as caught:
        play(director, table, type="bet", participant=1, kind="2", amount=41)
    assert "amount" in caught.value.error_dict and "40 chips in hand" in str(caught.value)
    assert TableEvent.objects.filter(table=table).count() == events
    assert Participant.objects.values_list("chips", "at_stake").get() == (40, 60)
    with pytest.raises(ValidationError) as caught:
        play(director, table, type="bet", participant=7, kind="2", amount=10)
    assert rules_of(caught.value) == {"30 DCMR 1603.8"}  # nobody admitted under that number


@pytest.mark.parametrize("event", [{"type": "sneak"}, {"type": "outcome", "symbol": None}, {"type": "bet"},
                                   {"type": "bet", "participant": "1", "kind": "1", "amount": 10},
                                   {"type": "bet", "participant": 1, "kind": "1", "amount": True},
                                   {"type": "bet", "participant": 1, "kind": "1", "amount": 10**30}, "bet", None])
def test_a_malformed_event_is_refused_naming_a_field(event):
    night, director = night_for()
    admit(night, director, 1)
    table = table_for(night, director, "wheel")
    play(director, table, type="open")
    with pytest.raises(ValidationError) as caught:
        services.table_play(actor=director, table=table, event=event)
    assert caught.value.error_dict


def test_the_jackpot_has_its_own_ledger():
    night, director = night_for()
    admit(night, director, 2)
    table = table_for(night, director, "caribbean-poker", jackpot=True, jackpot_seed=1000, jackpot_bet=10,
                      jackpot_contribution_pct=50)
    play(director, table, type="open")
    play(director, table, type="bet", participant=1, kind="ante", amount=10)
    play(director, table, type="bet", participant=1, kind="jackpot", amount=10)
    play(director, table, type="decision", participant=1, choice="fold")
    view = play(director, table, type="outcome", dealer=["2c", "3d", "5h", "8s", "Jc"], hands={})
    # The folded hand's side bet is lost and wins nothing, but it was placed: 50% of it goes to the meter.
    assert view["jackpot"]["meter"] == 1005
    entries = list(JackpotEntry.objects.filter(table=table).order_by("seq").values_list("kind", "chips", "meter"))
    assert entries == [("seed", 1000, 1000), ("contribution", 5, 1005)]
    assert sum(chips for _kind, chips, _meter in entries) == entries[-1][2] == load_engine(table).meter


def test_a_royal_flush_wins_the_meter_on_a_losing_hand_and_the_meter_resets():
    night, director = night_for()
    admit(night, director, 1)
    table = table_for(night, director, "caribbean-poker", jackpot=True, jackpot_seed=1000, jackpot_bet=10,
                      jackpot_contribution_pct=0, max_bet=100)
    # The dealer's royal beats the player's, who still wins the jackpot with a royal too (001 art. 20).
    caribbean_round(director, table, participant=1, ante=10, jackpot=10, dealer=["As", "Ks", "Qs", "Js", "Ts"],
                    hand=["Ah", "Kh", "Qh", "Jh", "Th"])
    award = ChipLedgerEntry.objects.get(kind=EntryKind.AWARD)
    assert (award.chips, award.house) == (1000, -1000)
    kinds = list(JackpotEntry.objects.filter(table=table).order_by("seq").values_list("kind", "meter"))
    assert kinds[-2:] == [("award", 0), ("reset", 1000)]


def test_bets_move_to_another_table_of_the_game_as_transfers():
    night, director = night_for()
    admit(night, director, 2)
    first = table_for(night, director, "wheel")
    second = table_for(night, director, "wheel")
    play(director, first, type="open")
    play(director, second, type="open")
    play(director, first, type="bet", participant=1, kind="5", amount=20)
    play(director, first, type="bet", participant=2, kind="1", amount=30)
    with pytest.raises(ValidationError):
        services.bets_transfer(actor=director, table=first, to_table=second, reason="")
    view = services.bets_transfer(actor=director, table=first, to_table=second, reason="the wheel sticks")
    assert [(bet["participant"], bet["kind"], bet["amount"]) for bet in view["bets"]] == [(1, "5", 20), (2, "1", 30)]
    assert not load_engine(first).bets
    moved = ChipLedgerEntry.objects.filter(kind__in=[EntryKind.TRANSFER_OUT, EntryKind.TRANSFER_IN])
    assert sorted(moved.values_list("kind", "chips", "stake")) == [
        ("transfer_in", -30, 30), ("transfer_in", -20, 20), ("transfer_out", 20, -20), ("transfer_out", 30, -30)]
    assert Participant.objects.get(number=1).at_stake == 20
    other = table_for(night, director, "banca-francesa", min_bet=5, max_bet=500)
    with pytest.raises(ValidationError) as caught:
        services.bets_transfer(actor=director, table=second, to_table=other, reason="x")
    assert "to_table" in caught.value.error_dict


def test_closing_returns_the_bets_still_standing():
    night, director = night_for()
    admit(night, director, 1)
    table = table_for(night, director, "craps")
    play(director, table, type="open")
    play(director, table, type="bet", participant=1, kind="pass", amount=50)
    play(director, table, type="outcome", dice=[2, 2])  # point 4: the pass bet stands
    play(director, table, type="bet", participant=1, kind="place", amount=12, number=6)
    services.table_close(actor=director, table=table, reason="end of the night")
    table.refresh_from_db()
    assert table.status == TableStatus.CLOSED
    assert Participant.objects.values_list("chips", "at_stake").get() == (1000, 0)
    assert ChipLedgerEntry.objects.filter(kind=EntryKind.RETURNED).count() == 2
    with pytest.raises(ValidationError):
        play(director, table, type="open")


def test_only_a_training_night_lets_the_engine_draw():
    night, director = night_for()
    admit(night, director, 1)
    table = table_for(night, director, "wheel")
    play(director, table, type="open")
    play(director, table, type="bet", participant=1, kind="1", amount=10)
    with pytest.raises(ValidationError, match="training"):
        services.outcome_draw(actor=director, table=table, rng=random.Random(1))
    training, trainer = night_for(training=True)
    admit(training, trainer, 1)
    wheel = table_for(training, trainer, "wheel")
    play(trainer, wheel, type="open")
    play(trainer, wheel, type="bet", participant=1, kind="1", amount=10)
    first = services.outcome_draw(actor=trainer, table=wheel, rng=random.Random(5))["last"]
    assert first["symbol"] in ("1", "2", "5", "10", "20", "figure_a", "figure_b")
    assert TableEvent.objects.filter(table=wheel, kind="outcome").get().payload["symbol"] == first["symbol"]


def test_a_tournament_plugs_into_its_night():
    night, director = night_for()
    tournament = TournamentFactory(actor=director, license=night.license, night=night)
    assert tournament.night == night and tournament.events.get(seq=1).payload["night"] == night.pk
    with pytest.raises(ValidationError) as caught:
        TournamentFactory(actor=director, license=night.license, night=night, starts_at=dt.time(18, 0))
    assert "starts_at" in caught.value.error_dict  # before the night starts (18:30)
    training, trainer = night_for(training=True, license=night.license)
    with pytest.raises(ValidationError) as caught:
        TournamentFactory(actor=director, license=night.license, night=training)
    assert "night" in caught.value.error_dict


# --- 30 DCMR 1604.1: dice at least 3/4 inch, a setting of every dice table, checked when it is set up ---


@pytest.mark.parametrize("game", ["craps", "banca-francesa"])
def test_a_dice_table_opens_with_dice_of_three_quarters_of_an_inch_not_less(game):
    night, director = night_for()
    table = table_for(night, director, game, dice_size="0.75")
    assert table.game_settings["dice_size"] == "0.75"
    assert table_for(night, director, game).game_settings["dice_size"] == "0.75"  # the default, posted
    with pytest.raises(ValidationError) as caught:
        table_for(night, director, game, dice_size="0.74")
    assert rules_of(caught.value) == {"30 DCMR 1604.1"}
    assert "settings.dice_size" in caught.value.error_dict and "3/4 inch" in str(caught.value)
    assert night.tables.count() == 2


def test_the_jackpot_share_is_the_tables_posted_setting_not_a_figure_of_001():
    """The meter's share of each side bet is the organization's setting (20% by default), posted with the table's
    rules (30 DCMR 1603.2); it is not cited to the Montevideo text (001)."""
    night, director = night_for()
    table = table_for(night, director, "caribbean-poker", jackpot=True)
    assert table.game_settings["jackpot_contribution_pct"] == 20
    with pytest.raises(ValidationError) as caught:
        table_for(night, director, "caribbean-poker", jackpot=True, jackpot_contribution_pct=101)
    assert rules_of(caught.value) == {"30 DCMR 1603.2"}
    assert "001" not in str(caught.value)


def test_only_the_authorized_games_are_set_up():
    """30 DCMR 1603.1: a night conducts only the games the chapter authorizes: a game outside the catalog is refused."""
    night, director = night_for()
    with pytest.raises(ValidationError) as caught:
        services.table_create(actor=director, night=night, game="three-card-monte", min_bet=10, max_bet=100)
    assert rules_of(caught.value) == {"30 DCMR 1603.1"} and "game" in caught.value.error_dict
    assert not night.tables.exists()
