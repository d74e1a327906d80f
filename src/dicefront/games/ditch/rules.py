"""Ditch rules: the state and every rule of RULES.md (rule numbers in comments)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.chance import Outcomes, Roll, dice
from ...core.events import Event
from ...core.game import Action, PhaseState
from ...core.grid import Cell, Grid
from ...core.validate import Field, cell, count_table, require_canonical, require_playable
from .actions import (
    KIND_ORDER,
    KINDS,
    Attack,
    Block,
    ChooseDeployer,
    ChooseStarter,
    Cover,
    Deploy,
    DitchAction,
    Move,
    MoveTo,
    Reinforce,
    sq,
)

if TYPE_CHECKING:
    from . import DitchGame

# Phases
ROLLOFF, CHOOSE_DEPLOYER, DEPLOY, CHOOSE_STARTER = "rolloff", "choose-deployer", "deploy", "choose-starter"
ACTION, MOVE_ROLL, MOVE_TO, COVER, COMBAT, OVER = "action", "move-roll", "move-to", "cover", "combat", "over"
CHANCE_PHASES = (ROLLOFF, MOVE_ROLL, COMBAT)

BEATS = {"A": "K", "K": "S", "S": "A"}  # rule 5.3: +2 against this kind
ARMY = {"A": 2, "K": 2, "S": 2}  # rule 2.3
ACTIONS_PER_TURN = 2  # rule 3.1
REINFORCEMENTS = 2  # rule 7.1
BLOCK_TOKENS = 2  # rule 8.1


def modifier(kind: str, against: str) -> int:
    return 2 if BEATS[kind] == against else 0


class DitchState(PhaseState[DitchAction]):
    CHANCE_PHASES = frozenset(CHANCE_PHASES)
    game: DitchGame
    __slots__ = (
        "actions_left",
        "blocks",
        "blocks_left",
        "deploy_first",
        "fallen",
        "game",
        "pawns",
        "pending",
        "phase",
        "player",
        "reinforcements",
        "to_deploy",
        "turn",
        "winner",
    )

    def __init__(self, game: DitchGame) -> None:
        self.game = game
        self.pawns: dict[Cell, tuple[int, str]] = {}
        self.blocks: set[Cell] = set()
        self.phase = ROLLOFF
        self.player = 0
        self.actions_left = 0
        self.to_deploy = [dict(ARMY), dict(ARMY)]
        self.fallen = [dict.fromkeys(KIND_ORDER, 0), dict.fromkeys(KIND_ORDER, 0)]
        self.reinforcements = [REINFORCEMENTS, REINFORCEMENTS]
        self.blocks_left = [BLOCK_TOKENS, BLOCK_TOKENS]
        self.deploy_first: int | None = None
        self.pending: tuple[Any, ...] | None = None
        self.turn = 0
        self.winner: int | None = None

    @property
    def grid(self) -> Grid:
        return self.game.board.grid

    # ----- contract ---------------------------------------------------------------
    def chance_outcomes(self) -> Outcomes:
        if self.phase in (ROLLOFF, COMBAT):
            return dice(6, 6)
        if self.phase == MOVE_ROLL:
            return dice(6)
        return []

    def clone(self) -> DitchState:
        new = DitchState.__new__(DitchState)
        new.game = self.game
        new.pawns = dict(self.pawns)
        new.blocks = set(self.blocks)
        new.phase = self.phase
        new.player = self.player
        new.actions_left = self.actions_left
        new.to_deploy = [dict(d) for d in self.to_deploy]
        new.fallen = [dict(d) for d in self.fallen]
        new.reinforcements = list(self.reinforcements)
        new.blocks_left = list(self.blocks_left)
        new.deploy_first = self.deploy_first
        new.pending = self.pending
        new.turn = self.turn
        new.winner = self.winner
        return new

    # ----- legal actions ------------------------------------------------------------
    def legal_actions(self, player: int) -> list[DitchAction]:
        if player not in self.actors:
            return []
        phase = self.phase
        if phase in (CHOOSE_DEPLOYER, CHOOSE_STARTER):
            cls = ChooseDeployer if phase == CHOOSE_DEPLOYER else ChooseStarter
            return [cls(0), cls(1)]
        if phase == DEPLOY:
            free = self._free_zone_cells(player)
            return [Deploy(k, c) for k in KIND_ORDER if self.to_deploy[player][k] for c in free]
        if phase == MOVE_TO:
            return [MoveTo(c) for c in self.move_destinations()]
        if phase == COVER:
            return [*(Cover(c) for c in self.cover_soldiers()), Cover(None)]
        return self._turn_actions(player)

    def _turn_actions(self, player: int) -> list[DitchAction]:
        own = sorted((c for c, (o, _) in self.pawns.items() if o == player), key=_order)
        out: list[DitchAction] = [Move(c) for c in own]
        for c in own:
            out.extend(Attack(c, t) for t in self.targets(c))
        if self.reinforcements[player]:
            free = self._free_zone_cells(player)
            out.extend(Reinforce(k, c) for k in KIND_ORDER if self.fallen[player][k] for c in free)
        if self.blocks_left[player]:
            out.extend(Block(c) for c in sorted(self.game.board.green, key=_order) if self._open(c))
        return out

    def _open(self, cell: Cell) -> bool:
        return cell not in self.pawns and cell not in self.blocks

    def _free_zone_cells(self, player: int) -> list[Cell]:
        return sorted((c for c in self.game.board.zone(player) if self._open(c)), key=_order)

    def targets(self, cell: Cell) -> list[Cell]:
        """Enemy pawns the pawn on ``cell`` may attack (rules 5.1 and 5.4)."""
        owner, kind = self.pawns[cell]
        reach = 2 if kind == "A" else 1
        out = []
        for t, (o, _) in self.pawns.items():
            if o != owner and self.grid.distance(cell, t) <= reach:
                out.append(t)
        return sorted(out, key=_order)

    def move_destinations(self) -> list[Cell]:
        """Where the pawn being moved may end, given the roll (rules 4.2-4.5)."""
        if self.pending is None:
            return []
        start, roll = self.pending
        kind = self.pawns[start][1]
        budget = roll + (1 if kind == "K" else 0)
        opts = self.game.options
        if opts.straight_moves:
            cells = self._straight_reach(start, budget, opts.pass_through_pawns)
        else:
            passable = (lambda c: c not in self.blocks) if opts.pass_through_pawns else self._open
            cells = [c for c in self.grid.reachable(start, budget, passable) if self._open(c)]
        return sorted(set(cells) | {start}, key=_order)

    def _straight_reach(self, start: Cell, budget: int, through: bool) -> list[Cell]:
        out = []
        for nb in self.grid.neighbours(start):
            dc, dr = nb[0] - start[0], nb[1] - start[1]
            cell = start
            for _ in range(budget):
                cell = (cell[0] + dc, cell[1] + dr)
                if not self.grid.contains(cell) or cell in self.blocks:
                    break
                if cell in self.pawns:
                    if through:
                        continue
                    break
                out.append(cell)
        return out

    def cover_soldiers(self) -> list[Cell]:
        """Friendly Soldiers adjacent to the attacked pawn that may take the attack
        instead (rule 5.6)."""
        if self.pending is None:
            return []
        _, target, _ = self.pending
        owner = self.pawns[target][0]
        return sorted(
            (n for n in self.grid.neighbours(target) if self.pawns.get(n) == (owner, "S")), key=_order
        )

    def why_illegal(self, action: Action, player: int) -> str:
        base = super().why_illegal(action, player)
        if base != "not a legal action in this position":
            return base
        return self._reason(action, player) or f"not legal during the {self.phase.replace('-', ' ')} step"

    def _reason(self, action: Action, player: int) -> str | None:
        pawn_actions = (Move, Attack)
        if isinstance(action, pawn_actions) and self.phase != ACTION:
            return f"pawns act only on your turn's action step (now: {self.phase.replace('-', ' ')})"
        if isinstance(action, (Move, Attack)):
            cell = action.cell if isinstance(action, Move) else action.attacker
            if self.pawns.get(cell, (None,))[0] != player:
                return f"there is no pawn of yours on {sq(cell)}"
        if isinstance(action, Attack):
            return f"{sq(action.target)} is not an enemy pawn in range of {sq(action.attacker)}"
        if isinstance(action, MoveTo):
            return f"{sq(action.cell)} is not reachable with this roll"
        if isinstance(action, Reinforce):
            if not self.reinforcements[player]:
                return "you have used both reinforcements"
            if not self.fallen[player][action.kind]:
                return f"you have no eliminated {KINDS[action.kind]} to bring back"
            return f"{sq(action.cell)} is not a free square of your deployment zone"
        if isinstance(action, Block):
            if not self.blocks_left[player]:
                return "you have placed both block tokens"
            return f"{sq(action.cell)} is not a free green tile"
        if isinstance(action, Deploy):
            if not self.to_deploy[player].get(action.kind):
                return f"you have no {KINDS[action.kind]} left to deploy"
            return f"{sq(action.cell)} is not a free square of your deployment zone"
        return None

    # ----- applying -------------------------------------------------------------------
    def _apply(self, action: DitchAction, player: int) -> list[Event]:
        name = self.game.player_name(player)
        if isinstance(action, ChooseDeployer):  # rule 2.2
            self.deploy_first = action.player
            self.phase, self.player = DEPLOY, action.player
            text = f"{name} will deploy first" if action.player == player else f"{name} lets {self.game.player_name(action.player)} deploy first"
            return [Event("choose", text, {"deployer": action.player})]
        if isinstance(action, Deploy):  # rule 2.4
            return self._deploy(action, player)
        if isinstance(action, ChooseStarter):  # rule 2.5
            self._start_turn(action.player)
            text = f"{name} takes the first turn" if action.player == player else f"{name} gives the first turn to {self.game.player_name(action.player)}"
            return [Event("choose", text, {"starter": action.player})]
        if isinstance(action, Move):  # rule 4.2
            self.pending = (action.cell, 0)
            self.phase = MOVE_ROLL
            return [Event("move", f"{name} moves the {KINDS[self.pawns[action.cell][1]]} on {sq(action.cell)}", {"from": sq(action.cell)})]
        if isinstance(action, MoveTo):
            return self._move_to(action, player)
        if isinstance(action, Attack):
            return self._declare_attack(action, player)
        if isinstance(action, Cover):
            return self._cover(action, player)
        if isinstance(action, Reinforce):  # rule 7
            self.reinforcements[player] -= 1
            self.fallen[player][action.kind] -= 1
            self.pawns[action.cell] = (player, action.kind)
            ev = Event("reinforce", f"{name} reinforces: {KINDS[action.kind]} returns on {sq(action.cell)}", {"kind": action.kind, "cell": sq(action.cell)})
            return [ev, *self._action_done()]
        if isinstance(action, Block):  # rule 8
            self.blocks_left[player] -= 1
            self.blocks.add(action.cell)
            ev = Event("block", f"{name} blocks {sq(action.cell)}", {"cell": sq(action.cell)})
            return [ev, *self._action_done()]
        raise TypeError(f"not a Ditch action: {action!r}")

    def _deploy(self, action: Deploy, player: int) -> list[Event]:
        self.to_deploy[player][action.kind] -= 1
        self.pawns[action.cell] = (player, action.kind)
        ev = Event("deploy", f"{self.game.player_name(player)} deploys {'an' if action.kind == 'A' else 'a'} {KINDS[action.kind]} on {sq(action.cell)}", {"kind": action.kind, "cell": sq(action.cell)})
        other = 1 - player
        if sum(self.to_deploy[other].values()):
            self.player = other
        elif not sum(self.to_deploy[player].values()):
            assert self.deploy_first is not None
            self.phase, self.player = CHOOSE_STARTER, self.deploy_first
        return [ev]

    def _move_to(self, action: MoveTo, player: int) -> list[Event]:
        assert self.pending is not None
        start, roll = self.pending
        self.pending = None
        pawn = self.pawns.pop(start)
        self.pawns[action.cell] = pawn
        if action.cell == start:
            text = f"{self.game.player_name(player)}'s {KINDS[pawn[1]]} stays on {sq(start)}"
        else:
            text = f"{self.game.player_name(player)}'s {KINDS[pawn[1]]} moves {sq(start)}-{sq(action.cell)}"
        ev = Event("moved", text, {"from": sq(start), "to": sq(action.cell), "roll": roll})
        return [ev, *self._action_done()]

    def _declare_attack(self, action: Attack, player: int) -> list[Event]:
        ranged = self.grid.distance(action.attacker, action.target) > 1  # rule 5.4
        self.pending = (action.attacker, action.target, ranged)
        akind, tkind = self.pawns[action.attacker][1], self.pawns[action.target][1]
        how = " from range" if ranged else ""
        ev = Event(
            "attack",
            f"{self.game.player_name(player)}'s {KINDS[akind]} on {sq(action.attacker)} attacks the {KINDS[tkind]} on {sq(action.target)}{how}",
            {"attacker": sq(action.attacker), "target": sq(action.target), "ranged": ranged},
        )
        if self.cover_soldiers():  # rule 5.6
            self.phase, self.player = COVER, 1 - player
        else:
            self.phase = COMBAT
        return [ev]

    def _cover(self, action: Cover, player: int) -> list[Event]:
        assert self.pending is not None
        attacker, target, ranged = self.pending
        self.phase, self.player = COMBAT, 1 - player
        if action.cell is None:
            return [Event("cover", f"{self.game.player_name(player)} lets the attack stand", {"cover": None})]
        self.pending = (attacker, action.cell, ranged)
        return [Event("cover", f"The Soldier on {sq(action.cell)} steps in to take the attack meant for {sq(target)}", {"cover": sq(action.cell)})]

    def _apply_chance(self, outcome: Roll) -> list[Event]:
        if self.phase == ROLLOFF:
            return self._rolloff(outcome)
        if self.phase == MOVE_ROLL:
            assert self.pending is not None
            roll = int(outcome.faces[0])
            self.pending = (self.pending[0], roll)
            self.phase = MOVE_TO
            bonus = " (+1 Skirmisher)" if self.pawns[self.pending[0]][1] == "K" else ""
            return [Event("roll", f"Move roll: {roll}{bonus}", {"die": roll})]
        return self._combat(outcome)

    def _rolloff(self, outcome: Roll) -> list[Event]:  # rule 2.1
        a, b = int(outcome.faces[0]), int(outcome.faces[1])
        text = f"Deployment roll: {self.game.player_name(0)} {a}, {self.game.player_name(1)} {b}"
        if a == b:
            return [Event("roll", text + ": a tie, roll again", {"dice": [a, b]})]
        self.phase, self.player = CHOOSE_DEPLOYER, 0 if a > b else 1
        return [Event("roll", text, {"dice": [a, b], "winner": self.player})]

    def _combat(self, outcome: Roll) -> list[Event]:  # rules 5.2-5.5
        assert self.pending is not None
        attacker, target, ranged = self.pending
        self.pending = None
        (ap, ak), (_, dk) = self.pawns[attacker], self.pawns[target]
        ra, rd = int(outcome.faces[0]), int(outcome.faces[1])
        ta, td = ra + modifier(ak, dk), rd + modifier(dk, ak)
        data = {"attacker": sq(attacker), "defender": sq(target), "dice": [ra, rd], "totals": [ta, td]}

        def show(kind: str, roll: int, total: int) -> str:
            return f"{KINDS[kind]} {roll}" + (f"+2={total}" if total != roll else "")

        text = f"Combat: {show(ak, ra, ta)} against {show(dk, rd, td)}"
        events = []
        if ta > td:
            events.append(Event("combat", text + f": the {KINDS[dk]} on {sq(target)} is eliminated", {**data, "loser": "defender"}))
            self._eliminate(target)
        elif td > ta and ranged and dk != "A":
            events.append(Event("combat", text + ": the Archer shot from range, so only an Archer could remove it; it stays", {**data, "loser": "none"}))
        elif td > ta:
            events.append(Event("combat", text + f": the {KINDS[ak]} on {sq(attacker)} is eliminated", {**data, "loser": "attacker"}))
            self._eliminate(attacker)
        else:
            events.append(Event("combat", text + ": a tie, both pawns stay", {**data, "loser": "none"}))
        self.player = ap
        self.phase = ACTION
        return events + self._action_done()

    def _eliminate(self, cell: Cell) -> None:
        owner, kind = self.pawns.pop(cell)
        self.fallen[owner][kind] += 1

    def _action_done(self) -> list[Event]:
        self.phase = ACTION
        self.actions_left -= 1
        loser = self._loser()
        if loser is not None:  # rule 9
            self.phase, self.winner = OVER, 1 - loser
            return [Event("game-over", f"{self.game.player_name(1 - loser)} wins: {self.game.player_name(loser)} has no pawns and no reinforcements left", {"winner": 1 - loser})]
        if self.actions_left <= 0:
            if self.turn >= self.game.options.turn_limit:  # rule 9.3
                self.phase = OVER
                return [Event("game-over", f"Turn limit of {self.game.options.turn_limit} reached: a draw", {"winner": None})]
            self._start_turn(1 - self.player)
            return [Event("turn", f"{self.game.player_name(self.player)}'s turn {self.turn}", {"player": self.player, "turn": self.turn})]
        return []

    def _start_turn(self, player: int) -> None:
        self.phase, self.player, self.actions_left = ACTION, player, ACTIONS_PER_TURN
        self.turn += 1

    def _loser(self) -> int | None:
        for p in (self.player, 1 - self.player):
            if any(o == p for o, _ in self.pawns.values()):
                continue
            if self.game.options.end_condition == "no-pawns" or not self.reinforcements[p]:
                return p
        return None

    # ----- information ------------------------------------------------------------------
    def _payload(self) -> dict[str, Any]:
        pending: list[Any] | None = None
        if self.pending is not None:
            pending = [sq(x) if isinstance(x, tuple) else x for x in self.pending]
        return {
            "phase": self.phase,
            "player": self.player,
            "actions_left": self.actions_left,
            "turn": self.turn,
            "pawns": [[sq(c), o, k] for c, (o, k) in sorted(self.pawns.items(), key=lambda x: _order(x[0]))],
            "blocks": sorted(sq(c) for c in self.blocks),
            "to_deploy": [dict(d) for d in self.to_deploy],
            "fallen": [dict(d) for d in self.fallen],
            "reinforcements_left": list(self.reinforcements),
            "blocks_left": list(self.blocks_left),
            "deploy_first": self.deploy_first,
            "pending": pending,
            "winner": self.winner,
        }

    def _view(self, player: int | None) -> dict[str, Any]:
        return self._payload()  # Ditch hides nothing

    def status_text(self) -> str:
        name = self.game.player_name
        if self.phase == OVER or self.phase in CHANCE_PHASES:
            return super().status_text()
        what = {
            CHOOSE_DEPLOYER: "choose who deploys first",
            DEPLOY: "deploy a pawn",
            CHOOSE_STARTER: "choose who takes the first turn",
            MOVE_TO: "choose where the pawn goes",
            COVER: "decide whether a Soldier takes the attack",
        }.get(self.phase)
        if what is None:
            what = f"turn {self.turn}, {self.actions_left} action{'s' if self.actions_left != 1 else ''} left"
        return f"{name(self.player)}: {what}"


def _order(cell: Cell) -> tuple[int, int]:
    return (cell[1], cell[0])


def state_from_payload(game: DitchGame, data: Any) -> DitchState:
    """Rebuild a saved state, checking every field against the rules' invariants."""
    root = Field(data, "state", game.name)
    root.obj(_FIELDS)
    st = DitchState(game)
    st.phase = root["phase"].text(PHASES)
    st.player = root["player"].seat()
    st.actions_left = root["actions_left"].integer(0, ACTIONS_PER_TURN)
    st.turn = root["turn"].integer(0, game.options.turn_limit)
    most = max(ARMY.values())
    st.to_deploy = [count_table(f, KIND_ORDER, most) for f in root["to_deploy"].items(2, 2)]
    st.fallen = [count_table(f, KIND_ORDER, most) for f in root["fallen"].items(2, 2)]
    st.reinforcements = [f.integer(0, REINFORCEMENTS) for f in root["reinforcements_left"].items(2, 2)]
    st.blocks_left = [f.integer(0, BLOCK_TOKENS) for f in root["blocks_left"].items(2, 2)]
    _read_board(st, root)
    st.deploy_first = root["deploy_first"].opt_seat()
    st.winner = root["winner"].opt_seat()
    st.pending = _read_pending(st, root["pending"])
    _check_phase(st, root)
    require_canonical(root, st._payload())
    require_playable(root, st)
    return st


