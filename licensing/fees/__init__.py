"""Fees and bonds: quotes from the Board's effective-dated schedules (quotes.py), the public fee calculator and
quote API, and the schedule rows Board staff keep in the admin (services.py, forms.py)."""
