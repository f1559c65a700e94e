"""The API's rate limits (DRF's throttles, settings.REST_FRAMEWORK): per signed-in user, per client address for
anonymous callers, tighter per address at the token endpoint. A refusal is a 429 in the API's error shape with
Retry-After, and says it is the API's own limit, not a rule of 30 DCMR.

The suite runs with rates too high to refuse anything (config/settings_test.py); these tests put the
production defaults back (settings.API_THROTTLE_DEFAULTS)."""

import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache
from django.urls import reverse
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from tests.config.api_conformance import CHECKS, api_schema, call_rolled_back
from tests.licensing.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

CLIENT, OTHER_CLIENT, PROXY = "203.0.113.10", "203.0.113.20", "10.0.0.1"


def _limit(scope: str) -> int:
    return int(settings.API_THROTTLE_DEFAULTS[scope].split("/")[0])


@pytest.fixture(autouse=True)
def production_limits(monkeypatch):
    """DRF copied the rates into SimpleRateThrottle.THROTTLE_RATES when it was imported, where
    override_settings cannot reach: set them there. Each test counts under keys of its own in the shared
    cache, as good as an empty cache, without wiping anyone else's keys on the same Redis."""
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", dict(settings.API_THROTTLE_DEFAULTS))
    monkeypatch.setattr(SimpleRateThrottle, "cache_format", f"throttle-test-{uuid.uuid4().hex}_%(scope)s_%(ident)s")


def _refused_as_the_api_limit(response) -> None:
    assert response.status_code == 429
    assert 1 <= int(response["Retry-After"]) <= 60
    [error] = response.json()["errors"]
    assert error["code"] == "throttled" and error["field"] is None and error["rule"] is None
    assert "rate limit" in error["message"] and "not a rule of 30 DCMR" in error["message"]
    assert f"Try again in {response['Retry-After']} s." in error["message"]


def _get(client: APIClient, name: str, address: str, **headers):
    return client.get(reverse(name), REMOTE_ADDR=address, **headers)


def test_an_anonymous_address_is_refused_past_its_limit_and_others_are_not():
    client = APIClient()
    for _ in range(_limit("anon")):
        assert _get(client, "public-license-list", CLIENT).status_code == 200
    _refused_as_the_api_limit(_get(client, "public-license-list", CLIENT))
    assert _get(client, "public-license-list", OTHER_CLIENT).status_code == 200


def test_a_user_is_refused_past_their_limit_from_any_address_and_other_users_are_not():
    client, other = APIClient(), APIClient()
    client.force_authenticate(UserFactory())
    other.force_authenticate(UserFactory())
    for number in range(_limit("user")):
        # Signed in, the user is counted wherever they call from (and not as an anonymous address).
        assert _get(client, "me", f"198.51.100.{number % 200 + 1}").status_code == 200
    _refused_as_the_api_limit(_get(client, "me", OTHER_CLIENT))
    assert _get(other, "me", CLIENT).status_code == 200


def _token(client: APIClient, user, address: str):
    return client.post(reverse("token-create"), {"email": user.email, "password": PASSWORD}, REMOTE_ADDR=address)


def test_the_token_endpoint_has_a_tighter_limit_per_address():
    assert _limit("token") < _limit("anon")
    user = UserFactory()
    client = APIClient()
    for _ in range(_limit("token")):
        assert _token(client, user, CLIENT).status_code == 200
    _refused_as_the_api_limit(_token(client, user, CLIENT))
    assert _token(client, user, OTHER_CLIENT).status_code == 200
    # The address may still read what the public may read: the token's limit is its own.
    assert _get(client, "public-license-list", CLIENT).status_code == 200


def test_behind_a_proxy_each_client_is_counted_not_the_proxy_nor_what_a_client_writes(settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}  # DRF reloads its settings
    client = APIClient()
    for number in range(_limit("anon")):
        # A client that writes X-Forwarded-For itself still reaches us as the address the proxy saw.
        assert _get(client, "public-license-list", PROXY,
                    HTTP_X_FORWARDED_FOR=f"192.0.2.{number}, {CLIENT}").status_code == 200
    _refused_as_the_api_limit(_get(client, "public-license-list", PROXY, HTTP_X_FORWARDED_FOR=CLIENT))
    assert _get(client, "public-license-list", PROXY, HTTP_X_FORWARDED_FOR=OTHER_CLIENT).status_code == 200


def test_the_counts_live_in_the_shared_cache():
    """Every process behind the proxy counts in the default cache (Redis when REDIS_URL is set)."""
    client = APIClient()
    for _ in range(3):
        _get(client, "public-license-list", CLIENT)
    assert len(cache.get(SimpleRateThrottle.cache_format % {"scope": "anon", "ident": CLIENT})) == 3


def test_a_429_answers_as_the_schema_documents_it(wsgi_app):
    operation = api_schema(wsgi_app).find_operation_by_label("GET /api/v1/public/licenses/")
    case = operation.Case(query={"q": "BG"})
    # Loading the schema was this address's first request (/api/schema/ is rate-limited too).
    answers = [call_rolled_back(case) for _ in range(_limit("anon"))]
    assert [answer.status_code for answer in answers] == [200] * (_limit("anon") - 1) + [429]
    case.validate_response(answers[-1], checks=CHECKS)  # the error shape, and Retry-After (required)


def _settings_from_env(**env) -> subprocess.CompletedProcess:
    script = "import config.settings as s; print(s.REST_FRAMEWORK['DEFAULT_THROTTLE_RATES'], " \
             "s.REST_FRAMEWORK['NUM_PROXIES'], s.AXES_IPWARE_PROXY_COUNT)"
    return subprocess.run([sys.executable, "-c", script], env={"PATH": "/usr/bin:/bin", **env},
                          cwd=Path(settings.BASE_DIR), capture_output=True, text=True, timeout=60, check=False)


def test_the_rates_and_the_proxies_come_from_the_environment():
    run = _settings_from_env(API_THROTTLE_USER="300/minute", API_THROTTLE_ANON="20/second",
                             API_THROTTLE_TOKEN="5/hour", AXES_PROXY_COUNT="1")
    assert run.stdout.split("} ") == ["{'user': '300/minute', 'anon': '20/second', 'token': '5/hour'", "1 1\n"]


def test_a_rate_drf_would_misread_stops_the_start():
    run = _settings_from_env(API_THROTTLE_TOKEN="10/fortnight")
    assert run.returncode != 0
    assert "API_THROTTLE_TOKEN='10/fortnight': write requests per period" in run.stderr
