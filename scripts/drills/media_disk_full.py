"""Drill: the media folder's disk is full; an upload fails cleanly, and succeeds once there is room.

A PostgreSQL of the drill's own (never the machine's), migrated, and gunicorn on it as in production
(scripts/serve-http, 2 workers), with MEDIA_ROOT on a tmpfs of MEDIA_SIZE, filled to the last byte. Checked:
- an officer's upload through the portal's form answers its page again with the message on the file field;
- the same upload through the API answers 507 naming the field;
- nothing of either is kept: no document row, no audit event, no file (not even a partial one) in the media folder;
- once the filler is removed, both uploads are stored whole.
Mounting a tmpfs needs root. Last line: one JSON object of the figures; exit 0 when every check passed, 1 otherwise.

    .venv/bin/python scripts/drills/media_disk_full.py
"""

from __future__ import annotations

import errno
import html
import os
import re
import subprocess
import sys

from _portal import Answer, Portal, Report, multipart

MEDIA_SIZE = "256k"
FILLER = "filler.bin"
ROOM = 16 * 1024  # left free: an upload (40 KB) starts writing, then finds the disk full
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n" + b"%" * 40_000
MESSAGE = "The file could not be stored: the server's storage is full. Nothing was saved."
CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
CSRF_COOKIE = re.compile(r"csrftoken=([^;]+)")
FILE_ERRORS = re.compile(r'<ul class="errorlist" id="id_file_error">(.*?)</ul>', re.S)


def fill(media) -> int:
    """Write FILLER until the disk is full, then give back ROOM: less than an upload, so a write of one really
    starts and stops half way. The bytes the filler keeps."""
    try:
        with open(media / FILLER, "wb") as filler:
            while True:
                filler.write(b"\0" * 4096)
                filler.flush()
    except OSError as error:
        if error.errno != errno.ENOSPC:
            raise
    os.truncate(media / FILLER, (media / FILLER).stat().st_size - ROOM)
    return (media / FILLER).stat().st_size


def portal_upload(portal: Portal) -> Answer:
    """The documents page's form as a browser sends it: the page (its CSRF token and cookie), then the POST."""
    path = f"/portal/organizations/{portal.signed_in['organization']}/documents/"
    form = portal.get(path, signed_in=True)
    token, cookie = CSRF_INPUT.search(form.body).group(1), CSRF_COOKIE.search(form.headers["set-cookie"]).group(1)
    body, content_type = multipart({"kind": "bylaws", "csrfmiddlewaretoken": token},
                                   {"file": ("bylaws.pdf", PDF, "application/pdf")})
    return portal.request("POST", path, signed_in=True, body=body,
                          headers={"Content-Type": content_type, "Cookie": f"csrftoken={cookie}"})


def api_upload(portal: Portal) -> Answer:
    body, content_type = multipart({"kind": "lease"}, {"file": ("lease.pdf", PDF + b"lease", "application/pdf")})
    return portal.request("POST", f"/api/v1/organizations/{portal.signed_in['organization']}/documents/",
                          body=body, headers={"Content-Type": content_type,
                                              "Authorization": f"Token {portal.signed_in['token']}"})


def kept(portal: Portal, media) -> tuple[int, int, list[str]]:
    with portal.connect() as connection:
        rows = connection.execute("SELECT count(*) FROM licensing_document").fetchone()[0]
        events = connection.execute(
            "SELECT count(*) FROM licensing_auditevent WHERE event_type = 'licensing.document_uploaded'").fetchone()[0]
    files = sorted(str(path.relative_to(media)) for path in media.rglob("*") if path.is_file() and path.name != FILLER)
    return rows, events, files


def main() -> int:
    report = Report("media_disk_full")
    if os.geteuid() != 0:
        report.check(False, "mounting a tmpfs for the media folder needs root")
        return report.finish()
    portal = Portal("media")
    media = portal.folder / "media"
    mounted = False
    try:
        media.mkdir()
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={MEDIA_SIZE}", "tmpfs", str(media)], check=True)
        mounted = True
        portal.start_database(report)
        portal.start_web(report)
        filled = fill(media)
        report.say(f"MEDIA_ROOT on a tmpfs of {MEDIA_SIZE}, filled with {filled // 1024} KiB; free now: "
                   f"{os.statvfs(media).f_bavail * os.statvfs(media).f_frsize} bytes")

        page = portal_upload(portal)
        field_errors = FILE_ERRORS.search(page.body)
        on_field = html.unescape(field_errors.group(1)) if field_errors else ""
        report.check(page.status == 400 and MESSAGE in on_field,
                     f"portal form: {page.status}, on the file field: \"{re.sub(r'<[^>]+>', '', on_field).strip()}\"")
        api = api_upload(portal)
        error = api.json()["errors"][0] if api.status == 507 else {}
        report.check(api.status == 507 and error.get("field") == "file" and error.get("code") == "storage_full"
                     and MESSAGE in error.get("message", ""), f"API: {api.status} {error}")
        rows, events, files = kept(portal, media)
        report.check(rows == 0 and events == 0 and files == [],
                     f"nothing kept: {rows} document rows, {events} audit events, files {files}")

        (media / FILLER).unlink()
        report.say("the filler removed: room again")
        page_after, api_after = portal_upload(portal), api_upload(portal)
        rows_after, events_after, files_after = kept(portal, media)
        whole = all((media / name).stat().st_size in {len(PDF), len(PDF) + 5} for name in files_after)
        report.check(page_after.status == 302 and api_after.status == 201,
                     f"the same uploads now: portal {page_after.status}, API {api_after.status}")
        report.check(rows_after == 2 and events_after == 2 and len(files_after) == 2 and whole,
                     f"stored whole: {rows_after} rows, {events_after} audit events, files {files_after}")
        statuses = [page.status, api.status, page_after.status, api_after.status]
        report.check(500 not in statuses, f"no 500 ({statuses})")
        report.figures.update({
            "media_size": MEDIA_SIZE, "filled_kib": filled // 1024, "portal_full": page.status, "api_full": api.status,
            "rows_when_full": rows, "files_when_full": len(files), "portal_after": page_after.status,
            "api_after": api_after.status, "rows_after": rows_after, "files_after": len(files_after),
        })
    except Exception as error:  # the drill reports a crash as a failed check, with its figures so far
        report.check(False, f"the drill itself failed: {type(error).__name__}: {error}")
    finally:
        if portal.web is not None:
            portal.web.terminate()
            portal.web.wait(timeout=30)
        if mounted:
            subprocess.run(["umount", str(media)], check=False)
        portal.destroy()
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
