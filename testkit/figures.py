"""Figures the drills and benchmarks print."""

from __future__ import annotations


def percentile(values: list[float], q: float) -> float:
    """The value at quantile q (0..1) of `values`, nearest rank; NaN when there is none."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))] if ordered else float("nan")
