"""What leaves the engine: saving, loading and viewing a Hell's Ditch state, and
re-sampling what a seat cannot see (rule 7: what each seat may see)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...core.validate import Field, require_canonical, require_playable, show, unique
from . import fight as fights
from .actions import COUNTERS, BackOut, FightOn, Move, Raze, Recruit, counter_label
from .constants import CHOICE, FULL_HP, OVER, PHASES, PLAN, REVEALED, ROLL, TURNS_PER_ROUND, WARBANDS
from .plan import next_orders, random_plan
from .rules import HellsDitchState

if TYPE_CHECKING:
    from . import HellsDitchGame


def _plan(state: HellsDitchState, p: int, viewer: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {"submitted": state.submitted[p]}
    revealed = state.phase in REVEALED
    if viewer == p or revealed:
        counter = state.counter[p]
        out["counter"] = None if counter is None else counter_label(counter)
        out["orders"] = [str(o) for o in state.orders[p][: None if viewer == p or state.phase == OVER else _seen(state, p)]]
    return out


def _seen(state: HellsDitchState, p: int) -> int | None:
    """How many of ``p``'s orders the other seat has seen (rule 2.4): all of them, or with
    ``reveal = order`` those of the steps begun so far."""
    return None if state.game.options.reveal == "plan" else state.step


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
    revealed = state.phase in REVEALED
    plans = [_plan(state, p, viewer) for p in (0, 1)]
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
_FIELDS = ("loc", "hp", "razed", "loot", "used", "round", "turn", "phase", "counter", "orders", "submitted",
           "step", "resolved", "queue", "fight", "fresh", "deciders", "choice", "winner")
LOOT_MARGIN = 20  # loot a game can gain after the target is first reached (ties played on)


def _place(game: HellsDitchGame, f: Field) -> str:
    return f.text(game.valley.locations)


def _fight_tuple(game: HellsDitchGame, f: Field) -> tuple[str | None, int, int]:
    place, w0, w1 = f.items(3, 3)
    return (place.optional(lambda x: _place(game, x)), w0.integer(1, WARBANDS), w1.integer(1, WARBANDS))


def _action(game: HellsDitchGame, f: Field, kinds: tuple[type, ...], what: str) -> Any:
    text = f.text()
    try:
        action = game.parse_notation(text)
    except ValueError:
        action = None
    if not isinstance(action, kinds) or str(action) != text:
        f.fail(f"{show(text)} is not {what}")
    return action


def from_payload(game: HellsDitchGame, data: Any) -> HellsDitchState:
    """Rebuild a saved state, checking every field against the rules' invariants."""
    root = Field(data, "state", game.name)
    root.obj(_FIELDS)
    opts = game.options
    st = HellsDitchState(game)
    st.phase = root["phase"].text(PHASES)
    st.round = root["round"].integer(1, opts.round_limit)
    st.turn = root["turn"].integer(1, TURNS_PER_ROUND + (1 if st.phase == OVER else 0))
    st.loc = [f.each(lambda x: x.optional(lambda y: _place(game, y)), WARBANDS, WARBANDS) for f in root["loc"].items(2, 2)]
    st.hp = [f.each(lambda x: x.integer(0, FULL_HP), WARBANDS, WARBANDS) for f in root["hp"].items(2, 2)]
    razed = root["razed"].items(0, len(game.valley.locations))
    st.razed = {_place(game, f) for f in razed}
    unique(razed, [f.value for f in razed], "village")
    for f in razed:
        f.check(game.valley.locations[f.value].village, f"{f.value} is not a village")
    st.loot = [f.integer(0, opts.target_loot + LOOT_MARGIN) for f in root["loot"].items(2, 2)]
    used = [f.items(0, TURNS_PER_ROUND) for f in root["used"].items(2, 2)]
    st.used = [tuple(f.integer(1, 3) for f in u) for u in used]
    st.counter = [f.optional(lambda x: x.integer(1, 3)) for f in root["counter"].items(2, 2)]
    st.orders = [tuple(_action(game, o, (Move, Raze, Recruit), "an order") for o in f.items(0, 3)) for f in root["orders"].items(2, 2)]
    st.submitted = [f.flag() for f in root["submitted"].items(2, 2)]
    st.step = root["step"].integer(0, 3)
    st.resolved = root["resolved"].integer(0, st.step)
    st.queue = tuple(_fight_tuple(game, f) for f in root["queue"].items(0, 3 + len(game.valley.locations)))
    st.fight = root["fight"].optional(lambda f: _fight_tuple(game, f))
    st.fresh = root["fresh"].flag()
    deciders = root["deciders"].items(0, 2)
    st.deciders = tuple(f.seat() for f in deciders)
    root["deciders"].check(list(st.deciders) == sorted(set(st.deciders)), "must be distinct seats in order")
    st.choice = [f.optional(lambda x: _action(game, x, (FightOn, BackOut), "a fight decision")) for f in root["choice"].items(2, 2)]
    st.winner = root["winner"].opt_seat()
    _check_bands(st, root)
    _check_plans(st, root, used)
    _check_phase(st, root)
    require_canonical(root, payload(st))
    require_playable(root, st)
    return st


