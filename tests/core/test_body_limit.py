"""core.middleware.body_limit: a marked view's body is read under its own limit, whatever length the request
declares (a chunked body declares none), and a view's mark survives the decorators around it."""

from django.contrib.auth.decorators import login_required
from django.test import RequestFactory

from core.middleware.body_limit import ATTRIBUTE, body_limit, read_within


def _request(body: bytes, declared: str | None):
    request = RequestFactory().post("/anywhere/", body, content_type="application/json")
    if declared is None:
        del request.META["CONTENT_LENGTH"]
    else:
        request.META["CONTENT_LENGTH"] = declared
    return request


def test_a_body_is_read_no_further_than_the_limit_whatever_it_declares():
    for declared in (None, "0", "10"):
        assert not read_within(_request(b"x" * 5000, declared), 4096), declared
    within = _request(b'{"a": 1}', None)
    assert read_within(within, 4096) and within.body == b'{"a": 1}' and within.read() == b'{"a": 1}'


def test_the_mark_survives_the_decorators_around_it():
    view = login_required(body_limit(123)(lambda request: None))
    assert getattr(view, ATTRIBUTE) == 123
