from licensing.licenses.selectors import license_list
from licensing.organizations.serializers import AsciiPrimaryKeyField


class VisibleLicenseField(AsciiPrimaryKeyField):
    """A license of the caller's organizations: another organization's reads as unknown, like a missing one."""

    def get_queryset(self):
        return license_list(user=self.context["request"].user)
