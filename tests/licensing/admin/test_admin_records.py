import pytest
from django.urls import reverse

from tests.licensing.factories import LicenseFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("model", ["application", "license", "premises", "document", "vote", "enforcementaction"])
def test_records_are_listed_but_cannot_be_added_or_deleted(admin_client, model):
    license = LicenseFactory()
    assert admin_client.get(reverse(f"admin:licensing_{model}_changelist")).status_code == 200
    assert admin_client.get(reverse(f"admin:licensing_{model}_add")).status_code == 403
    if model == "license":
        delete = reverse("admin:licensing_license_delete", args=[license.pk])
        assert admin_client.post(delete, {"post": "yes"}).status_code == 403
        license.refresh_from_db()
