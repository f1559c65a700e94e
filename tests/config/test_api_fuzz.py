"""Schemathesis fuzzes every operation of /api/schema/ in-process (WSGI) on the suite's database.

Four callers: anonymous, an organization's officer, board staff and a vendor's representative, each with a
token, in the demo world (three organizations with licenses, a vendor, a bingo night, a tournament, a Monte
Carlo Night; and a report draft and a message with a file, which the demo lacks). Each operation gets random
positive and negative cases, then a positive case naming a record of the caller's own, its path parameters
read from the database (api_records.py): random ids find no record, so without it an operation under /{id}/
would only ever answer 404 and its success answer would go unchecked. Every answer must be no 5xx and match
the schema: a documented status code, its content type, its headers and its body.

The number of examples per operation is small in `make test`; run a long fuzz locally with
`pytest -m fuzz --fuzz-examples=500` (or FUZZ_EXAMPLES=500), and a different seed with FUZZ_SEED."""

import os
import time
from decimal import Decimal

import hypothesis
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import strategies as st
from schemathesis import GenerationMode

from bingo.models import Operation
from licensing.models import Payout, Role, User
from licensing.payouts.services import payout_open, payout_pay
from licensing.reports.services import report_create
from licensing.review.thread.services import application_message_post
from tests.config.api_conformance import CHECKS, api_schema, call_rolled_back
from tests.config.api_records import QUERIES, Caller, caller_of, path_parameters
from tests.demo.factories import demo_world_once
from tests.licensing.factories import PDF_BYTES

pytestmark = [pytest.mark.django_db, pytest.mark.fuzz]

CALLERS = {
    "anonymous": None,
    "officer": "officer@staugustine.demo.dcgaming.org",
    "board_staff": "staff@demo.dcgaming.org",
    "vendor": "sales@capitolbingo.demo.dcgaming.org",  # a vendor's representative: its vendor's operations
}
DEFAULT_SEED = 20260101
FUZZ_WINNER = {"name": "Ana Ruiz", "street": "1 Main St NW", "city": "Washington", "state": "DC",
               "postal_code": "20001", "tin": "212-48-3071", "id_first": "DC driver's license, photo",
               "id_second": "Voter card"}
# Operations whose case with the caller's own records answers 2xx in the demo world (measured; raise them when
# the world or the table of records grows).
REAL_SUCCEEDED_AT_LEAST = {"anonymous": 12, "officer": 74, "board_staff": 90, "vendor": 67}
# No shrinking: a failure is reported as found, with the curl line that replays it.
FUZZ_PHASES = [hypothesis.Phase.explicit, hypothesis.Phase.generate]


def _what_the_demo_lacks() -> None:
    """A draft report of tonight's bingo, a message with a file in its application's thread, and two prizes at
    the payout desk (one paid with a Form W-2G, one due), written by the officer through the services: the demo
    has none of them, and their answers would go unchecked."""
    officer = User.objects.get(email=CALLERS["officer"])
    operation = Operation.objects.get(is_training=False, license__organization__memberships__user=officer,
                                      license__organization__memberships__role=Role.OFFICER)
    report_create(actor=officer, license=operation.license, event_date=operation.date)
    application_message_post(actor=officer, application=operation.license.application, body="The signed lease.",
                             attachments=[SimpleUploadedFile("lease.pdf", PDF_BYTES, content_type="application/pdf")])
    for number, prize in ((1, "2500.00"), (2, "150.00")):
        payout_open(license=operation.license, game="bingo", source=f"fuzz.game:1/sale:{number}",
                    session="fuzz.game:1", label=f"Game 1, card {number}", won_on=operation.date, prize=Decimal(prize))
    payout_pay(actor=officer, payout=Payout.objects.get(source="fuzz.game:1/sale:1"), method="cash",
               amount="2500.00", winner=FUZZ_WINNER, paid_on=operation.date)


@pytest.fixture(scope="module")
def demo_world(django_db_setup, django_db_blocker):
    """Built once for the four callers (each test's requests roll back)."""
    yield from demo_world_once(django_db_blocker, then=_what_the_demo_lacks)


@pytest.fixture(params=list(CALLERS))
def caller(request, demo_world) -> Caller:
    email = CALLERS[request.param]
    return caller_of(None if email is None else User.objects.get(email=email))


@pytest.fixture
def caller_schema(caller, wsgi_app):
    return api_schema(wsgi_app, caller.user)


