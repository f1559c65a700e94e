"""GET /api/v1/reports/deadlines: public, the issue's example exactly, malformed input a 400 naming the field."""

import pytest

pytestmark = pytest.mark.django_db
URL = "/api/v1/reports/deadlines"


def test_the_issue_example_without_signing_in(client):
    response = client.get(URL, {"license_type": "bingo", "license_class": "B", "period": "regular",
                                "event_date": "2027-04-15"})
    assert response.status_code == 200
    assert response.json() == {"report_due": "2027-04-25", "deposit_due": "2027-04-19",
                               "proceeds_used_by": "2027-05-15",
                               "citations": ["30 DCMR 1413.1", "30 DCMR 1411.1", "30 DCMR 1411.3"]}


def test_class_d_raffles_and_monte_carlo_nights(client):
    assert client.get(URL, {"license_type": "bingo", "license_class": "D",
                            "event_date": "2027-04-15"}).json()["deposit_due"] is None
    raffle = client.get(URL, {"license_type": "raffle", "event_date": "2027-04-15"}).json()
    assert (raffle["report_due"], raffle["deposit_due"], raffle["proceeds_used_by"]) == (None, None, "2027-05-15")
    night = client.get(URL, {"license_type": "montecarlo", "license_class": "2", "event_date": "2027-04-15"}).json()
    assert night["proceeds_used_by"] == "2027-04-25" and night["citations"] == ["30 DCMR 1608.4"]


@pytest.mark.parametrize(("params", "field"), [
    ({"license_type": "vendor", "event_date": "2027-04-15"}, "license_type"),
    ({"license_type": "bingo", "event_date": "2027-04-15"}, "license_class"),
    ({"license_type": "bingo", "license_class": "5", "event_date": "2027-04-15"}, "license_class"),
    ({"license_type": "raffle", "period": "limited", "event_date": "2027-04-15"}, "period"),
    ({"license_type": "bingo", "license_class": "B"}, "event_date"),
    ({"license_type": "bingo", "license_class": "B", "event_date": "15/04/2027"}, "event_date"),
    ({"license_type": "bingo", "license_class": "B", "event_date": "9999-12-31"}, "event_date"),
    ({"license_type": "bingo", "license_class": "B", "event_date": "99999-01-01"}, "event_date"),
    ({"license_type": "bingo", "license_class": "B", "event_date": "٢٠٢٧-04-15"}, "event_date"),
    ({"license_type": "bingo", "license_class": "B", "event_date": "2027-04-15\x00"}, "event_date"),
    ({"license_type": "bingo\x00", "license_class": "B", "event_date": "2027-04-15"}, "license_type"),
])
def test_malformed_input_is_a_400_naming_the_field(client, params, field):
    response = client.get(URL, params)
    assert response.status_code == 400, response.content
    assert field in [error["field"] for error in response.json()["errors"]]
