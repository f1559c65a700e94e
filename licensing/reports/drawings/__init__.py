"""Raffle drawings in the portal, provably fair (raffle-drawing/1): schedule (publish the commitment), close
sales (publish the tickets hash), draw (reveal the seed, publish the winners), and the public page per drawing.
engine.py is the drawing itself, pure Python (no Django), also run as `python -m licensing.reports.drawings.engine`."""
