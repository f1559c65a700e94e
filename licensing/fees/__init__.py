"""Fees and bonds: quotes from the Board's register (quotes.py; the numbers themselves are licensing.register's),
the public fee calculator and quote API, and the payments, waivers and receipts of a fee."""
