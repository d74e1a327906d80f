"""Setting up (rule 2): the roll for the first turn, arming the men, the Sergeant,
mine detectors and hidden minefields. Set-up decisions form a queue of tasks, each
naming the player who acts."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ...core.chance import Outcomes, Roll, dice
from ...core.events import Event
from ...core.game import Action
from .actions import Arm, ArmyAction, Detector, Mine, Sergeant, man_id
from .constants import Kind, Phase, Task
from .tactics import Man, Men, absolute_row
from .words import describe

if TYPE_CHECKING:
    from . import ArmyBackgammonGame
    from .rules import ArmyState

# Rule 2.5: ties are rolled again, so the outcome is one of the 30 untied pairs.
ROLLOFF_OUTCOMES: Outcomes = [(Roll((a, b)), Fraction(1, 30)) for a in range(1, 7) for b in range(1, 7) if a != b]
ONE_DIE: Outcomes = dice(6)


def starting_men(game: ArmyBackgammonGame) -> Men:
    """Both armies on their back rows (rule 2.1), armed from the army list unless the
    players arm them at set-up (rule 2.3)."""
    choose = game.options.setup == "choose"
    men: Men = {}
    for p in (0, 1):
        for i, m in enumerate(game.army.men):
            row = absolute_row(p, m.row)
            if choose:
                men[man_id(p, i + 1)] = Man(p, row, (), m.stance)
            else:
                listed = m.sergeant and game.options.sergeant == "army"  # rule 2.4
                men[man_id(p, i + 1)] = Man(p, row, m.weapons, m.stance, listed, m.detector)
    return men


def zone(game: ArmyBackgammonGame, player: int) -> list[int]:
    """The rows where ``player`` may hide minefields (rule 10.1), as absolute rows."""
    return sorted(absolute_row(player, r) for r in range(1, game.options.minefield_zone + 1))


def in_zone(game: ArmyBackgammonGame, player: int, row: int) -> bool:
    own = row if player == 0 else 25 - row
    return 1 <= own <= game.options.minefield_zone


def build_tasks(game: ArmyBackgammonGame, first: int) -> tuple[tuple[str, int], ...]:
    """The set-up queue (rules 2.3, 2.4, 10.1): the player who moves second starts
    every kind of set-up step, then the players alternate."""
    order = (1 - first, first)
    opts = game.options
    tasks: list[tuple[str, int]] = []
    if opts.setup == "choose":
        for _ in range(len(game.army.men) * opts.weapons_per_man):
            tasks += [(Task.ARM, order[0]), (Task.ARM, order[1])]
    if opts.setup == "choose" or opts.sergeant == "choose":  # rule 2.4
        tasks += [(Task.SERGEANT, order[0]), (Task.SERGEANT, order[1])]
    if opts.setup == "choose" and opts.mines:
        for _ in range(game.army.detectors):
            tasks += [(Task.DETECTOR, order[0]), (Task.DETECTOR, order[1])]
    if opts.mines:
        for p in order:
            tasks += [(Task.MINE, p)] * opts.minefields
    return tuple(tasks)


def rolloff(state: ArmyState, faces: tuple[int, ...]) -> list[Event]:  # rule 2.5
    g = state.game
    a, b = faces
    first = 0 if a > b else 1
    state.first = first
    text = f"Roll for the first turn: {g.player_name(0)} {a}, {g.player_name(1)} {b}; {g.player_name(first)} goes first."
    events = [Event(Kind.ROLL, text, {"dice": [a, b], "first": first}, dice=(a, b))]
    state.tasks = build_tasks(g, first)
    return events + _next(state)


def _next(state: ArmyState) -> list[Event]:
    if state.tasks:
        state.phase = Phase.SETUP
        state.player = state.tasks[0][1]
        return []
    assert state.first is not None
    state.start_turn(state.first)
    return [Event(Kind.TURN, f"Turn 1: {state.game.player_name(state.first)}.", {"player": state.first, "turn": 1})]


def next_unarmed(state: ArmyState, player: int) -> str | None:
    k = state.game.options.weapons_per_man
    for name in state.own_men(player):
        if len(state.men[name].weapons) < k:
            return name
    return None


def task_actions(state: ArmyState, player: int) -> list[ArmyAction]:
    kind = state.tasks[0][0]
    g = state.game
    if kind == Task.ARM:
        name = next_unarmed(state, player)
        have = state.men[name].weapons if name else ()
        return [Arm(w) for w in g.tables.weapons if w not in have]
    if kind == Task.SERGEANT:
        return [Sergeant(n) for n in state.own_men(player)]
    if kind == Task.DETECTOR:
        return [Detector(n) for n in state.own_men(player) if not state.men[n].detector]
    return [Mine(r) for r in zone(g, player) if r not in state.mines[player]]


def task_text(state: ArmyState) -> str:
    kind = state.tasks[0][0]
    if kind == Task.ARM:
        name = next_unarmed(state, state.player)
        return f"choose a weapon for {name}"
    words: dict[str, str] = {Task.SERGEANT: "name your Sergeant", Task.DETECTOR: "hand out a mine detector"}
    return words.get(kind, "hide a minefield")


def apply_task(state: ArmyState, action: Action, player: int) -> list[Event]:
    g = state.game
    who = g.player_name(player)
    state.tasks = state.tasks[1:]
    if isinstance(action, Arm):  # rule 2.3
        name = next_unarmed(state, player)
        assert name is not None
        man = state.men[name]
        state.men[name] = man._replace(weapons=(*man.weapons, action.weapon))
        events = [Event(Kind.ARM, f"{who} gives {name} a {action.weapon}.", {"man": name, "weapon": action.weapon})]
    elif isinstance(action, Sergeant):  # rule 2.4
        state.men[action.man] = state.men[action.man]._replace(sergeant=True)
        events = [Event(Kind.SERGEANT, f"{who} names {describe(g, action.man, state.men[action.man])} Sergeant.", {"man": action.man})]
    elif isinstance(action, Detector):  # rule 10.4
        state.men[action.man] = state.men[action.man]._replace(detector=True)
        events = [Event(Kind.DETECTOR, f"{who} hands a mine detector to {action.man}.", {"man": action.man})]
    elif isinstance(action, Mine):  # rules 10.1-10.2: only the owner learns the row
        state.mines[player][action.row] = False
        events = [
            Event(Kind.MINE_PLACED, f"{who} hides a minefield.", {"player": player}),
            Event(Kind.MINE_ROW, f"Your minefield is hidden on row {action.row}.", {"row": action.row}, audience=(player,)),
        ]
    else:
        raise TypeError(f"not a set-up action: {action!r}")
    return events + _next(state)
