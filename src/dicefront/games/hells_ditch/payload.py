"""Saving, loading and viewing a Hell's Ditch state (rule 7: what each seat may see)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import COUNTERS, BackOut, FightOn, Move, Order, Raze, Recruit, counter_label, strength

if TYPE_CHECKING:
    from . import HellsDitchGame
    from .rules import HellsDitchState


def _plan(state: HellsDitchState, p: int, visible: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"submitted": state.submitted[p]}
    if visible:
        counter = state.counter[p]
        out["counter"] = None if counter is None else counter_label(counter)
        out["orders"] = [str(o) for o in state.orders[p]]
    return out


def _fight(state: HellsDitchState, viewer: int | None) -> dict[str, Any] | None:
    if state.fight is None:
        return None
    place, w0, w1 = state.fight
    out: dict[str, Any] = {
        "place": place,
        "warbands": [w0, w1],
        "strength": list(state.strengths()),
        "skip_empty_rolls": not state.fresh,
        "deciding": list(state.deciders),
        "decided": [state.choice[p] is not None for p in (0, 1)],
    }
    if viewer is not None and state.choice[viewer] is not None:
        out["your_choice"] = str(state.choice[viewer])
    return out


def view(state: HellsDitchState, viewer: int | None) -> dict[str, Any]:
    """Everything is public (rule 7.1) except a plan before the reveal and a fight
    decision before both sides have decided (rule 7.2)."""
    revealed = state.phase in ("roll", "choice", "over")
    plans = [_plan(state, p, revealed or viewer == p) for p in (0, 1)]
    last = [state.counter[p] for p in (0, 1)]
    counters_left = []
    for p in (0, 1):
        left = [c for c in COUNTERS if c not in state.used[p]]
        if last[p] is not None and (revealed or viewer == p or len(left) == 1):
            left = [c for c in left if c != last[p]]
        counters_left.append([counter_label(c) for c in left])
    return {
        "map": state.valley.name,
        "round": state.round,
        "turn": state.turn,
        "phase": state.phase,
        "loot": list(state.loot),
        "target_loot": state.game.options.target_loot,
        "razed": sorted(state.razed, key=state.valley.order.__getitem__),
        "warbands": [[{"band": i + 1, "at": state.loc[p][i], "hp": state.hp[p][i]} for i in range(3)] for p in (0, 1)],
        "counters_used": [[counter_label(c) for c in state.used[p]] for p in (0, 1)],
        "counters_left": counters_left,
        "plans": plans,
        "step": state.step,
        "fight": _fight(state, viewer),
        "winner": state.winner,
    }


def payload(state: HellsDitchState) -> dict[str, Any]:
    return {
        "loc": [list(state.loc[p]) for p in (0, 1)],
        "hp": [list(state.hp[p]) for p in (0, 1)],
        "razed": sorted(state.razed, key=state.valley.order.__getitem__),
        "loot": list(state.loot),
        "used": [list(u) for u in state.used],
        "round": state.round,
        "turn": state.turn,
        "phase": state.phase,
        "counter": list(state.counter),
        "orders": [[str(o) for o in state.orders[p]] for p in (0, 1)],
        "submitted": list(state.submitted),
        "step": state.step,
        "resolved": state.resolved,
        "queue": [list(f) for f in state.queue],
        "fight": None if state.fight is None else list(state.fight),
        "fresh": state.fresh,
        "deciders": list(state.deciders),
        "choice": [None if c is None else str(c) for c in state.choice],
        "winner": state.winner,
    }


# ----- loading ------------------------------------------------------------------------------------
def _seat(x: Any) -> int:
    if isinstance(x, bool) or x not in (0, 1):
        raise ValueError(f"{x!r} is not a seat (0 or 1)")
    return int(x)


def _int(x: Any, low: int, high: int, what: str) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or not low <= x <= high:
        raise ValueError(f"{what} must be an integer from {low} to {high}, got {x!r}")
    return x


def _place(game: HellsDitchGame, x: Any, none_ok: bool = False) -> Any:
    if x is None and none_ok:
        return None
    if x not in game.valley.locations:
        raise ValueError(f"{x!r} is not a location of the map")
    return x


def _fight_tuple(game: HellsDitchGame, f: Any) -> tuple[str | None, int, int]:
    if not isinstance(f, list) or len(f) != 3:
        raise ValueError(f"a fight must be [place, warband, warband], got {f!r}")
    return (_place(game, f[0], True), _int(f[1], 1, 3, "a warband"), _int(f[2], 1, 3, "a warband"))


def _order(game: HellsDitchGame, text: Any) -> Order:
    action = game.parse_notation(str(text))
    if not isinstance(action, (Move, Raze, Recruit)):
        raise ValueError(f"{text!r} is not an order")
    return action


def _choice(game: HellsDitchGame, text: Any) -> FightOn | BackOut | None:
    if text is None:
        return None
    action = game.parse_notation(str(text))
    if not isinstance(action, (FightOn, BackOut)):
        raise ValueError(f"{text!r} is not a fight decision")
    return action


def state_from_payload(game: HellsDitchGame, data: dict[str, Any]) -> HellsDitchState:
    from .rules import PHASES, HellsDitchState

    st = HellsDitchState(game)
    st.loc = [[_place(game, x, True) for x in _three(data["loc"][p])] for p in (0, 1)]
    st.hp = [[_int(x, 0, 5, "HP") for x in _three(data["hp"][p])] for p in (0, 1)]
    st.razed = {_place(game, x) for x in data["razed"]}
    st.loot = [_int(x, 0, 10_000, "loot") for x in data["loot"][:2]]
    st.used = [tuple(_int(c, 1, 3, "a counter") for c in data["used"][p]) for p in (0, 1)]
    st.round = _int(data["round"], 1, 1_000_000, "the round")
    st.turn = _int(data["turn"], 1, 3, "the turn")
    if data["phase"] not in PHASES:
        raise ValueError(f"unknown phase {data['phase']!r}")
    st.phase = data["phase"]
    st.counter = [None if c is None else _int(c, 1, 3, "a counter") for c in data["counter"][:2]]
    st.orders = [tuple(_order(game, o) for o in data["orders"][p]) for p in (0, 1)]
    st.submitted = [bool(data["submitted"][p]) for p in (0, 1)]
    st.step = _int(data["step"], 0, 3, "the step")
    st.resolved = _int(data["resolved"], 0, 3, "the resolved step")
    st.queue = tuple(_fight_tuple(game, f) for f in data["queue"])
    st.fight = None if data["fight"] is None else _fight_tuple(game, data["fight"])
    st.fresh = bool(data["fresh"])
    st.deciders = tuple(_seat(p) for p in data["deciders"])
    st.choice = [_choice(game, data["choice"][p]) for p in (0, 1)]
    st.winner = None if data["winner"] is None else _seat(data["winner"])
    if len(st.loot) != 2 or len(st.counter) != 2:
        raise ValueError("loot and counter need one entry per player")
    if st.phase in ("roll", "choice") and (st.fight is None or None in st.counter):
        raise ValueError("a fight phase needs a fight and both counters")
    return st


def _three(x: Any) -> list[Any]:
    if not isinstance(x, list) or len(x) != 3:
        raise ValueError(f"expected one entry per warband (3), got {x!r}")
    return x


__all__ = ["state_from_payload", "strength"]
