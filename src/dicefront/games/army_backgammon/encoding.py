"""Army Man Backgammon for research tools. Men are named by army letter and number, a
finite set per army list, so most actions use core's product encoding; the classes
reading open-ended tokens (a weapon or stance word, a row or die number) get their
domain here from the game's tables. The observation is a row of features per man
(mine first), the 24-row track, minefields as far as the viewer knows them, and the
turn's dice and orders."""

from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING, Any

from ...core.encoding import ActionCodec, Features, ProductCodec, ratio
from .actions import ARMY_LETTERS, ORDERS, Arm, ChangeStance, Mine, Move, man_id
from .constants import PHASES, TASK_KINDS

if TYPE_CHECKING:
    from . import ArmyBackgammonGame

ROWS = 24
"""Rows of the track (1 to 24, absolute); 0 and 25 are off the board."""
FACES = 6


def _men(game: ArmyBackgammonGame) -> tuple[str, ...]:
    return tuple(man_id(p, n) for p in (0, 1) for n in range(1, len(game.army.men) + 1))


DOMAINS = {"man": _men}


def action_codecs(game: ArmyBackgammonGame) -> dict[type, ActionCodec]:
    men = _men(game)
    return {
        Arm: ProductCodec(Arm, [("weapon", game.tables.weapons)]),
        Mine: ProductCodec(Mine, [("row", tuple(range(1, ROWS + 1)))]),
        Move: ProductCodec(Move, [("man", men), ("die", tuple(range(1, FACES + 1)))]),
        ChangeStance: ProductCodec(ChangeStance, [("man", men), ("stance", game.tables.stance_names)]),
    }


def max_chance_outcomes(game: ArmyBackgammonGame) -> int:
    turn = comb(game.options.dice + FACES - 1, FACES - 1)  # multisets of the turn's dice
    return max(30, turn, FACES)  # the roll-off: 30 ordered pairs of different faces


def _man_features(game: ArmyBackgammonGame) -> list[str]:
    return [
        "present", "row", *(f"stance:{s}" for s in game.tables.stance_names),
        *(f"weapon:{w}" for w in game.tables.weapons), "sergeant", "detector", "moved", "fired",
    ]


def observation_layout(game: ArmyBackgammonGame) -> list[tuple[str, tuple[int, ...]]]:
    track = ROWS + 2
    return [
        ("men", (2, len(game.army.men), len(_man_features(game)))),  # [mine, theirs] x man number
        ("track", (2, track)),  # men on each row / army size
        ("mines", (2, track)),  # minefields known to the viewer (1 hidden, 0.5 revealed)
        ("cleared", (2, track)),
        ("probed", (2, track)),
        ("hidden_mines", (2,)),
        ("sergeant_lost", (2,)),
        ("phase", (len(PHASES),)),
        ("to_move", (2,)),  # whose turn: me, the opponent
        ("rolled", (FACES,)),  # the turn's roll: count of each face / dice
        ("dice", (FACES,)),  # dice still to use
        ("orders", (len(ORDERS),)),
        ("tasks", (2, len(TASK_KINDS))),
        ("turn", (1,)),  # turn / turn limit
    ]


def observation(game: ArmyBackgammonGame, view: dict[str, Any]) -> list[float]:
    f = Features(game.observation_layout)
    me = view["viewer"] or 0
    names = _man_features(game)
    count = len(game.army.men)
    moved, fired = set(view["moved"]), set(view["fired"])
    for name, row, weapons, stance, sergeant, detector in view["men"]:
        side = 0 if ARMY_LETTERS.index(name[0]) == me else 1
        n = int(name[1:]) - 1
        features = {"present": 1.0, "row": ratio(row, ROWS + 1), f"stance:{stance}": 1.0, "sergeant": float(sergeant),
                    "detector": float(detector), "moved": float(name in moved), "fired": float(name in fired)}
        features.update({f"weapon:{w}": 1.0 for w in weapons})
        for key, value in features.items():
            f.set("men", (side, n, names.index(key)), value)
        f.add("track", (side, min(max(row, 0), ROWS + 1)), 1.0 / count)
    for p in (0, 1):
        side = 0 if p == me else 1
        for row, revealed in view["mines"][p]:
            f.set("mines", (side, row), 0.5 if revealed else 1.0)
        for row in view["cleared"][p]:
            f.set("cleared", (side, row))
        for row in view["probed"][p]:
            f.set("probed", (side, row))
        f.set("hidden_mines", side, ratio(view["hidden_mines"][p], game.options.minefields))
        f.set("sergeant_lost", side, view["sergeant_lost"][p])
    f.one_hot("phase", PHASES.index(view["phase"]))
    if view["phase"] not in ("over",):
        f.set("to_move", 0 if view["player"] == me else 1)
    for key in ("rolled", "dice"):
        for face in view[key]:
            if 1 <= face <= FACES:
                f.add(key, face - 1, 1.0 / max(game.options.dice, 2))
    if view["orders"] in ORDERS:
        f.set("orders", ORDERS.index(view["orders"]))
    for kind, p in view["tasks"]:
        f.set("tasks", (0 if p == me else 1, TASK_KINDS.index(kind)))
    f.set("turn", 0, ratio(view["turn"], game.options.turn_limit))
    return f.values