def _check(case, *, stats: dict, statuses: list[int]) -> None:
    """Call one case and check its answer; a failure is raised."""
    started = time.perf_counter()
    response = call_rolled_back(case)
    stats["requests"] += 1
    stats["seconds"] += time.perf_counter() - started
    statuses.append(response.status_code)
    case.validate_response(response, checks=CHECKS)


def _run(cases, *, examples: int, seed: int, stats: dict, statuses: list[int]) -> None:
    """`examples` cases of one operation, each answer checked; the first failure is raised."""

    @hypothesis.seed(seed)
    @hypothesis.settings(max_examples=examples, deadline=None, database=None, derandomize=False,
                         suppress_health_check=list(hypothesis.HealthCheck), phases=FUZZ_PHASES)
    @hypothesis.given(case=cases)
    def run(case):
        _check(case, stats=stats, statuses=statuses)

    run()


def _left_to_generate(operation, path_parameters: dict, query: dict) -> bool:
    """A body, a path parameter not named (an enum's), or a required query parameter not given."""
    return bool(len(operation.body)
                or {p.name for p in operation.path_parameters} - set(path_parameters)
                or {p.name for p in operation.query if p.is_required} - set(query))


def _succeeded(statuses: list[int]) -> bool:
    return any(200 <= code < 300 for code in statuses)


def _fuzz(operation, caller: Caller, *, examples: int, seed: int, random_seed: int, stats: dict) -> None:
    """Random positive and negative cases, then a positive one naming a record of the caller's own (random ids
    find none, so without it an operation under /{id}/ would only ever answer 404)."""
    statuses: list[int] = []
    random_cases = st.one_of(operation.as_strategy(GenerationMode.POSITIVE),
                             operation.as_strategy(GenerationMode.NEGATIVE))
    _run(random_cases, examples=examples, seed=random_seed, stats=stats, statuses=statuses)
    ids = path_parameters(operation, caller)
    if ids is None:
        stats["no_record"].append(operation.label)
    else:
        real: list[int] = []
        query = QUERIES.get(operation.label, {})
        if _left_to_generate(operation, ids, query):  # the simplest values the schema allows
            _run(operation.as_strategy(GenerationMode.POSITIVE, path_parameters=ids, query=query),
                 examples=1, seed=seed, stats=stats, statuses=real)
        else:  # the case as it is (much quicker than a strategy)
            _check(operation.Case(path_parameters=ids, query=query, headers=caller.headers),
                   stats=stats, statuses=real)
        if _succeeded(real):
            stats["real_succeeded"].append(operation.label)
        statuses += real
    if _succeeded(statuses):
        stats["succeeded"].append(operation.label)


def test_every_operation_answers_as_documented(caller_schema, caller, fuzz_examples, subtests, request):
    seed = int(os.environ.get("FUZZ_SEED", DEFAULT_SEED))
    # The random cases with a seed of the caller's own: with one seed, every caller would draw the same cases.
    random_seed = seed + list(CALLERS).index(request.node.callspec.id)
    stats = {"requests": 0, "seconds": 0.0, "no_record": [], "succeeded": [], "real_succeeded": []}
    started = time.perf_counter()
    operations = [result.ok() for result in caller_schema.get_all_operations()]
    assert len(operations) > 90  # every operation of the schema, not a filtered few
    for operation in operations:
        with subtests.test(msg=operation.label):
            _fuzz(operation, caller, examples=fuzz_examples, seed=seed, random_seed=random_seed, stats=stats)
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is not None and capture is not None:
        with capture.global_and_fixture_disabled():  # the figures go to the terminal, not the captured output
            reporter.write_line(
                f"\nfuzz [{request.node.callspec.id}]: {len(operations)} operations x {fuzz_examples} examples, "
                f"{stats['requests']} requests ({stats['seconds']:.1f} s in the app), "
                f"{time.perf_counter() - started:.1f} s in all, seed {seed}; a 2xx answer checked for "
                f"{len(stats['succeeded'])} operations ({len(stats['real_succeeded'])} with the caller's own "
                f"records); {len(stats['no_record'])} name a record this caller has none of")
    # Each caller's success answers stay checked: a table of records (api_records.RECORDS) gone stale, or a
    # scope that stopped letting a caller read its own records, shows here.
    assert len(stats["real_succeeded"]) >= REAL_SUCCEEDED_AT_LEAST[request.node.callspec.id], stats["real_succeeded"]
