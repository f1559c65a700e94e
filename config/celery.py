"""Celery app: Redis broker from REDIS_URL, or inline (eager) tasks when it is unset."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("charitable_gaming")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# Feature packages keep their tasks in their own tasks.py; each is named here (Celery looks for
# <package>.tasks), so a worker registers what beat schedules.
app.autodiscover_tasks([
    "licensing.accounts", "licensing.audit", "licensing.enforcement", "licensing.licenses", "licensing.reminders",
    "licensing.reports.overdue", "licensing.review",
])
