"""One spelling per audit event (`<app>.<entity>_<past participle>`), every type the code writes
listed with a label, and rows stored under an older spelling shown under the same label."""

import ast
import re
from collections import defaultdict
from importlib import import_module
from pathlib import Path

import pytest
from django.urls import reverse

from bingo.live.events import AUDIT_TYPES as BINGO_LOG_TYPES
from bingo.models import EventKind
from licensing.audit.events import audit_event_record
from licensing.audit.types import HISTORIC, LABELS, RENAMED, event_type_current, event_type_label, event_type_spellings
from licensing.models import AuditEvent
from montecarlo.holdem.tournament import Tournament as Engine
from montecarlo.tournaments.events import AUDIT_TYPES as TOURNAMENT_LOG_TYPES
from tests.licensing.factories import OrganizationFactory, board_staff

ROOT = Path(__file__).resolve().parents[3]
TYPE_LIKE = re.compile(r"^[a-z]+\.[a-z_.]+$")
SPELLING = re.compile(r"^(admin|licensing|vendors|bingo|montecarlo)\.[a-z]+(_[a-z]+)*$")


def _written_types() -> set[str]:
    """Every string literal the apps pass as an `event_type` (directly or through a conditional)."""
    found = set()
    for app in ("core", "licensing", "vendors", "bingo", "montecarlo"):
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.keyword) and node.arg == "event_type" or (
                        isinstance(node, ast.Assign) and any(
                            isinstance(target, ast.Name) and target.id == "event_type" for target in node.targets)):
                    for leaf in ast.walk(node.value):
                        if isinstance(leaf, ast.Constant) and isinstance(leaf.value, str) and TYPE_LIKE.match(
                                leaf.value):  # not the pieces of an f-string or a filter's lookup
                            found.add(leaf.value)
    return found


def test_every_type_the_code_writes_is_listed_with_a_label():
    written = _written_types()
    assert "licensing.license_issued" in written and "admin.object_deleted" in written  # the scan sees them
    written |= set(BINGO_LOG_TYPES.values()) | set(TOURNAMENT_LOG_TYPES.values())
    # Written by the fee and bond schedules before the register replaced them: their events are still read.
    written |= {"licensing.feeschedulerow_saved", "licensing.bondschedulerow_saved"}
    assert sorted(written - set(LABELS)) == []
    assert sorted(written & set(RENAMED)) == []  # nothing writes an old spelling


def test_every_listed_type_is_spelled_app_entity_past_participle():
    assert [event_type for event_type in LABELS if not SPELLING.match(event_type)] == []
    # the old imperative and dotted spellings are gone from the list of today's types
    assert not set(RENAMED) & set(LABELS)
    assert set(RENAMED.values()) <= set(LABELS)


def test_every_bingo_and_tournament_log_event_has_its_audit_type():
    assert set(BINGO_LOG_TYPES) == set(EventKind.values)
    assert set(Engine._HANDLERS) <= set(TOURNAMENT_LOG_TYPES)


def test_an_old_spelling_reads_as_todays():
    assert event_type_current("bingo.game_start") == "bingo.game_started"
    assert event_type_label("bingo.game_start") == event_type_label("bingo.game_started") == "Game started"
    assert event_type_label("montecarlo.tournament.register") == "Player registered"
    assert event_type_spellings("bingo.game_started") == ["bingo.game_started", "bingo.game_start"]
    assert event_type_spellings("bingo.game_start") == ["bingo.game_started", "bingo.game_start"]
    assert event_type_label("licensing.something_unknown") == "licensing.something_unknown"


def _old_and_new_rows(client, *more_types: str):
    """An organization whose trail holds a row of the old spelling and one of today's (and `more_types`),
    with board staff signed in to read it."""
    staff = board_staff()
    organization = OrganizationFactory()
    for event_type in ("bingo.game_start", "bingo.game_started", *more_types):  # the first is an old row
        audit_event_record(event_type=event_type, actor=staff, organization=organization)
    client.force_login(staff)
    return organization


