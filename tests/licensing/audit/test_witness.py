"""The log anchors' witness outside the database (issue 25): each anchor run appends one signed batch to the
witness file (never rewriting it, making good a run that could not write), mails the same anchors as a block a
machine reads back, and `verify_logs --witness` reads the file, a folder, the digests saved as .eml or .mbox and
the saved public results pages, refusing a batch whose signature fails (named by file and line) and naming each
log whose database head is behind a witnessed one, with the witness it came from."""

import email
import email.policy
import json
import mailbox
import subprocess
from decimal import Decimal
from io import StringIO

import pytest
from django.core import mail
from django.core.management import CommandError, call_command
from django.urls import reverse

from bingo.live import services as bingo
from bingo.models import GameEvent, Hall
from core import signing
from licensing.audit.events import audit_event_record
from licensing.audit.tasks import log_anchors_record
from licensing.audit.witness import FILE_NAME, read_witnesses
from licensing.models import AuditChain, AuditEvent, LogAnchor
from licensing.models.audit import audit_chain_for
from montecarlo.models import TournamentEvent
from montecarlo.tournaments import services as tournaments
from montecarlo.tournaments.pdf import results_pdf
from tests.bingo.factories import live_game, record_all
from tests.core.tamper import triggers_off
from tests.licensing.factories import OrganizationFactory
from tests.montecarlo.factories import board_clock, play_to_one, running  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture
def witness_dir(settings, tmp_path):
    settings.LOG_ANCHOR_DIR = str(tmp_path / "witness")
    return tmp_path / "witness"


def grow(organization, count=1):
    for _ in range(count):
        audit_event_record(event_type="licensing.profile_updated", actor=None, organization=organization, payload={})


def lines(witness_dir) -> list[dict]:
    return [json.loads(line) for line in (witness_dir / FILE_NAME).read_text().splitlines()]


def verified(*paths) -> str:
    out = StringIO()
    call_command("verify_logs", *(arg for path in paths for arg in ("--witness", str(path))), stdout=out)
    return out.getvalue()


def refused(*paths) -> tuple[str, str]:
    err = StringIO()
    with pytest.raises(CommandError) as failure:
        call_command("verify_logs", *(arg for path in paths for arg in ("--witness", str(path))), stdout=StringIO(),
                     stderr=err)
    return str(failure.value), err.getvalue()


def cut_the_audit_trail(organization) -> None:
    """The forger's best without the keys: the trail's last row removed, its head moved back, and the anchor
    log's tail cut where that trail's anchors begin."""
    chain = audit_chain_for(organization.pk)
    last = AuditEvent.objects.filter(chain=chain).order_by("-seq").first()
    before = AuditEvent.objects.get(chain=chain, seq=last.seq - 1)
    first_anchor = LogAnchor.objects.filter(log_key=chain).order_by("seq").first()
    with triggers_off("licensing_auditevent", "licensing_auditchain", "licensing_loganchor") as cursor:
        cursor.execute("DELETE FROM licensing_auditevent WHERE id = %s", [last.pk])
        cursor.execute("UPDATE licensing_auditchain SET head_seq = %s, head_hash = %s WHERE chain = %s",
                       [before.seq, before.hash, chain])
        if first_anchor is not None:
            cursor.execute("DELETE FROM licensing_loganchor WHERE seq >= %s", [first_anchor.seq])
    call_command("verify_logs", stdout=StringIO())  # the database alone no longer tells


# --- writing ---


def test_each_run_appends_one_signed_batch_of_what_the_file_lacks(witness_dir, settings):
    organization = OrganizationFactory()
    grow(organization, 3)
    log_anchors_record.delay(reason="daily")
    [batch] = lines(witness_dir)
    anchor = LogAnchor.objects.get()
    assert batch["anchors"] == [{"seq": 1, "hash": anchor.hash, "log": "licensing.auditevent",
                                 "log_key": audit_chain_for(organization.pk), "head_seq": 3,
                                 "head_hash": anchor.head_hash}]
    assert (batch["format"], batch["reason"]) == ("log-anchors/1", "daily")
    public = signing.public_key_of(settings.LOG_ANCHOR_SIGNING_KEY)
    body = {name: value for name, value in batch.items() if name != "signature"}
    assert batch["key"] == public and signing.verify(body, batch["signature"], public)
    first = (witness_dir / FILE_NAME).read_bytes()

    log_anchors_record.delay(reason="periodic")  # nothing grew: nothing written
    assert (witness_dir / FILE_NAME).read_bytes() == first
    grow(organization)
    log_anchors_record.delay(reason="periodic")
    written = (witness_dir / FILE_NAME).read_bytes()
    assert written.startswith(first) and written.count(b"\n") == 2  # appended, never rewritten
    assert [(item["seq"], item["head_seq"]) for item in lines(witness_dir)[1]["anchors"]] == [(2, 4)]


