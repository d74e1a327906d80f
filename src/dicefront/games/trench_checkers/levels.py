"""Trench Checkers' own computer levels (the ``levels`` role; levels not listed here
come from the global table in :mod:`dicefront.agents`).

``hard`` searches a fixed 1000 iterations instead of the global ``hard``'s 1000 cut at
about 0.9 s (never below 400), so its strength does not depend on the machine's load:
0.19 s CPU a decision on average over a game against ``random`` (1.08 s at most; a
move step with 30-40 legal moves is the costliest), ``medium`` (200 iterations) 0.03 s.
Measured against ``medium`` in docs/agent-strength.md ("Eighth round")."""

LEVELS = {"hard": "mcts:iterations=1000"}
