import django_filters

from core.api.filters import IdFilterSet
from licensing.models import Organization


class OrganizationFilter(IdFilterSet):
    name = django_filters.CharFilter(field_name="name", lookup_expr="icontains")

    class Meta:
        model = Organization
        fields = ["name", "organization_type", "is_senior_group"]
