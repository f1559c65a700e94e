"""Helpers for benchmarks that run a real server: a free loopback port, a server started as a subprocess
and waited for, and the CPU time a server (with its worker processes) has used."""

import os
import socket
import subprocess
import time
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_ms(pid: int) -> float | None:
    """CPU time (user + system) a process has used so far, from /proc (None elsewhere): on a shared
    machine the server's CPU per burst is steadier than its wall-clock times."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def tree_cpu_ms(pid: int) -> float | None:
    """cpu_ms of a process and its living children (gunicorn's workers), from /proc."""
    total = cpu_ms(pid)
    if total is None:
        return None
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        children = []
    return total + sum(tree_cpu_ms(int(child)) or 0 for child in children)


def start_server(command: list[str], *, env: dict, port: int, log: Path, name: str,
                 wait_s: float = 30) -> subprocess.Popen:
    """Starts `command` (it serves on 127.0.0.1:port) and returns once the port accepts connections.
    Its log goes to a file: an unread pipe fills up (a line per connection) and blocks the server."""
    process = subprocess.Popen(command, env={**os.environ, **env, "HOST": "127.0.0.1", "PORT": str(port)},
                               stdout=subprocess.DEVNULL, stderr=log.open("wb"))
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{name} exited: {log.read_text(errors='replace')[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"{name} did not start within {wait_s:.0f} s")


def stop_server(process: subprocess.Popen | None) -> None:
    if process is None:
        return
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
