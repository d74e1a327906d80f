"""Saving and loading a position, what each seat may see (rule 10.2: hidden
minefields), and determinization for computer players."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...core.validate import Field, require_canonical, require_playable, show, unique
from .actions import ORDERS, man_id, man_owner
from .constants import PHASES, ROLLING_PHASES, TASK_KINDS, Phase, Threat
from .rules import ArmyState
from .setup import build_tasks, zone
from .tables import MAX_PER_ROW
from .tactics import ROWS, Man, plan

if TYPE_CHECKING:
    from . import ArmyBackgammonGame

__all__ = ["determinize", "from_payload", "payload", "view"]


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


# ----- loading ------------------------------------------------------------------------------------
_FIELDS = ("phase", "player", "first", "turn", "rolled", "dice", "slots", "orders", "moved", "fired", "pending",
           "tasks", "men", "cleared", "probed", "sergeant_lost", "winner", "mines")


def from_payload(game: ArmyBackgammonGame, data: Any) -> ArmyState:
    """Rebuild a saved state, checking every field against the rules' invariants."""
    root = Field(data, "state", game.name)
    root.obj(_FIELDS)
    st = ArmyState(game)
    opts = game.options
    st.phase = root["phase"].text(PHASES)
    st.player = root["player"].seat()
    st.first = root["first"].opt_seat()
    st.turn = root["turn"].integer(0, opts.turn_limit)
    st.rolled = tuple(root["rolled"].each(lambda f: f.integer(1, 6), 0, opts.dice))
    st.dice = tuple(root["dice"].each(lambda f: f.integer(1, 6), 0, opts.dice))
    st.slots = tuple(root["slots"].text(high=opts.dice))
    st.orders = root["orders"].text(("", *ORDERS))
    st.men = _read_men(game, root["men"])
    st.moved = tuple(root["moved"].each(lambda f: _man_name(game, f, st.player), 0, opts.dice))
    st.fired = tuple(root["fired"].each(lambda f: _man_name(game, f, st.player), 0, opts.dice))
    st.pending = _read_pending(st, root["pending"])
    st.tasks = tuple(_task(f) for f in root["tasks"].items())
    st.sergeant_lost = [f.flag() for f in root["sergeant_lost"].items(2, 2)]
    st.winner = root["winner"].opt_seat()
    _read_mines(st, root)
    _check_turn(st, root)
    _check_phase(st, root)
    require_canonical(root, payload(st))
    require_playable(root, st)
    return st


def _man_name(game: ArmyBackgammonGame, f: Field, owner: int | None = None) -> str:
    name = f.text(high=8)
    n = len(game.army.men)
    names = [man_id(p, i) for p in ((0, 1) if owner is None else (owner,)) for i in range(1, n + 1)]
    f.check(name in names, f"{show(name)} is not a man of {'either army' if owner is None else f'player {owner}'}")
    return name


def _read_men(game: ArmyBackgammonGame, men: Field) -> dict[str, Man]:
    tables, army, opts = game.tables, game.army, game.options
    out: dict[str, Man] = {}
    for f in men.items(0, 2 * len(army.men)):
        name_f, row_f, weapons_f, stance_f, sergeant_f, detector_f = f.items(6, 6)
        name = _man_name(game, name_f)
        name_f.check(name not in out, f"{name} appears twice")
        weapons = weapons_f.items(0, opts.weapons_per_man if opts.setup == "choose" else len(tables.ranges))
        arms = tuple(w.text(tables.weapons) for w in weapons)
        unique(weapons, list(arms), "weapon")
        man = Man(man_owner(name), row_f.integer(1, ROWS), arms, stance_f.text(tables.stance_names), sergeant_f.flag(), detector_f.flag())
        if opts.setup == "army":  # the army list arms the men for the whole game
            listed = army.men[int(name[1:]) - 1]
            sergeant = listed.sergeant if opts.sergeant == "army" else man.sergeant  # else named at set-up
            f.check((man.weapons, man.sergeant, man.detector) == (listed.weapons, sergeant, listed.detector),
                    f"{name} is not armed as the army list says")
        out[name] = man
    for p in (0, 1):
        own = [m for m in out.values() if m.owner == p]
        men.check(sum(m.sergeant for m in own) <= 1, f"player {p} has more than one Sergeant")
        men.check(sum(m.detector for m in own) <= army.detectors, f"player {p} has more mine detectors than the army list")
    for row in {m.row for m in out.values()}:
        here = [m for m in out.values() if m.row == row]
        men.check(len(here) <= MAX_PER_ROW, f"row {row} holds {len(here)} men, at most {MAX_PER_ROW}")
        men.check(len({m.owner for m in here}) == 1, f"row {row} holds men of both armies")
    return out


def _read_pending(st: ArmyState, f: Field) -> tuple[Any, ...] | None:
    if st.phase not in (Phase.SAVE, Phase.MINE):
        f.check(f.is_null, f"must be null in the {st.phase} phase")
        return None
    if st.phase == Phase.SAVE:
        kind, attacker, target, die = f.items(4, 4)
        kind.text((Threat.ATTACK,))
        a, t = _man_name(st.game, attacker, st.player), _man_name(st.game, target, 1 - st.player)
        target.check(t in st.men, f"{t} is not on the board")
        return (Threat.ATTACK, a, t, die.integer(1, 6))
    kind, man, row = f.items(3, 3)
    kind.text((Threat.MINE,))
    name = _man_name(st.game, man, st.player)
    man.check(name in st.men, f"{name} is not on the board")
    r = row.integer(1, ROWS)
    row.check(st.men[name].row == r, f"{name} is not on row {r}")
    return (Threat.MINE, name, r)


def _task(f: Field) -> tuple[str, int]:
    kind, seat = f.items(2, 2)
    return (kind.text(TASK_KINDS), seat.seat())


