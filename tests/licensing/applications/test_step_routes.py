"""The application's step pattern takes only the wizard's steps, so other pages under an application (the review's
status page) resolve to their own views whatever order licensing/urls.py includes them in."""

from django.urls import resolve

from licensing.applications import urls as applications_urls
from licensing.applications import views
from licensing.review import views as review_views

STEP = next(pattern for pattern in applications_urls.urlpatterns if pattern.name == "application_step")


def test_status_is_the_reviews_page():
    match = resolve("/portal/applications/1/status/")
    assert match.func is review_views.application_status
    assert match.view_name == "portal:application_status"


def test_the_step_pattern_takes_only_the_wizards_steps():
    assert STEP.resolve("applications/1/status/") is None
    assert STEP.resolve("applications/1/certificate/") is None
    for step in views.STEP_HANDLERS:
        assert STEP.resolve(f"applications/1/{step}/").kwargs == {"pk": 1, "step": step}
    assert resolve("/portal/applications/1/lease/").func is views.application_step
