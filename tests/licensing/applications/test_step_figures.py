"""The guided form's schedule step says the figures in force (the register), never a copy: the hours when no bingo
is played (30 DCMR 1202.2(m)) and the operations a week on one premises (30 DCMR 1400.5)."""

import pytest
from django.forms import Form, formset_factory
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from licensing.models import Application, Role
from tests.licensing.factories import MembershipFactory, board_number, make_eligible

pytestmark = pytest.mark.django_db


def schedule_page(client) -> str:
    application = Application.objects.get()
    return client.get(reverse("portal:application_step", args=[application.pk, "schedule"])).content.decode()


def test_the_schedule_step_says_the_hours_and_the_weekly_count_in_force(client, organization):
    officer = MembershipFactory(organization=organization, role=Role.OFFICER).user
    make_eligible(organization, uploaded_by=officer)
    client.force_login(officer)
    client.post(reverse("portal:application_start", args=[organization.pk]),
                {"license_type": "bingo", "license_class": "C", "period": "regular", "kind": "original"})
    assert ("No bingo between 12:00 midnight and 9:00 am. At most 2 operations a week on one premises, counting "
            "every organization (30 DCMR 1400.5).") in schedule_page(client)

    board_number("bingo.no_play_from", "23:00")
    board_number("bingo.no_play_until", "10:30")
    board_number("bingo.operations_per_premises_per_week", 1)
    page = schedule_page(client)
    assert ("No bingo between 11:00 pm and 10:30 am. At most 1 operation a week on one premises, counting every "
            "organization (30 DCMR 1400.5).") in page
    assert "9:00 am" not in page


def test_the_hours_read_in_spanish_too():
    board_number("bingo.operations_per_premises_per_week", 3)
    with translation.override("es"):
        hint = render_to_string("licensing/applications/_step.html", {
            "application": None, "step": "schedule", "steps": [], "editable": True,
            "formset": formset_factory(Form)(prefix="o")})
    assert ("No se permite el bingo entre las 12:00 de la medianoche y las 9:00 a. m.; como máximo 3 sesiones por "
            "semana en un mismo local") in hint
