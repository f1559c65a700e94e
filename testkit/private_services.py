"""A Redis and a PostgreSQL server of a drill's own, on loopback ports of their own.

The failure drills (scripts/drills/) stop, kill and restart the database and the broker under a running cluster.
They do it to servers of their own, started here from the machine's binaries, never to the machine's shared
PostgreSQL and Redis (the test suite, CI and other sessions use those). Each server keeps its files in a folder of
the drill's; `stop()` removes nothing, `destroy()` removes the folder too."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import time
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, *, up: bool = True, timeout: float = 30.0) -> None:
    """Until 127.0.0.1:port accepts connections (up) or refuses them (not up)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                accepting = True
        except OSError:
            accepting = False
        if accepting == up:
            return
        time.sleep(0.05)
    raise TimeoutError(f"port {port} still {'closed' if up else 'open'} after {timeout:.0f} s")


class PrivateRedis:
    """redis-server on its own port, keeping nothing on disk (like the machine's)."""

    def __init__(self, folder: Path, port: int | None = None):
        self.folder = Path(folder)
        self.port = port or free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> PrivateRedis:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port), "--save", "", "--appendonly", "no",
             "--dir", str(self.folder), "--logfile", str(self.folder / "redis.log")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for_port(self.port)
        return self

    def stop(self, *, kill: bool = False) -> None:
        """Stop it (SIGTERM), or kill -9 it (kill=True); its data is gone either way (nothing on disk)."""
        if self.process is None:
            return
        (self.process.kill if kill else self.process.terminate)()
        self.process.wait(timeout=30)
        self.process = None
        wait_for_port(self.port, up=False)

    def restart(self, *, down_for: float = 0.0) -> None:
        self.stop()
        time.sleep(down_for)
        self.start()

    def destroy(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def _pg_bin(name: str) -> str:
    """A PostgreSQL server binary: Debian keeps them under /usr/lib/postgresql/<version>/bin, off the PATH."""
    found = shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)),
                                       None)
    if not found:
        raise RuntimeError(f"PostgreSQL's {name} was not found (Debian: apt-get install postgresql)")
    return found


class PrivatePostgres:
    """A PostgreSQL cluster of its own (initdb into `folder`, trust auth on loopback, superuser `postgres`).

    PostgreSQL refuses to run as root: as root, the server runs as the `postgres` system user (runuser)."""

    def __init__(self, folder: Path, port: int | None = None):
        self.folder = Path(folder)
        self.port = port or free_port()
        self.data = self.folder / "data"

    def url(self, database: str = "postgres") -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}"

    def _as_owner(self, command: list[str], **kwargs) -> subprocess.CompletedProcess:
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        return subprocess.run(command, check=True, capture_output=True, text=True, **kwargs)

    def start(self) -> PrivatePostgres:
        if not (self.data / "PG_VERSION").exists():
            self.folder.mkdir(parents=True, exist_ok=True)
            if os.geteuid() == 0:
                shutil.chown(self.folder, "postgres", "postgres")
            self._as_owner([_pg_bin("initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust",
                            "--encoding=UTF8", "--no-sync"])
        options = (f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.folder}"
                   " -c fsync=off -c max_connections=200 -c shared_buffers=128MB")
        self._as_owner([_pg_bin("pg_ctl"), "-D", str(self.data), "-o", options, "-l", str(self.folder / "pg.log"),
                        "-w", "-t", "60", "start"])
        return self

    def stop(self, *, mode: str = "fast") -> None:
        """pg_ctl stop: "fast" ends every session (what a restart by an operator does), "immediate" is a crash."""
        if (self.data / "postmaster.pid").exists():
            self._as_owner([_pg_bin("pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop"])
        wait_for_port(self.port, up=False)

    def restart(self, *, down_for: float = 0.0, mode: str = "fast") -> None:
        self.stop(mode=mode)
        time.sleep(down_for)
        self.start()

    def create_database(self, name: str) -> str:
        self._as_owner([_pg_bin("createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", name])
        return self.url(name)

    def destroy(self) -> None:
        try:
            self.stop(mode="immediate")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