def _check_bands(st: HellsDitchState, root: Field) -> None:
    for p in (0, 1):
        for i in range(WARBANDS):
            alive = st.loc[p][i] is not None
            root["hp"].check(alive == (st.hp[p][i] > 0), f"player {p}'s W{i + 1}: {st.hp[p][i]} HP at {st.loc[p][i]}")
        places = [x for x in st.loc[p] if x is not None]
        for x in set(places):
            root["loc"].check(places.count(x) == 1 or st.stackable(p, x), f"player {p} stacks warbands at {x}")


def _check_plans(st: HellsDitchState, root: Field, used: list[list[Field]]) -> None:
    for p in (0, 1):
        unique(used[p], list(st.used[p]), "counter")
        root["used"].check(len(st.used[p]) == st.turn - 1, f"player {p} used {len(st.used[p])} counters before turn {st.turn}")
        c = st.counter[p]
        if c is None:
            root["orders"].check(not st.orders[p] and not st.submitted[p], f"player {p} wrote orders without a counter")
            continue
        root["counter"].check(c not in st.used[p], f"player {p}'s counter {c} was already used this round")
        root["orders"].check(len(st.orders[p]) <= c, f"player {p} wrote {len(st.orders[p])} orders with counter {c}")
    if st.phase != PLAN:
        return
    for p in (0, 1):
        left = [c for c in COUNTERS if c not in st.used[p]]
        root["counter"].check(len(left) != 1 or st.counter[p] == left[0], f"player {p} must lay their last counter")
        written, st.orders[p] = st.orders[p], ()
        for order in written:  # every order must have been writable (rules 2.2-3.4)
            root["orders"].check(order in next_orders(st, p), f"player {p}'s order {order} could not be written")
            st.orders[p] = (*st.orders[p], order)


def _check_phase(st: HellsDitchState, root: Field) -> None:
    phase, opts = st.phase, st.game.options
    fighting = phase in (ROLL, CHOICE)
    root["fight"].check((st.fight is not None) == fighting, f"a fight must be under way exactly in the roll and choice phases, not {phase}")
    root["winner"].check(st.winner is None or phase == OVER, "a winner while the game is not over")
    if phase == PLAN:
        root["step"].check(st.step == st.resolved == 0 and not st.queue, "no step is carried out while writing plans")
        root["phase"].check(st.submitted != [True, True], "both plans are in but not carried out")
    if fighting:
        root["counter"].check(None not in st.counter and all(st.submitted), "a fight needs both plans and counters")
        root["step"].check(st.step >= 1, "a fight happens during a step")
        assert st.fight is not None
        place, w0, w1 = st.fight
        for p, w in ((0, w0), (1, w1)):
            at = st.loc[p][w - 1]
            root["fight"].check(at is not None and (place is None or at == place), f"player {p}'s W{w} is not in this fight")
    if phase == CHOICE:
        root["choice"].check(bool(st.actors), "the choice phase needs a player still to decide")
        for p in (0, 1):
            root["choice"].check(p in st.deciders or st.choice[p] is None, f"player {p} does not decide")
            c = st.choice[p]
            if isinstance(c, BackOut):
                root["choice"].check(c.to in fights.retreats(st, p), f"player {p} cannot back out to {c.to}")
    else:
        root["deciders"].check(not st.deciders and st.choice == [None, None], f"no decision is pending in the {phase} phase")
    if phase != OVER:
        a, b = st.loot
        tie_on = a == b and opts.shared_victory == "play-on"
        root["loot"].check(max(a, b) < opts.target_loot or tie_on, "the target loot is reached but the game is not over")
    elif st.winner is not None:
        root["winner"].check(st.loot[st.winner] > st.loot[1 - st.winner], "the winner does not lead on loot")



# ----- hidden information ----------------------------------------------------------------------
def determinize(state: HellsDitchState, player: int, rng: random.Random) -> HellsDitchState:
    """Re-sample the other player's unrevealed plan or fight decision (rule 7.2)."""
    out = state.clone()
    other = 1 - player
    if state.phase == PLAN:
        random_plan(out, other, rng)
        return out
    if state.phase == CHOICE and state.choice[other] is not None:
        options: list[FightOn | BackOut] = [FightOn(), *(BackOut(to) for to in fights.retreats(out, other))]
        out.choice[other] = options[rng.randrange(len(options))]
    if state.phase in (ROLL, CHOICE) and state.game.options.reveal == "order":
        unseen_orders(out, other, rng)
    return out


def unseen_orders(state: HellsDitchState, player: int, rng: random.Random) -> None:
    """Rule 2.4 with ``reveal = order``: re-sample ``player``'s orders of the steps not
    begun yet (how many, and which), writing them after the orders already seen as the
    plan was written (judged from where the warbands stand now: a close guess)."""
    seen, counter = state.step, state.counter[player] or 0
    if len(state.orders[player]) < seen or seen >= counter:
        return  # the list has run out in the open, or the counter allows no more
    state.orders[player] = state.orders[player][:seen]
    for _ in range(rng.randint(0, counter - seen)):
        options = next_orders(state, player)
        if not options:
            break
        state.orders[player] = (*state.orders[player], options[rng.randrange(len(options))])


__all__ = ["determinize", "from_payload", "payload", "view"]
