"""Deadline reminders to organizations: renewals, cures, amendments, substantial changes and
financial reports, each sent once."""