_FIELDS = ("phase", "player", "actions_left", "turn", "pawns", "blocks", "to_deploy", "fallen",
           "reinforcements_left", "blocks_left", "deploy_first", "pending", "winner")
PHASES = (ROLLOFF, CHOOSE_DEPLOYER, DEPLOY, CHOOSE_STARTER, ACTION, MOVE_ROLL, MOVE_TO, COVER, COMBAT, OVER)


def _read_board(st: DitchState, root: Field) -> None:
    grid, board = st.game.board.grid, st.game.board
    pawns = root["pawns"].items(0, 2 * sum(ARMY.values()))
    for f in pawns:
        where, owner, kind = f.items(3, 3)
        square = cell(where, grid)
        where.check(square not in st.pawns, f"two pawns on {sq(square)}")
        st.pawns[square] = (owner.seat(), kind.text(KIND_ORDER))
    for f in root["blocks"].items(0, 2 * BLOCK_TOKENS):
        square = cell(f, grid)
        f.check(square in board.green, f"{sq(square)} is not a green tile")
        f.check(square not in st.blocks, f"{sq(square)} is blocked twice")
        f.check(square not in st.pawns, f"{sq(square)} is blocked but holds a pawn")
        st.blocks.add(square)
    placed = len(st.blocks) + sum(st.blocks_left)
    root["blocks_left"].check(placed == 2 * BLOCK_TOKENS, f"{len(st.blocks)} blocks on the board and {sum(st.blocks_left)} left, expected {2 * BLOCK_TOKENS} in all")
    for p in (0, 1):  # rule 2.3: every pawn is on the board, waiting to deploy, or fallen
        for k in KIND_ORDER:
            on_board = sum(1 for o, kind in st.pawns.values() if (o, kind) == (p, k))
            total = on_board + st.to_deploy[p][k] + st.fallen[p][k]
            root["pawns"].check(total == ARMY[k], f"player {p} has {total} {KINDS[k]}s in all (board, to deploy, fallen), expected {ARMY[k]}")


