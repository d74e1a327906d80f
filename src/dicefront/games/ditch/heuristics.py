"""A position evaluation for Ditch computer players: material and reserves, the
exact odds of an attack already declared, and the attacks each side has on offer."""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import TYPE_CHECKING

from .actions import KINDS
from .constants import EventKind, Phase, modifier

if TYPE_CHECKING:
    from ...core.events import Event
    from ...core.grid import Cell
    from .rules import DitchState

RESERVE = 0.6
"""A fallen pawn that a reinforcement can still bring back, against a pawn on the board."""
THREAT_TO_MOVE = 0.5
"""Share of its best attack's expected gain credited to the side taking its actions now."""
THREAT_WAITING = 0.25
MEMO_SIZE = 50_000
"""Evaluations remembered per game (``DitchGame.evaluations``), then forgotten at once."""
"""The same for the side whose turn comes next (the other side may step away first)."""


def _odds(edge: int) -> tuple[float, float]:
    """(attacker wins, defender wins) for one die each, attacker ahead by ``edge``
    (rule 5.2: the higher total wins, equal totals change nothing)."""
    win = lose = 0
    for a in range(1, 7):
        for d in range(1, 7):
            if a + edge > d:
                win += 1
            elif a + edge < d:
                lose += 1
    return (float(Fraction(win, 36)), float(Fraction(lose, 36)))


ODDS = {edge: _odds(edge) for edge in (-2, 0, 2)}


def _gain(ak: str, dk: str, ranged: bool) -> float:
    win, lose = ODDS[modifier(ak, dk) - modifier(dk, ak)]
    if ranged and dk != "A":  # rule 5.5
        lose = 0.0
    return win - lose


GAIN = {ak: {dk: (_gain(ak, dk, False), _gain(ak, dk, True)) for dk in KINDS} for ak in KINDS}
"""Expected pawns taken minus pawns lost by one attack (``attack_odds``), by the
attacker's kind, then the target's: (adjacent, shot from range)."""


def attack_odds(state: DitchState, attacker: Cell, target: Cell, ranged: bool | None = None) -> tuple[float, float]:
    """(target eliminated, attacker eliminated) if ``attacker`` attacks ``target``
    now (rules 5.2-5.5); ``ranged`` as declared, else from the distance."""
    ak, dk = state.pawns[attacker][1], state.pawns[target][1]
    win, lose = ODDS[modifier(ak, dk) - modifier(dk, ak)]
    if ranged is None:
        ranged = target not in state.game.tables.near[1][attacker]
    if ranged and dk != "A":  # rule 5.5
        lose = 0.0
    return (win, lose)


def evaluate(state: DitchState, player: int) -> float:
    """Value in [-1, 1] for ``player``: pawns on the board weigh most, then pawns that
    can still come back, plus a share of the best attack each side has on offer. A
    declared attack waiting for the dice (or for the defender's cover decision) is
    counted at its exact odds."""
    if state.is_terminal:
        return state.returns()[player]
    to_deploy, fallen, reinforcements = state.to_deploy, state.fallen, state.reinforcements
    deploy = (sum(to_deploy[0].values()), sum(to_deploy[1].values()))
    lost = (sum(fallen[0].values()), sum(fallen[1].values()))
    # everything the value depends on (the board is the game's): searches value the
    # same position many times (36 combat rolls leave 3 positions)
    key = (player, state.phase, state.player, state.attack, frozenset(state.pawns.items()), deploy, lost, *reinforcements)
    memo: dict[Hashable, float] = state.game.evaluations
    value = memo.get(key)
    if value is None:
        if len(memo) >= MEMO_SIZE:
            memo.clear()
        value = memo[key] = _evaluate(state, player, deploy, lost)
    return value


