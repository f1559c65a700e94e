"""Rules of the Board's vote.

30 DCMR 1202.4: issuing an original, renewed or amended license takes the affirmative vote of at least four
Board members. The number is the Board's register's (`review.quorum`): the register refuses a proposed value below
the text's four (the catalog's minimum), so the Board can require more, never fewer. A vote counts against the
quorum in force on the day it is cast (licensing.review.services.vote_cast)."""

from licensing.register.catalog import entry

QUORUM_RULE = "30 DCMR 1202.4"
DENIAL_RULE = "30 DCMR 1210.1"
QUORUM_KEY = "review.quorum"
CURE_DAYS_KEY = "review.cure_days"  # the days to cure a deficiency notice when staff set none (30 DCMR 1202)


def quorum_problem(quorum: int) -> str | None:
    """Why `quorum` cannot be the Board's, or None when it can: below the text's "at least four", the catalog's
    minimum of the key. The portal refuses such a row; a pack loaded at the command line is not checked for it."""
    least = entry(QUORUM_KEY).minimum
    if quorum < least:
        return (f"The register's {QUORUM_KEY} is {quorum}, but {QUORUM_RULE} requires the affirmative vote of at "
                f"least {least} Board members to issue a license; no vote is counted until it is {least} or more.")
    return None
