"""The portal under load: locust (headless, loopback only) against a server this script starts.

The mix of issue 15: 70% public visitors (home, license lookup with a search, fee calculator, vendor
registry, charity totals, the Monte Carlo game catalogue), 25% organization officers (sign in once, then
their home, organization page, applications and reports), 5% Board staff (sign in once, then the review
queue with and without the organization filter, and an application's review page); 1-3 s between pages
(benchmarks/_portal_users.py). Users arrive at 10 a second, then the run lasts --seconds.

Data: 100,000 applications across 5,000 organizations (benchmarks/board_queue.py's fill) plus the people
who sign in, in a database of its own beside the one DATABASE_URL names (`bench_portal`), seeded once and
reused; `--quick` uses it when it is there, otherwise seeds `bench_portal_small` (5,000 applications).
Without a PostgreSQL DATABASE_URL it uses a SQLite file in the temp directory (figures for a laptop only).

The server: `--server gunicorn` (scripts/serve-http as production runs it: config/gunicorn.py, WSGI, processes
of threads, persistent database connections: --conn-max-age, 0 for a connection per request), `uvicorn` (the
same gunicorn with uvicorn workers serving the ASGI application) or `daphne` (scripts/serve, what `make run`
runs); --workers and --threads set WEB_CONCURRENCY and GUNICORN_THREADS; DJANGO_DEBUG=false. A short warm-up
run (thrown away) first, so every worker has imported the application and compiled its templates.

Prints requests/s and p95 per page kind, the server's CPU, and last one JSON line: users, rps, p95_ms (every
request), worst_page and worst_p95_ms (of the pages browsed: the sign-in, whose Argon2 hash costs 150-190 ms by
design, has its own sign_in_p95_ms), failures, server, and every page kind's p95. Target (issue 15): 100 users,
every page kind p95 under 300 ms, no failure, on a 2-core machine. `--quick`: 20 users for 20 s."""

import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote, urlencode, urlsplit, urlunsplit

from _servers import free_port, start_server, stop_server, tree_cpu_ms

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks"
PASSWORD = "load-bench-pass-2026"  # noqa: S105 (a throwaway database's test accounts)
OFFICERS = 60
STAFF = 10
TOTP_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"  # noqa: S105 (the load accounts' authenticator app; a bench database)
SPAWN_RATE = 10  # users started per second
WARM_UP_USERS, WARM_UP_SECONDS = 10, 8
FULL = {"database": "bench_portal", "organizations": 5000, "applications": 100_000}
SMALL = {"database": "bench_portal_small", "organizations": 250, "applications": 5000}
TARGET_P95_MS = 300
PRODUCTION_CONN_MAX_AGE = 600  # config/settings.py's production default
SERVERS = ["gunicorn", "uvicorn", "daphne"]
SIGN_IN_KINDS = {"sign_in", "sign_in_form", "sign_in_code"}


def _postgres(url: str) -> bool:
    return url.startswith(("postgres://", "postgresql://"))


def _database_url(base: str, name: str) -> str:
    if not _postgres(base):
        return f"sqlite:///{Path(tempfile.gettempdir()) / (name + '.sqlite3')}"
    return urlunsplit(urlsplit(base)._replace(path=f"/{name}"))


def _seeded(url: str, applications: int) -> bool:
    """Whether the database exists and holds a finished seeding (it runs in one transaction)."""
    query = ("SELECT (SELECT count(*) FROM licensing_application) >= %s AND "
             "EXISTS (SELECT 1 FROM licensing_user WHERE email = 'load-staff-0@example.org')")
    try:
        if _postgres(url):
            import psycopg

            with psycopg.connect(url, connect_timeout=5) as connection:
                return bool(connection.execute(query, (applications,)).fetchone()[0])
        import sqlite3

        path = urlsplit(url).path
        if not Path(path).exists():
            return False
        with sqlite3.connect(path) as connection:
            return bool(connection.execute(query.replace("%s", "?"), (applications,)).fetchone()[0])
    except Exception:  # noqa: BLE001 (absent database or tables: not seeded)
        return False


def _create_database(base: str, name: str) -> None:
    if not _postgres(base):
        return
    import psycopg
    from psycopg import sql

    with psycopg.connect(base, autocommit=True) as admin:
        if not admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def choose_dataset(base: str, quick: bool) -> tuple[dict, str]:
    """The full dataset, or for --quick the full one if seeded already, else the small one."""
    full_url = _database_url(base, FULL["database"])
    if not quick or _seeded(full_url, FULL["applications"]):
        return FULL, full_url
    return SMALL, _database_url(base, SMALL["database"])


