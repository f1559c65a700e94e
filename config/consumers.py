"""A heartbeat socket: live pages use it to show whether they are connected."""

from django.utils import timezone

from core.consumers import JsonObjectConsumer


class PingConsumer(JsonObjectConsumer):
    def connect(self):
        self.accept()

    def receive_json(self, content, **kwargs):
        self.send_json({"type": "pong", "echo": content.get("id"), "server_time": timezone.now().isoformat()})
