"""Board staff's decision on a possible match (30 DCMR 1401.13, 1206.4(e)): the same person (confirmed: it blocks
like a match) or another person (dismissed: it is no longer asked about), always with a reason. A decision is
final, like a vote: a pair is decided once."""

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from core.findings import Finding, RuleError
from core.people import Sameness
from licensing.matches import events
from licensing.matches.selectors import RULES, match_find
from licensing.models import MatchDecision, User

REASON_MAX_LENGTH = 2000


def _require_board_staff(actor: User) -> None:
    if actor is None or not actor.is_authenticated or not actor.is_board_staff:
        raise PermissionDenied(_("Only Board staff decide possible matches."))


@transaction.atomic
def match_decide(*, actor: User, rule: str, person: str, other: str, same: bool, reason: str) -> MatchDecision:
    """Record that the two records name the same person (`same`) or not, with the reason; audited on the trail of
    the organization whose record the person is."""
    _require_board_staff(actor)
    if rule not in RULES:
        raise ValidationError({"rule": _("Choose the rule of the possible match: %(rules)s.")
                               % {"rules": ", ".join(RULES)}}, code="invalid")
    errors: dict[str, list] = {}
    reason = (reason or "").strip()
    if not reason:
        errors["reason"] = [RuleError(Finding(rule, _(
            "Give the reason for the decision: staff confirm or dismiss a possible match with a reason (%(rule)s).")
            % {"rule": rule}, field="reason"))]
    elif len(reason) > REASON_MAX_LENGTH:
        errors["reason"] = [ValidationError(_("Keep the reason to %(max)s characters.") % {"max": REASON_MAX_LENGTH},
                                            code="max_length")]
    if not isinstance(same, bool):
        errors["same"] = [ValidationError(_("Say whether the two records are the same person."), code="invalid")]
    match = None
    if MatchDecision.objects.filter(rule=rule, person=person, other=other).exists():
        errors["other"] = [ValidationError(_("This possible match is already decided; a decision is final."),
                                           code="decided")]
    else:
        match = match_find(rule=rule, person=person, other=other)
        if match is None:
            errors["other"] = [ValidationError(_("These two records are no possible match of %(rule)s (the names "
                                                 "differ, or a record is no longer current).") % {"rule": rule},
                                               code="no_match")]
        elif match.sameness == Sameness.MATCH:
            errors["other"] = [ValidationError(_("The two records have the same name and date of birth: that is a "
                                                 "match, not a possible match, and needs no decision (%(rule)s).")
                                               % {"rule": rule}, code="match")]
        elif match.decided is not None:
            errors["other"] = [ValidationError(_("Staff already decided this possible match for another record of "
                                                 "the same person in this organization; a decision is final."),
                                               code="decided")]
    if errors:
        raise ValidationError(errors)
    decision = MatchDecision(rule=rule, person=person, person_name=match.person_name, other=other,
                             other_name=match.other_name, same=same, reason=reason,
                             organization_id=match.organization_id, decided_by=actor)
    decision.full_clean(validate_constraints=False)
    try:
        with transaction.atomic():
            decision.save()
    except IntegrityError:  # decided at the same moment by someone else
        raise ValidationError({"other": [ValidationError(
            _("This possible match is already decided; a decision is final."), code="decided")]}) from None
    events.match_decided(actor=actor, decision=decision, rule=rule, person=person, other=other, same=same,
                         reason=reason)
    return decision
