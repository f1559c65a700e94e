"""The project's URLs plus two views that crash with a winner's data in hand (tests of the error reports): one after
reading the winner, one inside the taxpayer number's check."""

from django.urls import path

from config.urls import *  # noqa: F403  (handler400/403/404/500 come with them)
from config.urls import urlpatterns as project_urlpatterns
from licensing.payouts.identity import tin_clean, winner_clean


def crash_after_reading_the_winner(request):
    data = request.POST.dict()
    winner = winner_clean(data, form_due=True)
    tin = winner.tin
    raise RuntimeError(f"the desk broke after reading a winner ({len(tin)} digits)")


def crash_inside_the_tin_check(request):
    tin_clean(request.POST.get("tin"), request.POST.get("tin_kind", "ssn"))
    raise AssertionError("the test makes the check itself crash")


urlpatterns = [path("payouts-boom/winner/", crash_after_reading_the_winner),
               path("payouts-boom/tin/", crash_inside_the_tin_check), *project_urlpatterns]