def _accounts_ready() -> None:
    """What sign-in asks of the load accounts, also on a database seeded before it was asked: a verified email
    address (allauth: bulk_create sends no post_save, so the portal's receiver made none) and, for Board staff,
    an authenticator app with the known secret (two-factor authentication, licensing.accounts.mfa)."""
    from allauth.account.models import EmailAddress

    from licensing.accounts.services import totp_authenticator_set
    from licensing.models import User

    accounts = User.objects.filter(email__startswith="load-").exclude(emailaddress__verified=True)
    EmailAddress.objects.bulk_create([EmailAddress(user=user, email=user.email, verified=True, primary=True)
                                      for user in accounts], ignore_conflicts=True)
    EmailAddress.objects.filter(user__email__startswith="load-").update(verified=True)  # one left unverified
    for user in User.objects.filter(email__startswith="load-staff-"):
        totp_authenticator_set(user=user, secret=TOTP_SECRET)


def seed(dataset: dict, url: str) -> None:
    """Migrates, then (once) fills the database in one transaction: board_queue.fill's organizations,
    applications and licenses, the officers (each in an organization with applications) and Board staff."""
    from django.contrib.auth.hashers import make_password
    from django.contrib.auth.models import Group
    from django.core.management import call_command
    from django.db import connection, transaction

    call_command("migrate", verbosity=0, interactive=False)  # also applies migrations added since the seeding
    if _seeded(url, dataset["applications"]):
        _accounts_ready()
        return
    from board_queue import fill

    from licensing.models import Membership, Organization, Role, User
    from licensing.models.users import BoardGroup

    started = time.perf_counter()
    with transaction.atomic():
        fill(dataset["organizations"], dataset["applications"])
        encoded = make_password(PASSWORD)  # one Argon2 hash for every account: the seeding stays fast
        organizations = list(Organization.objects.order_by("pk").values_list("pk", flat=True))
        officers = User.objects.bulk_create([
            User(email=f"load-officer-{n}@example.org", full_name=f"Load Officer {n}", password=encoded)
            for n in range(OFFICERS)])
        Membership.objects.bulk_create([
            Membership(user=officer, organization_id=organizations[(n * 37) % len(organizations)], role=Role.OFFICER)
            for n, officer in enumerate(officers)])
        staff = User.objects.bulk_create([
            User(email=f"load-staff-{n}@example.org", full_name=f"Load Staff {n}", password=encoded, is_staff=True)
            for n in range(STAFF)])
        Group.objects.get_or_create(name=BoardGroup.STAFF.value)[0].user_set.add(*staff)
        _accounts_ready()
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")  # what autovacuum does after a bulk load: statistics, visibility map
    print(f"seeded {dataset['applications']:,} applications in {time.perf_counter() - started:.0f} s", flush=True)


def _login_path() -> str:
    """The sign-in page: django-allauth's when it is installed, Django's LoginView's otherwise."""
    from django.urls import NoReverseMatch, reverse

    for name in ("account_login", "login"):
        try:
            return reverse(name)
        except NoReverseMatch:
            continue
    raise RuntimeError("no sign-in page: neither account_login nor login is a URL name")


def world() -> dict:
    """What the simulated people look at, read from the seeded database."""
    import random

    from licensing.models import Application, License, Membership, Organization
    from licensing.models.choices import OPEN_STATUSES, ApplicationStatus

    rng = random.Random(15)
    officers = []
    for membership in Membership.objects.filter(user__email__startswith="load-officer-").select_related("user"):
        applications = list(Application.objects.filter(organization_id=membership.organization_id)
                            .exclude(status=ApplicationStatus.DRAFT).values_list("pk", flat=True)[:10])
        officers.append({"email": membership.user.email, "organization": membership.organization_id,
                         "applications": applications})
    open_ids = list(Application.objects.filter(status__in=OPEN_STATUSES).values_list("pk", flat=True)[:2000])
    open_organizations = list(Organization.objects.filter(applications__status__in=OPEN_STATUSES).distinct()
                              .values_list("name", flat=True)[:500])
    numbers = list(License.objects.values_list("number", flat=True)[:500])
    words = sorted({name.split()[1] for name in open_organizations})
    fee_queries = [urlencode({"license_type": t, "license_class": c, "period": "regular", "kind": k})
                   for t, c in (("bingo", "A"), ("bingo", "B"), ("raffle", "2"), ("montecarlo", "1"))
                   for k in ("original", "renewal")]
    return {
        "login_path": _login_path(), "password": PASSWORD, "totp_secret": TOTP_SECRET,
        "officers": officers,
        "staff": [f"load-staff-{n}@example.org" for n in range(STAFF)],
        "review_ids": rng.sample(open_ids, min(len(open_ids), 500)),
        # Staff type a name as it reads on the application: the whole name of one organization.
        "organization_filters": [quote(name) for name in rng.sample(open_organizations,
                                                                    min(len(open_organizations), 200))],
        "lookup_terms": [quote(term) for term in words + rng.sample(numbers, min(len(numbers), 100))],
        "fee_queries": fee_queries,
    }


