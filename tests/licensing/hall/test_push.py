"""`hall push` (licensing.hall.push): the hall device sends the bundle of its event to the Board's API over real HTTP
(pytest-django's live_server) and says what the Board decided: accepted (exit 0), refused with each reason (2), or
nothing, when the Board cannot be reached (1: the export and an officer's upload are the way then)."""

import datetime as dt
import http.server
import json
import socket
import threading

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from rest_framework.authtoken.models import Token

from licensing.hall import push
from licensing.models import EnforcementAction, HallBundle, Role
from licensing.models.choices import EnforcementKind
from tests.licensing.factories import OrganizationFactory, board_staff, member
from tests.licensing.hall.conftest import DEVICE_PRIVATE

pytestmark = pytest.mark.django_db(transaction=True)
NO_NETWORK = "No network: run `hall export` and have an officer upload the file"


@pytest.fixture
def device(request, settings, live_server, keep_migrated_data, tmp_path):
    """The kit of a game played at the 'hall', prepared while the Board's address (the kit's board_url) is the live
    server's; the kit and the device's key in files, as on the hall's laptop."""
    settings.PUBLIC_BASE_URL = live_server.url
    kit, _world, _bundle = request.getfixturevalue("played")
    assert kit.document["board_url"] == live_server.url
    kit_file, key_file = tmp_path / "kit.json", tmp_path / "device.key"
    kit_file.write_text(json.dumps(kit.document))
    key_file.write_text(DEVICE_PRIVATE)
    return kit, [str(kit_file), "--key", str(key_file)]


def _token(user) -> str:
    return Token.objects.create(user=user).key


def _push(files, *options) -> None:
    call_command("hall", "push", *files, *options)


def _refused(files, *options) -> CommandError:
    with pytest.raises(CommandError) as caught:
        _push(files, *options)
    return caught.value


def test_the_bundle_goes_to_the_board_and_the_same_push_again_is_already_received(device, request):
    # The game's bundle as the hall wrote it (played in a rolled-back transaction: the Board holds none of it; the
    # command itself pushes from a real hall in tests/browser/test_hall_mode.py).
    kit, _files = device
    bundle = request.getfixturevalue("played")[2]
    officer = member(kit.organization, Role.OFFICER)
    receipt, new = push.bundle_push(board_url=kit.document["board_url"], bundle=bundle, token=_token(officer))
    received = HallBundle.objects.get()
    assert new and receipt["accepted"] and receipt["id"] == received.pk
    assert received.accepted and received.received_by == officer and (received.logs, received.rows) == (1, 5)
    # The network dropped before the answer came: the device pushes again, and the Board has it already.
    again, new = push.bundle_push(board_url=kit.document["board_url"], bundle=bundle,
                                  token=_token(member(kit.organization, Role.CALLER)))
    assert not new and again["id"] == received.pk and HallBundle.objects.count() == 1


def test_a_bundle_the_board_refuses_exits_2_with_each_reason(device, capsys):
    kit, files = device
    EnforcementAction.objects.create(license=kit.license, kind=EnforcementKind.SUSPENSION, explanation="1209.1",
                                     starts_on=kit.event_date, ends_on=kit.event_date + dt.timedelta(days=9),
                                     issued_by=board_staff())
    refusal = _refused(files, "--token", _token(member(kit.organization, Role.OFFICER)))
    err = capsys.readouterr().err
    assert refusal.returncode == 2 and "The Board refuses this bundle" in str(refusal)
    assert "Refused:" in err and "suspended" in err and "(30 DCMR 1200.1)" in err
    assert not HallBundle.objects.get().accepted  # kept for Board staff, as possible tampering


def test_a_request_the_board_refuses_exits_2_naming_why(device, capsys):
    _kit, files = device
    refusal = _refused(files, "--token", "not-a-token")
    assert refusal.returncode == 2 and "HTTP 401" in str(refusal) and "Invalid token." in capsys.readouterr().err
    refusal = _refused(files, "--token", _token(member(OrganizationFactory(), Role.OFFICER)))
    assert refusal.returncode == 2 and "HTTP 404" in str(refusal)  # not a kit this token's holder may read
    assert not HallBundle.objects.exists()


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_board_that_cannot_be_reached_exits_1_and_says_to_export(device, capsys):
    _kit, files = device
    refusal = _refused(files, "--board", f"http://127.0.0.1:{_closed_port()}", "--token", "t")
    assert refusal.returncode == 1 and NO_NETWORK in str(refusal) and "Cannot reach the Board" in str(refusal)
    assert "Traceback" not in capsys.readouterr().err


def test_no_token_or_a_board_address_that_would_leak_it_sends_nothing(device, monkeypatch):
    _kit, files = device
    monkeypatch.delenv("HALL_BOARD_TOKEN", raising=False)
    assert "No API token" in str(_refused(files))
    for board in ("http://gaming.example.gov", "ftp://127.0.0.1/", "127.0.0.1"):
        assert _refused(files, "--board", board, "--token", "t").returncode == 2
    assert "unencrypted" in str(_refused(files, "--board", "http://gaming.example.gov", "--token", "t"))
    assert not HallBundle.objects.exists()


class _Answer(http.server.BaseHTTPRequestHandler):
    """What may answer in the Board's place: a redirect, a server error, a rate limit, a hotel network's page."""

    answers = {
        "/moved": (301, {"Location": "https://gaming.example.gov/api/v1/"}, b""),
        "/broken": (502, {"Content-Type": "text/html"}, b"<h1>Bad gateway</h1>"),
        "/busy": (429, {"Retry-After": "30", "Content-Type": "application/json"}, b'{"errors": []}'),
        "/hotel": (200, {"Content-Type": "text/html"}, b"<h1>Welcome! Sign in to the hotel's network</h1>"),
    }

    def do_POST(self):  # noqa: N802 (http.server's name)
        self.rfile.read(int(self.headers["Content-Length"]))
        status, headers, body = self.answers[self.path.split("/api/")[0]]
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def not_the_board():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Answer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize(("path", "says"), [
    ("/moved", "The Board's address moved"), ("/broken", "could not take the bundle now (http"),
    ("/busy", "try again in 30 s"), ("/hotel", "is not the Board's API"),
])
def test_what_is_no_decision_of_the_board_exits_1(device, not_the_board, path, says):
    _kit, files = device
    refusal = _refused(files, "--board", not_the_board + path, "--token", "t")
    assert refusal.returncode == 1 and says in str(refusal) and NO_NETWORK in str(refusal)


def test_the_address_a_bundle_goes_to():
    assert push.bundles_url("https://gaming.example.gov/", "k") == "https://gaming.example.gov/api/v1/hall-kits/k/bundles/"
    assert push.bundles_url("http://[::1]:8000", "k") == "http://[::1]:8000/api/v1/hall-kits/k/bundles/"
    with pytest.raises(push.BoardAddressError):
        push.bundles_url("http://10.0.0.5:8000", "k")