def test_a_failed_write_is_logged_the_anchors_commit_and_the_next_run_writes_them(settings, tmp_path, caplog):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the folder should be")
    settings.LOG_ANCHOR_DIR = str(blocked)
    organization = OrganizationFactory()
    grow(organization, 2)
    assert log_anchors_record.delay(reason="daily").get() == {"anchored": 1}
    assert LogAnchor.objects.count() == 1 and "the witness file could not be written" in caplog.text

    blocked.unlink()
    log_anchors_record.delay(reason="periodic")  # nothing grew, but the file lacked an anchor
    [batch] = lines(blocked)
    assert [item["seq"] for item in batch["anchors"]] == [1]

    with open(blocked / FILE_NAME, "ab") as handle:  # a write torn by a crash
        handle.write(b'{"format": "log-anc')
    grow(organization)
    log_anchors_record.delay(reason="periodic")
    text = (blocked / FILE_NAME).read_text().splitlines()
    assert len(text) == 3 and [item["seq"] for item in json.loads(text[2])["anchors"]] == [2]
    witnesses = read_witnesses([blocked])
    assert witnesses.batches == 2
    assert witnesses.problems == [f"{blocked / FILE_NAME} line 2: not a batch of signed log anchors (log-anchors/1)"]


# --- the digest mail ---


def test_the_digest_mail_carries_the_signed_batch_and_verify_reads_it_back(tmp_path):
    organization = OrganizationFactory()
    grow(organization, 3)
    log_anchors_record.delay(reason="daily")
    grow(organization)
    log_anchors_record.delay(reason="periodic")
    first, second = mail.outbox
    assert "log | which | seq | hash" in first.body and "-----BEGIN SIGNED LOG ANCHORS-----" in first.body
    eml = tmp_path / "digest.eml"
    eml.write_bytes(second.message().as_bytes())
    box = mailbox.mbox(tmp_path / "audit.mbox")
    for message in (first, second):
        box.add(email.message_from_bytes(message.message().as_bytes(), policy=email.policy.default))
    box.flush()
    assert "1 signed batch and 0 pages" in verified(eml)
    assert "2 signed batches and 0 pages" in verified(tmp_path / "audit.mbox")

    cut_the_audit_trail(organization)
    message, printed = refused(eml)
    assert (f"FAILED the audit trail of {audit_chain_for(organization.pk)}, seq 4: missing rows: the log ends at "
            f"seq 3, behind the head seq 4 witnessed in {eml} block 1") in printed
    assert "failed verification" in message
    assert f"witnessed in {tmp_path / 'audit.mbox'} message 2 block 1" in refused(tmp_path / "audit.mbox")[1]


# --- believing a batch ---


def test_a_batch_whose_signature_fails_is_refused_naming_the_file_and_line(witness_dir, settings):
    organization = OrganizationFactory()
    grow(organization, 2)
    log_anchors_record.delay(reason="daily")
    grow(organization)
    log_anchors_record.delay(reason="daily")
    path = witness_dir / FILE_NAME
    first, second = path.read_text().splitlines()
    forged = json.loads(second)
    forged["anchors"][0]["head_seq"] = 9
    path.write_text(first + "\n" + json.dumps(forged) + "\n")
    message, printed = refused(witness_dir)
    assert f"FAILED witness {path} line 2: the signature does not verify: refused" in printed
    assert message.startswith(f"1 witness batch refused; first: {path} line 2")

    # Signed, but by a key the Board does not hold: refused too, unless it is a key the Board used before.
    other = signing.new_private_key()
    settings.LOG_ANCHOR_SIGNING_KEY = other
    path.unlink()
    log_anchors_record.delay(reason="daily")
    settings.LOG_ANCHOR_SIGNING_KEY = signing.development_key(settings.DEV_LOG_ANCHOR_KEY_LABEL)
    assert f"{path} line 1: signed with a key that is not the Board's ({signing.public_key_of(other)})" in \
        refused(witness_dir)[1]
    settings.LOG_ANCHOR_PUBLIC_KEYS = [signing.public_key_of(other)]
    assert "OK:" in verified(witness_dir)


