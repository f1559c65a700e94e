"""Several processes of each kind on one PostgreSQL and one Redis, behind nginx on loopback.

`scripts/cluster` (`make cluster`, `make cluster-stop`) starts one for people to use; the failure drills
(scripts/drills/), the cluster's test and `benchmarks/cluster_load.py` start their own with this class and kill and
restart its processes one by one. The topology is the one docs/operations.md describes for production:

- nginx in front: `/ws/` to the daphne processes, everything else to the gunicorn processes; a request a killed
  upstream refused is tried on the next one (nginx's `proxy_next_upstream error timeout`, for requests that are
  safe to retry: nginx never retries a POST that was already sent);
- `gunicorn` processes (scripts/serve-http, WSGI, one worker of GUNICORN_THREADS threads each, persistent database
  connections as in production);
- `daphne` processes (scripts/serve: the websockets; flashboards, consoles, clocks);
- Celery workers, each named, and exactly one beat.

Every process keeps no state of its own: sessions are in PostgreSQL, the cache, the channel layer's groups and
the task queue in Redis. That is what lets any of them die while the others carry on.

The state (ports, process ids) is kept in `<folder>/cluster.json`, so `scripts/cluster stop` can stop a cluster
another command started; every process runs in a session of its own and outlives the command that started it."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass, field
from pathlib import Path

from testkit.private_services import free_port, wait_for_port

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent


@dataclass
class Member:
    """One process of the cluster."""

    name: str  # gunicorn-1, daphne-2, worker-1, beat, nginx
    kind: str  # gunicorn | daphne | worker | beat | nginx
    port: int | None = None
    pid: int | None = None

    def alive(self) -> bool:
        return pid_alive(self.pid)


@dataclass
class Cluster:
    folder: Path
    database_url: str
    redis_url: str
    port: int = 0  # the proxy's; 0: a free one
    gunicorn: int = 2
    daphne: int = 2
    workers: int = 2
    beat: bool = True
    env: dict = field(default_factory=dict)  # more environment for every process
    members: dict[str, Member] = field(default_factory=dict)
    _popen: dict = field(default_factory=dict, repr=False)

    # --- the plan ---
    def __post_init__(self):
        self.folder = Path(self.folder)
        if not self.members:
            # Fixed ports after the proxy's for a cluster people use (easy to read in `status`); free ones otherwise.
            fixed = self.port != 0 and self._ports_free(self.port + 1, self.gunicorn + self.daphne)
            self.port = self.port or free_port()
            ports = iter(range(self.port + 1, self.port + 1 + self.gunicorn + self.daphne)) if fixed else None

            def next_port():
                return next(ports) if ports else free_port()

            for n in range(1, self.gunicorn + 1):
                self._add(Member(f"gunicorn-{n}", "gunicorn", next_port()))
            for n in range(1, self.daphne + 1):
                self._add(Member(f"daphne-{n}", "daphne", next_port()))
            for n in range(1, self.workers + 1):
                self._add(Member(f"worker-{n}", "worker"))
            if self.beat:
                self._add(Member("beat", "beat"))
            self._add(Member("nginx", "nginx", self.port))

    def _add(self, member: Member) -> None:
        self.members[member.name] = member

    @staticmethod
    def _ports_free(first: int, count: int) -> bool:
        import socket

        for port in range(first, first + count):
            with socket.socket() as s:
                try:
                    s.bind(("127.0.0.1", port))
                except OSError:
                    return False
        return True

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def of_kind(self, kind: str) -> list[Member]:
        return [m for m in self.members.values() if m.kind == kind]

    def base_env(self) -> dict:
        return {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DATABASE_URL": self.database_url,
            "REDIS_URL": self.redis_url,
            # As in production: each WSGI thread keeps its connection (daphne's asgi.py sets 0 for itself).
            "DATABASE_CONN_MAX_AGE": "600",
            "DJANGO_DEBUG": "false",
            "PUBLIC_BASE_URL": self.url,
            # The proxy's X-Forwarded-For names the client: the lockout and rate limits count it, not nginx.
            "FORWARDED_ALLOW_IPS": "127.0.0.1",
            "AXES_PROXY_COUNT": "1",
            "LOG_LEVEL": os.environ.get("LOG_LEVEL", "WARNING"),
            "PYTHONUNBUFFERED": "1",
            **self.env,
        }

    def command(self, member: Member) -> tuple[list[str], dict]:
        env = self.base_env()
        if member.kind == "gunicorn":
            env.update(HOST="127.0.0.1", PORT=str(member.port), WEB_CONCURRENCY="1",
                       GUNICORN=str(VENV_BIN / "gunicorn"))
            return [str(ROOT / "scripts/serve-http")], env
        if member.kind == "daphne":
            env.update(HOST="127.0.0.1", PORT=str(member.port), DAPHNE=str(VENV_BIN / "daphne"), DAPHNE_VERBOSITY="0")
            return [str(ROOT / "scripts/serve")], env
        if member.kind == "worker":
            return [str(VENV_BIN / "celery"), "-A", "config", "worker", "--hostname", f"{member.name}@%h",
                    "--concurrency", "1", "--loglevel", "INFO", "--without-gossip", "--without-mingle"], env
        if member.kind == "beat":
            return [str(VENV_BIN / "celery"), "-A", "config", "beat", "--loglevel", "INFO",
                    "--scheduler", "django_celery_beat.schedulers:DatabaseScheduler",
                    "--pidfile", str(self.folder / "beat.pid")], env
        if member.kind == "nginx":
            return [nginx_binary(), "-p", str(self.folder / "nginx"), "-c", str(self.folder / "nginx.conf"),
                    "-g", "daemon off;"], env
        raise ValueError(member.kind)

    # --- nginx ---
    def nginx_conf(self) -> str:
        prefix = self.folder / "nginx"
        gunicorns = "\n".join(f"    server 127.0.0.1:{m.port} max_fails=1 fail_timeout=5s;"
                              for m in self.of_kind("gunicorn"))
        daphnes = "\n".join(f"    server 127.0.0.1:{m.port} max_fails=1 fail_timeout=5s;"
                            for m in self.of_kind("daphne"))
        user = "user nobody nogroup;" if os.geteuid() == 0 else ""
        return f"""# Written by testkit/cluster.py for this cluster; docs/operations.md shows the production form.
{user}
worker_processes 1;
pid {prefix}/nginx.pid;
error_log {self.folder}/nginx.log warn;
events {{ worker_connections 8192; }}
worker_rlimit_nofile 20000;
http {{
  access_log off;
  client_body_temp_path {prefix}/body;
  proxy_temp_path {prefix}/proxy;
  fastcgi_temp_path {prefix}/fastcgi;
  uwsgi_temp_path {prefix}/uwsgi;
  scgi_temp_path {prefix}/scgi;
  upstream gunicorn {{
{gunicorns}
    keepalive 32;
    keepalive_timeout 60s;
  }}
  upstream daphne {{
{daphnes}
  }}
  server {{
    listen 127.0.0.1:{self.port} backlog=4096;
    location /ws/ {{
      proxy_pass http://daphne;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection "upgrade";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_read_timeout 1h;
      proxy_connect_timeout 2s;
    }}
    location / {{
      proxy_pass http://gunicorn;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_connect_timeout 2s;
      # A refused or reset connection (a killed process) is tried on the other; nginx never sends a POST twice.
      proxy_next_upstream error timeout;
      client_max_body_size 51m;
    }}
  }}
}}
"""

    # --- running it ---
    def start(self, *, wait_s: float = 90) -> Cluster:
        self.folder.mkdir(parents=True, exist_ok=True)
        prefix = self.folder / "nginx"
        prefix.mkdir(exist_ok=True)
        if os.geteuid() == 0:
            shutil.chown(prefix, "nobody")
        (self.folder / "nginx.conf").write_text(self.nginx_conf())
        order = ["gunicorn", "daphne", "worker", "beat", "nginx"]
        for kind in order:
            for member in self.of_kind(kind):
                self.start_member(member.name, wait=False)
        deadline = time.monotonic() + wait_s
        for member in self.members.values():
            if member.port:
                self._wait_member(member, deadline)
        self.wait_healthy(deadline - time.monotonic())
        self.save()
        return self

    def start_member(self, name: str, *, wait: bool = True, wait_s: float = 60) -> Member:
        member = self.members[name]
        command, env = self.command(member)
        log = (self.folder / f"{name}.log").open("ab")
        process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
        self._popen[name] = process
        member.pid = process.pid
        if wait and member.port:
            self._wait_member(member, time.monotonic() + wait_s)
        self.save()
        return member

    def _wait_member(self, member: Member, deadline: float) -> None:
        while True:
            if not member.alive():
                raise RuntimeError(f"{member.name} exited: {self.log_tail(member.name)}")
            try:
                wait_for_port(member.port, timeout=0.5)
                return
            except TimeoutError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{member.name} did not listen on {member.port}: {self.log_tail(member.name)}")

    def wait_healthy(self, wait_s: float = 60) -> dict:
        """Until /healthz through the proxy answers 200 (the database, the cache and the broker reachable)."""
        deadline = time.monotonic() + max(wait_s, 1)
        last = None
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=5) as answer:
                    return json.loads(answer.read())
            except (urllib.error.URLError, OSError, ValueError) as exc:
                last = exc
                time.sleep(0.3)
        raise RuntimeError(f"the cluster is not healthy at {self.url}/healthz: {last}")

    def kill(self, name: str, sig: int = signal.SIGKILL) -> None:
        """kill -9 (by default) one process; its group too (gunicorn's worker, celery's pool child)."""
        member = self.members[name]
        if member.pid:
            for target in (lambda: os.killpg(member.pid, sig), lambda: os.kill(member.pid, sig)):
                try:
                    target()
                    break
                except (ProcessLookupError, PermissionError):
                    continue
        process = self._popen.pop(name, None)
        if process is not None:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(member.pid, signal.SIGKILL)
                process.wait(timeout=10)
        else:
            _wait_gone(member.pid, 30)
        self.save()

    def stop(self) -> None:
        """Every process: SIGTERM, then SIGKILL what is left after 20 s. The proxy first, so nothing new comes in."""
        order = ["nginx", "gunicorn", "daphne", "beat", "worker"]
        for kind in order:
            for member in self.of_kind(kind):
                if member.alive():
                    with contextlib.suppress(ProcessLookupError, PermissionError):
                        os.killpg(member.pid, signal.SIGTERM)
        deadline = time.monotonic() + 20
        for member in self.members.values():
            while member.alive() and time.monotonic() < deadline:
                self._reap(member.name)
                time.sleep(0.1)
            if member.alive():
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(member.pid, signal.SIGKILL)
            self._reap(member.name, block=True)
            member.pid = None
        self.save()

    def _reap(self, name: str, *, block: bool = False) -> None:
        process = self._popen.get(name)
        if process is not None:
            try:
                process.wait(timeout=10 if block else 0.01)
                self._popen.pop(name, None)
            except subprocess.TimeoutExpired:
                pass

    def log_tail(self, name: str, chars: int = 2000) -> str:
        try:
            return (self.folder / f"{name}.log").read_text(errors="replace")[-chars:]
        except OSError:
            return ""

    def status(self) -> list[dict]:
        return [{"name": m.name, "kind": m.kind, "port": m.port, "pid": m.pid, "alive": m.alive()}
                for m in self.members.values()]

    # --- the state file ---
    def save(self) -> None:
        state = {"database_url": self.database_url, "redis_url": self.redis_url, "port": self.port,
                 "members": [asdict(m) for m in self.members.values()]}
        (self.folder / "cluster.json").write_text(json.dumps(state, indent=1))

    @classmethod
    def load(cls, folder: Path) -> Cluster | None:
        path = Path(folder) / "cluster.json"
        if not path.exists():
            return None
        state = json.loads(path.read_text())
        members = {m["name"]: Member(**m) for m in state["members"]}
        return cls(folder=Path(folder), database_url=state["database_url"], redis_url=state["redis_url"],
                   port=state["port"], members=members)


def pid_alive(pid: int | None) -> bool:
    if not pid:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie (killed, not yet reaped by the Popen that started it) is not alive.
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True


def _wait_gone(pid: int | None, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while pid_alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)


def nginx_binary() -> str:
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if not found:
        raise RuntimeError("nginx is not installed: apt-get install -y nginx-light (or nginx)")
    return found
