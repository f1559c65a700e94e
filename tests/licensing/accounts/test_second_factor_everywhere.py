"""A Board account that has not passed two-factor authentication gets nothing the Board sees, through any path.

The accounts: the demo's Board staff and superuser on a session opened by a password alone (as Django's own admin
sign-in opened them) or with an API token issued before the rule (no second factor behind it), and a board member and
a Board administrator who never set one up. Each walks every GET operation of the API schema, filled in with real ids
of the demo world (every organization's records), and must get exactly what a signed-in person with no role gets;
and every portal page, which sends it to sign in again (or to the setup) before anything is shown. The role scope
itself refuses it too (the selectors, called directly), so a page or endpoint added later cannot forget it."""

import re

import pytest
from django.db import transaction
from django.urls import get_resolver, reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from demo import world
from licensing.accounts.mfa import MFA_REQUIRED_MESSAGE, MFA_SIGN_IN_MESSAGE, MFA_TOKEN_MESSAGE, OPEN_PREFIXES
from licensing.accounts.services import api_token_issue
from licensing.audit.selectors import audit_event_list
from licensing.models import FeePayment, User, Vote
from licensing.organizations.selectors import organization_list
from testkit.sign_in import password_only_login
from tests.demo.factories import demo_world_once
from tests.licensing.factories import ApplicationFactory, UserFactory, board_admin, board_member, board_staff

pytestmark = pytest.mark.django_db

STAFF_EMAIL = world.BOARD_STAFF[0][0]
ADMIN_EMAIL = world.ADMIN[0]
# Answers that are about the caller, not the Board: they differ between any two people.
ABOUT_THE_CALLER = ("/api/v1/me/",)


@pytest.fixture(scope="module")
def demo_world(django_db_setup, django_db_blocker):
    """Built once for the module (each test's requests and writes roll back)."""
    yield from demo_world_once(django_db_blocker)


def _session_client(user, *, password_only: bool) -> APIClient:
    client = APIClient()
    if password_only:
        password_only_login(client, user)
    else:
        client.force_login(user)
    return client


