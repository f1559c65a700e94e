"""The possible-match API's input and answers (licensing/matches/api.py): the shape of the input only; the reason
required and the pair still open are the service's."""

from rest_framework import serializers

from licensing.matches.selectors import OPEN, RULES, TIES
from licensing.models import MatchDecision


class MatchSerializer(serializers.Serializer):
    """A pair of records that may name the same person, each described."""

    rule = serializers.CharField(help_text='"30 DCMR 1401.13" or "30 DCMR 1206.4(e)".')
    person = serializers.CharField(help_text='The record decided on, e.g. "licensing.responsibleperson:12".')
    person_name = serializers.CharField()
    person_record = serializers.CharField(help_text="What the person's record is, as staff read it.")
    other = serializers.CharField(help_text='The record it may match, e.g. "vendors.owner:7".')
    other_name = serializers.CharField()
    other_record = serializers.CharField()
    organization = serializers.IntegerField(source="organization_id", allow_null=True,
                                            help_text="Whose record the person is.")
    organization_name = serializers.CharField()
    sameness = serializers.ChoiceField(choices=["possible", "match"],
                                       help_text="possible: the same name, a date of birth missing; match: the same "
                                                 "name and date of birth.")
    decided = serializers.BooleanField(allow_null=True, help_text="Staff's decision: true the same person, false "
                                                                  "another, null not decided.")


class MatchDecisionSerializer(serializers.ModelSerializer):
    organization_name = serializers.CharField(source="organization.name", read_only=True, allow_null=True,
                                              default=None)
    decided_by_name = serializers.CharField(source="decided_by.full_name", read_only=True)

    class Meta:
        model = MatchDecision
        fields = ["id", "rule", "person", "person_name", "other", "other_name", "same", "reason", "organization",
                  "organization_name", "decided_by", "decided_by_name", "decided_at"]


class MatchDecideSerializer(serializers.Serializer):
    rule = serializers.ChoiceField(choices=list(RULES))
    person = serializers.CharField(max_length=60)
    other = serializers.CharField(max_length=60)
    same = serializers.BooleanField(help_text="true: the same person (confirm); false: another person (dismiss).")
    # Blank reaches the service, which answers naming the field and the rule.
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=2000,
                                   trim_whitespace=True)


class MatchListQuerySerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=[OPEN, TIES], required=False, default=OPEN)
