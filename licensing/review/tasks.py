"""Celery task of the Board review: the daily chores. Thin: it calls the services."""

from celery import shared_task

from core.jobs import once_a_day
from licensing.licenses.services import licenses_supersede_started
from licensing.review.services import deficiency_notices_expire


# Named as it was when it lived in licensing/tasks_review.py: the beat schedule uses the name.
@shared_task(name="licensing.tasks_review.review_daily")
@once_a_day("licensing.tasks_review.review_daily")  # once for its day (core.jobs)
def review_daily() -> dict:
    """Withdraw applications whose deficiency went uncured; retire licenses whose renewal has started."""
    withdrawn = deficiency_notices_expire()
    superseded = licenses_supersede_started()
    return {"withdrawn": [a.pk for a in withdrawn], "superseded": [lic.pk for lic in superseded]}
