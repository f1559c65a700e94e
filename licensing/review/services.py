"""Board review after submission: deficiency notices, votes, approval and denial.

Board staff review and record; board members vote. An application is approved the moment the affirmative votes
reach the quorum in force that day (30 DCMR 1202.4, the register's `review.quorum`). Its license is issued in the
same transaction when its fee is settled (paid in full, waived, or none due); otherwise the application waits,
approved, for its fee, and the payment that settles it issues the license (licensing.fees.payments)."""

import datetime as dt

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured, PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.findings import Finding, RuleViolation
from core.money import money_text
from licensing.accounts.mfa import mfa_require
from licensing.licenses.rules import reasons_for_licensee
from licensing.licenses.services import license_issue, license_terms
from licensing.licenses.settlement import fee_settlement
from licensing.models import Application, Decision, DeficiencyNotice, User, Vote
from licensing.models.choices import OPEN_STATUSES, ApplicationStatus, DenialReason, LicenseType, VoteChoice
from licensing.models.review import MAX_VOTE_COMMENT_CHARACTERS
from licensing.organizations.mail import organization_email_after_commit
from licensing.register.values import value
from licensing.review import events
from licensing.review.rules import CURE_DAYS_KEY, DENIAL_RULE, QUORUM_KEY, QUORUM_RULE, quorum_problem

MAX_CURE_DAYS = 365


class VoteAlreadyCast(Exception):
    """A board member votes once per application (30 DCMR 1202.4); the API answers 409."""

    code = "already_voted"
    rule = QUORUM_RULE

    def __init__(self, message: str | None = None):
        self.message = message or gettext("30 DCMR 1202.4: you have already voted on this application.")
        super().__init__(self.message)


def _locked(application: Application) -> Application:
    # Locking the application serializes every review write on it: two last votes cannot both
    # reach the quorum, a notice cannot cross a vote.
    return Application.objects.select_for_update().get(pk=application.pk)


def _require_status(application: Application, allowed: tuple, message) -> None:
    if application.status not in allowed:
        raise ValidationError({"status": message}, code="invalid_status")


def _has_voted(*, application: Application, actor: User) -> bool:
    return Vote.objects.filter(application=application, member=actor).exists()


def _tally(application: Application) -> dict[str, int]:
    counts = Vote.objects.filter(application=application).aggregate(
        ayes=Count("pk", filter=Q(choice=VoteChoice.AYE)), nays=Count("pk", filter=Q(choice=VoteChoice.NAY))
    )
    return {"ayes": counts["ayes"] or 0, "nays": counts["nays"] or 0}


@transaction.atomic
def deficiency_notice_issue(
    *, actor: User, application: Application, message: str, cure_days: int | None = None
) -> DeficiencyNotice:
    if not actor.is_board_staff:
        raise PermissionDenied(_("Only board staff issue deficiency notices."))
    message = (message or "").strip()
    if not message:
        raise ValidationError({"message": _("Say what is deficient and what the organization must send.")})
    today = timezone.localdate()
    cure_days = value(CURE_DAYS_KEY, today) if cure_days is None else cure_days  # the Board's standard, today
    if isinstance(cure_days, bool) or not isinstance(cure_days, int) or not 1 <= cure_days <= MAX_CURE_DAYS:
        raise ValidationError(
            {"cure_days": _("The time to cure is a whole number of days from 1 to %(max)d.") % {"max": MAX_CURE_DAYS}}
        )
    application = _locked(application)
    _require_status(
        application, (ApplicationStatus.SUBMITTED,), _("Only a submitted application can be found deficient.")
    )

    notice = DeficiencyNotice(
        application=application,
        message=message,
        cure_by=today + dt.timedelta(days=cure_days),
        issued_by=actor,
    )
    notice.full_clean()
    notice.save()
    application.status = ApplicationStatus.DEFICIENT
    application.save(update_fields=["status", "updated_at"])
    events.deficiency_notice_issued(actor=actor, application=application, message=message, notice=notice)
    organization_email_after_commit(
        organization=application.organization,
        subject=gettext("Deficiency notice on your application #%(pk)d") % {"pk": application.pk},
        template="licensing/email/deficiency_notice.txt",
        context={"application": application, "message": message, "cure_by": notice.cure_by},
    )
    return notice


def deficiency_notices_expire(*, today: dt.date | None = None) -> list[Application]:
    """Withdraw every application whose open notice's cure date has passed (the cure date itself still counts).

    Each withdrawal is its own transaction, re-checked under a lock, so a second run (or two at once)
    changes nothing and one failure does not hold back the others."""
    today = today or timezone.localdate()
    due = list(
        DeficiencyNotice.objects.filter(
            cured_at__isnull=True, expired_at__isnull=True, cure_by__lt=today,
            application__status=ApplicationStatus.DEFICIENT,
        ).values_list("pk", flat=True)
    )
    withdrawn = []
    for notice_pk in due:
        application = deficiency_notice_expire(notice_pk=notice_pk, today=today)
        if application is not None:
            withdrawn.append(application)
    return withdrawn


@transaction.atomic
def deficiency_notice_expire(*, notice_pk: int, today: dt.date) -> Application | None:
    notice = DeficiencyNotice.objects.select_for_update().filter(pk=notice_pk).first()
    if notice is None or not notice.is_open or notice.cure_by >= today:
        return None
    application = _locked(notice.application)
    if application.status != ApplicationStatus.DEFICIENT:
        return None
    notice.expired_at = timezone.now()
    notice.save(update_fields=["expired_at"])
    application.status = ApplicationStatus.WITHDRAWN
    application.save(update_fields=["status", "updated_at"])
    organization = application.organization
    events.deficiency_notice_expired(organization=organization, notice=notice, application=application)
    events.application_withdrawn(actor=None, application=application, notice=notice)
    organization_email_after_commit(
        organization=organization,
        subject=gettext("Your application #%(pk)d was withdrawn") % {"pk": application.pk},
        template="licensing/email/application_withdrawn.txt",
        context={"application": application, "cure_by": notice.cure_by},
    )
    return application