def _read_mines(st: ArmyState, root: Field) -> None:
    game = st.game
    mines, cleared, probed = root["mines"].items(2, 2), root["cleared"].items(2, 2), root["probed"].items(2, 2)
    limit = game.options.minefields if game.options.mines else 0
    for o in (0, 1):
        zone_rows = zone(game, o)
        rows = mines[o].items(0, limit)
        for f in rows:
            r, rev = f.items(2, 2)
            row = r.integer(1, ROWS)
            r.check(row in zone_rows and row not in st.mines[o], f"row {row} is not a free row of player {o}'s minefield zone")
            st.mines[o][row] = rev.flag()
        cleared_rows = cleared[o].items(0, limit)
        st.cleared[o] = [f.integer(1, ROWS) for f in cleared_rows]
        unique(cleared_rows, st.cleared[o], "row")
        for f, row in zip(cleared_rows, st.cleared[o], strict=True):
            f.check(row in zone_rows and row not in st.mines[o], f"row {row} cannot hold a cleared minefield")
        cleared[o].check(len(st.mines[o]) + len(st.cleared[o]) <= limit, f"more than {limit} minefields")
        enemy_zone = zone(game, 1 - o)
        probed_rows = probed[o].items(0, len(enemy_zone))
        st.probed[o] = {f.integer(1, ROWS) for f in probed_rows}
        unique(probed_rows, [f.value for f in probed_rows], "row")
        probed[o].check(st.probed[o] <= set(enemy_zone), "a probed row outside the enemy's zone")
        probed[o].check(not st.probed[o] & {r for r, rev in st.mines[1 - o].items() if not rev}, "a probed row holds a hidden minefield")


def _check_turn(st: ArmyState, root: Field) -> None:
    """Dice, orders and the men who acted agree with each other (rules 4.2-4.4)."""
    n = st.game.options.dice
    rolling = st.phase in ROLLING_PHASES
    if rolling:
        root["rolled"].check(not (st.rolled or st.dice or st.slots or st.orders or st.moved or st.fired), f"nothing is rolled in the {st.phase} phase")
        return
    root["rolled"].check(len(st.rolled) == n and list(st.rolled) == sorted(st.rolled), f"expected {n} dice in order")
    left = list(st.rolled)
    for d in st.dice:
        root["dice"].check(d in left, f"die {d} was not rolled")
        left.remove(d)
    root["dice"].check(list(st.dice) == sorted(st.dice), "must be in order")
    used = len(st.rolled) - len(st.dice)
    root["moved"].check(len(st.moved) + len(st.fired) == used, f"{used} dice used but {len(st.moved) + len(st.fired)} moves and attacks made")
    if st.orders:
        root["orders"].check(st.orders in st.order_choices(), "not allowed with the Sergeant dead")
        full = plan(st.orders, n)
        root["slots"].check(st.slots == full[len(full) - len(st.slots):], f"not what is left of {''.join(full)}")
        root["slots"].check(len(st.slots) <= len(full) - used, "more phases left than dice used")
    else:
        root["slots"].check(not st.slots and used == 0, "phases without orders")
    if st.phase == Phase.ACT:
        root["slots"].check(bool(st.slots and st.dice and st.orders), "the act phase needs orders, phases and dice left")
    if st.phase == Phase.ORDERS:
        root["orders"].check(not st.orders and used == 0, "orders are already given")


def _check_phase(st: ArmyState, root: Field) -> None:
    g, phase = st.game, st.phase
    alive = [any(m.owner == p for m in st.men.values()) for p in (0, 1)]
    root["winner"].check(st.winner is None or phase == Phase.OVER, "a winner while the game is not over")
    if phase == Phase.OVER:
        root["men"].check(st.winner is None or alive[st.winner] or st.winner == st.player, "the winner has no men")
    else:
        root["men"].check(all(alive), "a side without men but the game is not over")
    root["first"].check((st.first is None) == (phase == Phase.ROLLOFF), "must be null exactly before the roll for the first turn")
    root["turn"].check((st.turn == 0) == (phase in (Phase.ROLLOFF, Phase.SETUP)), "must be 0 exactly before the first turn")
    if phase == Phase.SETUP:
        assert st.first is not None
        queue = build_tasks(g, st.first)
        root["tasks"].check(bool(st.tasks) and st.tasks == queue[len(queue) - len(st.tasks):], "not what is left of the set-up steps")
        root["player"].check(st.player == st.tasks[0][1], "not the player of the next set-up step")
    else:
        root["tasks"].check(not st.tasks, f"no set-up step is left in the {phase} phase")
    men_count = len(g.army.men)
    setup_over = phase not in (Phase.ROLLOFF, Phase.SETUP)
    for p in (0, 1):
        own = [m for m in st.men.values() if m.owner == p]
        has_sergeant = any(m.sergeant for m in own)
        if setup_over:
            escaped = phase == Phase.OVER and st.winner == p  # the winning man (maybe the Sergeant) has left the board
            root["sergeant_lost"].check(st.sergeant_lost[p] != has_sergeant or (escaped and not has_sergeant),
                                        f"player {p}'s Sergeant is {'alive' if has_sergeant else 'dead'}")
            if g.options.setup == "choose":
                root["men"].check(all(len(m.weapons) == g.options.weapons_per_man for m in own), f"player {p} has unarmed men")
            if g.options.mines:
                hidden = len(st.mines[p]) + len(st.cleared[p])
                root["mines"].check(hidden == g.options.minefields, f"player {p} has {hidden} minefields, expected {g.options.minefields}")
        else:
            root["sergeant_lost"].check(not st.sergeant_lost[p] and len(own) == men_count, "nobody falls during set-up")
