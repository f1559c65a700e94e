"""What an admin form changed, as JSON: rows added, changed and deleted in an inline, and values made
safe to keep (related objects by key, files by name, secrets never)."""

from decimal import Decimal

import pytest
from django import forms
from django.forms import inlineformset_factory

from core.admin.changes import NOT_RECORDED, form_changes, formset_changes, json_value
from licensing.models import Membership, Organization, Role
from tests.licensing.factories import MembershipFactory, OrganizationFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_an_inline_records_each_added_changed_and_deleted_row():
    organization = OrganizationFactory()
    kept, removed = MembershipFactory(organization=organization), MembershipFactory(organization=organization)
    newcomer = UserFactory()
    formset_class = inlineformset_factory(Organization, Membership, fields=["user", "role", "is_active"],
                                          can_delete=True, extra=1)
    existing = formset_class(instance=organization, queryset=Membership.objects.order_by("pk"))
    rows = {existing.forms[0].instance.pk: 0, existing.forms[1].instance.pk: 1}
    data = {"memberships-TOTAL_FORMS": "3", "memberships-INITIAL_FORMS": "2", "memberships-MIN_NUM_FORMS": "0",
            "memberships-MAX_NUM_FORMS": "1000"}
    for membership, changes in ((kept, {"role": Role.CALLER}), (removed, {"DELETE": "on"})):
        index = rows[membership.pk]
        data |= {f"memberships-{index}-id": str(membership.pk), f"memberships-{index}-user": str(membership.user_id),
                 f"memberships-{index}-role": Role.OFFICER, f"memberships-{index}-is_active": "on"}
        data |= {f"memberships-{index}-{name}": value for name, value in changes.items()}
    data |= {"memberships-2-user": str(newcomer.pk), "memberships-2-role": Role.CHECKER,
             "memberships-2-is_active": "on"}
    formset = formset_class(data, instance=organization, queryset=Membership.objects.order_by("pk"))
    assert formset.is_valid(), formset.errors
    formset.save()

    added = Membership.objects.get(user=newcomer)
    recorded = sorted(formset_changes([formset]), key=lambda row: row["action"])
    assert recorded == [
        {"model": "licensing.membership", "object_id": str(added.pk), "action": "added",
         "fields": {"user": newcomer.pk, "role": Role.CHECKER}},
        {"model": "licensing.membership", "object_id": str(kept.pk), "action": "changed",
         "fields": {"role": Role.CALLER}},
        {"model": "licensing.membership", "object_id": str(removed.pk), "action": "deleted", "fields": {}},
    ]
    assert not Membership.objects.filter(pk=removed.pk).exists()


class SecretForm(forms.Form):
    api_key = forms.CharField()
    new_password1 = forms.CharField()
    client_secret = forms.CharField()
    hall_name = forms.CharField()
    prize = forms.DecimalField()


def test_secrets_are_named_but_their_values_never_kept():
    form = SecretForm({"api_key": "k-123", "new_password1": "hunter2", "client_secret": "s", "hall_name": "Main",
                       "prize": "100.00"})
    assert form.is_valid()
    assert form_changes(form) == {"api_key": NOT_RECORDED, "new_password1": NOT_RECORDED,
                                  "client_secret": NOT_RECORDED, "hall_name": "Main", "prize": Decimal("100.00")}


def test_values_become_json():
    organization = OrganizationFactory()
    assert json_value(organization) == organization.pk
    assert json_value(Organization.objects.filter(pk=organization.pk)) == [organization.pk]
    assert json_value({"a": [organization]}) == {"a": [organization.pk]}
    assert json_value(object).startswith("<class")
