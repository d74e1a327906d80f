"""Saving and showing a Trench Checkers state: the full payload (with secrets), the
per-seat views (rule 10.3: hands and deck hidden), status lines, loading."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.game import State
from ...core.grid import Cell
from . import combat as cb
from .actions import sq
from .rules import ATTACK, DEFEND, FIRST, MOVE, OVER, PHASES, REACT, TERRAIN, TrenchState, order

if TYPE_CHECKING:
    from . import TrenchCheckersGame


def _stacks(st: TrenchState) -> list[list[Any]]:
    return [[sq(c), st.owner_at(c), st.ranks_at(c), st.is_active(c)] for c in sorted(st.board, key=order)]


def _public(st: TrenchState) -> dict[str, Any]:
    return {
        "phase": st.phase,
        "player": st.player,
        "round": st.round,
        "first": st.first,
        "stage": st.stage,
        "stacks": _stacks(st),
        "active": list(st.active),
        "wounded": list(st.wounded),
        "terrain": [[sq(c), o] for c, o in sorted(st.terrain.items(), key=lambda x: order(x[0]))],
        "terrain_left": list(st.terrain_left),
        "claimed": sorted(sq(c) for c in st.claimed),
        "discard": list(st.discard),
        "draws": list(st.draws),
        "skipping": list(st.skipping),
        "skip_next": list(st.skip_next),
        "lost": list(st.lost),
        "moves_left": st.moves_left,
        "push_left": st.push_left,
        "push_used": st.push_used,
        "moves_made": st.moves_made,
        "attacks_left": st.attacks_left,
        "attack_made": st.attack_made,
        "cancel_next": list(st.cancel_next),
        "five": list(st.five),
        "bonus": list(st.bonus),
        "suicide": list(st.suicide),
        "combat": None if st.combat is None else st.combat.to_json(),
        "winner": st.winner,
    }


def payload(st: TrenchState) -> dict[str, Any]:
    return {
        **_public(st),
        "pieces": [[sq(c), list(s)] for c, s in sorted(st.board.items(), key=lambda x: order(x[0]))],
        "rank": "".join(st.rank),
        "graveyard": list(st.graveyard),
        "moved": sorted(st.moved),
        "hands": [dict(st.hands[0]), dict(st.hands[1])],
        "deck": dict(st.deck),
    }


def view(st: TrenchState, player: int | None) -> dict[str, Any]:
    ids = st.game.cards.ids()
    out = _public(st)
    out["fallen"] = [sum(1 for pid in st.graveyard if st.game.board.owner(pid) == p) for p in (0, 1)]
    out["revivable"] = [sum(1 for pid in st.graveyard if st.game.board.owner(pid) == p and st.rank[pid] == "S") for p in (0, 1)]
    out["moved_cells"] = sorted(sq(c) for c, s in st.board.items() if any(pid in st.moved for pid in s))
    out["hand_sizes"] = [st.hand_size(0), st.hand_size(1)]
    out["deck_size"] = sum(st.deck.values())
    out["hand"] = None if player is None else [k for k in ids for _ in range(st.hands[player].get(k, 0))]
    return out


def status_text(st: TrenchState) -> str:
    name = st.game.player_name
    if st.phase == OVER or st.is_chance:
        if st.phase != OVER and st.draws:
            return f"{name(st.draws[0])} draws a card"
        return State.status_text(st)
    p = name(st.player)
    if st.phase == FIRST:
        return f"{p}: choose who goes first"
    if st.phase == TERRAIN:
        return f"{p}: place terrain ({st.terrain_left[st.player]} left)"
    if st.phase == MOVE:
        left = st.moves_left or st.push_left
        extra = " extra" if not st.moves_left else ""
        return f"Round {st.round}, {p}: movement, {left}{extra} move{'s' if left != 1 else ''} left"
    if st.phase == ATTACK:
        return f"Round {st.round}, {p}: attack step" + ("" if st.attacks_left else " (attack made)")
    if st.phase == DEFEND:
        return f"{p}: defending, play a card or pass"
    if st.phase == REACT:
        return f"{p}: dice are down, play a card or pass"
    return f"{p} to act"


def _cell(game: TrenchCheckersGame, text: Any) -> Cell:
    c = game.board.grid.parse(str(text))
    if c is None:
        raise ValueError(f"{text!r} is not a tile of this board")
    return c


def _seat(x: Any) -> int:
    if x not in (0, 1) or isinstance(x, bool):
        raise ValueError(f"{x!r} is not a seat (0 or 1)")
    return int(x)


def _pair(x: Any, kind: type) -> list[Any]:
    if not isinstance(x, list) or len(x) != 2:
        raise ValueError(f"expected a pair, got {x!r}")
    return [kind(v) for v in x]


def _cards(game: TrenchCheckersGame, d: Any) -> dict[str, int]:
    if not isinstance(d, dict):
        raise ValueError(f"expected a card count table, got {d!r}")
    unknown = sorted(set(d) - set(game.cards.ids()))
    if unknown:
        raise ValueError(f"unknown cards {unknown}")
    return {k: int(d[k]) for k in game.cards.ids() if d.get(k)}


def from_payload(game: TrenchCheckersGame, d: dict[str, Any]) -> TrenchState:
    st = TrenchState(game, fresh=False)
    n = len(game.board.starts)
    if d["phase"] not in PHASES:
        raise ValueError(f"unknown phase {d['phase']!r}")
    st.phase, st.player = d["phase"], _seat(d["player"])
    st.round, st.first, st.stage = int(d["round"]), _seat(d["first"]), int(d["stage"])
    st.board = {}
    for c, pids in d["pieces"]:
        if not pids or any(not 0 <= int(p) < n for p in pids):
            raise ValueError(f"bad stack {pids!r} on {c}")
        st.board[_cell(game, c)] = tuple(int(p) for p in pids)
    rank = str(d["rank"])
    if len(rank) != n or set(rank) - set("SVC"):
        raise ValueError(f"bad ranks {rank!r}")
    st.rank = list(rank)
    st.active, st.wounded = _pair(d["active"], bool), _pair(d["wounded"], bool)
    st.terrain = {_cell(game, c): _seat(o) for c, o in d["terrain"]}
    st.terrain_left = _pair(d["terrain_left"], int)
    st.graveyard = [int(p) for p in d["graveyard"]]
    st.hands = [_cards(game, h) for h in d["hands"]]
    if len(st.hands) != 2:
        raise ValueError("expected two hands")
    st.deck, st.discard = _cards(game, d["deck"]), [str(k) for k in d["discard"]]
    st.draws = [_seat(p) for p in d["draws"]]
    st.claimed = {_cell(game, c) for c in d["claimed"]}
    st.skipping, st.skip_next, st.lost = _pair(d["skipping"], bool), _pair(d["skip_next"], bool), _pair(d["lost"], int)
    st.moves_left, st.push_left, st.push_used = int(d["moves_left"]), int(d["push_left"]), bool(d["push_used"])
    st.moved, st.moves_made = {int(p) for p in d["moved"]}, int(d["moves_made"])
    st.attacks_left, st.attack_made = int(d["attacks_left"]), bool(d["attack_made"])
    st.cancel_next, st.five = _pair(d["cancel_next"], bool), _pair(d["five"], bool)
    st.bonus, st.suicide = _pair(d["bonus"], int), _pair(d["suicide"], bool)
    st.combat = None if d["combat"] is None else _combat(game, d["combat"])
    st.winner = None if d["winner"] is None else _seat(d["winner"])
    return st


def _combat(game: TrenchCheckersGame, d: dict[str, Any]) -> cb.Combat:
    def t(key: str, kind: type) -> Any:
        return tuple(_pair(d[key], kind))

    return cb.Combat(
        attacker=_seat(d["attacker"]),
        src=None if d["src"] is None else _cell(game, d["src"]),
        dst=_cell(game, d["dst"]),
        sides=t("sides", int), counts=t("counts", int), bonus=t("bonus", int), suicide=t("suicide", bool),
        rolls=t("rolls", int), medic=t("medic", bool), rerolled=t("rerolled", bool),
        react=tuple(int(s) for s in d["react"] if int(s) in (0, 1)), rerolling=int(d["rerolling"]),
    )


__all__ = ["ATTACK", "from_payload", "payload", "status_text", "view"]
