"""The queue's vote tally ("3 of 4 needed"), days waiting and its chart by age bucket (issue 15), computed in the
selector in one query whatever the page's size."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from licensing.models.choices import ApplicationStatus, VoteChoice
from licensing.review import selectors as selectors_review
from licensing.review.services import vote_cast
from tests.licensing.factories import ApplicationFactory, BingoOccasionFactory, board_member, board_number, board_staff

pytestmark = pytest.mark.django_db

# Days waiting -> the bucket it falls in (0-7, 8-14, 15-30, 31-60, more than 60), edges on both sides.
AGES = {0: 0, 7: 0, 8: 1, 14: 1, 15: 2, 30: 2, 31: 3, 60: 3, 61: 4, 400: 4}


def _submitted(days: int, **fields):
    return ApplicationFactory(submitted=True, submitted_at=timezone.now() - dt.timedelta(days=days, hours=1),
                              **fields)


def test_each_age_falls_in_its_bucket():
    now = timezone.now()
    for days, bucket in AGES.items():
        application = _submitted(days)
        counts = selectors_review.queue_age_counts(
            selectors_review.review_application_list(user=board_staff()).filter(pk=application.pk), now=now)
        assert counts == [int(index == bucket) for index in range(5)], days


def test_days_waiting_come_from_the_selector():
    application = _submitted(12)
    [row] = selectors_review.review_application_list(user=board_staff()).filter(pk=application.pk)
    assert row.waiting.days == 12


def test_the_queue_shows_days_waiting_the_tally_and_the_chart(client):
    old = _submitted(45)
    for _ in range(3):
        vote_cast(application=old, actor=board_member(), choice=VoteChoice.AYE)
    vote_cast(application=old, actor=board_member(), choice=VoteChoice.NAY)
    _submitted(3)
    _submitted(3, status=ApplicationStatus.DEFICIENT)
    _submitted(90, status=ApplicationStatus.DENIED)  # decided: not in the open queue nor its chart
    client.force_login(board_staff())
    response = client.get(reverse("portal:review_queue"))
    page = response.content.decode()
    assert f'<a href="/portal/review/{old.pk}/">' in page
    assert '<td class="number">45</td>' in page
    assert "3 of 4 needed" in page and "0 of 4 needed" in page
    chart = response.context["age_chart"]
    assert chart.table == [["2"], ["0"], ["0"], ["1"], ["0"]]
    assert 'id="queue-ageing"' in page and "<svg" in page and "31–60 days" in page and "more than 60 days" in page
    # The chart follows the filters (htmx swaps the results and the chart together).
    partial = client.get(reverse("portal:review_queue"), {"status": "denied"}, headers={"HX-Request": "true"})
    assert partial.context["age_chart"].table == [["0"], ["0"], ["0"], ["0"], ["1"]]


def test_the_tally_follows_the_quorum_in_force(client):
    board_number("review.quorum", 5)
    _submitted(1)
    client.force_login(board_staff())
    assert "0 of 5 needed" in client.get(reverse("portal:review_queue")).content.decode()


def test_a_page_of_fifty_rows_costs_a_fixed_handful_of_queries(client, django_assert_max_num_queries):
    for days in range(60):
        application = _submitted(days)
        BingoOccasionFactory(application=application)
        if days % 3 == 0:
            vote_cast(application=application, actor=board_member(), choice=VoteChoice.AYE)
    client.force_login(board_staff())
    client.get(reverse("portal:review_queue"))  # warm the session and the user's groups
    # Session, user, groups, the nav's roles, the page count, the page's rows (tally, days waiting and notice as
    # annotations), the ageing chart's one aggregate, the notifications bell's count, the two-factor check of a
    # Board user, the staff member's permissions (two: their own and their groups', for the Rules and fees link):
    # no query per row.
    with django_assert_max_num_queries(11):
        response = client.get(reverse("portal:review_queue"))
    assert len(response.context["page"].object_list) == 50


def test_the_tally_and_the_ages_in_spanish(client, settings):
    _submitted(70)
    client.force_login(board_staff())
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    page = client.get(reverse("portal:review_queue")).content.decode()
    assert "0 de 4 necesarios" in page and "más de 60 días" in page and "Días de espera" in page
