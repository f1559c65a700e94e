"""Settings for `flashboard_fanout.py --layer pubsub`: the server settings (REDIS_URL read as
usual) with Channels' Redis pub/sub layer, which fans a group message out inside each process
instead of waking every consumer of the process on each delivery (the core layer's design)."""

import os

from config.settings import *  # noqa: F403
from config.settings import REDIS_URL

CHANNEL_LAYERS = {
    "default": {
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "CONFIG": {"hosts": [REDIS_URL], "prefix": os.environ.get("CHANNELS_PREFIX", "asgi")},
    }
}
