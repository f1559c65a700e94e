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