def _evaluate(state: DitchState, player: int, deploy: tuple[int, int], lost: tuple[int, int]) -> float:
    score = [0.0, 0.0]
    for owner, _ in state.pawns.values():
        score[owner] += 1.0
    for p in (0, 1):
        score[p] += deploy[p]
        score[p] += RESERVE * min(state.reinforcements[p], lost[p])
    _pending_attack(state, score)
    if state.phase == Phase.ACTION:
        mover = state.player
        best = _best_attacks(state)
        score[mover] += THREAT_TO_MOVE * best[mover]
        score[1 - mover] += THREAT_WAITING * best[1 - mover]
    total = score[0] + score[1]
    if total <= 0:
        return 0.0
    return max(-1.0, min(1.0, (score[player] - score[1 - player]) / total))


def _pending_attack(state: DitchState, score: list[float]) -> None:
    """Count a declared attack at its odds: in the cover step the defender picks the
    target (the attacked pawn or a covering Soldier) that is best for it."""
    if state.attack is None or state.phase not in Phase.ATTACKING:
        return
    attacker, target, ranged = state.attack.attacker, state.attack.target, state.attack.ranged
    if attacker not in state.pawns or target not in state.pawns:
        return
    ap, dp = state.pawns[attacker][0], state.pawns[target][0]
    targets = [target, *state.cover_soldiers()] if state.phase == Phase.COVER else [target]
    best = max(((lose - win), win, lose) for win, lose in (attack_odds(state, attacker, t, ranged) for t in targets))
    _, win, lose = best
    score[dp] -= win
    score[ap] -= lose


def _best_attacks(state: DitchState) -> list[float]:
    """For each player, the best expected gain (pawns taken minus pawns lost) of one
    attack it could declare now (``state.targets``, valued as ``attack_odds``); 0
    when none gains."""
    best = [0.0, 0.0]
    near = state.game.tables.near
    near1, near2 = near[1], near[2]
    sides: tuple[list[tuple[Cell, str]], list[tuple[Cell, str]]] = ([], [])
    for cell, (owner, kind) in state.pawns.items():
        sides[owner].append((cell, kind))
    for owner in (0, 1):
        enemies = sides[1 - owner]
        if not enemies:
            continue
        top = 0.0
        for cell, ak in sides[owner]:
            reach = near2[cell] if ak == "A" else near1[cell]
            adjacent = near1[cell]
            gains = GAIN[ak]
            for target, dk in enemies:
                if target in reach:
                    gain = gains[dk][target not in adjacent]
                    if gain > top:
                        top = gain
        best[owner] = top
    return best


def outcome_label(before: DitchState, after: DitchState, events: list[Event], player: int) -> str | None:
    """Combat: who wins and which pawn is removed; a move roll: how far the pawn
    may go and how many squares that reaches; the set-up roll: who won it. None
    (the generic label) for anything else."""
    game = before.game
    label = ""
    for e in events:
        if e.kind == EventKind.COMBAT:
            loser, (ta, td) = e.data["loser"], e.data["totals"]
            if loser in ("attacker", "defender"):
                cell = game.board.grid.parse(e.data[loser])
                kind = KINDS[before.pawns[cell][1]] if cell in before.pawns else "pawn"
                winner = "defender" if loser == "attacker" else "attacker"
                label = f"{winner} wins: {kind} on {e.data[loser]} eliminated"
            elif td > ta:
                label = "defender wins: the Archer stays (it shot from range)"
            else:
                label = "tie: both pawns stay"
        elif e.kind == EventKind.ROLL and "winner" in e.data:
            label = f"{game.seat_name(e.data['winner'])} wins the set-up roll"
    if not label and after.phase == Phase.MOVE_TO and after.moving is not None:
        start, roll = after.moving.start, after.moving.roll
        reach = len(after.move_destinations()) - 1
        budget = roll + (1 if after.pawns[start][1] == "K" else 0)
        squares = "square" if budget == 1 else "squares"
        label = f"roll {roll}: up to {budget} {squares}, {reach} reachable"
    if not label:
        return None
    over = [e for e in events if e.kind == EventKind.GAME_OVER]
    if over and over[0].data.get("winner") is not None:
        label += f"; {game.seat_name(over[0].data['winner'])} wins the game"
    return label
