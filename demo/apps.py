from django.apps import AppConfig


class DemoConfig(AppConfig):
    """The demo world of `make run` (`manage.py seed_demo`): it may import every app; no app imports it."""

    name = "demo"
    verbose_name = "Demo"
