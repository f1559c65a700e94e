"""The one error the tournament engine raises: what is wrong, and the rule it breaks."""


class TournamentError(ValueError):
    """An illegal event or setting. `str()` is "what (rule)", e.g.
    "table 3 already seats 7 players (30 DCMR 1603.23)". The tournament is unchanged."""

    def __init__(self, what: str, rule: str):
        self.what, self.rule = what, rule
        super().__init__(str(self))

    def __str__(self) -> str:
        return f"{self.what} ({self.rule})"
