"""The project's middleware that belongs to no domain: the request id, the NUL-byte guard, the portal's 404
under DEBUG, the database down or too slow (503), and the answers to known exceptions (a stored file gone; the apps
subclass the base)."""
