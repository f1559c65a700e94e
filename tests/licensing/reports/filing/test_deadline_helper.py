"""The public "when is it due" helper: a full page and an htmx answer, errors inline, and on the fee calculator."""

import pytest

pytestmark = pytest.mark.django_db
URL = "/public/deadlines/"


def test_the_helper_gives_the_dates_of_the_issue_example(client):
    response = client.get(URL, {"license_type": "bingo", "license_class": "B", "period": "regular",
                                "event_date": "2027-04-15"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "April 25, 2027" in page and "April 19, 2027" in page and "May 15, 2027" in page
    assert "30 DCMR 1411.1" in page


def test_htmx_gets_the_form_and_answer_and_errors_show_inline(client):
    response = client.get(URL, {"license_type": "raffle", "period": "limited", "event_date": "2027-04-15"},
                          HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert response.status_code == 200 and "<html" not in page
    assert "Only a bingo license has a limited period (30 DCMR 1204.1)." in page
    assert client.get(URL, {"license_type": "bingo", "license_class": "B",
                            "event_date": "٢٠٢٧-04-15"}).status_code == 200  # refused inline, not a 500


def test_the_fee_calculator_carries_the_helper(client):
    page = client.get("/public/fees/").content.decode()
    assert 'hx-get="/public/deadlines/"' in page and "When is it due?" in page


def test_in_spanish(client):
    response = client.get(URL, {"license_type": "bingo", "license_class": "B", "event_date": "2027-04-15"},
                          headers={"Accept-Language": "es"})
    page = response.content.decode()
    assert '<html lang="es">' in page and "19 abr. 2027" in page  # config/formats/es: "15 ene. 2027"
