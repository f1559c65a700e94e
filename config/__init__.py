# Load Celery with Django so @shared_task uses this project's app.
from config import checks  # noqa: F401  (registers the deployment checks)
from config.celery import app as celery_app

__all__ = ["celery_app"]
