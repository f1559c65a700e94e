"""Event financial reports. The shared base lives here: the report's content (content/), its writes (services,
not_held, month_totals, events), the compliance checks (rules, checks, event_end), the deadlines, the live apps'
handover, and report_list (selectors), the one list of reports every feature reads from. The sub-features, each with
its own pages, API and urls: filing/ (the officers' reports), overdue/ (the deadline calendar and the Board's
overdue list), drawings/ (raffle drawings and their pure engine). The Board's exports and vendor cross-check are in
licensing/board/."""