@transaction.atomic
def vote_cast(*, application: Application, actor: User, choice: str, comment: str = "") -> Vote:
    """A board member's vote, with an optional comment the rest of the Board reads beside it."""
    mfa_require(actor)  # first, so a board member who has not passed a second factor is told that
    if not actor.is_board_member:
        raise PermissionDenied(_("Only board members vote (30 DCMR 1202.4)."))
    if choice not in VoteChoice.values:
        raise ValidationError({"choice": _("Vote aye, nay, abstain or recused.")}, code="invalid_choice")
    comment = str(comment or "").strip()
    if len(comment) > MAX_VOTE_COMMENT_CHARACTERS:
        raise ValidationError({"comment": _("A comment is at most %(count)d characters.") % {
            "count": MAX_VOTE_COMMENT_CHARACTERS}}, code="max_length")
    application = _locked(application)
    if _has_voted(application=application, actor=actor):
        raise VoteAlreadyCast()
    _require_status(
        application, (ApplicationStatus.SUBMITTED,),
        _("Only a submitted application without an open deficiency notice is voted on."),
    )
    tally = _tally(application)
    # Every aye cast so far counts against the quorum in force on the day of this vote.
    quorum = value(QUORUM_KEY, timezone.localdate())
    problem = quorum_problem(quorum)
    if problem:  # the portal refuses such a row; this stops one that came in another way (a pack, the database)
        raise ImproperlyConfigured(problem)
    reaches_quorum = choice == VoteChoice.AYE and tally["ayes"] + 1 >= quorum
    if reaches_quorum:
        license_terms(application=application)  # a license that cannot issue stops the vote before any write

    try:
        with transaction.atomic():  # the unique constraint is the last word if two requests race
            vote = Vote.objects.create(application=application, member=actor, choice=choice, comment=comment)
    except IntegrityError:
        raise VoteAlreadyCast()
    tally = {"ayes": tally["ayes"] + (choice == VoteChoice.AYE), "nays": tally["nays"] + (choice == VoteChoice.NAY)}
    events.vote_cast(actor=actor, application=application, choice=choice, tally=tally, quorum=quorum, comment=comment,
                     vote=vote)
    if reaches_quorum:
        _approve(application=application, ayes=tally["ayes"], nays=tally["nays"], quorum=quorum)
    return vote


def _approve(*, application: Application, ayes: int, nays: int, quorum: int) -> None:
    decision = Decision.objects.create(application=application, approved=True, ayes=ayes, nays=nays)
    application.status = ApplicationStatus.APPROVED
    application.decided_at = decision.decided_at
    application.save(update_fields=["status", "decided_at", "updated_at"])
    settlement = fee_settlement(application=application)
    events.application_approved(application=application, ayes=ayes, nays=nays, quorum=quorum, decision=decision,
                                settlement=settlement)
    if settlement.settled:
        license_issue(application=application)
        return
    organization_email_after_commit(
        organization=application.organization,
        subject=gettext("The Board approved your application #%(pk)d: its fee is due") % {"pk": application.pk},
        template="licensing/email/application_approved_fee_due.txt",
        context={"application": application, "balance": money_text(settlement.balance),
                 "payable_to": settings.FEE_PAYABLE_TO},
    )


def _clean_reasons(reasons) -> list[str]:
    if isinstance(reasons, str):
        reasons = [reasons]
    cleaned = sorted({str(reason).strip().lower() for reason in (reasons or [])})
    if not cleaned or any(reason not in DenialReason.values for reason in cleaned):
        raise RuleViolation(Finding(
            DENIAL_RULE,
            gettext("a denial gives one or more of the reasons (a) to (f)."),
            field="reasons",
        ))
    return cleaned


@transaction.atomic
def application_deny(*, actor: User, application: Application, reasons: list[str], explanation: str) -> Decision:
    """Board staff record the Board's denial and its reasons under 30 DCMR 1210.1 (a)-(f)."""
    if not actor.is_board_staff:
        raise PermissionDenied(_("Only board staff record the Board's decisions."))
    reasons = _clean_reasons(reasons)
    misfit = reasons_for_licensee(reasons, vendor=application.license_type == LicenseType.VENDOR)
    if misfit:
        raise RuleViolation(misfit)
    explanation = (explanation or "").strip()
    if not explanation:
        raise ValidationError({"explanation": _("Explain the Board's denial to the organization.")})
    application = _locked(application)
    _require_status(application, OPEN_STATUSES, _("Only a pending application can be denied."))

    tally = _tally(application)
    decision = Decision.objects.create(
        application=application, approved=False, reasons=reasons, explanation=explanation, decided_by=actor, **tally
    )
    application.status = ApplicationStatus.DENIED
    application.decided_at = decision.decided_at
    application.save(update_fields=["status", "decided_at", "updated_at"])
    events.application_denied(actor=actor, application=application, reasons=reasons, explanation=explanation,
                              tally=tally, decision=decision)
    labels = "\n".join(f"- {DenialReason(reason).label}" for reason in reasons)
    organization_email_after_commit(
        organization=application.organization,
        subject=gettext("The Board denied your application #%(pk)d") % {"pk": application.pk},
        template="licensing/email/application_denied.txt",
        context={"application": application, "reasons": labels, "explanation": explanation},
    )
    return decision