def run_locust(*, host: str, users: int, seconds: int, world_file: Path, prefix: Path, first_staff: int = 0) -> None:
    """`first_staff`: the staff account the run's first staff member signs in with (the others follow)."""
    command = [sys.executable, "-m", "locust", "-f", str(BENCH / "_portal_users.py"), "--headless",
               "--host", host, "--users", str(users), "--spawn-rate", str(SPAWN_RATE), "--run-time", f"{seconds}s",
               "--csv", str(prefix), "--only-summary", "--stop-timeout", "5", "--loglevel", "WARNING"]
    env = {**os.environ, "PORTAL_LOAD_WORLD": str(world_file), "PYTHONPATH": str(BENCH),
           "PORTAL_LOAD_FIRST_STAFF": str(first_staff)}
    log = prefix.with_suffix(".log")
    # locust exits 1 when a request failed: the failures are in the figures, not an error of this script.
    with log.open("wb") as output:
        subprocess.run(command, env=env, cwd=BENCH, stdout=output, stderr=output, check=False)
    if not prefix.with_name(prefix.name + "_stats.csv").exists():
        raise RuntimeError(f"locust wrote no figures: {log.read_text(errors='replace')[-2000:]}")


def read_stats(path: Path) -> tuple[dict, dict]:
    """Per page kind and aggregated: requests, failures, requests/s, median and p95 (locust's CSV)."""
    pages, total = {}, {}
    with path.open() as stats:
        for row in csv.DictReader(stats):
            figures = {"requests": int(row["Request Count"]), "failures": int(row["Failure Count"]),
                       "rps": round(float(row["Requests/s"]), 1), "median_ms": float(row["50%"] or 0),
                       "p95_ms": float(row["95%"] or 0), "max_ms": round(float(row["Max Response Time"] or 0))}
            if row["Name"] == "Aggregated":
                total = figures
            else:
                pages[row["Name"]] = figures
    return pages, total


