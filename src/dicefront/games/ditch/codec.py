"""What leaves the engine for Ditch: the saved payload, reading it back with every
field checked against the rules' invariants, and the views (Ditch hides nothing)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.grid import Grid
from ...core.validate import Field, cell, count_table, require_canonical, require_playable
from .actions import KIND_ORDER, KINDS
from .constants import (
    ACTIONS_PER_TURN,
    ARMY,
    BLOCK_TOKENS,
    REINFORCEMENTS,
    PendingAttack,
    PendingMove,
    Phase,
    cell_order,
)

if TYPE_CHECKING:
    from . import DitchGame
    from .rules import DitchState

FIELDS = ("phase", "player", "actions_left", "turn", "pawns", "blocks", "to_deploy", "fallen",
          "reinforcements_left", "blocks_left", "deploy_first", "pending", "winner")


def payload(state: DitchState) -> dict[str, Any]:
    """The full state, JSON-safe. ``pending`` is [start, roll] for a move (roll 0
    until rolled), [attacker, target, ranged] for an attack, else null."""
    pending: list[Any] | None = None
    if state.moving is not None:
        pending = [Grid.name(state.moving.start), state.moving.roll]
    elif state.attack is not None:
        pending = [Grid.name(state.attack.attacker), Grid.name(state.attack.target), state.attack.ranged]
    return {
        "phase": state.phase,
        "player": state.player,
        "actions_left": state.actions_left,
        "turn": state.turn,
        "pawns": [[Grid.name(c), o, k] for c, (o, k) in sorted(state.pawns.items(), key=lambda x: cell_order(x[0]))],
        "blocks": sorted(Grid.name(c) for c in state.blocks),
        "to_deploy": [dict(d) for d in state.to_deploy],
        "fallen": [dict(d) for d in state.fallen],
        "reinforcements_left": list(state.reinforcements),
        "blocks_left": list(state.blocks_left),
        "deploy_first": state.deploy_first,
        "pending": pending,
        "winner": state.winner,
    }


def view(state: DitchState, player: int | None) -> dict[str, Any]:
    return payload(state)  # Ditch hides nothing


def from_payload(game: DitchGame, data: Any) -> DitchState:
    """Rebuild a saved state, checking every field against the rules' invariants."""
    root = Field(data, "state", game.name)
    root.obj(FIELDS)
    st = game.new_state()
    st.phase = root["phase"].text(Phase.ALL)
    st.player = root["player"].seat()
    st.actions_left = root["actions_left"].integer(0, ACTIONS_PER_TURN)
    st.turn = root["turn"].integer(0, game.options.turn_limit)
    most = max(ARMY.values())
    st.to_deploy = [count_table(f, KIND_ORDER, most) for f in root["to_deploy"].items(2, 2)]
    st.fallen = [count_table(f, KIND_ORDER, most) for f in root["fallen"].items(2, 2)]
    st.reinforcements = [f.integer(0, REINFORCEMENTS) for f in root["reinforcements_left"].items(2, 2)]
    st.blocks_left = [f.integer(0, BLOCK_TOKENS) for f in root["blocks_left"].items(2, 2)]
    _read_board(st, root)
    st.deploy_first = root["deploy_first"].opt_seat()
    st.winner = root["winner"].opt_seat()
    _read_pending(st, root["pending"])
    _check_phase(st, root)
    require_canonical(root, payload(st))
    require_playable(root, st)
    return st


def _read_board(st: DitchState, root: Field) -> None:
    grid, board = st.game.board.grid, st.game.board
    pawns = root["pawns"].items(0, 2 * sum(ARMY.values()))
    for f in pawns:
        where, owner, kind = f.items(3, 3)
        square = cell(where, grid)
        where.check(square not in st.pawns, f"two pawns on {Grid.name(square)}")
        st.pawns[square] = (owner.seat(), kind.text(KIND_ORDER))
    for f in root["blocks"].items(0, 2 * BLOCK_TOKENS):
        square = cell(f, grid)
        f.check(square in board.green, f"{Grid.name(square)} is not a green tile")
        f.check(square not in st.blocks, f"{Grid.name(square)} is blocked twice")
        f.check(square not in st.pawns, f"{Grid.name(square)} is blocked but holds a pawn")
        st.blocks.add(square)
    placed = len(st.blocks) + sum(st.blocks_left)
    root["blocks_left"].check(placed == 2 * BLOCK_TOKENS, f"{len(st.blocks)} blocks on the board and {sum(st.blocks_left)} left, expected {2 * BLOCK_TOKENS} in all")
    for p in (0, 1):  # rule 2.3: every pawn is on the board, waiting to deploy, or fallen
        for k in KIND_ORDER:
            on_board = sum(1 for o, kind in st.pawns.values() if (o, kind) == (p, k))
            total = on_board + st.to_deploy[p][k] + st.fallen[p][k]
            root["pawns"].check(total == ARMY[k], f"player {p} has {total} {KINDS[k]}s in all (board, to deploy, fallen), expected {ARMY[k]}")