def _read_pending(st: DitchState, f: Field) -> tuple[Any, ...] | None:
    phase = st.phase
    if phase not in (MOVE_ROLL, MOVE_TO, COVER, COMBAT):
        f.check(f.is_null, f"must be null in the {phase} step")
        return None
    grid = st.game.board.grid
    if phase in (MOVE_ROLL, MOVE_TO):
        c, r = f.items(2, 2)
        start = cell(c, grid)
        c.check(st.pawns.get(start, (None,))[0] == st.player, f"no pawn of player {st.player} on {sq(start)}")
        roll = r.integer(0, 0) if phase == MOVE_ROLL else r.integer(1, 6)
        return (start, roll)
    a, t, ranged = f.items(3, 3)
    attacker, target = cell(a, grid), cell(t, grid)
    mover = st.player if phase == COMBAT else 1 - st.player
    a.check(st.pawns.get(attacker, (None,))[0] == mover, f"no attacking pawn of player {mover} on {sq(attacker)}")
    t.check(st.pawns.get(target, (None,))[0] == 1 - mover, f"no defending pawn on {sq(target)}")
    ranged_value = ranged.flag()
    if phase == COVER:
        t.check(target in st.targets(attacker), f"{sq(target)} is not in range of {sq(attacker)}")
        ranged.check(ranged_value == (grid.distance(attacker, target) > 1), "does not match the distance of the attack")
    return (attacker, target, ranged_value)


