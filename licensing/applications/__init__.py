"""Applications for a license: the guided portal wizard and the API that file them, the pure rules they must pass
(rules.py) and the facts gathered to run those rules (checks.py), and every write (services.py)."""
