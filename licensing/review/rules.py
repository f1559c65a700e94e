"""Rules of the Board's vote, pure and importable before Django is set up (config/settings.py reads them).

30 DCMR 1202.4: issuing an original, renewed or amended license takes the affirmative vote of at least four
Board members. The number is a setting (`BOARD_VOTE_QUORUM`) so the Board can require more, never fewer:
a server configured below four refuses to start."""

MINIMUM_QUORUM = 4  # 30 DCMR 1202.4: "at least four (4) members of the Board"
QUORUM_RULE = "30 DCMR 1202.4"


def quorum_problem(value: object) -> str | None:
    """Why `value` cannot be the Board's quorum, or None when it can."""
    if isinstance(value, bool) or not isinstance(value, int):
        return f"BOARD_VOTE_QUORUM must be a whole number of votes, not {value!r} ({QUORUM_RULE})."
    if value < MINIMUM_QUORUM:
        return (f"BOARD_VOTE_QUORUM is {value}, but {QUORUM_RULE} requires the affirmative vote of at least "
                f"{MINIMUM_QUORUM} Board members to issue a license; set it to {MINIMUM_QUORUM} or more.")
    return None
