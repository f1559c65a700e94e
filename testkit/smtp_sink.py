"""A mail server for tests and drills that keeps what it accepts and can be slow on purpose.

It speaks just enough SMTP for Django's SMTP backend (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT; no TLS, no
auth). A message counts as delivered only when the sink answers "250" to its data, as a real server would: with
`delay` set, the sink waits that long before answering, and a sender that disappears meanwhile (a worker killed
mid-send) has delivered nothing (`dropped` counts those). `holding` is how many senders are waiting right now."""

from __future__ import annotations

import select
import socket
import socketserver
import threading
import time
from email import message_from_bytes
from email.header import decode_header, make_header


class SmtpSink:
    def __init__(self, delay: float = 0.0):
        self.delay = delay
        self.messages: list[dict] = []
        self.dropped = 0
        self.dropped_to: list[str] = []  # the recipients of the sends cut short
        self.holding = 0
        self._lock = threading.Lock()
        self._server: socketserver.ThreadingTCPServer | None = None

    @property
    def port(self) -> int:
        return self._server.server_address[1]

    def start(self) -> SmtpSink:
        sink = self

        class Handler(socketserver.StreamRequestHandler):
            def handle(self):
                sink._session(self.connection, self.rfile, self.wfile)

        socketserver.ThreadingTCPServer.allow_reuse_address = True
        self._server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server:
            self._server.shutdown()
            self._server.server_close()

    def accepted_at(self, recipient: str) -> float | None:
        """time.monotonic() when the first message to `recipient` was accepted; None if none was."""
        with self._lock:
            return next((message["at"] for message in self.messages
                         if recipient in (to.strip("<>") for to in message["to"])), None)

    def subjects(self) -> list[str]:
        with self._lock:
            return [message["subject"] for message in self.messages]

    # --- one SMTP session ---

    def _session(self, conn: socket.socket, rfile, wfile) -> None:
        def reply(line: str) -> None:
            wfile.write(line.encode() + b"\r\n")
            wfile.flush()

        reply("220 sink ESMTP")
        sender, recipients = "", []
        while True:
            line = rfile.readline()
            if not line:
                return
            command = line.decode(errors="replace").strip()
            verb = command[:4].upper()
            if verb == "EHLO":
                reply("250-sink")
                reply("250 8BITMIME")
            elif verb == "HELO":
                reply("250 sink")
            elif verb == "MAIL":
                sender, recipients = command[10:].strip(), []
                reply("250 OK")
            elif verb == "RCPT":
                recipients.append(command[8:].strip())
                reply("250 OK")
            elif verb == "DATA":
                reply("354 End data with <CR><LF>.<CR><LF>")
                data = self._data(rfile)
                if data is None or not self._wait(conn):
                    with self._lock:
                        self.dropped += 1
                        self.dropped_to.extend(recipient.strip("<>") for recipient in recipients)
                    return
                message = message_from_bytes(data)
                with self._lock:
                    self.messages.append({"from": sender, "to": recipients, "data": data, "at": time.monotonic(),
                                          "subject": str(make_header(decode_header(message["Subject"] or "")))})
                reply("250 OK queued")
            elif verb in ("RSET", "NOOP"):
                reply("250 OK")
            elif verb == "QUIT":
                reply("221 Bye")
                return
            else:
                reply("502 Command not implemented")

    @staticmethod
    def _data(rfile) -> bytes | None:
        lines = []
        while True:
            line = rfile.readline()
            if not line:
                return None
            if line in (b".\r\n", b".\n"):
                return b"".join(lines)
            lines.append(line[1:] if line.startswith(b"..") else line)

    def _wait(self, conn: socket.socket) -> bool:
        """Sleep `delay` before answering; False when the sender hung up meanwhile."""
        with self._lock:
            self.holding += 1
        try:
            started = time.monotonic()
            while time.monotonic() - started < self.delay:
                if self._gone(conn):
                    return False
                time.sleep(0.05)
            return not self._gone(conn)
        finally:
            with self._lock:
                self.holding -= 1

    @staticmethod
    def _gone(conn: socket.socket) -> bool:
        readable, _, _ = select.select([conn], [], [], 0)
        if not readable:
            return False
        try:
            return conn.recv(1, socket.MSG_PEEK) == b""
        except OSError:
            return True
