"""Trench Checkers' own computer levels (the ``levels`` role; levels not listed here
come from the global table in :mod:`dicefront.agents`).

``hard`` plays book ``raid`` (``hunt.raid_move``): its sleeping Commando is woken as
early as a unit can reach it, and the end game is the technique ``medium`` plays too; it
searches a fixed 1000 iterations (the global ``hard``'s budget without its clock, so a
loaded machine does not weaken it). Against ``medium``: 73-39-48 in 160 games (seeds
4-7, one-sided p = 0.014 on the decisive games), docs/agent-strength.md ("Fourteenth
round"); 0.11 s CPU a move on average."""

LEVELS = {"hard": "mcts:iterations=1000:book=raid"}
