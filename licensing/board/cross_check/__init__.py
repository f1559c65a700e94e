"""The vendor cross-check (30 DCMR 1207.2(e)): per vendor and year, the gross sales a vendor declared beside the
supplies organizations reported buying from it, flagged for staff when they are far apart; the Board's page and API."""
