"""The public page of charity totals: what licensed charitable gaming raised for lawful purposes, by year."""
