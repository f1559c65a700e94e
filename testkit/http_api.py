"""One call to the JSON API with a token, for the drills and benchmarks that play a game through a running server."""

from __future__ import annotations

import json
import urllib.error
import urllib.request


def api(base: str, path: str, *, token: str, body: dict | None = None, timeout: float = 15) -> tuple[int, dict]:
    """POST (with a body) or GET one API address; (status, JSON answer). Never raises for an HTTP status; a
    connection that fails (refused, reset, timed out) is status -1 with the reason."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"{base}{path}", data=data, method="POST" if data is not None else "GET",
                                     headers={"Authorization": f"Token {token}", "Content-Type": "application/json",
                                              "Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, json.loads(answer.read() or b"{}")
    except urllib.error.HTTPError as error:
        try:
            return error.code, json.loads(error.read() or b"{}")
        except ValueError:
            return error.code, {}
    except (OSError, ValueError) as error:
        return -1, {"error": repr(error)}
