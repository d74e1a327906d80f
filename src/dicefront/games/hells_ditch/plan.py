"""Writing a plan (rules 2.2-3.4): which orders a player may write next, judged on
paper against where their own warbands will be after the orders already written."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .actions import COUNTERS, Move, Order, Raze

if TYPE_CHECKING:
    from .rules import HellsDitchState


def projection(state: HellsDitchState, player: int) -> tuple[list[str | None], set[int], set[str]]:
    """Where ``player``'s warbands stand once the orders written so far are carried
    out undisturbed, which warbands may take no more orders (rules 3.3 and 3.4), and
    the villages razed by then (``state.razed`` itself when no raze is written: read
    it, do not change it)."""
    locs = list(state.loc[player])
    finished: set[int] = set()
    razed = state.razed
    orders = state.orders[player]
    if not orders:
        return locs, finished, razed
    home = state.game.tables.strongholds[player]
    for order in orders:
        i = order.warband - 1
        if isinstance(order, Move):
            locs[i] = order.to
        elif isinstance(order, Raze):
            if razed is state.razed:
                razed = set(razed)
            razed.add(order.village)
            finished.add(i)
        else:
            locs[i] = home
            finished.add(i)
    return locs, finished, razed


def next_orders(state: HellsDitchState, player: int) -> list[Order]:
    """Every order ``player`` may write next, in a fixed order."""
    tables = state.game.tables
    stack = tables.stack[player]
    locs, finished, razed = projection(state, player)
    out: list[Order] = []
    for i, where in enumerate(locs):
        if where is None:
            out.append(tables.recruits[i])  # rule 3.4: only a warband eliminated before the plan
            continue
        if i in finished:
            continue
        for nb, move in tables.moves[i][where]:
            if nb not in locs or stack[nb]:  # rule 3.2
                out.append(move)
        raze = tables.razes[i].get(where)
        if raze is not None and where not in razed:
            out.append(raze)
    return out


def unused_counters(state: HellsDitchState, player: int) -> list[int]:
    return [c for c in COUNTERS if c not in state.used[player]]


def random_plan(state: HellsDitchState, player: int, rng: random.Random) -> None:
    """Replace ``player``'s unrevealed plan by a random one consistent with what the
    other seat knows: whether it was submitted, and the counter when it is the last
    one left (rule 2.2). Uses only ``rng``."""
    unused = unused_counters(state, player)
    submitted = state.submitted[player]
    state.orders[player] = ()
    state.counter[player] = None
    if len(unused) > 1 and not submitted and rng.randrange(3) == 0:
        return  # still choosing a counter
    counter = unused[rng.randrange(len(unused))] if len(unused) > 1 else unused[0]
    state.counter[player] = counter
    count = rng.randint(0, counter if submitted else counter - 1)
    for _ in range(count):
        options = next_orders(state, player)
        if not options:
            break
        state.orders[player] = (*state.orders[player], options[rng.randrange(len(options))])
