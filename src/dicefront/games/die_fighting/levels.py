"""Die Fighting's own computer levels (the ``levels`` role; levels not listed here come
from the global table in :mod:`dicefront.agents`).

``hard`` searches a fixed 1000 iterations (the global ``hard``'s budget without its
clock, so a loaded machine does not weaken it). It values an activation by the best
move or attack that follows it, not by the average of them all (``chain=max``), and
explores less (``c=0.1``): at the root the best two choices are about 0.02 apart on the
evaluation's -1..1 scale, and with the default ``c=0.25`` the most visited choice got 48%
of the iterations (62% at 0.1; 12 positions from random play). Against
``medium``: 120-0-80 in 200 games declared before they ran (seeds 21-25, one-sided
exact binomial p = 0.003), docs/agent-strength.md ("Seventeenth round")."""

LEVELS = {"hard": "mcts:iterations=1000:chain=max:c=0.1"}
