"""Anchors: once a day, every few minutes while logs grow, and at every close (a game, a tournament, a
raffle's sales and its drawing), the head of every log that grew goes into the anchor table and to the
Board's audit address; closed games and published tournaments show their heads on their public results."""

from decimal import Decimal
from io import StringIO

import pytest
from django.conf import settings
from django.core import mail
from django.core.management import CommandError, call_command
from django.urls import reverse

from bingo.live import services as bingo
from bingo.models import GameEvent, Hall
from config.celery import app as celery_app
from licensing.audit.events import audit_event_record
from licensing.audit.tasks import log_anchors_record
from licensing.models import AnchorReason, AuditEvent, LogAnchor, Role
from licensing.models.audit import audit_chain_for
from licensing.models.choices import LicenseType
from licensing.reports.drawings.services import drawing_draw, drawing_sales_close, drawing_schedule
from montecarlo.tournaments import services
from tests.bingo.factories import live_game, record_all
from tests.core.tamper import triggers_off
from tests.licensing.factories import OrganizationFactory, in_charge, license_for, member, raffle_ready
from tests.montecarlo.factories import board_clock, play_to_one, running  # noqa: F401

pytestmark = pytest.mark.django_db


def test_the_daily_run_anchors_each_log_that_grew_and_mails_the_digest():
    organization = OrganizationFactory()
    for number in range(3):
        audit_event_record(event_type="licensing.profile_updated", actor=None, organization=organization,
                           payload={"n": number})
    assert log_anchors_record.delay(reason="daily").get() == {"anchored": 1}
    anchor = LogAnchor.objects.get()
    assert (anchor.log, anchor.log_key, anchor.head_seq) == ("licensing.auditevent",
                                                            audit_chain_for(organization.pk), 3)
    assert anchor.reason == AnchorReason.DAILY
    [digest] = mail.outbox
    assert digest.to == settings.BOARD_AUDIT_EMAIL and "1 log (daily)" in digest.subject
    assert f"licensing.auditevent | organization:{organization.pk} | 3 | {anchor.head_hash}" in digest.body
    assert f"Anchor log head: seq 1 {anchor.hash}" in digest.body

    # Nothing grew: nothing anchored, nothing mailed.
    assert log_anchors_record.delay(reason="daily").get() == {"anchored": 0}
    assert len(mail.outbox) == 1
    audit_event_record(event_type="licensing.profile_updated", actor=None, organization=organization, payload={})
    assert log_anchors_record.delay(reason="daily").get() == {"anchored": 1}
    assert LogAnchor.objects.order_by("-seq").first().head_seq == 4


def test_a_log_cut_short_is_not_anchored_again():
    organization = OrganizationFactory()
    for _ in range(3):
        audit_event_record(event_type="licensing.profile_updated", actor=None, organization=organization, payload={})
    log_anchors_record(reason="daily")
    chain = audit_chain_for(organization.pk)
    second = AuditEvent.objects.get(chain=chain, seq=2)
    with triggers_off("licensing_auditevent") as cursor:  # the forger moves the trail's head back too
        cursor.execute("DELETE FROM licensing_auditevent WHERE chain = %s AND seq = 3", [chain])
        cursor.execute("UPDATE licensing_auditchain SET head_seq = 2, head_hash = %s WHERE chain = %s",
                       [second.hash, chain])
    assert log_anchors_record(reason="daily") == {"anchored": 0}
    with pytest.raises(CommandError, match="anchored at seq 3"):
        call_command("verify_logs", "--organization", str(organization.pk))


def test_closing_a_game_anchors_it(django_capture_on_commit_callbacks, client):
    game, caller = live_game(prize=Decimal("100.00"))
    record_all(game, caller, [3, 18])
    with django_capture_on_commit_callbacks(execute=True):
        bingo.game_close(actor=caller, game=game)
    game.refresh_from_db()
    anchor = LogAnchor.objects.get(log="bingo.gameevent", log_key=str(game.pk))
    assert (anchor.head_seq, anchor.head_hash, anchor.reason) == (game.head_seq, game.head_hash, "close")
    assert game.head_seq == GameEvent.objects.filter(game=game).count() == 4  # start, two calls, close

    # The public results of the hall show the head anyone can compare with the Board's anchors.
    hall = Hall.objects.create(operation=game.operation, premises=game.operation.premises, name="Main hall",
                               is_drawing_location=True, key="results-hall-key")
    page = client.get(reverse("bingo:hall_results", args=[hall.key]))
    assert page.status_code == 200
    assert game.head_hash in page.content.decode() and "4 events" in page.content.decode()


