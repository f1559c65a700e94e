"""Deadline reminders to organizations: renewals, cures, amendments and substantial changes, each sent once."""
