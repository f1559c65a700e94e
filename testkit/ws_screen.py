"""A minimal websocket client (RFC 6455) for the fan-out benchmark and the cluster's drills: the handshake, then
unmasked server text frames. (autobahn cannot be used here: Django's daphne app has already chosen Twisted
for txaio.) Each screen keeps when it started, when the server accepted it (the 101 answer,
which daphne sends only once the consumer accepts) and when its first state arrived."""

from __future__ import annotations

import asyncio
import base64
import os
import struct
import time


class Screen:
    def __init__(self, host: str, port: int, path: str, on_message):
        self.host, self.port, self.path = host, port, path
        self.on_message = on_message  # called with (arrival time, payload) for every text frame after the first
        self.started = self.accepted = self.first_state = None
        self.first_payload = None
        self.error = None
        self.got_first = asyncio.Event()
        self.writer = None
        self.reader_task = None

    async def open(self) -> None:
        """Connect and read frames in the background; a refused or broken handshake sets `error`."""
        self.started = time.perf_counter()
        try:
            reader, self.writer = await asyncio.open_connection(self.host, self.port)
            key = base64.b64encode(os.urandom(16)).decode()
            self.writer.write((
                f"GET {self.path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                f"Origin: http://{self.host}:{self.port}\r\n\r\n").encode())
            status = await reader.readuntil(b"\r\n\r\n")
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError) as exc:
            self.error = repr(exc)
            self.got_first.set()
            return
        if b" 101 " not in status.split(b"\r\n", 1)[0]:
            self.error = f"handshake refused: {status[:40]!r}"
            self.got_first.set()
            return
        self.accepted = time.perf_counter()
        self.reader_task = asyncio.ensure_future(self._read_frames(reader))

    async def _read_frames(self, reader) -> None:
        try:
            while True:
                head = await reader.readexactly(2)
                length = head[1] & 0x7F
                if length == 126:
                    length = struct.unpack("!H", await reader.readexactly(2))[0]
                elif length == 127:
                    length = struct.unpack("!Q", await reader.readexactly(8))[0]
                payload = await reader.readexactly(length)
                opcode = head[0] & 0x0F
                if opcode == 0x1:
                    now = time.perf_counter()
                    if self.first_state is None:
                        self.first_state, self.first_payload = now, payload
                        self.got_first.set()
                    else:
                        self.on_message(now, payload)
                elif opcode == 0x9:
                    # Answer daphne's keep-alive ping (every 20 s) as a browser does, or it closes us.
                    mask = os.urandom(4)
                    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
                    self.writer.write(bytes([0x8A, 0x80 | len(payload)]) + mask + masked)
                elif opcode == 0x8:
                    break
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        if self.first_state is None:
            self.error = self.error or "closed before its first state"
        self.got_first.set()

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        if self.reader_task is not None:
            self.reader_task.cancel()


class Flashboard:
    """A flashboard as static/bingo/flashboard.js runs one: connected through the proxy, it keeps the newest state
    the server sent and, when the socket closes (its server killed, Redis gone), connects again after a back-off
    that starts at 0.5 s and doubles to 10 s, reset once a state arrives. Every message is the full state, so the
    first state after a reconnect is the resync. `calls` and `result` are what the screen shows now."""

    FIRST_DELAY, MAX_DELAY = 0.5, 10.0

    def __init__(self, host: str, port: int, path: str, on_state=None):
        self.host, self.port, self.path = host, port, path
        self.on_state = on_state  # called with (screen, arrival time) after each state
        self.state: dict = {}  # the newest state, whole
        self.calls: list[int] = []
        self.result = None
        self.states = 0
        self.connects = 0  # successful handshakes, the first included
        self.disconnected_at: float | None = None  # when the socket last closed (None while connected)
        self.outages: list[float] = []  # seconds from each close to the next state
        self.screen: Screen | None = None
        self._task: asyncio.Task | None = None
        self._stopped = False

    def start(self) -> None:
        self._task = asyncio.ensure_future(self._run())

    async def _run(self) -> None:
        delay = self.FIRST_DELAY
        while not self._stopped:
            self.screen = Screen(self.host, self.port, self.path, self._message)
            await self.screen.open()
            if self.screen.error is None:
                await self.screen.got_first.wait()
                if self.screen.first_payload is not None:
                    self.connects += 1
                    self._message(self.screen.first_state, self.screen.first_payload)
                    delay = self.FIRST_DELAY
                if self.screen.reader_task is not None:
                    await asyncio.gather(self.screen.reader_task, return_exceptions=True)
            if self._stopped:
                return
            if self.disconnected_at is None:
                self.disconnected_at = time.perf_counter()
            await asyncio.sleep(delay)
            delay = min(delay * 2, self.MAX_DELAY)

    def _message(self, now: float, payload: bytes) -> None:
        import json

        self.state = state = json.loads(payload)
        self.calls, self.result = list(state.get("calls") or []), state.get("result")
        self.states += 1
        if self.disconnected_at is not None:
            self.outages.append(now - self.disconnected_at)
            self.disconnected_at = None
        if self.on_state is not None:
            self.on_state(self, now)

    @property
    def connected(self) -> bool:
        return self.disconnected_at is None and self.connects > 0

    def stop(self) -> None:
        self._stopped = True
        if self.screen is not None:
            self.screen.close()
        if self._task is not None:
            self._task.cancel()
