"""When each reminder is due. Every rule uses a window, not a single day, so a daily job that
missed a day (a worker down overnight) still catches up:
- renewal window open: from 90 days before expiry until the renewal deadline;
- renewal deadline: in the week before the deadline, 45 days before expiry (30 DCMR 1204.2),
  unless a renewal was already filed;
- cure deadline: 7 days and 1 day before an open deficiency notice's cure-by date;
- amendment deadline: 10 days after the change (30 DCMR 1202.3), within the last 3 days,
  while the amended application is still a draft;
- substantial change: the organization's name, address or responsible people changed while it
  holds a license (30 DCMR 1202.3): from the day of the change until its 10-day deadline, once
  per license and batch of changes, unless an amended application for that license was filed since;
- report due: from 3 days before a bingo report is due (30 DCMR 1413.1) until its due date, while its first
  draft is unsubmitted (licensing.reports.overdue marks it overdue the day after).
"""

RENEWAL_WINDOW_DAYS = 90  # the renewal window opens 90 days before expiry
RENEWAL_DEADLINE_DAYS = 45  # 30 DCMR 1204.2: renewal filed at least 45 days before expiry
RENEWAL_DEADLINE_NOTICE_DAYS = 7  # the deadline reminder goes out in the week before it
CURE_NOTICE_DAYS = (7, 1)  # days before a deficiency notice's cure-by date
AMENDMENT_FILING_DAYS = 10  # 30 DCMR 1202.3: amended application within 10 days of the change
AMENDMENT_NOTICE_DAYS = 3
REPORT_DUE_NOTICE_DAYS = 3  # 30 DCMR 1413.1: reminded 3 days before the report is due
