"""The winners' payout desk (issue 29): what federal law asks of a prize paid, as pure rules (rules.py)."""
