"""An organization and its profile: eligibility facts and findings (eligibility.py), members (and their CSV import,
member_csv.py), responsible people, documents, the substantial changes its edits record, and where the Board
writes to it (mail.py)."""
