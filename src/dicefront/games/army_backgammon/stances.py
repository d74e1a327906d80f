"""The stance phase's legal actions (rule 7), kept on the state per player: the list
changes only where a man changes stance (his slice is patched) or leaves the board
(his slice is cut out), so it is not made again every turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import ArmyAction, ChangeStance, KeepStances

if TYPE_CHECKING:
    from .rules import ArmyState

StanceLists = tuple[list[ArmyAction] | None, list[ArmyAction] | None]
NO_STANCE_LISTS: StanceLists = (None, None)
KEEP_STANCES = KeepStances()


def stance_actions(state: ArmyState, player: int) -> list[ArmyAction]:
    """The list kept for ``player`` (made if missing; ``change_stance`` and ``drop_man``
    keep it up to date); not to be changed (``legal_actions`` hands out copies)."""
    kept = state._stances[player]
    if kept is None:
        kept = list_stance_actions(state, player)
        state._stances = (kept, state._stances[1]) if player == 0 else (state._stances[0], kept)
    return kept


def list_stance_actions(state: ArmyState, player: int) -> list[ArmyAction]:
    """Keep every stance, then each man by number changes to each other stance."""
    out: list[ArmyAction] = [KEEP_STANCES]
    names = state.game.tables.stance_names
    made = state.game.stance_changes
    men = state.men
    for name in state.own_men(player):
        stance = men[name][3]
        changes = made.get((name, stance))
        if changes is None:
            changes = made[name, stance] = [ChangeStance(name, s) for s in names if s != stance]
        out += changes
    return out


def change_stance(state: ArmyState, player: int, name: str, stance: str) -> None:
    """Patch the kept stance-phase list of ``player`` after ``name`` took ``stance``:
    his actions are the slice after KeepStances at his place among the player's men."""
    kept = state._stances[player]
    if kept is None or state._own is None:
        return
    made = state.game.stance_changes.get((name, stance))
    if made is None:  # not made yet: list them all again next time
        state._stances = (None, state._stances[1]) if player == 0 else (state._stances[0], None)
        return
    width = len(made)
    at = 1 + width * state._own[player].index(name)
    new = kept.copy()
    new[at : at + width] = made
    state._stances = (new, state._stances[1]) if player == 0 else (state._stances[0], new)


def drop_man(state: ArmyState, name: str, owner: int) -> None:
    """Take a man who left the board out of the kept men in order and stance lists."""
    own = state._own
    if own is None or name not in own[owner]:
        state._own, state._stances = None, NO_STANCE_LISTS
        return
    k = own[owner].index(name)
    left = own[owner][:k] + own[owner][k + 1 :]
    state._own = (left, own[1]) if owner == 0 else (own[0], left)
    kept = state._stances[owner]
    if kept is not None:
        width = len(state.game.tables.stances) - 1
        new = kept[: 1 + width * k] + kept[1 + width * (k + 1) :]
        state._stances = (new, state._stances[1]) if owner == 0 else (state._stances[0], new)
