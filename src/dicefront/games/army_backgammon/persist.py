"""Saving and loading a position, what each seat may see (rule 10.2: hidden
minefields), and determinization for computer players."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .actions import ORDERS, man_owner
from .setup import zone
from .tactics import ATTACK, MOVE, Man

if TYPE_CHECKING:
    from . import ArmyBackgammonGame
    from .rules import ArmyState

TASK_KINDS = ("arm", "sergeant", "detector", "mine")


def _men(state: ArmyState) -> list[list[Any]]:
    return [
        [n, m.row, list(m.weapons), m.stance, m.sergeant, m.detector]
        for n, m in sorted(state.men.items(), key=lambda x: (x[1].owner, int(x[0][1:])))
    ]


def payload(state: ArmyState) -> dict[str, Any]:
    """The full state, hidden minefields included."""
    out = _public(state)
    out["mines"] = [sorted([r, rev] for r, rev in state.mines[o].items()) for o in (0, 1)]
    return out


def _public(state: ArmyState) -> dict[str, Any]:
    return {
        "phase": state.phase,
        "player": state.player,
        "first": state.first,
        "turn": state.turn,
        "rolled": list(state.rolled),
        "dice": list(state.dice),
        "slots": "".join(state.slots),
        "orders": state.orders,
        "moved": list(state.moved),
        "fired": list(state.fired),
        "pending": None if state.pending is None else list(state.pending),
        "tasks": [[k, p] for k, p in state.tasks],
        "men": _men(state),
        "cleared": [sorted(state.cleared[0]), sorted(state.cleared[1])],
        "probed": [sorted(state.probed[0]), sorted(state.probed[1])],
        "sergeant_lost": list(state.sergeant_lost),
        "winner": state.winner,
    }


def view(state: ArmyState, player: int | None) -> dict[str, Any]:
    """What ``player`` may see: everything except the opponent's minefields that have
    not been revealed (a spectator sees no unrevealed minefield at all)."""
    out = _public(state)
    shown = []
    for o in (0, 1):
        rows = state.mines[o]
        shown.append(sorted([r, rev] for r, rev in rows.items() if rev or o == player))
    out["mines"] = shown
    out["hidden_mines"] = [sum(1 for rev in state.mines[o].values() if not rev) for o in (0, 1)]
    out["mines_on"] = state.game.options.mines
    return out


def determinize(state: ArmyState, player: int, rng: random.Random) -> ArmyState:
    """A copy where the opponent's unrevealed minefields are placed again at random on
    rows ``player`` cannot rule out (not revealed, not cleared, never entered safely)."""
    new = state.clone()
    new._legal = None
    enemy = 1 - player
    hidden = [r for r, rev in new.mines[enemy].items() if not rev]
    if not hidden:
        return new
    for r in hidden:
        del new.mines[enemy][r]
    taken = set(new.mines[enemy]) | set(new.cleared[enemy]) | new.probed[player]
    free = [r for r in zone(state.game, enemy) if r not in taken]
    for r in rng.sample(free, len(hidden)):
        new.mines[enemy][r] = False
    return new


def _seat(x: Any) -> int:
    if x not in (0, 1) or isinstance(x, bool):
        raise ValueError(f"{x!r} is not a seat (0 or 1)")
    return int(x)


def _row(x: Any) -> int:
    if not isinstance(x, int) or isinstance(x, bool) or not 1 <= x <= 24:
        raise ValueError(f"{x!r} is not a row 1-24")
    return x


def _die(x: Any) -> int:
    if not isinstance(x, int) or isinstance(x, bool) or not 1 <= x <= 6:
        raise ValueError(f"{x!r} is not a die face")
    return x


def from_payload(game: ArmyBackgammonGame, data: dict[str, Any]) -> ArmyState:
    from .rules import PHASES, ArmyState

    st = ArmyState(game)
    if data["phase"] not in PHASES:
        raise ValueError(f"unknown phase {data['phase']!r}")
    st.phase = data["phase"]
    st.player = _seat(data["player"])
    st.first = None if data["first"] is None else _seat(data["first"])
    st.turn = int(data["turn"])
    st.rolled = tuple(_die(d) for d in data["rolled"])
    st.dice = tuple(_die(d) for d in data["dice"])
    if set(data["slots"]) - {MOVE, ATTACK}:
        raise ValueError(f"bad phases {data['slots']!r}")
    st.slots = tuple(data["slots"])
    if data["orders"] not in ("", *ORDERS):
        raise ValueError(f"unknown orders {data['orders']!r}")
    st.orders = str(data["orders"])
    st.men = {}
    for name, row, weapons, stance, sergeant, detector in data["men"]:
        _man(game, name, weapons, stance)
        st.men[name] = Man(man_owner(name), _row(row), tuple(weapons), stance, bool(sergeant), bool(detector))
    st.moved = tuple(_known(st, n) for n in data["moved"])
    st.fired = tuple(_known(st, n) for n in data["fired"])
    st.pending = _pending(st, data["pending"])
    st.tasks = tuple(_task(t) for t in data["tasks"])
    st.mines = [{_row(r): bool(rev) for r, rev in data["mines"][o]} for o in (0, 1)]
    st.cleared = [[_row(r) for r in data["cleared"][o]] for o in (0, 1)]
    st.probed = [{_row(r) for r in data["probed"][o]} for o in (0, 1)]
    st.sergeant_lost = [bool(data["sergeant_lost"][0]), bool(data["sergeant_lost"][1])]
    st.winner = None if data["winner"] is None else _seat(data["winner"])
    return st


def _man(game: ArmyBackgammonGame, name: Any, weapons: Any, stance: Any) -> None:
    if not isinstance(name, str) or len(name) < 2 or name[0] not in "GT" or not name[1:].isdigit():
        raise ValueError(f"{name!r} is not a man (G1, T3, ...)")
    if not isinstance(weapons, list) or any(w not in game.tables.ranges for w in weapons):
        raise ValueError(f"{name}: unknown weapons {weapons!r}")
    if stance not in game.tables.stances:
        raise ValueError(f"{name}: unknown stance {stance!r}")


def _known(st: ArmyState, name: Any) -> str:
    if not isinstance(name, str) or name[:1] not in ("G", "T"):
        raise ValueError(f"{name!r} is not a man")
    return name


def _pending(st: ArmyState, p: Any) -> tuple[Any, ...] | None:
    if p is None:
        return None
    if p[0] == "attack":
        return ("attack", _present(st, p[1]), _present(st, p[2]), _die(p[3]))
    if p[0] == "mine":
        return ("mine", _present(st, p[1]), _row(p[2]))
    raise ValueError(f"bad pending step {p!r}")


def _present(st: ArmyState, name: Any) -> str:
    if name not in st.men:
        raise ValueError(f"{name!r} is not on the board")
    return str(name)


def _task(t: Any) -> tuple[str, int]:
    if t[0] not in TASK_KINDS:
        raise ValueError(f"unknown set-up step {t[0]!r}")
    return (str(t[0]), _seat(t[1]))
