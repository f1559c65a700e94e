"""Filing event financial reports: the portal pages and the API over licensing.reports.services."""
