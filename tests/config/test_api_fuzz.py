"""Schemathesis fuzzes every operation of /api/schema/ in-process (WSGI) on the suite's database.

Four callers: anonymous, an organization's officer, board staff and a vendor's representative, each with a
token, in the demo world (three organizations with licenses, a vendor, a bingo night, a tournament), so
generated ids reach real records of the caller's organization and of others. Every answer must be no 5xx and
match the schema: a documented status code, its content type and its body.

The number of examples per operation is small in `make test`; run a long fuzz locally with
`pytest -m fuzz --fuzz-examples=500` (or FUZZ_EXAMPLES=500), and a different seed with FUZZ_SEED."""

import io
import os
import time

import hypothesis
import pytest
import schemathesis
from django.core import signals
from django.core.handlers.wsgi import WSGIHandler
from django.core.management import call_command
from django.db import close_old_connections, transaction
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from licensing.models import User

pytestmark = [pytest.mark.django_db, pytest.mark.fuzz]

CALLERS = {
    "anonymous": None,
    "officer": "officer@staugustine.demo.dcgaming.org",
    "board_staff": "staff@demo.dcgaming.org",
    "vendor": "sales@capitolbingo.demo.dcgaming.org",  # a vendor's representative: its vendor's operations
}
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
DEFAULT_SEED = 20260101
# No shrinking: a failure is reported as found, with the curl line that replays it.
FUZZ_PHASES = [hypothesis.Phase.explicit, hypothesis.Phase.generate]


@pytest.fixture
def wsgi_app():
    """The project's WSGI application, run inside the test's transaction: like Django's test client,
    it must not close the connection at the end of each request (that would end the transaction)."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield WSGIHandler()
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def demo_world(django_capture_on_commit_callbacks):
    out = io.StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("seed_demo", stdout=out)
        call_command("seed_demo_bingo", stdout=out)
        call_command("seed_demo_tournament", stdout=out)


@pytest.fixture(params=list(CALLERS))
def api_schema(request, wsgi_app, demo_world):
    email = CALLERS[request.param]
    headers = {}
    if email is not None:
        token, _ = Token.objects.get_or_create(user=User.objects.get(email=email))
        headers["Authorization"] = f"Token {token.key}"
    config = schemathesis.Config.from_dict({"headers": headers})
    return schemathesis.openapi.from_wsgi("/api/schema/?format=json", wsgi_app, config=config)


def _fuzz(operation, *, examples: int, seed: int, stats: dict) -> None:
    """Positive and negative cases of one operation; the first failure is raised."""
    cases = st.one_of(operation.as_strategy(GenerationMode.POSITIVE), operation.as_strategy(GenerationMode.NEGATIVE))

    @hypothesis.seed(seed)
    @hypothesis.settings(max_examples=examples, deadline=None, database=None, derandomize=False,
                         suppress_health_check=list(hypothesis.HealthCheck), phases=FUZZ_PHASES)
    @hypothesis.given(case=cases)
    def run(case):
        started = time.perf_counter()
        # Each example runs in a savepoint rolled back afterwards: examples stay independent, and a
        # write one of them made cannot turn a later example's answer.
        with transaction.atomic():
            response = case.call()
            transaction.set_rollback(True)
        stats["requests"] += 1
        stats["seconds"] += time.perf_counter() - started
        case.validate_response(response, checks=CHECKS)

    run()


def test_every_operation_answers_as_documented(api_schema, fuzz_examples, subtests, request):
    seed = int(os.environ.get("FUZZ_SEED", DEFAULT_SEED))
    stats = {"requests": 0, "seconds": 0.0}
    started = time.perf_counter()
    operations = [result.ok() for result in api_schema.get_all_operations()]
    assert len(operations) > 90  # every operation of the schema, not a filtered few
    for operation in operations:
        with subtests.test(msg=operation.label):
            _fuzz(operation, examples=fuzz_examples, seed=seed, stats=stats)
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is not None and capture is not None:
        with capture.global_and_fixture_disabled():  # the figures go to the terminal, not the captured output
            reporter.write_line(
                f"\nfuzz [{request.node.callspec.id}]: {len(operations)} operations x {fuzz_examples} examples, "
                f"{stats['requests']} requests ({stats['seconds']:.1f} s in the app), "
                f"{time.perf_counter() - started:.1f} s in all, seed {seed}")
