"""`hall push`'s HTTP: the bundle to the Board's API (POST <board>/api/v1/hall-kits/<kit>/bundles/, the bundle as
the JSON body, an API token of someone who may read the kit) and the Board's answer.

Three outcomes, which the command tells apart by exit code: a receipt (the Board checked the bundle: accepted, or
refused with each reason); a refusal of the request itself (the API's error shape: a bad token, a kit the token's
holder may not read, a bundle of another kit, a body over the limit); or nothing the Board decided (no network, a
timeout, a server error, a rate limit, a redirect, or an answer that is not the Board's API, such as a hotel
network's sign-in page). A POST is never re-sent as a GET after a redirect, as urllib would: the redirect is
reported with its address instead."""

from __future__ import annotations

import http.client
import ipaddress
import json
import urllib.error
import urllib.request
from urllib.parse import urlsplit

from licensing.hall.bundle import bundle_digest

TIMEOUT = 120  # seconds a read may wait: a 5 MB bundle on a slow hall network, then the Board's check
LOOPBACK_NAMES = {"localhost"}


class BoardAddressError(ValueError):
    """The Board's address cannot take the bundle (not http(s), or plain http to another machine)."""


class BoardUnreachable(Exception):
    """Nothing the Board decided: the bundle may not have arrived, and nothing is known of it."""


class BoardRefusal(Exception):
    """The Board refused the request itself: its HTTP status and the API's errors (field, code, message, rule)."""

    def __init__(self, *, status: int, errors: list[dict]):
        super().__init__(status, errors)
        self.status, self.errors = status, errors


def _loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def bundles_url(board_url: str, kit_id: str) -> str:
    """The API address a bundle goes to. The token travels with it, so only https, or http to this machine."""
    parts = urlsplit(board_url or "")
    if parts.scheme not in {"http", "https"} or not parts.hostname:
        raise BoardAddressError(f"{board_url!r} is not the Board's web address: give it with --board https://...")
    if parts.scheme == "http" and not _loopback(parts.hostname):
        raise BoardAddressError(f"{board_url} is plain http: the API token would cross the network unencrypted. "
                                f"Use the Board's https address.")
    return f"{board_url.rstrip('/')}/api/v1/hall-kits/{kit_id}/bundles/"


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None  # urllib then raises the 3xx as an HTTPError


_opener = urllib.request.build_opener(_NoRedirects)


def _json(raw: bytes):
    try:
        return json.loads(raw)
    except (UnicodeDecodeError, ValueError):
        return None


def _post(url: str, body: bytes, token: str, timeout: float) -> tuple[int, object, dict]:
    request = urllib.request.Request(url, data=body, method="POST", headers={  # noqa: S310 (bundles_url: http(s) only)
        "Content-Type": "application/json", "Accept": "application/json", "Authorization": f"Token {token}"})
    try:
        with _opener.open(request, timeout=timeout) as response:
            return response.status, _json(response.read()), dict(response.headers)
    except urllib.error.HTTPError as error:
        try:
            return error.code, _json(error.read()), dict(error.headers or {})
        finally:
            error.close()
    except urllib.error.URLError as error:
        raise BoardUnreachable(f"Cannot reach the Board at {url} ({error.reason}).") from error
    except (OSError, http.client.HTTPException, ValueError) as error:
        raise BoardUnreachable(f"Cannot reach the Board at {url} ({error or type(error).__name__}).") from error


def bundle_push(*, board_url: str, bundle: dict, token: str, timeout: float = TIMEOUT) -> tuple[dict, bool]:
    """Send `bundle` to the Board: its receipt (`accepted`, `findings`, `digest`, ...) and whether it is new (False:
    the Board had received this very bundle before). Raises BoardAddressError, BoardRefusal or BoardUnreachable."""
    url = bundles_url(board_url, bundle["kit"]["kit"])
    status, answer, headers = _post(url, json.dumps(bundle, ensure_ascii=False).encode("utf-8"), token, timeout)
    if status in (200, 201) and isinstance(answer, dict) and "accepted" in answer:
        if answer.get("digest") != bundle_digest(bundle):
            raise BoardUnreachable(f"The answer at {url} is a receipt for another bundle (digest "
                                   f"{answer.get('digest')}).")
        return answer, status == 201
    if 300 <= status < 400:
        raise BoardUnreachable(f"The Board's address moved: {url} answers {status}, to {headers.get('Location')}. "
                               f"Give the new address with --board.")
    if status == 429:
        raise BoardUnreachable(f"The Board is rate-limiting this address; try again in "
                               f"{headers.get('Retry-After', 'a few')} s.")
    errors = answer.get("errors") if isinstance(answer, dict) else None
    if 400 <= status < 500 and isinstance(errors, list) and errors:
        raise BoardRefusal(status=status, errors=[error for error in errors if isinstance(error, dict)])
    if status >= 500:
        raise BoardUnreachable(f"The Board could not take the bundle now ({url} answers {status}).")
    raise BoardUnreachable(f"The answer at {url} ({status}) is not the Board's API: a network that asks to sign in "
                           f"first, or a wrong --board address.")
