import pytest
from django.core.management import call_command
from django.urls import reverse


def test_schema_generates_without_warnings(tmp_path):
    # --fail-on-warn turns every drf-spectacular warning or error into a failure; --validate checks OpenAPI 3.
    out = tmp_path / "schema.yml"
    call_command("spectacular", "--fail-on-warn", "--validate", "--file", str(out))
    text = out.read_text()
    assert "/api/v1/organizations/" in text
    assert "/api/v1/auth/token/" in text


@pytest.mark.django_db
def test_schema_and_docs_are_served(client):
    assert client.get(reverse("schema")).status_code == 200
    docs = client.get(reverse("api-docs"))
    assert docs.status_code == 200
    assert "swagger" in docs.content.decode().lower()
