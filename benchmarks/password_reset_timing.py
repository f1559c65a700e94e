"""Does the password reset page answer in the same time for an address with an account and one without?

allauth's reset page (with ACCOUNT_PREVENT_ENUMERATION) mails both: the reset link to a known address, "no account
here" to an unknown one, each rendered and queued by core.mail.mail_send (an outbox row, then its task); here the
task's queue is a list, as a broker would be, so the figures are the request alone (allauth's per-address rate limit
is lifted for the run). Prints the median and p95 of each and their ratio. Last line: one JSON object. `--quick`
runs a small version."""

import json
import secrets
import statistics

from _django import runs_requested, test_database, timed


def main() -> None:
    runs = runs_requested(quick=30, full=300, per="address")
    with test_database() as connection:
        from django.test import Client, override_settings

        from core.models import MailOutbox
        from core.tasks import outbox_send
        from licensing.models import User

        override_settings(ACCOUNT_RATE_LIMITS={"reset_password": None, "login_failed": None}).enable()

        User.objects.create_user(email="known@example.org", full_name="Known Person",
                                 password=secrets.token_urlsafe(16))
        queued: list[dict] = []
        outbox_send.apply_async = lambda kwargs=None, **options: queued.append(kwargs)  # the broker's part
        client = Client()
        addresses = {"known": "known@example.org", "unknown": "nobody@example.org"}
        for email in addresses.values():
            assert client.post("/accounts/password/reset/", {"email": email}).status_code == 302  # warm up
        # Interleaved, so a warming cache or a busy machine weighs on both alike.
        samples = {name: [] for name in addresses}
        for _ in range(runs):
            for name, email in addresses.items():
                samples[name].append(timed(lambda email=email: client.post("/accounts/password/reset/",
                                                                           {"email": email}), 1)["median_ms"])
        figures = {name: {"median_ms": round(statistics.median(values), 3),
                          "p95_ms": round(sorted(values)[int(0.95 * (len(values) - 1))], 3)}
                   for name, values in samples.items()}
        for name, figure in figures.items():
            print(f"{name:8} median {figure['median_ms']:7.3f} ms  p95 {figure['p95_ms']:7.3f} ms")
        mailed = MailOutbox.objects.filter(pk__in=[item["outbox_id"] for item in queued]).values_list("to", flat=True)
        assert {address for to in mailed for address in to} == {"known@example.org", "nobody@example.org"}

    ratio = round(figures["known"]["median_ms"] / (figures["unknown"]["median_ms"] or 1), 3)
    print(f"known / unknown median: {ratio}")
    print(json.dumps({"known_median_ms": figures["known"]["median_ms"],
                      "unknown_median_ms": figures["unknown"]["median_ms"], "known_vs_unknown": ratio,
                      "database": connection.vendor, "runs": runs}))


if __name__ == "__main__":
    main()
