"""Where each gap in an organization's profile is mended: the portal page a finding on that fact links to.

The eligibility facts of 30 DCMR 1200.2 and 1201.1 live on the profile, the roll of members and the responsible
people of 1202.2(j), (k); the documents of 1202.2(f), (n), (s) and 1400.4, 1400.8 are filed on the documents page."""

from django.urls import reverse

from licensing.models.choices import DocumentKind

PROFILE_FIELDS = frozenset({"name", "organization_type", "street_address", "city", "state", "postal_code", "phone",
                            "email", "is_senior_group", "incorporated_in_dc", "determination_letter", "founded_on",
                            "purpose", "operates_without_profit", "ein"})
FIELD_PAGES = {"members": "portal:organization_members", "responsible_people": "portal:organization_responsible_people",
               "documents": "portal:organization_documents"}


def organization_fix_url(organization_pk: int, field: str | None, *, document_kind: str = "") -> str | None:
    """The page where the fact `field` of the organization is entered, or None when no page of its own mends it.
    A document's link chooses its kind on the upload form."""
    if field in PROFILE_FIELDS:
        return reverse("portal:organization_profile", args=[organization_pk]) + f"#id_{field}"
    if field in FIELD_PAGES:
        url = reverse(FIELD_PAGES[field], args=[organization_pk])
        if field == "documents" and document_kind in DocumentKind.values:
            url += f"?kind={document_kind}#upload-heading"
        return url
    return None
