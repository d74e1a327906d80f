"""Hell's Ditch for research tools. Locations are finite per map, so the action ids are
core's generic product encoding (warband x location in map file order). The
observation has one row per location for each feature (warbands with their hit
points, razed villages, strongholds), the plans as far as the viewer may see them,
and the fight in progress."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.encoding import Features, ratio
from .actions import COUNTERS, Move, Raze, Recruit, counter_label
from .constants import FULL_HP, PHASES, TURNS_PER_ROUND, WARBANDS

if TYPE_CHECKING:
    from . import HellsDitchGame

ORDER_TYPES = (Move, Raze, Recruit)
MAX_ORDERS = max(COUNTERS)
LABELS = tuple(counter_label(c) for c in COUNTERS)

DOMAINS = {
    "band": lambda game: tuple(range(1, WARBANDS + 1)),
    "counter": lambda game: COUNTERS,
    "loc": lambda game: game.valley.ids,
}


def max_chance_outcomes(game: HellsDitchGame) -> int:
    top = max(4 - c for c in COUNTERS)  # a fight roll: 0..strength hits on each side
    return (top + 1) ** 2


def observation_layout(game: HellsDitchGame) -> list[tuple[str, tuple[int, ...]]]:
    n = len(game.valley.ids)
    return [
        ("warbands", (2, WARBANDS, n)),  # [mine, theirs] x band: hit points / 5 at its location
        ("razed", (n,)),
        ("map", (3, n)),  # villages, my stronghold, their stronghold
        ("loot", (2,)),  # loot / target
        ("phase", (len(PHASES),)),
        ("time", (3,)),  # turn in round / 3, round / round limit, plan step / 3
        ("counters_left", (2, len(COUNTERS))),
        ("submitted", (2,)),
        ("plan_counter", (2, len(COUNTERS))),  # as far as the viewer may see the plans
        ("plan_orders", (2, MAX_ORDERS, len(ORDER_TYPES), WARBANDS)),
        ("plan_targets", (2, MAX_ORDERS, n)),
        ("fight_place", (n + 1,)),  # the last row: a clash on a road
        ("fight", (2, WARBANDS + 3)),  # per side: warband one-hot, strength / 3, deciding, decided
        ("my_choice", (2,)),  # my fight decision, once made: fight on, back out
    ]


def observation(game: HellsDitchGame, view: dict[str, Any]) -> list[float]:
    me = view["viewer"] or 0
    sides = (me, 1 - me)
    f = Features.start(game, me, lambda base: _map(base, game, sides))
    index = _location_index(game)
    for s, p in enumerate(sides):
        for band in view["warbands"][p]:
            if band["hp"] > 0 and band["at"] in index:
                f.set("warbands", (s, band["band"] - 1, index[band["at"]]), ratio(band["hp"], FULL_HP))
        f.set("loot", s, ratio(view["loot"][p], view["target_loot"]))
        for label in view["counters_left"][p]:
            f.set("counters_left", (s, LABELS.index(label)))
        _plan(f, game, view["plans"][p], s, index)
    for loc in view["razed"]:
        f.set("razed", index[loc])
    f.one_hot("phase", PHASES.index(view["phase"]))
    f.set("time", 0, ratio(view["turn"], TURNS_PER_ROUND))
    f.set("time", 1, ratio(view["round"], game.options.round_limit))
    f.set("time", 2, ratio(view["step"], MAX_ORDERS))
    _fight(f, view, sides, index)
    return f.values


def _location_index(game: HellsDitchGame) -> dict[str, int]:
    return {loc: i for i, loc in enumerate(game.valley.ids)}


def _map(f: Features, game: HellsDitchGame, sides: tuple[int, int]) -> None:
    """The static planes: villages and the two strongholds (they depend only on the
    options and the viewer's seat)."""
    index = _location_index(game)
    for loc, i in index.items():
        f.set("map", (0, i), game.valley.is_village(loc))
    for s, p in enumerate(sides):
        f.set("map", (1 + s, index[game.valley.strongholds[p]]))


def _plan(f: Features, game: HellsDitchGame, plan: dict[str, Any], s: int, index: dict[str, int]) -> None:
    f.set("submitted", s, plan["submitted"])
    if plan.get("counter") is not None:
        f.set("plan_counter", (s, LABELS.index(plan["counter"])))
    for k, text in enumerate(plan.get("orders", [])[:MAX_ORDERS]):
        order = game.parse_notation(text)
        if isinstance(order, ORDER_TYPES):
            f.set("plan_orders", (s, k, ORDER_TYPES.index(type(order)), order.warband - 1))
            target = getattr(order, "to", None) or getattr(order, "village", None)
            if target in index:
                f.set("plan_targets", (s, k, index[target]))


def _fight(f: Features, view: dict[str, Any], sides: tuple[int, int], index: dict[str, int]) -> None:
    fight = view["fight"]
    if fight is None:
        return
    place = fight["place"]
    f.set("fight_place", index[place] if place in index else len(index))
    for s, p in enumerate(sides):
        f.set("fight", (s, fight["warbands"][p] - 1))
        f.set("fight", (s, WARBANDS), ratio(fight["strength"][p], max(4 - c for c in COUNTERS)))
        f.set("fight", (s, WARBANDS + 1), p in fight["deciding"])
        f.set("fight", (s, WARBANDS + 2), fight["decided"][p])
    if "your_choice" in fight:
        f.one_hot("my_choice", 0 if fight["your_choice"] == "fight-on" else 1)