def _token_client(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def _results(body):
    if isinstance(body, dict) and isinstance(body.get("results"), list):
        return body["results"]
    return body if isinstance(body, list) else []


WRITES = ("post", "put", "patch", "delete")


def _concrete_paths(client: APIClient, methods=("get",)) -> list[tuple[str, str]]:
    """(method, path) of every operation of the schema with one of `methods`, its parameters filled in from what the
    Board sees: each `{name}` takes the `name` (or `id`) of the first row that the list just before it answers."""
    schema = client.get("/api/schema/?format=json").json()
    paths, lists = [], {}
    for template, operations in sorted(schema["paths"].items()):
        for method in (method for method in methods if method in operations):
            path = _filled(client, template, lists)
            if path is not None:
                paths.append((method, path))
    return paths


def _filled(client: APIClient, template: str, lists: dict) -> str | None:
    path = template
    while match := re.search(r"\{(\w+)\}", path):
        prefix = path[:match.start()]
        if prefix not in lists:
            answer = client.get(prefix)
            lists[prefix] = _results(answer.json()) if answer.status_code == 200 else []
        rows = [row for row in lists[prefix] if isinstance(row, dict)]
        name = match.group(1)
        value = next((row.get(key) for row in rows for key in (name, name.removesuffix("_pk"), "id")
                      if row.get(key) is not None), None)
        if value is None:
            return None
        path = path[:match.start()] + str(value) + path[match.end():]
    return path


def test_no_api_operation_answers_a_board_account_without_its_second_factor_more_than_nobody(demo_world):
    staff, admin = User.objects.get(email=STAFF_EMAIL), User.objects.get(email=ADMIN_EMAIL)
    board = _token_client(api_token_issue(user=staff, second_factor="totp").key)
    paths = [path for _method, path in _concrete_paths(board)]
    seen_by_board = [path for path in paths if board.get(path).status_code == 200]
    assert len(paths) > 60 and len(seen_by_board) > 50  # the walk reaches the Board's records, not a filtered few

    callers = {
        "staff, password-only session": _session_client(staff, password_only=True),
        "staff, token without a second factor": _token_client(Token.objects.create(user=board_staff()).key),
        "superuser, password-only session": _session_client(admin, password_only=True),
        "board member who never set one up": _session_client(board_member(mfa=False), password_only=False),
        "Board administrator who never set one up": _session_client(board_admin(mfa=False), password_only=False),
    }
    nobody = _session_client(UserFactory(), password_only=False)
    leaks = []
    for path in seen_by_board:
        if path in ABOUT_THE_CALLER:
            continue
        expected = nobody.get(path)
        for name, client in callers.items():
            if name.endswith("password-only session"):  # each page view signs such a session out: sign in again
                password_only_login(client, staff if name.startswith("staff") else admin)
            answer = client.get(path)
            same = answer.status_code == expected.status_code and (
                answer.status_code != 200 or answer.json() == expected.json())
            if not same:
                leaks.append(f"{name}: GET {path} answered {answer.status_code}, nobody {expected.status_code}")
    assert leaks == []


def test_no_write_answers_a_board_account_without_its_second_factor_more_than_nobody(demo_world):
    """Every write operation with an empty body: the answer is nobody's (a 403 or 404 before the body is read), never
    the validation errors of someone allowed to write there (which the verified Board gets)."""
    staff = User.objects.get(email=STAFF_EMAIL)
    board = _token_client(api_token_issue(user=staff, second_factor="totp").key)
    writes = _concrete_paths(board, WRITES)
    assert len(writes) > 40
    unverified = _token_client(Token.objects.create(user=board_staff()).key)
    nobody = _session_client(UserFactory(), password_only=False)
    differ, board_gets_further = [], 0
    for method, path in writes:
        with transaction.atomic():  # whatever a call writes is rolled back: each answers the same world
            board_status = getattr(board, method)(path, {}, format="json").status_code
            transaction.set_rollback(True)
        board_gets_further += board_status not in (401, 403, 404, 405)
        answers = []
        for client in (unverified, nobody):
            with transaction.atomic():
                answers.append(getattr(client, method)(path, {}, format="json").status_code)
                transaction.set_rollback(True)
        if answers[0] != answers[1]:
            differ.append(f"{method.upper()} {path}: {answers[0]}, nobody {answers[1]}, the Board {board_status}")
    assert board_gets_further > 20 and differ == []


def test_the_board_endpoints_say_why(demo_world):
    old_token = _token_client(Token.objects.create(user=board_staff()).key)  # issued before the rule
    refused = old_token.get(reverse("review-application-list"))
    assert refused.status_code == 403 and refused.json()["errors"][0]["message"] == str(MFA_TOKEN_MESSAGE)
    never = _session_client(board_member(mfa=False), password_only=False).get(reverse("review-application-list"))
    assert never.status_code == 403 and never.json()["errors"][0]["message"] == str(MFA_REQUIRED_MESSAGE)
    staff = User.objects.get(email=STAFF_EMAIL)
    session = _session_client(staff, password_only=True).get(reverse("review-application-list"))
    assert session.status_code == 403 and "second factor" in session.json()["errors"][0]["message"]


def _portal_paths() -> list[str]:
    """Every portal, vendor, bingo, Monte Carlo and admin page, parameters filled with 1."""
    found = set()

    def walk(patterns, prefix):
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if hasattr(pattern, "url_patterns"):
                walk(pattern.url_patterns, route)
            else:
                path = "/" + re.sub(r"<(?:\w+:)?\w+>", "1", route).lstrip("^").rstrip("$").replace("\\Z", "")
                if "(" not in path and "[" not in path:
                    found.add(path)

    walk(get_resolver().url_patterns, "")
    return sorted(path for path in found if not path.startswith(OPEN_PREFIXES) and path != "/")


@pytest.mark.parametrize("kind", ["password-only session", "never set one up"])
def test_every_portal_page_sends_such_an_account_to_its_second_factor(client, kind, demo_world):
    staff = User.objects.get(email=STAFF_EMAIL)
    user = staff if kind == "password-only session" else board_admin(mfa=False)
    paths = _portal_paths()
    assert len(paths) > 100 and "/admin/" in paths and "/portal/review/" in paths
    for path in paths:
        if kind == "password-only session":
            password_only_login(client, user)
        else:
            client.force_login(user)
        answer = client.get(path)
        assert answer.status_code == 302, path
        if kind == "password-only session":
            assert answer.url.startswith(reverse("account_login") + "?next="), path
            assert "_auth_user_id" not in client.session  # signed out: the next sign-in has its two steps
        else:
            assert answer.url == reverse("mfa_index"), path


def test_the_sign_in_again_message_is_shown(client):
    member = board_member()
    password_only_login(client, member)
    page = client.get(reverse("portal:votes_awaiting"), follow=True)
    assert str(MFA_SIGN_IN_MESSAGE) in page.content.decode().replace("&#x27;", "'")


def test_the_role_scope_itself_refuses_it(demo_world):
    """Called directly, as a page or endpoint added later would call them: the selectors see the account's sign-in."""
    staff = User.objects.get(email=STAFF_EMAIL)
    assert organization_list(user=staff).count() >= 3 and audit_event_list(user=staff).exists()
    staff.sign_in_mark(passed=False)
    assert not staff.is_board and not staff.is_board_staff and not staff.has_perm("licensing.view_organization")
    assert organization_list(user=staff).count() == 0 and not audit_event_list(user=staff).exists()
    admin = User.objects.get(email=ADMIN_EMAIL)
    admin.sign_in_mark(passed=False)
    assert not admin.acts_as_superuser and not admin.has_perm("licensing.change_user")


@pytest.mark.parametrize("how", ["password-only session", "token without a second factor"])
def test_board_writes_are_refused_and_write_nothing(client, how):
    """The audit's case: Board staff recorded a fee payment (which can issue a license) without a second factor. And
    a vote, which decides one."""
    application = ApplicationFactory(submitted=True)
    staff, member = board_staff(), board_member()
    payment = {"method": "check", "reference": "1042", "amount": "1.00", "received_on": str(timezone.localdate())}
    for user, url, body in ((staff, reverse("fee-payment-list", args=[application.pk]), payment),
                            (member, reverse("review-application-votes", args=[application.pk]), {"choice": "aye"})):
        if how == "password-only session":
            caller = APIClient()
            password_only_login(caller, user)
        else:
            caller = _token_client(Token.objects.create(user=user).key)
        answer = caller.post(url, body, format="json")
        assert answer.status_code in (403, 404), (url, answer.content)  # 404: the Board's records are not its to see
        if how == "password-only session":
            password_only_login(client, user)
            portal = client.post(reverse("portal:fee_payment_record", args=[application.pk]), payment)
            assert portal.status_code == 302 and portal.url.startswith(reverse("account_login"))
    assert not FeePayment.objects.filter(application=application).exists()
    assert not Vote.objects.filter(application=application).exists()
    verified = APIClient()
    verified.force_login(staff)
    assert verified.post(reverse("fee-payment-list", args=[application.pk]), payment, format="json").status_code == 201
