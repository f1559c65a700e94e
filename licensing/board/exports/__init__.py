"""CSV and XLSX exports of the financial reports, their lines and their findings: for the Board, every
organization's; for the people who file an organization's reports, its own. The download page and the API."""
