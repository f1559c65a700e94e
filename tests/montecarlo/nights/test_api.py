"""The nights API end to end (plan, admit, a punto y banca round dealt through the tables API, ledgers, the
balance and the leaderboard, count, award, the published chip drawing), the Board's house-rules approvals, the
posted terms, and bad input: every refusal a 400 in the house shape naming the field (and the rule where one
is broken), never a 500, and nothing written."""

import pytest
from rest_framework.test import APIClient

from licensing.models import Role
from licensing.reports.drawings import engine as raffle_engine
from montecarlo.models import Night, Participant
from montecarlo.nights import services
from tests.licensing.factories import board_member, board_staff, member
from tests.montecarlo.factories import DAY, admit, in_charge_of, mcn_license, night_for

pytestmark = pytest.mark.django_db
NIGHTS = "/api/v1/montecarlo/nights/"
TABLES = "/api/v1/montecarlo/tables/"
APPROVALS = "/api/v1/montecarlo/approvals/"


def client_for(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def night_body(license, /, **changes):
    return {"license": license.pk, "name": "Casino Night", "date": DAY.isoformat(), "starts_at": "18:30",
            "ends_at": "23:00", "admission_price": "25.00", "starting_chips": 1000, "prize_method": "ranking",
            "prizes": [{"description": "Dinner for two", "value": "80.00"},
                       {"description": "Gift basket", "value": 40}],
            "house_rules": "Be kind.", "in_charge": in_charge_of(license).pk, **changes}


def rows(answer):
    return answer["results"] if isinstance(answer, dict) and "results" in answer else answer


def test_a_night_from_plan_to_prizes_through_the_api():
    license = mcn_license()
    director = member(license.organization, Role.TOURNAMENT_DIRECTOR)
    dealer = client_for(member(license.organization, Role.DEALER))
    api = client_for(director)

    response = api.post(NIGHTS, night_body(license), format="json")
    assert response.status_code == 201, response.json()
    night = response.json()
    assert night["status"] == "open" and night["participants"] == 0 and len(night["drawing_commitment"]) == 64
    assert night["prizes"] == [{"description": "Dinner for two", "value": "80.00"},
                               {"description": "Gift basket", "value": "40.00"}]
    assert night["balance"] == {"issued": 0, "in_hand": 0, "at_stake": 0, "held": 0, "house_won": 0,
                                "house_paid": 0, "balances": True}
    url = f"{NIGHTS}{night['id']}/"
    assert [row["id"] for row in rows(api.get(NIGHTS).json())] == [night["id"]]
    assert rows(api.get(NIGHTS).json())[0]["balance"] is None  # a list leaves the balance to retrieve

    ana = api.post(url + "participants/", {"name": "Ana", "show_name": True, "admission_paid": "25.00",
                                           "age_declared": True}, format="json")
    assert ana.status_code == 201, ana.json()
    assert ana.json()["number"] == 1 and ana.json()["chips"] == 1000 and ana.json()["receipt_code"]
    assert ana.json()["receipt_url"].endswith(f"/montecarlo/r/{ana.json()['receipt_code']}/")
    ben = api.post(url + "participants/", {"name": "Ben", "admission_paid": "30", "age_declared": True},
                   format="json").json()
    assert ben["number"] == 2 and ben["show_name"] is False

    # Punto y banca is an other approved game: its table waits for the Agency's approval (1602.1).
    table = api.post(TABLES, {"night": night["id"], "game": "punto-banca", "min_bet": 20, "max_bet": 500,
                              "settings": {"decks": 8}, "name": "Baccarat 1"}, format="json")
    assert table.status_code == 201, table.json()
    table = table.json()
    assert (table["number"], table["approval"], table["view"]["expects"]) == (1, "pending", "open")
    play = f"{TABLES}{table['id']}/play/"
    refused = dealer.post(play, {"type": "open"}, format="json")
    assert refused.status_code == 400 and refused.json()["errors"][0]["rule"] == "30 DCMR 1602.1"

    staff = client_for(board_staff())
    [waiting] = [row for row in rows(staff.get(APPROVALS).json()) if row["night"] == night["id"]]
    assert (waiting["game"], waiting["status"], waiting["house_rules"]) == ("punto-banca", "pending", "Be kind.")
    decided = staff.post(f"{APPROVALS}{waiting['id']}/decide/", {"approve": True}, format="json")
    assert decided.status_code == 200 and decided.json()["status"] == "approved"

    assert dealer.post(play, {"type": "open"}, format="json").json()["view"]["expects"] == "bets"
    dealer.post(play, {"type": "bet", "participant": 1, "kind": "player", "amount": 100}, format="json")
    view = dealer.post(play, {"type": "bet", "participant": 2, "kind": "banker", "amount": 200},
                       format="json").json()["view"]
    assert [(bet["participant"], bet["amount"]) for bet in view["bets"]] == [(1, 100), (2, 200)]
    middle = api.get(url).json()
    assert middle["balance"]["at_stake"] == 300 and middle["balance"]["balances"]
    settled = dealer.post(play, {"type": "outcome", "player": ["9h", "Kd"], "banker": ["2c", "3s"]},
                          format="json")
    assert settled.status_code == 200, settled.json()
    assert settled.json()["view"]["last"]["winner"] == "player"
    assert settled.json()["head_seq"] == 5  # config, open, two bets, outcome

    ledger = api.get(url + "participants/1/ledger/").json()
    assert [(e["kind"], e["chips"], e["stake"], e["balance"], e["table"]) for e in ledger] == [
        ("issue", 1000, 0, 1000, None), ("bet", -100, 100, 900, 1), ("won", 200, -100, 1100, 1)]
    assert [e["kind"] for e in dealer.get(url + "participants/2/ledger/").json()] == ["issue", "bet", "lost"]
    board = api.get(url + "leaderboard/").json()
    assert [(row["number"], row["name"], row["chips"]) for row in board["rows"]] == [(1, "Ana", 1100), (2, "", 800)]
    public = APIClient().get(f"/api/v1/public/montecarlo/nights/{night['public_key']}/leaderboard")
    assert public.status_code == 200 and public.json() == board
    assert api.get(url).json()["balance"] == {"issued": 2000, "in_hand": 1900, "at_stake": 0, "held": 1900,
                                              "house_won": 200, "house_paid": 100, "balances": True}

    refused = api.post(url + "count/")
    assert refused.status_code == 400 and refused.json()["errors"][0]["code"] == "tables_open"
    assert api.post(f"{TABLES}{table['id']}/close/", {"reason": "end of night"}, format="json").json()[
        "status"] == "closed"
    counted = api.post(url + "count/").json()
    assert counted["status"] == "counted" and counted["counted_at"]
    assert [p["counted"] for p in api.get(url + "participants/").json()] == [1100, 800]
    assert dealer.post(play, {"type": "open"}, format="json").status_code == 400
    awarded = api.post(url + "award/").json()
    assert awarded["status"] == "awarded"
    assert [(a["place"], a["participant"], a["value"]) for a in awarded["awards"]] == [(1, 1, "80.00"),
                                                                                      (2, 2, "40.00")]
    assert api.get(url + "participants/1/ledger/").json()[-1]["kind"] == "count"
    assert api.get(url + "drawing/").status_code == 404  # awarded by ranking: no chip drawing
    again = api.post(url + "award/")
    assert again.status_code == 400 and again.json()["errors"][0]["code"] == "not_counted"


def test_a_drawing_night_publishes_its_drawing():
    night, director = night_for(prize_method="drawing", chips=100)
    admit(night, director, 3)
    api = client_for(director)
    url = f"{NIGHTS}{night.pk}/"
    assert api.get(url + "drawing/").status_code == 404
    api.post(url + "count/")
    awarded = api.post(url + "award/").json()
    drawing = api.get(url + "drawing/").json()
    assert drawing["format"] == raffle_engine.FORMAT and drawing["commitment"] == night.drawing_commitment
    assert drawing["tickets"] == list(range(1, 301)) and len(drawing["winners"]) == 2
    assert raffle_engine.verify(drawing) is None  # anyone re-runs it and gets the same winners
    assert [award["ticket"] for award in awarded["awards"]] == drawing["winners"]
    holders = [(ticket - 1) // 100 + 1 for ticket in drawing["winners"]]
    assert [award["participant"] for award in awarded["awards"]] == holders


def test_terms_change_until_the_first_admission():
    night, director = night_for()
    api = client_for(director)
    url = f"{NIGHTS}{night.pk}/terms/"
    changed = api.post(url, {"house_rules": "No phones at the tables.", "prize_method": "drawing",
                             "prizes": [{"description": "A bicycle", "value": "150.00"}]}, format="json")
    assert changed.status_code == 200, changed.json()
    assert (changed.json()["house_rules"], changed.json()["prize_method"]) == ("No phones at the tables.", "drawing")
    empty = api.post(url, {}, format="json")
    assert empty.status_code == 400 and empty.json()["errors"][0]["code"] == "required"
    admit(night, director, 1)
    frozen = api.post(url, {"house_rules": "Changed"}, format="json")
    assert frozen.status_code == 400 and frozen.json()["errors"][0]["code"] == "terms_frozen"


def test_the_board_refuses_house_rules_with_a_reason_and_members_only_read():
    night, director = night_for()
    services.night_update(actor=director, night=night, house_rules="Baccarat: 8 decks, 5% commission.")
    from montecarlo.tables import services as table_services

    table_services.table_create(actor=director, night=night, game="punto-banca", min_bet=20, max_bet=500)
    staff, reader = client_for(board_staff()), client_for(board_member())
    [approval] = rows(reader.get(APPROVALS, {"status": "pending"}).json())
    url = f"{APPROVALS}{approval['id']}/decide/"
    assert reader.get(f"{APPROVALS}{approval['id']}/").json()["organization_name"] == night.license.organization.name
    assert reader.post(url, {"approve": True}, format="json").status_code == 403
    no_reason = staff.post(url, {"approve": False}, format="json")
    assert no_reason.status_code == 400 and no_reason.json()["errors"][0]["field"] == "note"
    refused = staff.post(url, {"approve": False, "note": "The commission is not posted."}, format="json").json()
    assert (refused["status"], refused["note"]) == ("refused", "The commission is not posted.")
    assert rows(staff.get(APPROVALS, {"status": "pending"}).json()) == []
    assert staff.post(url, {"approve": "maybe"}, format="json").status_code == 400


def test_receipt_codes_only_for_the_nights_staff():
    night, director = night_for()
    admit(night, director, 1)
    url = f"{NIGHTS}{night.pk}/participants/"
    organization = night.license.organization
    people = [(director, True), (member(organization, Role.DEALER), True), (member(organization, Role.OFFICER), True),
              (member(organization, Role.MEMBER_IN_CHARGE), False), (board_staff(), False), (board_member(), False)]
    for user, staff in people:
        [row] = client_for(user).get(url).json()
        assert (row["receipt_code"] is not None, row["receipt_url"] is not None) == (staff, staff), user
        assert row["chips"] == 1000


# --- bad input: a 400 naming the field, never a 500, nothing written ---

NIGHT_REFUSALS = [
    ({"name": "Casino\x00Night"}, "name"),
    ({"name": ""}, "name"),
    ({"starting_chips": "١٠٠٠"}, "starting_chips"),
    ({"starting_chips": "１０００"}, "starting_chips"),
    ({"starting_chips": True}, "starting_chips"),
    ({"starting_chips": 10**30}, "starting_chips"),
    ({"starting_chips": -5}, "starting_chips"),
    ({"starting_chips": "lots"}, "starting_chips"),
    ({"starting_chips": 1.5}, "starting_chips"),
    ({"starting_chips": [1000]}, "starting_chips"),
    ({"admission_price": "٢٥"}, "admission_price"),
    ({"admission_price": "25.001"}, "admission_price"),
    ({"admission_price": "-25"}, "admission_price"),
    ({"admission_price": 10**30}, "admission_price"),
    ({"admission_price": True}, "admission_price"),
    ({"date": "٢٠٣٠-٠١-٠١"}, "date"),
    ({"date": "99999-01-01"}, "date"),
    ({"starts_at": "١٨:٣٠"}, "starts_at"),
    ({"ends_at": "25:00"}, "ends_at"),
    ({"ends_at": "18:00"}, "ends_at"),  # before it starts (1202.2(o))
    ({"starts_at": "06:00", "ends_at": "09:00"}, "starts_at"),  # outside the licensed hours (1202.2(o))
    ({"prize_method": "lottery"}, "prize_method"),
    ({"prizes": "a car"}, "prizes"),
    ({"prizes": [{"description": "A car", "value": True}]}, "prizes"),
    ({"prizes": [{"description": "A car", "value": "١٠"}]}, "prizes"),
    ({"prizes": [{"description": "", "value": "10"}]}, "prizes"),
    ({"prizes": [{"description": "x" * 201, "value": "10"}]}, "prizes"),
    ({"prizes": [{"description": "A car"}] * 101}, "prizes"),
    ({"training": True}, "prizes"),  # a training night awards no prizes
    ({"license": "١"}, "license"),
    ({"license": 10**30}, "license"),
    ({"license": True}, "license"),
    ({"house_rules": ["a"]}, "house_rules"),
]


@pytest.mark.parametrize(("change", "field"), NIGHT_REFUSALS, ids=[repr(c)[:40] for c, _f in NIGHT_REFUSALS])
def test_a_night_is_refused_naming_the_field(change, field):
    license = mcn_license()
    api = client_for(member(license.organization, Role.OFFICER))
    response = api.post(NIGHTS, night_body(license, **change), format="json")
    assert response.status_code == 400, response.json()
    assert {error["field"].split("[")[0].split(".")[0] for error in response.json()["errors"]} == {field}
    assert not Night.objects.exists()


def test_whole_numbers_as_text_are_read_and_a_third_night_is_refused():
    license = mcn_license()
    api = client_for(member(license.organization, Role.OFFICER))
    first = api.post(NIGHTS, night_body(license, starting_chips="1000"), format="json")
    assert first.status_code == 201 and first.json()["starting_chips"] == 1000
    assert api.post(NIGHTS, night_body(license), format="json").status_code == 201
    third = api.post(NIGHTS, night_body(license), format="json")
    assert third.status_code == 400 and third.json()["errors"][0]["rule"] == "30 DCMR 1204.17"
    training = api.post(NIGHTS, night_body(license, training=True, prizes=[]), format="json")
    assert training.status_code == 201  # training nights are not events: they do not count (1204.17)


ADMISSION_REFUSALS = [
    ({"admission_paid": "٢٥"}, "admission_paid", None),
    ({"admission_paid": 10**30}, "admission_paid", None),
    ({"admission_paid": "10.00"}, "admission_paid", "30 DCMR 1603.4"),
    ({"admission_paid": False}, "admission_paid", None),
    ({"age_declared": False}, "age_declared", "30 DCMR 1702.1"),
    ({"age_declared": "maybe"}, "age_declared", None),
    ({"age_declared": None}, "age_declared", None),
    ({"name": "A\x00na"}, "name", None),
    ({"name": "x" * 101}, "name", None),
    ({"name": {"first": "Ana"}}, "name", None),
]


@pytest.mark.parametrize(("change", "field", "rule"), ADMISSION_REFUSALS,
                         ids=[repr(c)[:40] for c, _f, _r in ADMISSION_REFUSALS])
def test_an_admission_is_refused_naming_the_field(change, field, rule):
    night, director = night_for()
    response = client_for(director).post(f"{NIGHTS}{night.pk}/participants/", {
        "name": "Ana", "admission_paid": "25.00", "age_declared": True, **change}, format="json")
    assert response.status_code == 400, response.json()
    [error] = response.json()["errors"]
    assert (error["field"], error["rule"]) == (field, rule)
    assert not Participant.objects.exists()


@pytest.mark.parametrize("path", ["participants/99/ledger/", f"participants/{10**30}/ledger/",
                                  "participants/١/ledger/", "participants/-1/ledger/", "participants/x/ledger/"])
def test_an_unknown_participant_is_a_404(path):
    night, director = night_for()
    response = client_for(director).get(f"{NIGHTS}{night.pk}/{path}")
    assert response.status_code == 404
    assert response.json()["errors"][0]["code"] in ("not_found", "null_characters_not_allowed")


def test_unknown_nights_and_keys_are_404():
    night, director = night_for()
    api = client_for(director)
    for url in [f"{NIGHTS}{10**30}/", f"{NIGHTS}null/", f"{NIGHTS}١/", f"{NIGHTS}{night.pk}/drawing/"]:
        assert api.get(url).status_code == 404, url
    public = APIClient()
    for key in ["nope", "x" * 500, "%00", "١٢"]:
        assert public.get(f"/api/v1/public/montecarlo/nights/{key}/leaderboard").status_code == 404, key
    assert public.get(f"/api/v1/public/montecarlo/nights/{night.public_key}/leaderboard").status_code == 200
    filtered = api.get(NIGHTS, {"date": "not a date"})
    assert filtered.status_code == 400


def test_the_api_plans_a_night_only_with_its_member_in_charge_and_records_the_alternate():
    """30 DCMR 1301.5 through the API: `in_charge` is required unless training, named in the error with the rule;
    the in-charge action records the alternate taking over."""
    license = mcn_license()
    api = client_for(member(license.organization, Role.TOURNAMENT_DIRECTOR))
    refused = api.post(NIGHTS, night_body(license, in_charge=None), format="json")
    assert refused.status_code == 400
    assert [(e["field"], e["rule"]) for e in refused.json()["errors"]] == [("in_charge", "30 DCMR 1301.5")]
    person = in_charge_of(license)
    night = api.post(NIGHTS, night_body(license), format="json").json()
    assert night["in_charge"] == person.pk and night["in_charge_name"] == person.full_name
    alternate = in_charge_of(license, role="alternate")
    answer = api.post(f"{NIGHTS}{night['id']}/in-charge/", {"in_charge": alternate.pk}, format="json")
    assert answer.status_code == 200 and answer.json()["in_charge_name"] == alternate.full_name
    gross = in_charge_of(license, role="gross_receipts")
    wrong = api.post(f"{NIGHTS}{night['id']}/in-charge/", {"in_charge": gross.pk}, format="json")
    assert wrong.status_code == 400 and wrong.json()["errors"][0]["rule"] == "30 DCMR 1301.5"
