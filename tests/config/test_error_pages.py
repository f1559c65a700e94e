"""The portal's own 403, 404 and 500 pages, in the reader's language, with production settings (DEBUG off):
never Django's debug pages, never the exception's text."""

import pytest

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.config.boom_urls")]

PAGES = {
    "/portal/forbidden/": (403, {"en": "Access denied", "es": "Acceso denegado"}),
    "/portal/no-such-page/": (404, {"en": "Page not found", "es": "Página no encontrada"}),
    "/portal/boom/": (500, {"en": "Something went wrong", "es": "Algo salió mal"}),
}
DEBUG_MARKERS = ("Traceback", "DEBUG = True", "technical_500", "Request Method:", "a bug", "internal reason")


@pytest.fixture
def production(settings):
    settings.DEBUG = False


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("address", list(PAGES))
def test_each_error_page_is_the_portals_in_the_readers_language(client, production, address, language):
    client.raise_request_exception = False
    status, titles = PAGES[address]
    response = client.get(address, HTTP_ACCEPT_LANGUAGE=language)
    page = response.content.decode()
    assert response.status_code == status
    assert response["Content-Type"].startswith("text/html")
    assert f'<html lang="{language}">' in page
    assert f"<h1 id=\"error-title\">{titles[language]}</h1>" in page
    assert 'class="site-header"' in page  # the portal's layout
    for marker in DEBUG_MARKERS:
        assert marker not in page, marker


def test_the_403_and_404_pages_carry_the_portals_navigation(client, production):
    page = client.get("/portal/no-such-page/").content.decode()
    assert 'aria-label="Main"' in page and "License lookup" in page


def test_the_500_page_needs_no_request_context():
    """Django renders 500.html with an empty context (the request's state may be what broke)."""
    from django.template import loader

    page = loader.get_template("500.html").render()
    assert "Something went wrong" in page and "{%" not in page


# --- DEBUG on (make run): still the portal's 404, never Django's technical page (core/middleware/not_found.py) ---

TECHNICAL_404_MARKERS = ("Using the URLconf", "technical_404", "You’re seeing this error because you have",
                         "DEBUG = True", "Raised by:")


@pytest.mark.parametrize(("language", "title", "message"), [
    ("en", "Page not found", "No license with that number."),
    ("es", "Página no encontrada", "No hay ninguna licencia con ese número."),
])
def test_an_unknown_license_number_answers_the_portals_404_under_debug(client, settings, language, title, message):
    settings.DEBUG = True
    response = client.get("/public/licenses/NO-SUCH-9999/", HTTP_ACCEPT_LANGUAGE=language)
    page = response.content.decode()
    assert response.status_code == 404
    assert f'<h1 id="error-title">{title}</h1>' in page
    assert message in page
    assert 'class="site-header"' in page
    for marker in TECHNICAL_404_MARKERS:
        assert marker not in page, marker


def test_an_address_no_url_matches_answers_the_portals_404_under_debug(client, settings):
    settings.DEBUG = True
    response = client.get("/portal/no-such-page/")
    page = response.content.decode()
    assert response.status_code == 404
    assert '<h1 id="error-title">Page not found</h1>' in page
    assert "We could not find the page you asked for." in page
    for marker in TECHNICAL_404_MARKERS:
        assert marker not in page, marker


def test_a_missing_trailing_slash_is_still_redirected_under_debug(client, settings):
    settings.DEBUG = True
    assert client.get("/public/licenses").status_code == 301


def test_the_api_keeps_its_json_404_under_debug(client, settings):
    settings.DEBUG = True
    response = client.get("/api/v1/no-such-endpoint/")
    assert response.status_code == 404
    assert response.json()["errors"][0]["code"] == "not_found"


def test_get_object_or_404s_class_name_is_not_shown(client, production):
    from django.http import Http404

    from core.api.errors import not_found_message

    assert not_found_message(Http404("No BingoGame matches the given query.")) is None
    assert not_found_message(Http404()) is None
    assert not_found_message(Http404("No license with that number.")) == "No license with that number."
