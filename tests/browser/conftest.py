"""Playwright for Python driving Debian's chromium (never a downloaded browser)."""

import concurrent.futures
import os
import socket
import threading
import time

import pytest
from django.db import connection
from django.test import override_settings

# The hall server's fixtures (tests/browser/test_hall_mode.py)
from tests.licensing.hall.hall_process import hall_dir, hall_static, hall_template  # noqa: F401

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


@pytest.fixture(autouse=True)
def _transactional_hygiene(keep_migrated_data, close_executor_connections):
    """Browser tests are transactional: put back the migrated data after them and close the
    executor thread's connection (see tests/conftest.py)."""
    yield


_FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed:
        item.stash[_FAILED] = True
    return report


@pytest.fixture
def browser_page(chromium_path, tmp_path, request):
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
            if request.node.stash.get(_FAILED, False):  # what the page showed when the test failed (~0.4 s a shot)
                page.screenshot(path=str(tmp_path / "last.png"), full_page=True)
            context.close()
            browser.close()


def sign_in(page, base_url: str, user) -> None:
    """Sign in through the login form, as a person would; a user with an authenticator app (Board staff and
    board members from the factories) then types its code."""
    from tests.licensing.factories import PASSWORD, totp_code

    page.goto(f"{base_url}/accounts/login/")
    page.get_by_label("Email address").fill(user.email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_load_state()
    if "/accounts/2fa/authenticate/" in page.url:
        code = totp_code()
        # allauth refuses a code used once already (a replay); a test signs the same person in twice within
        # one 30-second code, where a person would wait for the next: forget the use (the server shares this
        # process's cache).
        from django.core.cache import cache
        cache.delete(f"allauth.mfa.totp.used?user={user.pk}&code={code}")
        # allauth takes the current 30-second code only, and a code read in a window's last seconds can expire
        # before the busy server checks it; a person would wait for the next code (up to 30 s), the test lets
        # the server (this process) take the previous window's code too while it signs in.
        with override_settings(MFA_TOTP_TOLERANCE=1):
            page.get_by_label("Code").fill(code)
            page.get_by_role("button", name="Sign In").click()
            page.wait_for_url(lambda url: not url.startswith(f"{base_url}/accounts/2fa/authenticate/"))
    # The dashboard, or the organization's home for someone who acts for one organization only.
    page.wait_for_url(lambda url: url.startswith(f"{base_url}/portal/"))


@pytest.fixture(scope="session")
def asgi_url():
    """Daphne in a thread of this process, so it shares the in-memory test database and the
    in-memory channel layer (pytest-django's live_server is WSGI: no websockets). Twisted's
    reactor runs once per process, so one server lives for the whole session."""
    from daphne.endpoints import build_endpoint_description_strings
    from daphne.server import Server

    from config.asgi import application

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = Server(application=application, signal_handlers=False,
                    endpoints=build_endpoint_description_strings(host="127.0.0.1", port=port))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
        except OSError:
            time.sleep(0.1)
    yield f"http://127.0.0.1:{port}"
    from twisted.internet import reactor

    reactor.callFromThread(server.stop)
    thread.join(timeout=10)


def fee_record_on_review_page(page, base_url: str, application, *, reference: str = "1187") -> None:
    """Board staff (signed in) record the organization's check for what is left of the fee on the review page,
    as at the counter: the license issues only once its fee is paid."""
    from licensing.licenses.settlement import fee_settlement

    application.refresh_from_db()
    balance = fee_settlement(application=application).balance
    page.goto(f"{base_url}/portal/review/{application.pk}/")
    form = page.locator("form", has=page.get_by_role("button", name="Record the payment"))
    form.get_by_label("Method").select_option("check")
    form.get_by_label("Check or money order number").fill(reference)
    form.get_by_label("Amount").fill(str(balance))
    form.get_by_role("button", name="Record the payment").click()
    page.get_by_text("The payment is recorded").wait_for()


def off_the_event_loop(function):
    """`function()` in a thread of its own, closing that thread's connection after: Playwright's event loop runs in
    the test's thread, and the services broadcast with async_to_sync, which refuses to run inside a running loop."""
    def run():
        try:
            return function()
        finally:
            connection.close()  # this thread's own connection, or the test database stays busy

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()
