"""The register's API shapes: a public row (open data), a query of the public list, a proposal and a decision."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from core.dates import DateSerializerField
from licensing.models.register import NumberStatus
from licensing.register.catalog import entry
from licensing.register.kinds import parse, shown
from licensing.register.rules import CITATION_MAX, REASON_MAX
from licensing.register.selectors import groups, preview_or_none
from licensing.register.services import NOTE_MAX

VALUE_MAX = 40  # BoardNumber.value


def _shown(number) -> str:
    known = entry(number.key)
    try:
        return shown(known.kind, parse(known.kind, number.value)) if known else number.value
    except ValueError:
        return number.value


class PublicRuleSerializer(serializers.Serializer):
    key = serializers.CharField(help_text=_("The number's key in the register, such as fee.bingo.A.original."))
    label = serializers.SerializerMethodField(help_text=_("What the number is, in the request's language."))
    group = serializers.SerializerMethodField(help_text=_("The key's first part: fee, bond, bingo, federal..."))
    kind = serializers.SerializerMethodField(
        help_text=_("money, count, days, months, years, age, time (HH:MM) or percent."))
    value = serializers.CharField(help_text=_("The value as stored: money \"600.00\", a count \"4\", a time "
                                              "\"09:00\", a percent \"15\"."))
    shown_value = serializers.SerializerMethodField(help_text=_("The value as a person reads it: \"$600.00\"."))
    effective_from = serializers.DateField(help_text=_("The first day the value is in force."))
    effective_to = serializers.DateField(allow_null=True, help_text=_(
        "The first day it is no longer in force; null: until a later row of the key takes over."))
    citation = serializers.CharField(help_text=_("The section that sets it, such as 30 DCMR 1204.1."))

    def get_label(self, number) -> str:
        known = entry(number.key)
        return known.describe() if known else number.key

    def get_group(self, number) -> str:
        return number.key.split(".")[0]

    def get_kind(self, number) -> str:
        known = entry(number.key)
        return known.kind if known else ""

    def get_shown_value(self, number) -> str:
        return _shown(number)


class RuleHistorySerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField(help_text=_("What the number is, in the request's language."))
    group = serializers.CharField()
    kind = serializers.CharField()
    citation = serializers.CharField(help_text=_("The section the catalog names for the key."))
    rows = PublicRuleSerializer(many=True, help_text=_("Every approved row of the key, oldest first."))


class PublicRuleQuerySerializer(serializers.Serializer):
    key = serializers.CharField(required=False, max_length=120, help_text=_("Only this key."))
    group = serializers.CharField(required=False, max_length=40, help_text=_(
        "Only the keys of this group (their first part): fee, bond, bingo, montecarlo, holdem, federal..."))
    on = DateSerializerField(required=False, help_text=_("Only the rows in force on this day (YYYY-MM-DD)."))

    def validate_key(self, value: str) -> str:
        if entry(value) is None:
            raise serializers.ValidationError(_("%(key)s is not a number any rule reads.") % {"key": value})
        return value

    def validate_group(self, value: str) -> str:
        if value not in groups():
            raise serializers.ValidationError(_("No key of the register is in the group %(group)s; the groups are "
                                                "%(groups)s.") % {"group": value, "groups": ", ".join(groups())})
        return value


class ProposalRequestSerializer(serializers.Serializer):
    key = serializers.CharField(max_length=120, help_text=_("A key of the register (GET /api/v1/public/rules/)."))
    value = serializers.CharField(max_length=VALUE_MAX, help_text=_(
        "The new value as text, of the key's kind: \"600.00\", \"4\", \"09:00\", \"15\"."))
    effective_from = DateSerializerField(help_text=_("Tomorrow at the earliest."))
    effective_to = DateSerializerField(required=False, allow_null=True, default=None,
                                       help_text=_("The first day it no longer applies (optional)."))
    citation = serializers.CharField(max_length=CITATION_MAX, help_text=_("The section that sets the number."))
    reason = serializers.CharField(max_length=REASON_MAX, required=False, allow_blank=True, default="",
                                   help_text=_("Why the Board changes it; kept with the row."))


class DecisionRequestSerializer(serializers.Serializer):
    note = serializers.CharField(max_length=NOTE_MAX, required=False, allow_blank=True, default="", help_text=_(
        "Optional to approve; required to refuse (the person who proposed the change reads it)."))


class BoardNumberSerializer(PublicRuleSerializer):
    id = serializers.IntegerField()
    status = serializers.CharField(help_text=_("proposed (waiting for a second person), approved, refused or "
                                               "withdrawn."))
    reason = serializers.CharField()
    proposed_by = serializers.StringRelatedField(allow_null=True)
    proposed_at = serializers.DateTimeField()
    decided_by = serializers.StringRelatedField(allow_null=True)
    decided_at = serializers.DateTimeField(allow_null=True)
    decision_note = serializers.CharField()
    preview = serializers.SerializerMethodField(help_text=_(
        "What the change would do, in one sentence (a fee: how many applications in progress it reaches)."))

    def get_preview(self, number) -> str:
        if number.status != NumberStatus.PROPOSED:
            return ""  # once decided, "goes from ... to ..." would compare the row with itself
        found = preview_or_none(key=number.key, value=number.value, effective_from=number.effective_from)
        return found.sentence if found else ""
