"""Rules of the Board's vote.

30 DCMR 1202.4: issuing an original, renewed or amended license takes the affirmative vote of at least four
Board members. The number is the Board's register's (`review.quorum`): the register refuses a value below the
text's four (licensing.register.catalog's minimum), so the Board can require more, never fewer. A vote counts
against the quorum in force on the day it is cast (licensing.review.services.vote_cast)."""

QUORUM_RULE = "30 DCMR 1202.4"
QUORUM_KEY = "review.quorum"
CURE_DAYS_KEY = "review.cure_days"  # the days to cure a deficiency notice when staff set none (30 DCMR 1202)
