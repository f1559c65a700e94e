"""API shapes of a vendor's owners and officers (30 DCMR 1207.2(d)), their 1206.4 declarations and their police
clearance report (1207.2(l)). Serializers check the shape; vendors/owners/services.py checks the rules."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from core.money import MoneySerializerField
from vendors.models import Owner
from vendors.owners.services import CLEARANCE_FIELDS, OWNER_FIELDS
from vendors.selectors import owner_clearances_needed
from vendors.serializers import STRICT_FIELDS


class OwnerSerializer(serializers.ModelSerializer):
    serializer_field_mapping = STRICT_FIELDS
    # A percentage with cents; out of 0-100 the service refuses it citing 1207.2(d).
    share = MoneySerializerField(max_digits=5, allow_negative=True, required=False,
                                 help_text=_("Percent of the ownership, 0 to 100 (30 DCMR 1207.2(d))."))
    clearances_needed = serializers.SerializerMethodField(help_text=_(
        "The police clearance reports 30 DCMR 1207.2(l) asks of this person: \"dc\" always, \"residence\" and "
        "\"business\" where those jurisdictions are others; none of an employee without a share."))

    class Meta:
        model = Owner
        fields = ["id", "vendor", *sorted(OWNER_FIELDS), "police_clearance", "residence_clearance",
                  "business_clearance", "clearances_needed", "conflict_found", "conflict_reason", "is_current",
                  "created_at"]
        read_only_fields = ["id", "vendor", "police_clearance", "residence_clearance", "business_clearance",
                            "conflict_found", "conflict_reason", "is_current", "created_at"]
        extra_kwargs = {
            "supervision_ended_on": {"help_text": _("30 DCMR 1206.4(a): released from parole or probation on.")},
            "through": {"help_text": _("The affiliate the interest is held through (30 DCMR 1401.14).")},
            "relative_disqualified": {"help_text": _("30 DCMR 1206.4(c): a spouse or first-degree relative "
                                                     "disqualified under 1206.4(a) or (b), named.")},
            "dc_position": {"help_text": _("30 DCMR 1206.4(d).")},
            "police_clearance": {"help_text": _("The District's police clearance report's document id (30 DCMR "
                                                "1207.2(l)); upload it at .../police-clearance/.")},
            "date_of_birth": {"help_text": _("From 1900-01-01 to today. Asked of owners and officers (30 DCMR "
                                             "1207.2(d)); optional for an employee, it tells people of the same "
                                             "name apart (1401.13).")},
        }

    def get_clearances_needed(self, owner) -> list[str]:
        return owner_clearances_needed(owner)


class ClearanceUploadSerializer(serializers.Serializer):
    file = serializers.FileField(help_text=_("The police clearance report: PDF, PNG or JPEG (checked by content), "
                                             "at most 10 MB (30 DCMR 1207.2(l))."))
    jurisdiction = serializers.ChoiceField(
        choices=sorted(CLEARANCE_FIELDS), default="dc", required=False,
        help_text=_("Whose report: \"dc\" the District's (default), \"residence\" the jurisdiction where the "
                    "person lives, \"business\" the jurisdiction of the business (30 DCMR 1207.2(l))."))
