"""The people of benchmarks/cluster_load.py: portal_load's mix (benchmarks/_portal_users.py), and every failed
request written with its start and end time and who made it to the file CLUSTER_LOAD_FAILURES names, so the
benchmark can tell the requests in flight on a process it killed from the others (and the pages of a person whose
sign-in was lost that way: sent back to the sign-in page, where a person would sign in again)."""

import json
import os
import time

from _portal_users import BoardStaff, Officer, PublicVisitor  # noqa: F401 (the users locust runs)
from locust import events


def _who(user) -> dict:
    return {"user": id(user)}  # who made each request, in the request event


BoardStaff.context = Officer.context = PublicVisitor.context = _who

_LOG = open(os.environ["CLUSTER_LOAD_FAILURES"], "a", buffering=1)  # noqa: SIM115 (open while locust runs)


@events.request.add_listener
def _failed(name, response_time, exception, start_time=None, context=None, **_kwargs):
    if exception is not None:
        _LOG.write(json.dumps({"started": start_time, "at": time.time(), "ms": response_time, "name": name,
                               "user": (context or {}).get("user"), "error": str(exception)[:200]}) + "\n")
