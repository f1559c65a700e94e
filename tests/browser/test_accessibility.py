"""axe-core (axe-playwright-python) on the public pages, the organization's pages, the application form, the
review page, the caller's console and the flashboard, in English and Spanish: no serious or critical
violation, and no Content-Security-Policy error in the console on any of them."""

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from licensing.models import Role
from tests.bingo.factories import fresh_caches, live_world, record  # noqa: F401
from tests.browser.screens import axe_problems, csp_errors
from tests.licensing.factories import ApplicationFactory, MembershipFactory, board_admin, board_staff

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("keep_migrated_data", "close_executor_connections")]

def _session_cookie(user, base_url: str) -> dict:
    """The person's signed-in session as a browser cookie (the sign-in form itself is tested elsewhere)."""
    client = Client()
    client.force_login(user)
    return {"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
            "url": base_url}


@pytest.mark.parametrize("language", ["en", "es"])
def test_no_serious_or_critical_violation(asgi_url, browser_page, organization, language):
    from axe_playwright_python.sync_playwright import Axe

    world = live_world()
    record(world, [7, 23, 44])
    officer = MembershipFactory(organization=organization, role=Role.OFFICER).user
    draft = ApplicationFactory(organization=organization, created_by=officer)
    submitted = ApplicationFactory(submitted=True)
    staff = board_staff(is_staff=True)
    public = [reverse("home"), reverse("public:license_lookup"), reverse("public:fee_calculator"),
              reverse("vendors:registry_list"), reverse("public:charity_totals"), reverse("montecarlo:game_catalog"),
              reverse("bingo:pattern_library"), reverse("login"), reverse("public:rules"),
              reverse("bingo:flashboard", args=[world.hall.key])]
    visits = [(None, public),
              (officer, [reverse("portal:dashboard"), reverse("portal:organization_detail", args=[organization.pk]),
                         reverse("portal:application_step", args=[draft.pk, "details"])]),
              (staff, [reverse("portal:review_detail", args=[submitted.pk]), reverse("portal:review_queue")]),
              (world.caller, [reverse("bingo:console", args=[world.game.pk])]),
              (board_admin(), [reverse("portal:rules"), reverse("portal:rule_propose")])]
    axe = Axe()
    browser = browser_page.context.browser
    found = {}
    for user, addresses in visits:
        context = browser.new_context(locale="en-US" if language == "en" else "es-ES")
        if user is not None:
            context.add_cookies([_session_cookie(user, asgi_url)])
        page = context.new_page()
        page.console_messages = []
        page.on("console", lambda message, page=page: page.console_messages.append(f"{message.type}: {message.text}"))
        for address in addresses:
            response = page.goto(f"{asgi_url}{address}")
            assert response.ok, (address, response.status)
            assert page.locator("html").get_attribute("lang") == language, address
            problems = axe_problems(page, axe)
            if problems:
                found[address] = problems
            assert not csp_errors(page), (address, page.console_messages)
        context.close()
    for address, problems in found.items():
        print(address, *problems, sep="\n  ")
    assert found == {}