def read_failures(path: Path) -> list[tuple[str, str, int]]:
    """locust's failures: the page kind, the reason and how often (most frequent first)."""
    if not path.exists():
        return []
    with path.open() as failures:
        rows = [(row["Name"], row["Error"], int(row["Occurrences"])) for row in csv.DictReader(failures)]
    return sorted(rows, key=lambda row: -row[2])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="20 users for 20 s (a small dataset if needed)")
    parser.add_argument("--users", type=int)
    parser.add_argument("--seconds", type=int)
    parser.add_argument("--server", choices=SERVERS, default="gunicorn",
                        help="gunicorn: scripts/serve-http as configured (WSGI, threads); uvicorn: the same with "
                             "uvicorn workers (ASGI); daphne: scripts/serve, as `make run`")
    parser.add_argument("--workers", type=int, help="gunicorn's processes (WEB_CONCURRENCY)")
    parser.add_argument("--threads", type=int, help="gunicorn's threads per process (GUNICORN_THREADS)")
    parser.add_argument("--conn-max-age", type=int, default=PRODUCTION_CONN_MAX_AGE,
                        help="DATABASE_CONN_MAX_AGE for the WSGI server (0: a connection per request; "
                             "the ASGI servers always use 0, config/asgi.py)")
    args = parser.parse_args()
    users = args.users or (20 if args.quick else 100)
    seconds = args.seconds or (20 if args.quick else 120)

    base = os.environ.get("DATABASE_URL", "")
    dataset, url = choose_dataset(base, args.quick)
    _create_database(base, dataset["database"])
    os.environ.update({"DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "config.settings"})
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.db import connections

    seed(dataset, url)
    people = world()
    connections.close_all()

    workdir = Path(tempfile.mkdtemp(prefix="portal-load-"))
    world_file = workdir / "world.json"
    world_file.write_text(json.dumps(people))
    port = free_port()
    # The development profile without debug (production's would insist on HTTPS and secure cookies), with the
    # database connections as production keeps them.
    env = {"DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "config.settings", "DJANGO_DEBUG": "false",
           "DATABASE_CONN_MAX_AGE": str(args.conn_max_age), "LOG_LEVEL": "WARNING"}
    if args.workers:
        env["WEB_CONCURRENCY"] = str(args.workers)
    if args.threads:
        env["GUNICORN_THREADS"] = str(args.threads)
    if args.server == "uvicorn":
        env["GUNICORN_WORKER_CLASS"] = "uvicorn.workers.UvicornWorker"
    conn_max_age = args.conn_max_age if args.server == "gunicorn" else 0
    command = [str(ROOT / ("scripts/serve" if args.server == "daphne" else "scripts/serve-http"))]
    server = None
    try:
        server = start_server(command, env=env, port=port, log=workdir / "server.log", name=args.server)
        # Every worker imports the application and compiles its templates on its first requests: a short
        # run first, whose figures are thrown away, so the measured one sees the servers as they run for days.
        run_locust(host=f"http://127.0.0.1:{port}", users=min(users, WARM_UP_USERS), seconds=WARM_UP_SECONDS,
                   world_file=world_file, prefix=workdir / "warm-up",
                   first_staff=STAFF // 2)  # not the measured run's accounts: their codes are seconds apart
        cpu_before, started = tree_cpu_ms(server.pid), time.perf_counter()
        run_locust(host=f"http://127.0.0.1:{port}", users=users, seconds=seconds, world_file=world_file,
                   prefix=workdir / "locust")
        cpu_after, elapsed = tree_cpu_ms(server.pid), time.perf_counter() - started
        pages, total = read_stats(workdir / "locust_stats.csv")
        failure_rows = read_failures(workdir / "locust_failures.csv")
        server_log = (workdir / "server.log").read_text(errors="replace")
    finally:
        stop_server(server)
        shutil.rmtree(workdir, ignore_errors=True)

    print(f"{users} users for {seconds} s on {args.server}, {dataset['applications']:,} applications "
          f"({connections['default'].vendor}), DATABASE_CONN_MAX_AGE={conn_max_age}")
    for name, figures in sorted(pages.items()):
        print(f"{name:26} {figures['requests']:6} req  {figures['rps']:5.1f}/s  median {figures['median_ms']:5.0f} ms"
              f"  p95 {figures['p95_ms']:5.0f} ms  max {figures['max_ms']:5} ms  failures {figures['failures']}")
    for name, error, count in failure_rows:  # why requests failed, so a run with failures says what to fix
        print(f"failed: {name}: {error} ({count} times)")
    server_cpu = round((cpu_after - cpu_before) / 10 / elapsed) if cpu_before is not None else None
    # Steadier than the times on a shared machine: what the server's processes spent per request.
    cpu_per_request = round((cpu_after - cpu_before) / total["requests"], 1) if cpu_before is not None else None
    print(f"{'all':26} {total['requests']:6} req  {total['rps']:5.1f}/s  p95 {total['p95_ms']:.0f} ms; "
          f"server CPU {server_cpu}% of one core, {cpu_per_request} ms a request")
    errors = [line for line in server_log.splitlines() if "Error" in line or "Traceback" in line]
    if errors:
        print(f"server log: {len(errors)} error lines, first: {errors[0][:200]}")
    # The target is for the pages people browse; a sign-in costs its Argon2 hash (150-190 ms of CPU by design, once
    # per person) and is reported on its own.
    browsing = {name: figures for name, figures in pages.items() if name not in SIGN_IN_KINDS}
    worst = max(browsing, key=lambda name: browsing[name]["p95_ms"])
    print(json.dumps({
        "users": users, "rps": total["rps"], "p95_ms": total["p95_ms"], "worst_page": worst,
        "worst_p95_ms": pages[worst]["p95_ms"], "failures": total["failures"], "server": args.server,
        "sign_in_p95_ms": pages.get("sign_in", {}).get("p95_ms"),
        "seconds": seconds, "applications": dataset["applications"], "database": connections["default"].vendor,
        "conn_max_age": conn_max_age, "server_cpu_pct": server_cpu,
        "server_cpu_ms_per_request": cpu_per_request, "target_p95_ms": TARGET_P95_MS,
        "pages_p95_ms": {name: figures["p95_ms"] for name, figures in sorted(pages.items())},
    }))


if __name__ == "__main__":
    main()
