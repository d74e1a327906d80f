"""Die Fighting's own specs for the levels for people (the rest: the global table,
``dicefront.agents.LEVELS``). Measured in docs/agent-strength.md, "`hard` vs
`medium`, fourth round"."""

LEVELS = {
    "hard": "mcts:iterations=1000:seconds=0.9:min_iterations=400",
}