@pytest.mark.usefixtures("board_clock")  # hands are dealt within the licensed hours (1603.19)
def test_finishing_and_publishing_a_tournament_anchor_it(django_capture_on_commit_callbacks, client):
    tournament, director = running(["Ana", "Ben", "Cy"])
    public = reverse("montecarlo:public_results", args=[tournament.public_key])
    assert client.get(public).status_code == 404  # nothing published yet
    with django_capture_on_commit_callbacks(execute=True):
        play_to_one(director, tournament)
    tournament.refresh_from_db()
    assert LogAnchor.objects.filter(log="montecarlo.tournamentevent", log_key=str(tournament.pk),
                                    head_seq=tournament.head_seq).exists()
    with django_capture_on_commit_callbacks(execute=True):
        tournament = services.results_publish(actor=director, tournament=tournament)
    tournament.refresh_from_db()
    anchor = LogAnchor.objects.filter(log="montecarlo.tournamentevent", log_key=str(tournament.pk)).latest("seq")
    assert (anchor.head_seq, anchor.head_hash) == (tournament.head_seq, tournament.head_hash)
    page = client.get(public)
    assert page.status_code == 200 and tournament.head_hash in page.content.decode()
    out = StringIO()
    call_command("verify_logs", "--tournament", str(tournament.pk), stdout=out)
    assert out.getvalue().startswith("OK: 1 log")


def test_the_daily_anchor_run_is_scheduled_and_registered():
    entry = settings.CELERY_BEAT_SCHEDULE["licensing-log-anchors-daily"]
    assert entry["task"] == "licensing.audit.tasks.log_anchors_record"
    celery_app.loader.import_default_modules()
    assert entry["task"] in celery_app.tasks


def test_logs_that_grow_are_anchored_every_few_minutes():
    entry = settings.CELERY_BEAT_SCHEDULE["licensing-log-anchors-periodic"]
    assert settings.LOG_ANCHOR_MINUTES == 5 and entry["schedule"] == 5 * 60
    assert (entry["task"], entry["kwargs"]) == ("licensing.audit.tasks.log_anchors_record", {"reason": "periodic"})
    organization = OrganizationFactory()
    audit_event_record(event_type="licensing.profile_updated", actor=None, organization=organization, payload={})
    assert log_anchors_record.delay(**entry["kwargs"]).get() == {"anchored": 1}
    assert LogAnchor.objects.get().reason == AnchorReason.PERIODIC
    assert log_anchors_record.delay(**entry["kwargs"]).get() == {"anchored": 0}  # nothing grew: nothing anchored


def test_closing_a_raffles_sales_and_drawing_it_anchor_its_record(django_capture_on_commit_callbacks):
    raffle = raffle_ready(license_for(license_type=LicenseType.RAFFLE, license_class="2", number="RF-2027-20001",
                                      application__first_ticket_number=100, application__last_ticket_number=199,
                                      application__tickets_printed=100))
    officer = member(raffle.organization, Role.OFFICER)
    drawing = drawing_schedule(actor=officer, license=raffle, prizes=1, seed_source=lambda: bytes(32))
    with django_capture_on_commit_callbacks(execute=True):
        drawing = drawing_sales_close(actor=officer, drawing=drawing, sold=[100, 101, 102], returned=[],
                                      buyers_age_declared=True)
    anchored = LogAnchor.objects.filter(log="licensing.raffledrawingevent", log_key=str(drawing.pk))
    assert list(anchored.values_list("head_seq", "reason")) == [(2, "close")]
    with django_capture_on_commit_callbacks(execute=True):
        drawing = drawing_draw(actor=officer, drawing=drawing, in_charge=in_charge(raffle))
    assert list(anchored.order_by("seq").values_list("head_seq", "head_hash")) == [
        (2, drawing.events.get(seq=2).hash), (3, drawing.head_hash)]


def test_verify_logs_names_what_it_checked_and_refuses_unknown_logs():
    audit_event_record(event_type="licensing.profile_updated", actor=None, organization=None, payload={})
    out = StringIO()
    call_command("verify_logs", "--log", "audit", "-v", "2", stdout=out)
    assert "OK the Board's audit trail: 1 rows" in out.getvalue()
    with pytest.raises(CommandError, match="unknown log nonsense"):
        call_command("verify_logs", "--log", "nonsense")
    with pytest.raises(CommandError, match="--id needs exactly one --log"):
        call_command("verify_logs", "--id", "1")
    with pytest.raises(CommandError, match="one record at a time"):
        call_command("verify_logs", "--organization", "1", "--log", "audit")
    with pytest.raises(CommandError, match="no bingo operation 999999"):
        call_command("verify_logs", "--operation", "999999")
