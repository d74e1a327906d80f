"""The lab: many simulated games between agents, and their statistics."""

from .series import SeriesResult, run_series, wilson_interval

__all__ = ["SeriesResult", "run_series", "wilson_interval"]