def _check_phase(st: DitchState, root: Field) -> None:
    phase, setup = st.phase, st.phase in (ROLLOFF, CHOOSE_DEPLOYER, DEPLOY)
    waiting = [sum(d.values()) for d in st.to_deploy]
    if setup:
        root["pawns"].check(not any(sum(d.values()) for d in st.fallen), "pawns have fallen before the game started")
        root["turn"].check(st.turn == 0, "the turn must be 0 before the first turn")
    else:
        root["to_deploy"].check(not any(waiting), f"pawns still to deploy in the {phase} step")
    if phase in (ROLLOFF, CHOOSE_DEPLOYER):
        root["pawns"].check(not st.pawns and st.blocks_left == [BLOCK_TOKENS] * 2, f"no pawn or block is placed in the {phase} step")
    if phase in (DEPLOY, CHOOSE_STARTER):
        root["deploy_first"].check(st.deploy_first is not None, f"must be a seat in the {phase} step")
        root["blocks_left"].check(st.blocks_left == [BLOCK_TOKENS] * 2, f"no block is placed in the {phase} step")
    if phase == DEPLOY:
        root["player"].check(waiting[st.player] > 0, "this player has nothing left to deploy")
        for c, (o, _) in st.pawns.items():
            root["pawns"].check(c in st.game.board.zone(o), f"{sq(c)} is outside player {o}'s deployment zone")
    if phase in (ACTION, MOVE_ROLL, MOVE_TO, COVER, COMBAT):
        root["turn"].check(st.turn >= 1, f"must be at least 1 in the {phase} step")
        root["actions_left"].check(st.actions_left >= 1, f"must be at least 1 in the {phase} step")
        root["phase"].check(st._loser() is None, "the game is already won")
    root["winner"].check(st.winner is None or phase == OVER, "a winner while the game is not over")
    if phase == OVER and st.winner is not None:
        root["winner"].check(_lost(st, 1 - st.winner), "the other player has not lost")
    if phase == OVER and st.winner is None:
        root["turn"].check(st.turn == st.game.options.turn_limit, "a draw before the turn limit")


def _lost(st: DitchState, p: int) -> bool:
    return not any(o == p for o, _ in st.pawns.values()) and (st.game.options.end_condition == "no-pawns" or not st.reinforcements[p])
