"""The public license lookup: anyone may check a license by number or organization name, on a page or through the
API, and see only what a license certificate shows."""
