"""The simulated people of benchmarks/portal_load.py (a locustfile: `locust -f` loads it in its own process).

Three kinds, weighted 70/25/5 as the issue measures them: public visitors, organization officers, Board
staff. Each waits 1-3 s between pages. Officers and staff sign in once, in on_start (Argon2 on the server
costs 150-190 ms a sign-in: real, but paid per person, not per request). Every request is named by its
page kind, so the figures come per kind. What the people look at (their accounts, organizations,
applications, search words) comes from the JSON file PORTAL_LOAD_WORLD names, written by the seeding."""

import base64
import hmac
import itertools
import json
import os
import random
import re
import struct
import time

from locust import HttpUser, between, task

WORLD = json.loads(open(os.environ["PORTAL_LOAD_WORLD"]).read())  # noqa: SIM115 (read once at import)
LOGIN_PATH = WORLD["login_path"]
CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
SECOND_FACTOR_PATH = "/accounts/2fa/authenticate/"
ERROR_TEXT = re.compile(r'class="(?:form-errors|errorlist|messages)[^"]*"[^>]*>\s*(?:<(?:li|p)[^>]*>)?([^<]{0,200})')
# One account per simulated staff member: an authenticator code is refused when used twice in its 30 s. The warm-up
# run (another locust process, just before) starts further along the list (PORTAL_LOAD_FIRST_STAFF).
STAFF_ACCOUNTS = itertools.count(int(os.environ.get("PORTAL_LOAD_FIRST_STAFF", "0")))


def authenticator_code(secret: str) -> str:
    """What an authenticator app shows now (RFC 6238: HMAC-SHA1, 30 s, 6 digits, allauth's defaults); this
    process is a client like the app and runs no Django."""
    digest = hmac.new(base64.b32decode(secret), struct.pack(">Q", int(time.time()) // 30), "sha1").digest()
    offset = digest[-1] & 0x0F
    return f"{(struct.unpack('>I', digest[offset:offset + 4])[0] & 0x7FFFFFFF) % 1_000_000:06d}"


def sign_in(user: HttpUser, *, email: str, password: str) -> None:
    """The portal's sign-in as a browser does it: the form (for its CSRF token), then the POST.

    The form posts the field names of Django's LoginView (`username`) and of django-allauth's (`login`)
    alike; Board staff then type their authenticator app's code (the seeding gives them a known secret)."""
    with user.client.get(LOGIN_PATH, name="sign_in_form", catch_response=True) as form:
        match = CSRF_INPUT.search(form.text or "")
        if form.status_code != 200 or not match:
            form.failure(f"no sign-in form ({form.status_code})")
            return
    data = {"username": email, "login": email, "password": password, "csrfmiddlewaretoken": match.group(1)}
    with user.client.post(LOGIN_PATH, data=data, name="sign_in", catch_response=True,
                          headers={"Referer": user.host + LOGIN_PATH}) as answer:
        # Signed in = sent on to the portal; a refusal shows the form again (200 on the sign-in page).
        if answer.status_code != 200 or answer.url.split("?")[0].endswith(LOGIN_PATH):
            said = ERROR_TEXT.search(answer.text or "")
            answer.failure(f"sign-in refused for {email} ({answer.status_code}): {said.group(1) if said else ''}")
            return
        second_step = SECOND_FACTOR_PATH in answer.url and CSRF_INPUT.search(answer.text or "")
    if second_step:  # Board staff: the authenticator app's code
        data = {"code": authenticator_code(WORLD["totp_secret"]), "csrfmiddlewaretoken": second_step.group(1)}
        with user.client.post(SECOND_FACTOR_PATH, data=data, name="sign_in_code", catch_response=True,
                              headers={"Referer": user.host + SECOND_FACTOR_PATH}) as answer:
            if answer.status_code != 200 or SECOND_FACTOR_PATH in answer.url:
                answer.failure(f"authenticator code refused for {email} ({answer.status_code})")


def page(user: HttpUser, path: str, name: str) -> None:
    """A page that must answer 200 and be the page asked for (not a redirect to the sign-in)."""
    with user.client.get(path, name=name, catch_response=True) as answer:
        if answer.status_code != 200:
            answer.failure(f"{answer.status_code}")
        elif LOGIN_PATH in answer.url or "/accounts/2fa/" in answer.url:
            answer.failure("sent to the sign-in or two-factor page")


class PublicVisitor(HttpUser):
    weight = 70
    wait_time = between(1, 3)

    @task(3)
    def home(self):
        page(self, "/", "public_home")

    @task(3)
    def license_lookup(self):
        page(self, f"/public/licenses/?q={random.choice(WORLD['lookup_terms'])}", "public_license_lookup")

    @task(2)
    def fee_calculator(self):
        page(self, f"/public/fees/?{random.choice(WORLD['fee_queries'])}", "public_fee_calculator")

    @task(2)
    def vendor_registry(self):
        page(self, "/vendors/registry/", "public_vendor_registry")

    @task(2)
    def charity_totals(self):
        page(self, "/public/charity-totals/", "public_charity_totals")

    @task(1)
    def game_catalog(self):
        page(self, "/montecarlo/games/", "public_game_catalog")


class Officer(HttpUser):
    """An organization's officer: its home, its organization page, its applications, its reports."""
    weight = 25
    wait_time = between(1, 3)

    def on_start(self):
        self.me = random.choice(WORLD["officers"])
        sign_in(self, email=self.me["email"], password=WORLD["password"])

    @task(3)
    def home(self):
        page(self, "/portal/", "officer_home")

    @task(3)
    def organization(self):
        page(self, f"/portal/organizations/{self.me['organization']}/", "officer_organization")

    @task(2)
    def application(self):
        page(self, f"/portal/applications/{random.choice(self.me['applications'])}/", "officer_application")

    @task(2)
    def reports(self):
        page(self, "/portal/reports/", "officer_reports")


class BoardStaff(HttpUser):
    """Board staff: the review queue, with and without the organization filter, and an application's review."""
    weight = 5
    wait_time = between(1, 3)

    def on_start(self):
        account = WORLD["staff"][next(STAFF_ACCOUNTS) % len(WORLD["staff"])]
        sign_in(self, email=account, password=WORLD["password"])

    @task(3)
    def queue(self):
        page(self, "/portal/review/", "staff_queue")

    @task(2)
    def queue_by_organization(self):
        page(self, f"/portal/review/?organization={random.choice(WORLD['organization_filters'])}",
             "staff_queue_organization")

    @task(3)
    def review(self):
        page(self, f"/portal/review/{random.choice(WORLD['review_ids'])}/", "staff_review")
