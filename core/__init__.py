"""Plumbing that belongs to no domain: the append-only, hash-chained event base every log uses,
and the helpers every app shares. `core` imports no app of this project."""
