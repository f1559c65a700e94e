"""What the tests and the benchmarks share, and nothing of the apps: the test client's sign-in that passes a
second factor (sign_in), random legal Hold'em hands (random_hands) and the pokerkit reference they are checked
against (pokerkit_oracle). Not a Django app and not shipped: no app imports it (an import-linter contract);
builders of a test world stay in tests/<app>/factories.py, and a benchmark builds its world through the services
or the demo app."""
