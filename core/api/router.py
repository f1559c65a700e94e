"""The API's router: a viewset that looks its objects up by primary key takes digits only.

DRF's default lookup matches any path segment, so `/organizations/null/` reached a selector
that fed "null" to an integer column (a 500). With digits only, such an address matches no
route and answers the API's JSON 404 (core.api.errors.page_not_found)."""

from rest_framework.routers import SimpleRouter

ID_PATTERN = "[0-9]+"


class IdRouter(SimpleRouter):
    def get_lookup_regex(self, viewset, lookup_prefix=""):
        if getattr(viewset, "lookup_field", "pk") in ("pk", "id") and not getattr(viewset, "lookup_value_regex", None):
            lookup_url_kwarg = getattr(viewset, "lookup_url_kwarg", None) or "pk"
            return f"(?P<{lookup_prefix}{lookup_url_kwarg}>{ID_PATTERN})"
        return super().get_lookup_regex(viewset, lookup_prefix)
