"""Flashboard sockets for the tests: a communicator on a hall's flashboard, through the real ASGI
router (origin check included), and one already connected with the first state it was sent."""

from channels.testing import WebsocketCommunicator

from config.asgi import application

ORIGIN = [(b"origin", b"http://127.0.0.1")]


def flashboard(hall) -> WebsocketCommunicator:
    return WebsocketCommunicator(application, f"/ws/bingo/flashboard/{hall.key}/", headers=ORIGIN)


async def connected_flashboard(hall) -> tuple[WebsocketCommunicator, dict]:
    screen = flashboard(hall)
    connected, _ = await screen.connect(timeout=5)
    assert connected
    return screen, await screen.receive_json_from(timeout=5)
