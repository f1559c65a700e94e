"""Playwright for Python driving Debian's chromium (never a downloaded browser)."""

import os

import pytest

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


@pytest.fixture(autouse=True)
def _transactional_hygiene(keep_migrated_data, close_executor_connections):
    """Browser tests are transactional: put back the migrated data after them and close the
    executor thread's connection (see tests/conftest.py)."""
    yield


@pytest.fixture
def browser_page(chromium_path, tmp_path):
    # Playwright's sync API runs an event loop in this thread; the test still uses the ORM between steps.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        context = browser.new_context(locale="en-US")
        page = context.new_page()
        messages = []
        page.on("console", lambda message: messages.append(f"{message.type}: {message.text}"))
        page.console_messages = messages
        try:
            yield page
        finally:
            page.screenshot(path=str(tmp_path / "last.png"), full_page=True)
            context.close()
            browser.close()


def sign_in(page, base_url: str, user) -> None:
    """Sign in through the login form, as a person would."""
    from tests.licensing.factories import PASSWORD

    page.goto(f"{base_url}/accounts/login/")
    page.get_by_label("Email address").fill(user.email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{base_url}/portal/")
