"""The API's answers against its own schema (/api/schema/), with schemathesis: the checks every answer must pass,
and the schema loaded to call the application as a given user."""

import schemathesis
from django.db import transaction
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from licensing.accounts.services import api_token_issue

# No 5xx; a documented status code, with its content type, its headers (a 429's Retry-After) and its body.
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_headers_conformance,
          response_schema_conformance]


def auth_headers(user=None) -> dict:
    """The user's API token as a client sends it (None: anonymous, no header), issued as the token endpoint issues
    it: after the second factor of an account that has one (the Board's act only behind one)."""
    if user is None:
        return {}
    token = api_token_issue(user=user, second_factor="totp" if user.has_second_factor else None)
    return {"Authorization": f"Token {token.key}"}


def api_schema(wsgi_app, user=None):
    """The schema, loaded from the application, whose generated cases carry the user's token."""
    config = schemathesis.Config.from_dict({"headers": auth_headers(user)})
    return schemathesis.openapi.from_wsgi("/api/schema/?format=json", wsgi_app, config=config)


def call_rolled_back(case):
    """Call one case in a savepoint rolled back afterwards: cases stay independent, and a write one of them
    made cannot turn a later one's answer."""
    with transaction.atomic():
        response = case.call()
        transaction.set_rollback(True)
    return response
