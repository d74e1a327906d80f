"""Building Trench Checkers positions for rule tests."""

from __future__ import annotations

import random
from typing import Any

from dicefront.core import Roll
from dicefront.core.chance import sample
from dicefront.games.trench_checkers import TrenchCheckersGame
from dicefront.games.trench_checkers.actions import Attack
from dicefront.games.trench_checkers.constants import ATTACK, MOVE
from dicefront.games.trench_checkers.rules import TrenchState


def game(**options: Any) -> TrenchCheckersGame:
    """The game with ``options`` validated exactly as ``dicefront.load`` does."""
    return TrenchCheckersGame(**options)


def c(name: str) -> tuple[int, int]:
    return (ord(name[0]) - 97, int(name[1:]) - 1)


def played_to_an_attack(seed: int) -> TrenchState:
    """A standard game played at random (``seed``) until the seat to act has an attack."""
    state = game().new_state()
    rng = random.Random(seed)
    while state.is_chance or not any(isinstance(a, Attack) for a in state.legal_actions(state.actors[0])):
        assert not state.is_terminal, f"seed {seed}: the game ended before an attack came up"
        if state.is_chance:
            state.apply_chance(sample(state.chance_outcomes(), rng))
        else:
            state.apply(rng.choice(state.legal_actions(state.actors[0])), state.actors[0])
    return state


def empty(cards: bool = False, **options: Any) -> TrenchState:
    """A round-1 position with an empty board and no pending draws."""
    st = game(cards=cards, **options).new_state()
    st.draws = []
    st.board = {}
    st.round, st.first = 1, 0
    return st


def put(st: TrenchState, cell: str, owner: int, ranks: str, active: bool = True) -> None:
    """Place a stack (ranks like "S", "VV", "CS") of ``owner`` on ``cell``."""
    per = st.game.board.per_player
    cmd = st.commando_pid(owner)
    used = {pid for s in st.board.values() for pid in s}
    pids = []
    for r in ranks:
        if r == "C":
            pid = cmd
            st.active[owner] = active
        else:
            pid = next(p for p in range(owner * per, cmd) if p not in used and p not in pids)
        st.rank[pid] = r
        pids.append(pid)
    st.board[c(cell)] = tuple(pids)


def moving(st: TrenchState, player: int, moves: int = 3) -> TrenchState:
    st.phase, st.player, st.stage = MOVE, player, 0 if player == st.first else 1
    st.moves_left, st.push_left, st.push_used, st.moves_made, st.moved = moves, 0, False, 0, set()
    return st


def attacking(st: TrenchState, player: int) -> TrenchState:
    st.phase, st.player, st.stage = ATTACK, player, 2 if player == st.first else 3
    st.attacks_left, st.attack_made = 1, False
    return st


def act(st: TrenchState, text: str, player: int | None = None) -> list[Any]:
    p = st.actors[0] if player is None else player
    return st.apply(st.game.parse_action(st, text, p), p)


def roll(st: TrenchState, *faces: int | str) -> list[Any]:
    return st.apply_chance(Roll(tuple(faces)))


def ranks(st: TrenchState, cell: str) -> str | None:
    return st.ranks_at(c(cell)) if c(cell) in st.board else None


def texts(st: TrenchState, player: int) -> list[str]:
    return [str(a) for a in st.legal_actions(player)]