def test_witness_paths_must_exist():
    with pytest.raises(CommandError, match="--witness /no/such/file: no such file or folder"):
        call_command("verify_logs", "--witness", "/no/such/file")


# --- the public results pages ---


def test_a_bingo_results_page_is_a_witness_of_each_game_it_shows(client, tmp_path):
    game, caller = live_game(prize=Decimal("100.00"))
    record_all(game, caller, [3, 18])
    bingo.game_close(actor=caller, game=game)  # the closing anchors are never committed here: none in the database
    game.refresh_from_db()
    hall = Hall.objects.create(operation=game.operation, premises=game.operation.premises, name="Main hall",
                               is_drawing_location=True, key="results-hall-key")
    page = tmp_path / "results.html"
    page.write_text(client.get(reverse("bingo:hall_results", args=[hall.key])).content.decode())
    assert f"bingo.gameevent {game.pk} seq 4 {game.head_hash}" in page.read_text()
    assert "0 signed batches and 1 page" in verified(page)

    before = GameEvent.objects.get(game=game, seq=3)
    with triggers_off("bingo_gameevent", "bingo_game") as cursor:  # the result removed, the game live again
        cursor.execute("DELETE FROM bingo_gameevent WHERE game_id = %s AND seq = 4", [game.pk])
        cursor.execute("UPDATE bingo_game SET head_seq = 3, head_hash = %s, status = 'live' WHERE id = %s",
                       [before.hash, game.pk])
    call_command("verify_logs", stdout=StringIO())
    assert (f"(id {game.pk}) of operation {game.operation_id}, seq 4: missing rows: the log ends at seq 3, behind "
            f"the head seq 4 witnessed in {page} (public page)") in refused(page)[1]


@pytest.mark.usefixtures("board_clock")  # hands are dealt within the licensed hours (1603.19)
def test_the_results_pdf_shows_the_log_head_and_its_text_is_a_witness(tmp_path):
    tournament, director = running(["Ana", "Ben", "Cy"])
    play_to_one(director, tournament)
    tournament = tournaments.results_publish(actor=director, tournament=tournament)
    tournament.refresh_from_db()
    pdf = tmp_path / "results.pdf"
    pdf.write_bytes(results_pdf(tournament))
    text = tmp_path / "results.txt"
    text.write_text(subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout)
    assert f"{tournament.head_seq} events" in text.read_text()
    [head] = read_witnesses([text]).of("montecarlo.tournamentevent", str(tournament.pk))
    assert (head.seq, head.hash) == (tournament.head_seq, tournament.head_hash)  # the whole hash, over lines
    verified(text)

    last = TournamentEvent.objects.get(tournament=tournament, seq=tournament.head_seq)
    with triggers_off("montecarlo_tournamentevent") as cursor:
        cursor.execute("UPDATE montecarlo_tournamentevent SET payload = '{}' WHERE id = %s", [last.pk])
    assert f"seq {tournament.head_seq}: altered or forged row" in refused(text)[1]


def test_a_page_that_shows_only_the_start_of_a_hash_is_matched_on_it(tmp_path):
    organization = OrganizationFactory()
    grow(organization, 2)
    chain = AuditChain.objects.get(chain=audit_chain_for(organization.pk))
    page = tmp_path / "copied.txt"
    page.write_text(f"licensing.auditevent {chain.chain} seq 2 {chain.head_hash[:12]}…\n")
    [head] = read_witnesses([page]).of("licensing.auditevent", chain.chain)
    assert head.prefix and head.hash == chain.head_hash[:12]
    verified(page)
    page.write_text(f"licensing.auditevent {chain.chain} seq 2 {'0' * 12}…\n")
    assert (f"seq 2: row differs from the head witnessed in {page} (public page) (matched on the start of the "
            "hash, all the witness shows)") in refused(page)[1]
