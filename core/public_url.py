"""The site's one public address (settings.PUBLIC_BASE_URL) in front of a path.

Links that leave the browser (emails, certificates, QR codes, receipts, screens' addresses, API links)
use it, never the Host header of whoever asked: behind a proxy, or under `make run` on another port,
the Host header names an address the reader cannot reach (or one an attacker chose)."""

from django.conf import settings


def public_url(path: str) -> str:
    return f"{settings.PUBLIC_BASE_URL}{path}"
