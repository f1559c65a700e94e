"""The demo world (`manage.py seed_demo` and the live-game demos): its people and organizations (world.py), the
licensing part built with the services a person would use (seed.py), and helpers for the live-game demos
(helpers.py)."""
