"""Die Fighting rules: the state, set-up, rounds and movement (rule numbers of RULES.md
in comments). Combat actions and dice are resolved in ``combat.py``."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...core.chance import Outcomes, Roll, dice
from ...core.events import Event
from ...core.game import Action, PhaseState
from ...core.grid import Cell, Grid
from ...core.native import mypyc_attr
from . import combat
from .actions import Activate, Buy, ChooseMap, ChooseSide, Deploy, DieFightingAction, DoneBuying, MoveTo
from .constants import (
    DICE_PHASES,
    EV_ACTIVATE,
    EV_BREAK_AWAY_MOVE,
    EV_BUY,
    EV_DEPLOY,
    EV_GAME_OVER,
    EV_MAP,
    EV_MOVE,
    EV_PHASE,
    EV_ROLL,
    EV_ROUND,
    EV_SIDE,
    PH_ATTACK_ROLL,
    PH_BREAK_MOVE,
    PH_BUY,
    PH_COMBAT,
    PH_DAMAGE_ROLL,
    PH_DEFENCE_ROLL,
    PH_DEPLOY,
    PH_INITIATIVE,
    PH_MAP,
    PH_MOVE,
    PH_MOVE_TO,
    PH_ORDER,
    PH_OVER,
    PH_SETUP_ROLL,
    PH_SIDE,
    ST_COMBAT,
    ST_INITIATIVE,
    ST_MOVE,
    ST_SETUP,
    Stage,
)
from .tables import SHIPPED_MAPS, Unit, army_key, split_key
from .terrain import CELL_NAMES, Field

if TYPE_CHECKING:
    from . import DieFightingGame

COMMANDER_CODES = ("", "S", "L", "C")


def _two_d6() -> Outcomes:
    """2d6 as unordered pairs with exact probabilities (only the faces matter)."""
    out: Outcomes = []
    for a in range(1, 7):
        for b in range(a, 7):
            out.append((Roll((a, b)), Fraction(1 if a == b else 2, 36)))
    return out


TWO_D6 = _two_d6()
_DICE: dict[int, Outcomes] = {}
BOTH_2D6 = [(Roll(r.faces + s.faces), p * q) for r, p in TWO_D6 for s, q in TWO_D6]


# compiled (scripts/build-native.sh), clone()'s __new__ must not run __init__
@mypyc_attr(allow_interpreted_subclasses=True)
class DieFightingState(PhaseState[DieFightingAction]):
    CHANCE_PHASES = DICE_PHASES
    phase: str  # declared here too, so that compiled they are slots of this class (core.fields)
    player: int
    __slots__ = (
        "active",
        "army",
        "at",
        "buying",
        "done",
        "field",
        "first",
        "game",
        "lost",
        "maps",
        "next_id",
        "pending",
        "phase",
        "player",
        "roll_winner",
        "round",
        "south",
        "spent",
        "stage",
        "units",
        "winner",
    )

    game: DieFightingGame

    def __init__(self, game: DieFightingGame) -> None:
        self.game = game
        self.army: list[dict[str, int]] = [dict(a) if a is not None else {} for a in game.armies]
        self.spent = [0, 0]
        self.buying = [a is None for a in game.armies]
        self.maps: list[str] = list(game.fixed_maps or ())
        self.field: Field | None = game.field_for(self.maps) if self.maps else None
        self.south: int | None = None
        self.roll_winner: int | None = None
        self.units: dict[int, Unit] = {}
        self.at: dict[Cell, int] = {}
        self.next_id = 1
        self.done: set[int] = set()
        self.round = 0
        self.first = 0
        self.active: int | None = None
        self.pending: combat.Pending | None = None
        self.lost = [0, 0]
        self.winner: int | None = None
        self.stage: str = ST_SETUP
        self.player = 0
        self.phase = PH_BUY if any(self.buying) else PH_SETUP_ROLL
        if self.phase == PH_BUY:
            self.player = 0 if self.buying[0] else 1

    # ----- contract -------------------------------------------------------------------
    def chance_outcomes(self) -> Outcomes:
        if self.phase in (PH_SETUP_ROLL, PH_INITIATIVE):
            return BOTH_2D6
        if self.phase in (PH_ATTACK_ROLL, PH_DEFENCE_ROLL):
            return TWO_D6
        if self.phase == PH_DAMAGE_ROLL:
            sides = combat.damage_die(self)
            found = _DICE.get(sides)
            if found is None:
                found = _DICE[sides] = dice(sides)
            return found
        return []

    def clone(self) -> DieFightingState:
        new = DieFightingState.__new__(DieFightingState)
        new.game = self.game
        new.phase, new.player, new.stage = self.phase, self.player, self.stage
        new.army = [dict(self.army[0]), dict(self.army[1])]
        new.spent = list(self.spent)
        new.buying = list(self.buying)
        new.maps = list(self.maps)
        new.field = self.field
        new.south, new.roll_winner = self.south, self.roll_winner
        new.units = dict(self.units)
        new.at = dict(self.at)
        new.next_id = self.next_id
        new.done = set(self.done)
        new.round, new.first, new.active, new.pending = self.round, self.first, self.active, self.pending
        new.lost = list(self.lost)
        new.winner = self.winner
        return new

    # ----- helpers ----------------------------------------------------------------------
    @property
    def board(self) -> Field:
        if self.field is None:
            raise ValueError("the map has not been chosen yet")
        return self.field

    def side_of(self, player: int) -> str:
        return "south" if self.south == player else "north"

    def units_of(self, player: int) -> list[Unit]:
        return [u for u in self.units.values() if u.owner == player]

    def unit_at(self, cell: Cell) -> Unit | None:
        uid = self.at.get(cell)
        return None if uid is None else self.units[uid]

    def card(self, unit: Unit) -> Any:
        return self.game.table.units[unit.kind]

    def stat(self, unit: Unit, name: str) -> int:
        """A unit card value plus its commander's bonus (rules 2.3 and 2.4)."""
        return self.game.table.stat(unit.kind, unit.commander, name)

    def name(self, unit: Unit) -> str:
        return f"{self.game.player_name(unit.owner)}'s {self.game.table.label(unit.kind, unit.commander)} on {CELL_NAMES[unit.cell]}"

    def army_size(self, player: int) -> int:
        return sum(self.army[player].values())

    def enemy_cells(self, player: int) -> set[Cell]:
        return {u.cell for u in self.units.values() if u.owner != player}

    def adjacent_enemies(self, unit: Unit) -> list[Unit]:
        adj = self.board.adjacent[unit.cell]
        return [u for u in self.units.values() if u.owner != unit.owner and u.cell in adj]

    def pinned(self, unit: Unit) -> bool:
        """Rule 6.5: a unit next to an enemy that holds it may not move in the movement
        phase (Ranged enemies hold nobody; Mounted units are held only by Mounted)."""
        for e in self.adjacent_enemies(unit):
            if self.card(unit).mounted:
                if self.card(e).mounted:
                    return True
            elif not self.card(e).ranged:
                return True
        return False

    def reach(self, unit: Unit) -> dict[Cell, int]:
        """Where ``unit`` may end a move this activation (rules 6.1-6.4), with the cost."""
        cells = self.board.cells
        out: dict[Cell, int] = {}
        for cost, layer in enumerate(self.reach_layers(unit)):
            while layer:
                low = layer & -layer
                out[cells[low.bit_length() - 1]] = cost
                layer ^= low
        return out

    def reach_layers(self, unit: Unit) -> list[int]:
        """:meth:`reach` as bit masks of the board (see ``Field.reach_layers``): layer
        ``k`` holds the free squares (and the unit's own) that cost ``k`` to reach."""
        layers, free = self._reach(unit)
        return [layer & free for layer in layers]

    def reach_mask(self, unit: Unit) -> int:
        """The squares of :meth:`reach` as one bit mask."""
        layers, free = self._reach(unit)
        mask = 0
        for layer in layers:
            mask |= layer
        return mask & free

    def _reach(self, unit: Unit, pin: bool = False) -> tuple[tuple[int, ...], int]:
        """The reach layers and the mask of squares the unit may end on (all but those of
        other units). ``pin``: when an enemy holds the unit (rule 6.5), no layers."""
        table = self.game.table.units
        mounted = table[unit.kind].type == "mounted"
        board = self.board
        bit, adjacent = board.bit, board.adjacent_mask
        owner = unit.owner
        stops = enemies = occupied = held = 0
        for e in self.units.values():
            b = bit[e.cell]
            occupied |= b
            if e.owner != owner:
                enemies |= b
                kind = table[e.kind].type
                if not mounted or kind == "mounted":
                    stops |= adjacent[e.cell]
                    if kind != "ranged":  # Ranged units hold nobody
                        held |= b
        here = bit[unit.cell]
        if pin and held & adjacent[unit.cell]:
            return (), 0
        layers = board.reach_layers(unit.cell, self.stat(unit, "speed") + self.stat(unit, "movement"), stops, enemies)
        return layers, ~(occupied & ~here)

    # ----- legal actions ------------------------------------------------------------------
    def legal_actions(self, player: int) -> list[DieFightingAction]:
        phase = self.phase
        if player != self.player or phase in DICE_PHASES or phase == PH_OVER:  # not an actor (``actors``)
            return []
        if phase in (PH_MOVE, PH_COMBAT):
            done = self.done
            board = self.board
            bit = board.bit
            mask = 0
            for uid, u in self.units.items():
                if u.owner == player and uid not in done:
                    mask |= bit[u.cell]
            return board.pick(board.activate, mask)
        if phase in (PH_MOVE_TO, PH_BREAK_MOVE):
            unit = self.units[self.active] if self.active is not None else None
            return [] if unit is None else self.board.pick(self.board.move_to, self._move_mask(unit))
        if phase == PH_ORDER:
            return combat.order_actions(self)
        if phase == PH_BUY:
            return self._buy_actions(player)
        if phase == PH_DEPLOY:
            return self._deploy_actions(player)
        if phase == PH_MAP:
            return [ChooseMap(k) for k in SHIPPED_MAPS if k not in self.maps]
        if phase == PH_SIDE:
            return [ChooseSide("south"), ChooseSide("north")]
        return []

    def move_squares(self, unit: Unit) -> list[Cell]:
        """The squares ``unit`` may end its move on, in board order."""
        return self.board.pick(self.board.cells, self._move_mask(unit))

    def _move_mask(self, unit: Unit) -> int:
        layers, free = self._reach(unit, self.phase == PH_MOVE_TO)
        if not free:  # held by an enemy (rule 6.5): it stays
            return self.board.bit[unit.cell]
        mask = 0
        for layer in layers:
            mask |= layer
        return mask & free

    def _deploy_actions(self, player: int) -> list[DieFightingAction]:  # rule 3.4
        board = self.board
        bit = board.bit
        free = board.zone_mask(self.side_of(player))
        for cell in self.at:
            free &= ~bit[cell]
        out: list[DieFightingAction] = []
        army = self.army[player]
        for key in sorted(army):
            if army[key]:
                out += board.pick(board.deploys(key), free)
        return out

    def _buy_actions(self, player: int) -> list[DieFightingAction]:  # rule 2.6
        table = self.game.table
        left = self.game.points - self.spent[player]
        out: list[DieFightingAction] = []
        if self.army_size(player) < self.game.capacity:
            for kind in table.units:
                for cmd in COMMANDER_CODES:
                    if (not cmd or cmd in table.commanders) and table.cost(kind, cmd) <= left:
                        out.append(Buy(army_key(kind, cmd)))
        if self.army_size(player):
            out.append(DoneBuying())
        return out

    def why_illegal(self, action: Action, player: int) -> str:
        base = super().why_illegal(action, player)
        if base != "not a legal action in this position":
            return base
        return _reason(self, action, player) or f"not legal during the {self.phase.replace('-', ' ')} step"

    # ----- applying ---------------------------------------------------------------------------
    def _apply(self, action: DieFightingAction, player: int) -> list[Event]:
        if isinstance(action, Activate):
            return self._activate(action, player)
        if isinstance(action, MoveTo):
            return self._move_to(action, player)
        if self.phase == PH_ORDER:
            return combat.apply_order(self, action, player)
        if isinstance(action, (Buy, DoneBuying)):
            return self._buy(action, player)
        if isinstance(action, ChooseMap):
            return self._choose_map(action, player)
        if isinstance(action, ChooseSide):
            return self._choose_side(action, player)
        if isinstance(action, Deploy):
            return self._deploy(action, player)
        raise TypeError(f"not a Die Fighting action: {action!r}")

    def _buy(self, action: Buy | DoneBuying, player: int) -> list[Event]:  # rule 2.6
        who = self.game.player_name(player)
        if isinstance(action, DoneBuying):
            self.buying[player] = False
            ev = Event(EV_BUY, f"{who} finishes buying with {self.spent[player]} of {self.game.points} points spent.",
                       {"player": player, "spent": self.spent[player]})
        else:
            kind, cmd = split_key(action.key)
            cost = self.game.table.cost(kind, cmd)
            self.army[player][action.key] = self.army[player].get(action.key, 0) + 1
            self.spent[player] += cost
            ev = Event(EV_BUY, f"{who} buys {self.game.table.label(kind, cmd)} for {cost} points.",
                       {"player": player, "unit": action.key, "cost": cost})
        if self.buying[1 - player]:
            self.player = 1 - player
        elif not self.buying[player]:
            self.phase = PH_SETUP_ROLL
        return [ev]

    def _choose_map(self, action: ChooseMap, player: int) -> list[Event]:  # rule 3.2
        self.maps.append(action.key)
        tile = self.game.tile(action.key)
        slot = len(self.maps)
        where = "" if self.game.map_count == 1 else f" for map slot {slot} of {self.game.map_count}"
        events = [Event(EV_MAP, f"{self.game.player_name(player)} chooses the map {tile.name}{where}.", {"map": action.key})]
        if len(self.maps) == self.game.map_count:
            self.field = self.game.field_for(self.maps)
            self.phase, self.player = PH_SIDE, 1 - player
        return events

    def _choose_side(self, action: ChooseSide, player: int) -> list[Event]:  # rule 3.3
        self.south = player if action.side == "south" else 1 - player
        assert self.roll_winner is not None
        self.phase, self.player = PH_DEPLOY, self.roll_winner
        return [Event(EV_SIDE, f"{self.game.player_name(player)} takes the {action.side} edge.", {"player": player, "side": action.side})]

    def _deploy(self, action: Deploy, player: int) -> list[Event]:  # rule 3.4
        kind, cmd = split_key(action.key)
        card = self.game.table.units[kind]
        self.army[player][action.key] -= 1
        if not self.army[player][action.key]:
            del self.army[player][action.key]
        unit = Unit(player, kind, cmd, action.cell, card.die, card.uses if card.ranged else 0)
        self._place(self.next_id, unit)
        self.next_id += 1
        ev = Event(EV_DEPLOY, f"{self.game.player_name(player)} deploys {self.game.table.label(kind, cmd)} on {CELL_NAMES[action.cell]}.",
                   {"player": player, "unit": action.key, "cell": CELL_NAMES[action.cell]})
        if self.army_size(1 - player):
            self.player = 1 - player
        elif not self.army_size(player):
            self.phase = PH_INITIATIVE
            self.round = 1
            return [ev, Event(EV_ROUND, "Round 1 begins: roll for initiative.", {"round": 1})]
        return [ev]

    def _place(self, uid: int, unit: Unit) -> None:
        self.units[uid] = unit
        self.at[unit.cell] = uid

    def move_unit(self, uid: int, cell: Cell) -> None:
        unit = self.units[uid]
        del self.at[unit.cell]
        self._place(uid, unit._replace(cell=cell))

    def remove_unit(self, uid: int) -> None:
        unit = self.units.pop(uid)
        del self.at[unit.cell]
        self.lost[unit.owner] += self.game.table.cost(unit.kind, unit.commander)  # rule 9.2

    def _activate(self, action: Activate, player: int) -> list[Event]:  # rule 4.3
        uid = self.at[action.cell]
        self.active = uid
        self.done.add(uid)
        self.phase = PH_MOVE_TO if self.stage == ST_MOVE else PH_ORDER
        return [Event(EV_ACTIVATE, f"{self.game.player_name(player)} activates the {self.game.table.label(self.units[uid].kind, self.units[uid].commander)} on {CELL_NAMES[action.cell]}.",
                      {"player": player, "cell": CELL_NAMES[action.cell], "stage": str(self.stage)})]

    def _move_to(self, action: MoveTo, player: int) -> list[Event]:  # rules 6.1-6.5, 7.2
        assert self.active is not None
        unit = self.units[self.active]
        start = unit.cell
        label = self.game.table.label(unit.kind, unit.commander)
        who = self.game.player_name(player)
        if action.cell == start:
            text = f"{who}'s {label} stays on {CELL_NAMES[start]}."
        else:
            self.move_unit(self.active, action.cell)
            text = f"{who}'s {label} moves {CELL_NAMES[start]}-{CELL_NAMES[action.cell]}."
        kind = EV_BREAK_AWAY_MOVE if self.phase == PH_BREAK_MOVE else EV_MOVE
        return [Event(kind, text, {"from": CELL_NAMES[start], "to": CELL_NAMES[action.cell]}), *self.end_activation()]

    # ----- activation order and rounds --------------------------------------------------------
    def can_activate(self, player: int) -> bool:
        return any(u.owner == player and uid not in self.done for uid, u in self.units.items())

    def end_activation(self) -> list[Event]:
        """Rule 4.3: the other player activates next while they have units left to
        activate; then the phase, and then the round, ends."""
        self.active = None
        self.pending = None
        over = self.check_elimination()
        if over:
            return over
        phase = PH_MOVE if self.stage == ST_MOVE else PH_COMBAT
        done, other = self.done, 1 - self.player
        mine = False
        for uid, u in self.units.items():
            if uid not in done:
                if u.owner == other:
                    self.phase, self.player = phase, other
                    return []
                mine = True
        if mine:
            self.phase = phase
            return []
        if self.stage == ST_MOVE:
            return self._start_stage(ST_COMBAT)
        return self._end_round()

    def _start_stage(self, stage: Stage) -> list[Event]:
        self.stage = stage
        self.done = set()
        self.phase = PH_MOVE if stage == ST_MOVE else PH_COMBAT
        self.player = self.first if self.can_activate(self.first) else 1 - self.first
        what = "Movement" if stage == ST_MOVE else "Combat"
        return [Event(EV_PHASE, f"{what} phase of round {self.round}: {self.game.player_name(self.player)} activates first.",
                      {"stage": str(stage), "round": self.round})]

    def _end_round(self) -> list[Event]:  # rules 9.2, 9.3
        limit = self.game.round_limit
        if self.round >= limit:
            self.phase = PH_OVER
            if self.game.options.victory == "timed":
                score = (self.lost[1], self.lost[0])
                self.winner = None if score[0] == score[1] else (0 if score[0] > score[1] else 1)
                who = "a draw" if self.winner is None else f"{self.game.player_name(self.winner)} wins"
                return [Event(EV_GAME_OVER, f"Time is up after round {limit}: {self.game.player_name(0)} scored {score[0]} points, "
                              f"{self.game.player_name(1)} {score[1]}; {who}.", {"winner": self.winner, "score": list(score)})]
            return [Event(EV_GAME_OVER, f"Round limit {limit} reached with both armies on the map: a draw.", {"winner": None})]
        self.round += 1
        self.stage = ST_INITIATIVE
        self.phase = PH_INITIATIVE
        return [Event(EV_ROUND, f"Round {self.round} begins: roll for initiative.", {"round": self.round})]

    def check_elimination(self) -> list[Event]:
        """Rule 9.1: a player with no unit left on the map loses at once."""
        seen = 0  # bit p: player p has a unit
        for u in self.units.values():
            seen |= 1 << u.owner
            if seen == 3:
                return []
        for p in (0, 1):
            if not seen >> p & 1:
                self.phase, self.winner = PH_OVER, 1 - p
                return [Event(EV_GAME_OVER, f"{self.game.player_name(1 - p)} wins: {self.game.player_name(p)} has no units left.",
                              {"winner": 1 - p})]
        return []

    # ----- chance --------------------------------------------------------------------------------
    def _apply_chance(self, outcome: Roll) -> list[Event]:
        if self.phase in (PH_SETUP_ROLL, PH_INITIATIVE):
            return self._roll_off(outcome)
        return combat.apply_roll(self, outcome)

    def _roll_off(self, outcome: Roll) -> list[Event]:
        """Rules 3.1 and 4.2: each player rolls 2d6; ties go to the player with more
        units; equal again: roll again."""
        f = [int(x) for x in outcome.faces]
        totals = (f[0] + f[1], f[2] + f[3])
        setup = self.phase == PH_SETUP_ROLL
        counts = (self.army_size(0), self.army_size(1)) if setup else (len(self.units_of(0)), len(self.units_of(1)))
        what = "Set-up roll" if setup else f"Initiative, round {self.round}"
        text = f"{what}: {self.game.player_name(0)} {f[0]}+{f[1]}={totals[0]}, {self.game.player_name(1)} {f[2]}+{f[3]}={totals[1]}"
        if totals[0] != totals[1]:
            winner = 0 if totals[0] > totals[1] else 1
        elif counts[0] != counts[1]:
            winner = 0 if counts[0] > counts[1] else 1
            text += f"; a tie, won by the side with more units ({counts[winner]} to {counts[1 - winner]})"
        else:
            return [Event(EV_ROLL, text + "; a tie with equal units: roll again.", {"dice": f}, dice=tuple(f))]
        data = {"dice": f, "winner": winner}
        ev = Event(EV_ROLL, f"{text}. {self.game.player_name(winner)} wins.", data, dice=tuple(f))
        if not setup:
            self.first = winner
            return [ev, *self._start_stage(ST_MOVE)]
        self.roll_winner = winner
        if self.field is None:
            self.phase, self.player = PH_MAP, winner
        else:
            self.phase, self.player = PH_SIDE, 1 - winner
        return [ev]

    # ----- status ---------------------------------------------------------------------------------
    def status_text(self) -> str:
        if self.phase == PH_OVER or self.phase in DICE_PHASES:
            return super().status_text()
        if self.phase == PH_BUY:
            step = f"buy units ({self.game.points - self.spent[self.player]} points left)"
        else:
            step = _STEPS[self.phase].format(round=self.round)
        return f"{self.game.seat_name(self.player)}: {step}"


