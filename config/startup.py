"""What a server process does once the application is loaded, before its first request (config/wsgi.py,
config/asgi.py)."""

import gc


def freeze_loaded_objects() -> None:
    """Take what is alive now out of the cyclic garbage collector: modules, settings, models and (imported here
    first) every URL pattern and view live as long as the process, and a full collection otherwise walks all of
    them again: about 130 ms with every thread of the process stopped, the portal's slowest requests under load
    (benchmarks/portal_load.py), and about 30% of the server's CPU while 1,000 flashboards connect at once
    (benchmarks/flashboard_fanout.py). Collected first, so no garbage is frozen."""
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018 (imports the URL configuration and with it every view)
    gc.collect()
    gc.freeze()
