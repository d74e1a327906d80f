"""Army Man Backgammon's own computer levels (the ``levels`` role; levels not listed
here come from the global table in :mod:`dicefront.agents`).

``hard`` searches a fixed 3000 iterations instead of the global ``hard``'s 1000 cut at
about 0.9 s: on a loaded machine the global one fell to near its 400-iteration floor
here. Measured against ``medium`` in docs/agent-strength.md ("`hard` vs `medium`, fourth
round"): 26-0-14 in 40 games (seed 15), 0.48 s CPU a move on average."""

LEVELS = {"hard": "mcts:iterations=3000"}
