"""Licenses in force: issue, certificates, renewal; and whether play may happen under one now."""
