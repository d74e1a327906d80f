"""Why an action is not legal: specific reasons for people (``State.why_illegal``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import Action
from .actions import Arm, Attack, ChangeStance, Detector, KeepStances, Mine, Move, Orders, Sergeant, Skip, man_owner
from .constants import Phase, Task
from .tactics import ATTACK, in_reach, may_move_again, to_exit

if TYPE_CHECKING:
    from .rules import ArmyState

SETUP_ACTIONS = (Arm, Sergeant, Detector, Mine)


def reason(state: ArmyState, action: Action, player: int) -> str | None:
    phase = state.phase
    if isinstance(action, SETUP_ACTIONS):
        if phase != Phase.SETUP:
            return "set-up is over"
        return _setup_reason(state, action, player)
    if phase == Phase.SETUP:
        return "set-up is not finished"
    if isinstance(action, Orders):
        if phase != Phase.ORDERS:
            return "orders are given right after the roll"
        if action.kind not in state.order_choices():
            return "your Sergeant is dead: you must give Charge or Dig In orders"
        return "other orders use more of your dice, and you must use as many as you can"
    if isinstance(action, (Move, Attack, Skip)):
        if phase != Phase.ACT:
            return f"not now: this is the {phase} phase"
        return _act_reason(state, action, player)
    if isinstance(action, (ChangeStance, KeepStances)):
        if phase != Phase.STANCE:
            return "stances change only in the stance phase, at the end of your turn"
        if isinstance(action, ChangeStance):
            return _stance_reason(state, action, player)
    return None


def _setup_reason(state: ArmyState, action: Action, player: int) -> str:
    kind = state.tasks[0][0]
    if isinstance(action, Arm):
        if kind != Task.ARM:
            return "men are armed first"
        if action.weapon not in state.game.tables.ranges:
            return f"unknown weapon {action.weapon!r}; weapons: {', '.join(state.game.tables.weapons)}"
        return "this man already carries that weapon"
    if isinstance(action, Mine):
        if kind != Task.MINE:
            return "minefields are hidden last"
        return f"row {action.row} is not a free row of your side for a minefield"
    if kind not in (Task.SERGEANT, Task.DETECTOR) or not isinstance(action, (Sergeant, Detector)):
        return f"the set-up step now is: {kind}"
    if state.men.get(action.man, None) is None or man_owner(action.man) != player:
        return f"{action.man} is not one of your men"
    return f"{action.man} already has a mine detector"


def _mine(state: ArmyState, name: str, player: int) -> str | None:
    man = state.men.get(name)
    if man is None:
        return f"{name} is not on the board"
    if man.owner != player:
        return f"{name} is not one of your men"
    return None


def _act_reason(state: ArmyState, action: Action, player: int) -> str:
    slot = state.slots[0] if state.slots else ""
    if isinstance(action, Skip):
        return "skipping now would waste a die you can use"
    if isinstance(action, Move):
        if slot == ATTACK:
            return "this is the attack phase"
        bad = _mine(state, action.man, player)
        if bad:
            return bad
        man = state.men[action.man]
        if action.die not in state.dice:
            return f"you have no {action.die} to use (dice left: {', '.join(map(str, state.dice))})"
        limit = state.game.context.max_move[man.stance]
        if action.die > limit:
            return f"a {man.stance} man moves at most {limit}"
        if not may_move_again(state.game.context, man, action.man, state.moved, state.orders):
            return f"{action.man} has already moved this turn"
        if action.die < to_exit(player, man.row):
            return "that row already holds 5 of your men, or another play uses more of your dice"
        return "another play uses more of your dice"
    assert isinstance(action, Attack)
    if slot != ATTACK:
        return "this is the maneuver phase"
    bad = _mine(state, action.attacker, player)
    if bad:
        return bad
    target = state.men.get(action.target)
    if target is None or target.owner == player:
        return f"{action.target} is not an enemy man on the board"
    if action.attacker in state.fired:
        return f"{action.attacker} has already fired this turn"
    d = in_reach(state.game.context, state.men[action.attacker], target)
    if not d:
        return f"{action.attacker} has no weapon whose range is the distance to {action.target} (or it is behind him)"
    if d not in state.dice:
        return f"that needs a {d} and you have {', '.join(map(str, state.dice))}"
    return "another play uses more of your dice"


def _stance_reason(state: ArmyState, action: ChangeStance, player: int) -> str:
    bad = _mine(state, action.man, player)
    if bad:
        return bad
    if action.stance not in state.game.tables.stances:
        return f"unknown stance {action.stance!r}; stances: {', '.join(state.game.tables.stance_names)}"
    return f"{action.man} is already {action.stance}"
