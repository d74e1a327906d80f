"""Per-game odds policies: which decisions belong to an action's resolution, and the
choices that can be assumed there. Importing this package registers them."""

from . import army_backgammon, die_fighting, ditch, hells_ditch, trench_checkers

__all__ = ["army_backgammon", "die_fighting", "ditch", "hells_ditch", "trench_checkers"]
