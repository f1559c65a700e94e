"""The client's address: the one the sign-in lockout (django-axes) and the API's rate limits both count.

Behind AXES_PROXY_COUNT proxies (REST_FRAMEWORK["NUM_PROXIES"] in settings) each proxy appends the address it
heard from to X-Forwarded-For, so the client is that many entries from the end; whatever a client wrote there
itself comes earlier and is never read. With no proxy it is REMOTE_ADDR. DRF's throttles read it so
(BaseThrottle.get_ident). django-axes would read AXES_IPWARE_PROXY_COUNT through django-ipware, which is not
installed, so it counted the proxy's own address for everyone: AXES_CLIENT_IP_CALLABLE points it here."""

import ipaddress

from rest_framework.throttling import BaseThrottle


def client_address(request) -> str | None:
    address = BaseThrottle().get_ident(request)
    try:
        ipaddress.ip_address(address)
    except ValueError:
        # Not an address (a proxy count higher than the proxies in front, and a client's own header read):
        # the peer's, which the lockout's table can hold.
        return request.META.get("REMOTE_ADDR")
    return address
