"""What leaves the engine: a Die Fighting state as JSON (the payload, the same for
every seat since the game hides nothing) and back. Loading a saved position checks
every field against the rules' invariants (armies conserved, units on free squares of
the map, dice within their faces, the phase's pending roll present) before the state
is built."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.grid import Grid
from ...core.validate import Field, cell, require_canonical, require_playable, unique
from .combat import Pending
from .constants import ACTIVE_PHASES, ROLLING, SETUP_PHASES, PendingKind, Phase, Stage
from .tables import Unit, army_key, split_key

if TYPE_CHECKING:
    from . import DieFightingGame
    from .rules import DieFightingState

_FIELDS = ("phase", "player", "stage", "army", "spent", "buying", "maps", "south", "roll_winner", "units", "next_id",
           "done", "round", "first", "active", "pending", "lost", "winner")
_PENDING = ("kind", "unit", "targets", "total", "queue", "hits")


def payload(state: DieFightingState) -> dict[str, Any]:
    """The full state, JSON-safe."""
    pending = state.pending
    return {
        "phase": str(state.phase),
        "player": state.player,
        "stage": str(state.stage),
        "army": [dict(sorted(a.items())) for a in state.army],
        "spent": list(state.spent),
        "buying": list(state.buying),
        "maps": list(state.maps),
        "south": state.south,
        "roll_winner": state.roll_winner,
        "units": [[uid, u.owner, u.kind, u.commander, Grid.name(u.cell), u.points, u.uses] for uid, u in sorted(state.units.items())],
        "next_id": state.next_id,
        "done": sorted(state.done),
        "round": state.round,
        "first": state.first,
        "active": state.active,
        "pending": None if pending is None else {
            "kind": str(pending.kind), "unit": pending.unit, "targets": list(pending.targets), "total": pending.total,
            "queue": list(pending.queue), "hits": list(pending.hits)},
        "lost": list(state.lost),
        "winner": state.winner,
    }


def view(state: DieFightingState, player: int | None) -> dict[str, Any]:
    """Every seat and spectators see the whole payload: Die Fighting hides nothing."""
    return payload(state)


def from_payload(game: DieFightingGame, data: Any) -> DieFightingState:
    root = Field(data, "state", game.name)
    root.obj(_FIELDS)
    st = game.new_state()
    st.phase, st.player = Phase(root["phase"].text(Phase)), root["player"].seat()
    st.stage = Stage(root["stage"].text(Stage))
    keys = [army_key(k, c) for k in game.table.units for c in ("", *game.table.commanders)]
    st.army = [{k: f.integer(1, game.capacity) for k, f in a.entries(len(keys))} for a in root["army"].items(2, 2)]
    for a, f in zip(st.army, root["army"].items(2, 2), strict=True):
        for k in a:
            f.check(k in keys, f"unknown unit {k!r}")
    st.spent = [f.integer(0, game.points) for f in root["spent"].items(2, 2)]
    st.buying = [f.flag() for f in root["buying"].items(2, 2)]
    st.maps = root["maps"].each(lambda f: _map(game, f), 0, game.map_count)
    if game.fixed_maps:
        root["maps"].check(tuple(st.maps) == game.fixed_maps, "not the maps these options fix")
    st.field = game.field_for(st.maps) if len(st.maps) == game.map_count else None
    st.south, st.roll_winner = root["south"].opt_seat(), root["roll_winner"].opt_seat()
    st.next_id = root["next_id"].integer(1, 2 * game.capacity + 1)
    _read_units(st, root)
    done = root["done"].items(0, st.next_id)
    st.done = {f.integer(1, st.next_id - 1) for f in done}
    unique(done, [f.value for f in done], "unit")
    st.round, st.first = root["round"].integer(0, game.round_limit), root["first"].seat()
    st.active = root["active"].optional(lambda f: f.integer(1, st.next_id - 1))
    st.lost = [f.integer(0, 2 * game.points * game.capacity) for f in root["lost"].items(2, 2)]
    st.pending = root["pending"].optional(lambda f: _pending(st, f))
    st.winner = root["winner"].opt_seat()
    _check_armies(st, root)
    _check_phase(st, root)
    require_canonical(root, payload(st))
    require_playable(root, st)
    return st


def _map(game: DieFightingGame, f: Field) -> str:
    key = f.text()
    try:
        found = game.tile(key).key
    except ValueError:
        f.fail(f"{key!r} is not a map")
    f.check(found == key, f"{key!r} is not a map")
    return key


def _read_units(st: DieFightingState, root: Field) -> None:
    table, grid = st.game.table, st.game.grid
    items = root["units"].items(0, 2 * st.game.capacity)
    root["units"].check(not items or st.field is not None, "units on a map not chosen yet")
    for f in items:
        uid_f, owner_f, kind_f, cmd_f, cell_f, points_f, uses_f = f.items(7, 7)
        uid = uid_f.integer(1, st.next_id - 1)
        uid_f.check(uid not in st.units, f"unit {uid} appears twice")
        kind = kind_f.text(table.units)
        cmd = cmd_f.text(("", *table.commanders))
        where = cell(cell_f, grid)
        cell_f.check(where not in st.at, f"two units on {where}")
        assert st.field is not None
        cell_f.check(where not in st.field.blocking, f"a unit on Blocking terrain at {cell_f.value}")
        card = table.units[kind]
        points = points_f.integer(1, card.die)
        uses = uses_f.integer(0, card.uses if card.ranged else 0)
        st._place(uid, Unit(owner_f.seat(), kind, cmd, where, points, uses))


def _pending(st: DieFightingState, f: Field) -> Pending:
    f.obj(_PENDING)
    kind = PendingKind(f["kind"].text(PendingKind))
    uid = f["unit"].integer(1, st.next_id - 1)
    f["unit"].check(uid in st.units and uid == st.active, f"unit {uid} is not the active unit")
    owner = st.units[uid].owner

    def target(x: Field) -> int:
        t = x.integer(1, st.next_id - 1)
        x.check(t in st.units and st.units[t].owner != owner, f"unit {t} is not an enemy on the map")
        return t

    targets = f["targets"].items(1, len(st.units))
    tids = [target(x) for x in targets]
    unique(targets, tids, "unit")
    total = f["total"].optional(lambda x: x.integer(0, 99))
    queue = f["queue"].items(0, len(tids))
    hits = f["hits"].items(0, len(tids))
    qids, hids = [target(x) for x in queue], [target(x) for x in hits]
    unique(queue, qids, "unit")
    unique(hits, hids, "unit")
    f["queue"].check(set(qids) <= set(tids) and set(hids) <= set(tids), "not among the targets")
    return Pending(kind, uid, tuple(tids), total, tuple(qids), tuple(hids))


def _check_armies(st: DieFightingState, root: Field) -> None:
    """Every unit of an army is in reserve, on the map or lost (rules 2 and 9.2)."""
    g, table = st.game, st.game.table
    for p in (0, 1):
        on_map: dict[str, int] = {}
        for u in st.units.values():
            if u.owner == p:
                on_map[army_key(u.kind, u.commander)] = on_map.get(army_key(u.kind, u.commander), 0) + 1
        have = {k: st.army[p].get(k, 0) + on_map.get(k, 0) for k in {*st.army[p], *on_map}}
        cost = sum(table.cost(*split_key(k)) * n for k, n in have.items())
        listed = g.armies[p]
        if listed is None:
            root["spent"].check(cost + st.lost[p] == st.spent[p], f"player {p} spent {st.spent[p]} points on units costing {cost + st.lost[p]}")
        else:
            root["buying"].check(not st.buying[p] and st.spent[p] == 0, f"player {p} does not buy an army")
            for k, n in have.items():
                root["army"].check(n <= listed.get(k, 0), f"player {p} has {n} {k}, the army list has {listed.get(k, 0)}")
            full = sum(table.cost(*split_key(k)) * n for k, n in listed.items())
            root["lost"].check(cost + st.lost[p] == full, f"player {p} lost {st.lost[p]} points but {full - cost} are missing")


def _check_phase(st: DieFightingState, root: Field) -> None:
    phase, setup = st.phase, st.phase in SETUP_PHASES
    stage_ok = st.stage == Stage.SETUP if setup else st.stage != Stage.SETUP or (phase == Phase.INITIATIVE and st.round == 1)
    root["stage"].check(stage_ok, f"the {st.stage} stage does not match the {phase} phase")
    root["buying"].check(phase == Phase.BUY or not any(st.buying), "buying outside the buy phase")
    if phase == Phase.BUY:
        root["player"].check(st.buying[st.player], "this player is not buying")
    if setup:
        for p in (0, 1):
            root["army"].check(st.buying[p] or st.army_size(p) + len(st.units_of(p)) > 0, f"player {p} has no army")
        root["round"].check(st.round == 0, "no round is played during set-up")
        root["lost"].check(st.lost == [0, 0], "nothing is lost during set-up")
    else:
        root["round"].check(st.round >= 1, "the game has started")
        root["army"].check(not st.army[0] and not st.army[1], "units still in reserve after set-up")
    if phase in (Phase.SIDE, Phase.DEPLOY) or not setup:
        root["maps"].check(st.field is not None, "the map is not chosen")
    if phase == Phase.DEPLOY or not setup:
        root["south"].check(st.south is not None, "no side is chosen")
    if phase == Phase.DEPLOY:
        root["player"].check(bool(st.army[st.player]), "this player has nothing left to deploy")
        assert st.field is not None
        for u in st.units.values():
            root["units"].check(u.cell in st.field.zone(st.side_of(u.owner)), f"a unit outside its deployment zone on {u.cell}")
    root["active"].check((st.active is not None) == (phase in ACTIVE_PHASES), f"an active unit exactly in the {', '.join(ACTIVE_PHASES)} phases")
    if st.active is not None:
        root["active"].check(st.active in st.units and st.units[st.active].owner == st.player, "not a unit of the player to act")
    root["pending"].check((st.pending is not None) == (phase in ROLLING), f"a pending roll exactly in the {', '.join(ROLLING)} phases")
    if st.pending is not None and phase == Phase.ATTACK_ROLL:
        root["pending"].check(st.pending.total is None and bool(st.pending.queue or st.pending.kind == PendingKind.BREAK), "an attack roll not yet rolled needs a target")
    if st.pending is not None and phase == Phase.DEFENCE_ROLL:
        root["pending"].check(st.pending.total is not None and bool(st.pending.queue), "a defence roll needs an attack total and a target")
    if st.pending is not None and phase == Phase.DAMAGE_ROLL:
        root["pending"].check(bool(st.pending.hits) and st.pending.kind == PendingKind.ATTACK, "damage needs a hit")
    if phase in (Phase.MOVE, Phase.COMBAT):
        root["player"].check(st.can_activate(st.player), "this player has no unit left to activate")
    root["winner"].check(st.winner is None or phase == Phase.OVER, "a winner while the game is not over")
    if not setup and phase != Phase.OVER:
        for p in (0, 1):
            root["units"].check(any(u.owner == p for u in st.units.values()), f"player {p} has no unit left but the game is not over")
