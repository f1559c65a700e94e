"""What an event financial report holds, one schema per kind, and the pure functions over it.

A report's content is one JSON document (`Report.data`): named sections, each either one group of fields
(`admissions`, `deposit`, ...) or a list of rows (`games`, `expenses`, ...). Amounts are strings with two
decimals ("12.50"), counts are integers, dates ISO strings. The schema below drives the cleaning (every
error keyed by the path it concerns, "games.3.prize"), the totals the dashboards add up, the lines a
submitted report is queried by, the diff of two versions and the portal's section forms, so the shape of
a report is written once.

- Bingo operation (30 DCMR 1404.1(h), 1405.1, 1407-1413): admissions, cards by kind with the serial ranges
  of special cards, charity game tickets sold and returned (1409), every game, door prizes (1408.11),
  expenses paid by check on the bingo account (1412.4, 1412.5), supplies from a licensed vendor (1403.1),
  worker reimbursements (1412.2), the deposit (1411.1), disbursements (1411.3), attestation.
- Raffle (1202.2(n), 1506.4): tickets printed, sold and returned, each prize with its winning ticket.
- Monte Carlo Night (1603.6, 1603.8, 1603.26, 1608.4): attendance and admissions, chips issued per
  participant, prizes with values.

The modules: schema (the kinds, their sections and fields, a blank report), cleaning (a submitted document
checked and cleaned, every error keyed by its path), totals (the sums: handle, gross receipts, prizes, expenses, net
proceeds), changes (a document's figures by path, the diff of two versions, the recorded figures a report changes,
a path in words) and lines (a submitted report's rows as the database queries them). No database here."""