@pytest.mark.django_db
def test_the_audit_page_shows_both_spellings_under_one_label(client):
    organization = _old_and_new_rows(client)
    # The Board's dashboard lists the trail with each stored code beside its label.
    page = client.get(reverse("portal:dashboard")).content.decode()
    assert page.count("Game started") == 2
    assert "<code>bingo.game_start</code>" in page and "<code>bingo.game_started</code>" in page
    # The organization's home reads them as one sentence each, never as a code.
    home = client.get(reverse("portal:organization_detail", args=[organization.pk])).content.decode()
    assert home.count("A bingo game started.") == 2 and "bingo.game_start" not in home
    assert {event_type_label(event.event_type) for event in AuditEvent.objects.filter(organization=organization)} == {
        "Game started"}


@pytest.mark.django_db
def test_the_api_labels_both_spellings_and_a_search_finds_both(client):
    organization = _old_and_new_rows(client, "bingo.ball_called")
    for search in ("bingo.game_started", "bingo.game_start"):
        rows = client.get("/api/v1/audit-events/", {"event_type": search, "organization": organization.pk}).json()
        rows = rows.get("results", rows)
        assert sorted(row["event_type"] for row in rows) == ["bingo.game_start", "bingo.game_started"]
        assert {row["event_label"] for row in rows} == {"Game started"}
    rows = client.get("/api/v1/audit-events/", {"event_type": "bingo.", "organization": organization.pk}).json()
    assert len(rows.get("results", rows)) == 3  # a beginning still finds every type it starts


# The apps whose services write the trail only through their features' events.py (one typed function per type).
TYPED_APPS = ("licensing", "vendors", "bingo", "montecarlo")
# core.admin spells the admin's types (core imports no app); the project's site writes them through one function.
ADMIN_WRITER = "licensing.admin.events.admin_change_recorded"


def _events_modules() -> list[Path]:
    return sorted(path for app in ("licensing", "vendors", "bingo", "montecarlo") for path in (ROOT / app).rglob(
        "events.py"))


def _writers() -> dict[str, list[str]]:
    """Each type an events.py module spells as `event_type="..."` -> the functions spelling it; a log mirrored in the
    trail (bingo's games, the tournaments, the dealer's tables) has one function writing its module's AUDIT_TYPES."""
    writers = defaultdict(list)
    for path in _events_modules():
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for function in ast.parse(path.read_text()).body:
            if not isinstance(function, ast.FunctionDef):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.keyword) and node.arg == "event_type" and isinstance(
                        node.value, ast.Constant):
                    writers[node.value.value].append(f"{module}.{function.name}")
            if any(isinstance(node, ast.Name) and node.id == "AUDIT_TYPES" for node in ast.walk(function)):
                for event_type in set(import_module(module).AUDIT_TYPES.values()):
                    writers[event_type].append(f"{module}.{function.name}")
    for event_type in LABELS:
        if event_type.startswith("admin."):
            writers[event_type].append(ADMIN_WRITER)
    return writers


def test_every_event_function_writes_a_listed_type_of_today():
    written = set(_writers())
    assert sorted(written - set(LABELS)) == []
    assert sorted(written & (HISTORIC | set(RENAMED))) == []
    # the admin's types are the ones core.admin spells
    assert {t for t in LABELS if t.startswith("admin.")} <= _written_types()


def test_every_listed_type_but_the_historic_has_exactly_one_writer():
    writers = _writers()
    assert set(LABELS) >= HISTORIC
    typed = [t for t in LABELS if t.split(".")[0] in ("admin", *TYPED_APPS) and t not in HISTORIC]
    assert {t: writers.get(t, []) for t in typed if len(writers.get(t, [])) != 1} == {}


def test_the_trail_is_written_only_from_events_modules():
    calls = []
    for app in TYPED_APPS:
        for path in (ROOT / app).rglob("*.py"):
            if path.name == "events.py" or "migrations" in path.parts:
                continue
            calls += [f"{path.relative_to(ROOT)}:{number}" for number, line in enumerate(
                path.read_text().splitlines(), 1) if "audit_event_record(" in line]
    assert calls == []