def _read_pending(st: DitchState, f: Field) -> None:
    """Set ``st.moving`` or ``st.attack`` from the payload's ``pending``."""
    phase = st.phase
    if phase not in Phase.MOVING and phase not in Phase.ATTACKING:
        f.check(f.is_null, f"must be null in the {phase} step")
        return
    grid = st.game.board.grid
    if phase in Phase.MOVING:
        c, r = f.items(2, 2)
        start = cell(c, grid)
        c.check(st.pawns.get(start, (None,))[0] == st.player, f"no pawn of player {st.player} on {Grid.name(start)}")
        roll = r.integer(0, 0) if phase == Phase.MOVE_ROLL else r.integer(1, 6)
        st.moving = PendingMove(start, roll)
        return
    a, t, ranged = f.items(3, 3)
    attacker, target = cell(a, grid), cell(t, grid)
    mover = st.player if phase == Phase.COMBAT else 1 - st.player
    a.check(st.pawns.get(attacker, (None,))[0] == mover, f"no attacking pawn of player {mover} on {Grid.name(attacker)}")
    t.check(st.pawns.get(target, (None,))[0] == 1 - mover, f"no defending pawn on {Grid.name(target)}")
    ranged_value = ranged.flag()
    if phase == Phase.COVER:
        t.check(target in st.targets(attacker), f"{Grid.name(target)} is not in range of {Grid.name(attacker)}")
        ranged.check(ranged_value == (grid.distance(attacker, target) > 1), "does not match the distance of the attack")
    st.attack = PendingAttack(attacker, target, ranged_value)


def _check_phase(st: DitchState, root: Field) -> None:
    phase, setup = st.phase, st.phase in Phase.SETUP
    waiting = [sum(d.values()) for d in st.to_deploy]
    if setup:
        root["pawns"].check(not any(sum(d.values()) for d in st.fallen), "pawns have fallen before the game started")
        root["turn"].check(st.turn == 0, "the turn must be 0 before the first turn")
    else:
        root["to_deploy"].check(not any(waiting), f"pawns still to deploy in the {phase} step")
    if phase in (Phase.ROLLOFF, Phase.CHOOSE_DEPLOYER):
        root["pawns"].check(not st.pawns and st.blocks_left == [BLOCK_TOKENS] * 2, f"no pawn or block is placed in the {phase} step")
    if phase in (Phase.DEPLOY, Phase.CHOOSE_STARTER):
        root["deploy_first"].check(st.deploy_first is not None, f"must be a seat in the {phase} step")
        root["blocks_left"].check(st.blocks_left == [BLOCK_TOKENS] * 2, f"no block is placed in the {phase} step")
    if phase == Phase.DEPLOY:
        root["player"].check(waiting[st.player] > 0, "this player has nothing left to deploy")
        for c, (o, _) in st.pawns.items():
            root["pawns"].check(c in st.game.board.zone(o), f"{Grid.name(c)} is outside player {o}'s deployment zone")
    if phase in (Phase.ACTION, *Phase.MOVING, *Phase.ATTACKING):
        root["turn"].check(st.turn >= 1, f"must be at least 1 in the {phase} step")
        root["actions_left"].check(st.actions_left >= 1, f"must be at least 1 in the {phase} step")
        root["phase"].check(st._loser() is None, "the game is already won")
    root["winner"].check(st.winner is None or phase == Phase.OVER, "a winner while the game is not over")
    if phase == Phase.OVER and st.winner is not None:
        root["winner"].check(_lost(st, 1 - st.winner), "the other player has not lost")
    if phase == Phase.OVER and st.winner is None:
        root["turn"].check(st.turn == st.game.options.turn_limit, "a draw before the turn limit")


def _lost(st: DitchState, p: int) -> bool:
    return not any(o == p for o, _ in st.pawns.values()) and (st.game.options.end_condition == "no-pawns" or not st.reinforcements[p])
