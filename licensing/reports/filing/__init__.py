"""Filing event financial reports: the portal pages, the API and the PDF over licensing.reports.services; and the
public "when is it due" helper (page and API) over licensing.reports.deadlines."""
