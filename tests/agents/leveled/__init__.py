"""A toy game package with a ``levels`` role module that gives ``medium`` a spec of
its own (any level may be declared per game, not only ``hard``)."""

from __future__ import annotations

from ..toys import GambleGame


class LeveledGame(GambleGame):
    name = "leveled"
    title = "Leveled"


GAME_CLASS = LeveledGame