# what the player to act is doing, by phase (``{round}``: the round); buying has its own words
_STEPS: dict[str, str] = {
    PH_MAP: "choose the map",
    PH_SIDE: "choose a side",
    PH_DEPLOY: "deploy a unit",
    PH_MOVE: "round {round}, movement: activate a unit",
    PH_MOVE_TO: "round {round}, movement: move the active unit",
    PH_COMBAT: "round {round}, combat: activate a unit",
    PH_ORDER: "round {round}, combat: choose the active unit's action",
    PH_BREAK_MOVE: "round {round}, combat: move the unit that broke away",
}


def _reason(state: DieFightingState, action: Action, player: int) -> str | None:
    if isinstance(action, Activate):
        unit = state.unit_at(action.cell)
        if state.phase not in (PH_MOVE, PH_COMBAT):
            return f"units are activated only at the start of an activation (now: {state.phase.replace('-', ' ')})"
        if unit is None or unit.owner != player:
            return f"there is no unit of yours on {Grid.name(action.cell)}"
        return f"the unit on {Grid.name(action.cell)} has already been activated this phase"
    if isinstance(action, MoveTo):
        return f"the active unit cannot end a move on {Grid.name(action.cell)}"
    if isinstance(action, Buy):
        return f"cannot buy {action.key}: unknown unit or commander, too expensive, or the army is full"
    if isinstance(action, Deploy):
        return f"{action.key} is not in your reserve or {Grid.name(action.cell)} is not a free square of your deployment zone"
    if state.phase == PH_ORDER:
        return combat.order_reason(state, action)
    return None

