"""Ditch rules: the state and every rule of RULES.md (rule numbers in comments)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.chance import Outcomes, Roll, dice
from ...core.events import Event
from ...core.game import Action, PhaseState
from ...core.grid import Cell, Grid
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
)
from .constants import (
    ACTIONS_PER_TURN,
    ARMY,
    BLOCK_TOKENS,
    REINFORCEMENTS,
    EventKind,
    PendingAttack,
    PendingMove,
    Phase,
    modifier,
)

if TYPE_CHECKING:
    from . import DitchGame

TWO_DICE = dice(6, 6)  # the roll-off and combat (rules 2.1, 5.2)
ONE_DIE = dice(6)  # a move roll (rule 4.2)


def _shown(kind: str, roll: int, total: int) -> str:
    """A combat die as the event text shows it: ``Archer 4`` or ``Archer 4+2=6``."""
    return f"{KINDS[kind]} {roll}" + (f"+2={total}" if total != roll else "")


class DitchState(PhaseState[DitchAction]):
    CHANCE_PHASES = Phase.CHANCE
    game: DitchGame
    __slots__ = (
        "actions_left",
        "attack",
        "blocks",
        "blocks_left",
        "deploy_first",
        "fallen",
        "game",
        "moving",
        "pawns",
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
        self.phase = Phase.ROLLOFF
        self.player = 0
        self.actions_left = 0
        self.to_deploy = [dict(ARMY), dict(ARMY)]
        self.fallen = [dict.fromkeys(KIND_ORDER, 0), dict.fromkeys(KIND_ORDER, 0)]
        self.reinforcements = [REINFORCEMENTS, REINFORCEMENTS]
        self.blocks_left = [BLOCK_TOKENS, BLOCK_TOKENS]
        self.deploy_first: int | None = None
        self.moving: PendingMove | None = None  # rule 4.2: a pawn picked to move
        self.attack: PendingAttack | None = None  # rules 5.2-5.6: an attack declared
        self.turn = 0
        self.winner: int | None = None

    @property
    def grid(self) -> Grid:
        return self.game.board.grid

    # ----- contract ---------------------------------------------------------------
    def chance_outcomes(self) -> Outcomes:
        phase = self.phase
        if phase == Phase.COMBAT or phase == Phase.ROLLOFF:
            return list(TWO_DICE)
        if phase == Phase.MOVE_ROLL:
            return list(ONE_DIE)
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
        new.moving = self.moving
        new.attack = self.attack
        new.turn = self.turn
        new.winner = self.winner
        return new

    # ----- legal actions ------------------------------------------------------------
    def legal_actions(self, player: int) -> list[DitchAction]:
        if player not in self.actors:
            return []
        phase = self.phase
        if phase in (Phase.CHOOSE_DEPLOYER, Phase.CHOOSE_STARTER):
            cls = ChooseDeployer if phase == Phase.CHOOSE_DEPLOYER else ChooseStarter
            return [cls(0), cls(1)]
        tables = self.game.tables
        if phase == Phase.DEPLOY:
            free = self._free_zone_cells(player)
            deploy = tables.deploy
            return [deploy[k, c] for k in KIND_ORDER if self.to_deploy[player][k] for c in free]
        if phase == Phase.MOVE_TO:
            if self.game.options.straight_moves:
                move_to = tables.move_to
                return [move_to[c] for c in self.move_destinations()]
            return tables.move_tos_of(self._reach_mask())
        if phase == Phase.COVER:
            cover = tables.cover
            return [*(cover[c] for c in self.cover_soldiers()), Cover(None)]
        return self._turn_actions(player)

    def _turn_actions(self, player: int) -> list[DitchAction]:
        tables = self.game.tables
        pawns = self.pawns
        rank = tables.rank.__getitem__
        own: list[Cell] = []
        enemies: list[Cell] = []
        for c, (o, _) in pawns.items():
            (own if o == player else enemies).append(c)
        own.sort(key=rank)
        enemies.sort(key=rank)
        out: list[DitchAction] = list(map(tables.move.__getitem__, own))
        attack, near = tables.attack, tables.near
        for c in own:  # the targets of each pawn (as ``targets``), in board order
            reach = near[2 if pawns[c][1] == "A" else 1][c]
            out.extend([attack[c, t] for t in enemies if t in reach])
        if self.reinforcements[player]:
            free = self._free_zone_cells(player)
            reinforce = tables.reinforce
            out.extend(reinforce[k, c] for k in KIND_ORDER if self.fallen[player][k] for c in free)
        if self.blocks_left[player]:
            blocks, block = self.blocks, tables.block
            out.extend(block[c] for c in tables.green if c not in pawns and c not in blocks)
        return out

    def _open(self, cell: Cell) -> bool:
        return cell not in self.pawns and cell not in self.blocks

    def _free_zone_cells(self, player: int) -> list[Cell]:
        pawns, blocks = self.pawns, self.blocks
        return [c for c in self.game.tables.zones[player] if c not in pawns and c not in blocks]

    def targets(self, cell: Cell) -> list[Cell]:
        """Enemy pawns the pawn on ``cell`` may attack (rules 5.1 and 5.4)."""
        owner, kind = self.pawns[cell]
        tables = self.game.tables
        near = tables.near[2 if kind == "A" else 1][cell]
        out = [t for t, (o, _) in self.pawns.items() if o != owner and t in near]
        if len(out) > 1:
            out.sort(key=tables.rank.__getitem__)
        return out

    def move_destinations(self) -> list[Cell]:
        """Where the pawn being moved may end, given the roll (rules 4.2-4.5)."""
        if self.moving is None:
            return []
        start, roll = self.moving.start, self.moving.roll
        kind = self.pawns[start][1]
        budget = roll + (1 if kind == "K" else 0)
        opts = self.game.options
        tables = self.game.tables
        if opts.straight_moves:
            cells = self._straight_reach(start, budget, opts.pass_through_pawns)
            return sorted({*cells, start}, key=tables.rank.__getitem__)
        return tables.cells_of(self._reach_mask())

    def _reach_mask(self) -> int:
        """``move_destinations`` as a board mask (paths of steps; not straight moves)."""
        assert self.moving is not None
        start, roll = self.moving.start, self.moving.roll
        budget = roll + (1 if self.pawns[start][1] == "K" else 0)
        tables = self.game.tables
        bit = tables.bit
        pawns = sum(map(bit.__getitem__, self.pawns))
        blocked = sum(map(bit.__getitem__, self.blocks))
        closed = 0 if self.game.options.pass_over_blocks else blocked  # rule 8.2
        if self.game.options.pass_through_pawns:
            return tables.reach(start, budget, tables.full & ~closed) & ~(pawns | blocked) | bit[start]
        return tables.reach(start, budget, tables.full & ~(pawns | closed)) & ~blocked

    def _straight_reach(self, start: Cell, budget: int, through: bool) -> list[Cell]:
        out = []
        for nb in self.grid.neighbours(start):
            dc, dr = nb[0] - start[0], nb[1] - start[1]
            cell = start
            for _ in range(budget):
                cell = (cell[0] + dc, cell[1] + dr)
                if not self.grid.contains(cell):
                    break
                if cell in self.blocks:  # rule 8.2
                    if self.game.options.pass_over_blocks:
                        continue
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
        if self.attack is None:
            return []
        target = self.attack.target
        owner = self.pawns[target][0]
        soldier = (owner, "S")
        pawns = self.pawns
        tables = self.game.tables
        out = [n for n in tables.neighbours[target] if pawns.get(n) == soldier]
        if len(out) > 1:
            out.sort(key=tables.rank.__getitem__)
        return out

    def why_illegal(self, action: Action, player: int) -> str:
        base = super().why_illegal(action, player)
        if base != "not a legal action in this position":
            return base
        return self._reason(action, player) or f"not legal during the {self.phase.replace('-', ' ')} step"

    def _reason(self, action: Action, player: int) -> str | None:
        pawn_actions = (Move, Attack)
        if isinstance(action, pawn_actions) and self.phase != Phase.ACTION:
            return f"pawns act only on your turn's action step (now: {self.phase.replace('-', ' ')})"
        if isinstance(action, (Move, Attack)):
            cell = action.cell if isinstance(action, Move) else action.attacker
            if self.pawns.get(cell, (None,))[0] != player:
                return f"there is no pawn of yours on {Grid.name(cell)}"
        if isinstance(action, Attack):
            return f"{Grid.name(action.target)} is not an enemy pawn in range of {Grid.name(action.attacker)}"
        if isinstance(action, MoveTo):
            return f"{Grid.name(action.cell)} is not reachable with this roll"
        if isinstance(action, Reinforce):
            if not self.reinforcements[player]:
                return "you have used both reinforcements"
            if not self.fallen[player][action.kind]:
                return f"you have no eliminated {KINDS[action.kind]} to bring back"
            return f"{Grid.name(action.cell)} is not a free square of your deployment zone"
        if isinstance(action, Block):
            if not self.blocks_left[player]:
                return "you have placed both block tokens"
            return f"{Grid.name(action.cell)} is not a free green tile"
        if isinstance(action, Deploy):
            if not self.to_deploy[player].get(action.kind):
                return f"you have no {KINDS[action.kind]} left to deploy"
            return f"{Grid.name(action.cell)} is not a free square of your deployment zone"
        return None

    # ----- applying -------------------------------------------------------------------
    def _apply(self, action: DitchAction, player: int) -> list[Event]:
        names = self.game.tables.name
        name = self.game.player_name(player)
        if isinstance(action, Move):  # rule 4.2
            self.moving = PendingMove(action.cell)
            self.phase = Phase.MOVE_ROLL
            return [Event(EventKind.MOVE, f"{name} moves the {KINDS[self.pawns[action.cell][1]]} on {names[action.cell]}", {"from": names[action.cell]})]
        if isinstance(action, MoveTo):
            return self._move_to(action, player)
        if isinstance(action, Attack):
            return self._declare_attack(action, player)
        if isinstance(action, Cover):
            return self._cover(action, player)
        if isinstance(action, ChooseDeployer):  # rule 2.2
            self.deploy_first = action.player
            self.phase, self.player = Phase.DEPLOY, action.player
            text = f"{name} will deploy first" if action.player == player else f"{name} lets {self.game.player_name(action.player)} deploy first"
            return [Event(EventKind.CHOOSE, text, {"deployer": action.player})]
        if isinstance(action, Deploy):  # rule 2.4
            return self._deploy(action, player)
        if isinstance(action, ChooseStarter):  # rule 2.5
            self._start_turn(action.player)
            text = f"{name} takes the first turn" if action.player == player else f"{name} gives the first turn to {self.game.player_name(action.player)}"
            return [Event(EventKind.CHOOSE, text, {"starter": action.player})]
        if isinstance(action, Reinforce):  # rule 7
            self.reinforcements[player] -= 1
            self.fallen[player][action.kind] -= 1
            self.pawns[action.cell] = (player, action.kind)
            ev = Event(EventKind.REINFORCE, f"{name} reinforces: {KINDS[action.kind]} returns on {names[action.cell]}", {"kind": action.kind, "cell": names[action.cell]})
            return [ev, *self._action_done()]
        if isinstance(action, Block):  # rule 8
            self.blocks_left[player] -= 1
            self.blocks.add(action.cell)
            ev = Event(EventKind.BLOCK, f"{name} blocks {names[action.cell]}", {"cell": names[action.cell]})
            return [ev, *self._action_done()]
        raise TypeError(f"not a Ditch action: {action!r}")

    def _deploy(self, action: Deploy, player: int) -> list[Event]:
        names = self.game.tables.name
        self.to_deploy[player][action.kind] -= 1
        self.pawns[action.cell] = (player, action.kind)
        ev = Event(EventKind.DEPLOY, f"{self.game.player_name(player)} deploys {'an' if action.kind == 'A' else 'a'} {KINDS[action.kind]} on {names[action.cell]}", {"kind": action.kind, "cell": names[action.cell]})
        other = 1 - player
        if sum(self.to_deploy[other].values()):
            self.player = other
        elif not sum(self.to_deploy[player].values()):
            assert self.deploy_first is not None
            self.phase, self.player = Phase.CHOOSE_STARTER, self.deploy_first
        return [ev]

    def _move_to(self, action: MoveTo, player: int) -> list[Event]:
        names = self.game.tables.name
        assert self.moving is not None
        start, roll = self.moving.start, self.moving.roll
        self.moving = None
        pawn = self.pawns.pop(start)
        self.pawns[action.cell] = pawn
        if action.cell == start:
            text = f"{self.game.player_name(player)}'s {KINDS[pawn[1]]} stays on {names[start]}"
        else:
            text = f"{self.game.player_name(player)}'s {KINDS[pawn[1]]} moves {names[start]}-{names[action.cell]}"
        ev = Event(EventKind.MOVED, text, {"from": names[start], "to": names[action.cell], "roll": roll})
        return [ev, *self._action_done()]

    def _declare_attack(self, action: Attack, player: int) -> list[Event]:
        names = self.game.tables.name
        ranged = self.grid.distance(action.attacker, action.target) > 1  # rule 5.4
        self.attack = PendingAttack(action.attacker, action.target, ranged)
        akind, tkind = self.pawns[action.attacker][1], self.pawns[action.target][1]
        how = " from range" if ranged else ""
        ev = Event(
            EventKind.ATTACK,
            f"{self.game.player_name(player)}'s {KINDS[akind]} on {names[action.attacker]} attacks the {KINDS[tkind]} on {names[action.target]}{how}",
            {"attacker": names[action.attacker], "target": names[action.target], "ranged": ranged},
        )
        if self.cover_soldiers():  # rule 5.6
            self.phase, self.player = Phase.COVER, 1 - player
        else:
            self.phase = Phase.COMBAT
        return [ev]

    def _cover(self, action: Cover, player: int) -> list[Event]:
        names = self.game.tables.name
        assert self.attack is not None
        target = self.attack.target
        self.phase, self.player = Phase.COMBAT, 1 - player
        if action.cell is None:
            return [Event(EventKind.COVER, f"{self.game.player_name(player)} lets the attack stand", {"cover": None})]
        self.attack = PendingAttack(self.attack.attacker, action.cell, self.attack.ranged)
        return [Event(EventKind.COVER, f"The Soldier on {names[action.cell]} steps in to take the attack meant for {names[target]}", {"cover": names[action.cell]})]

    def _apply_chance(self, outcome: Roll) -> list[Event]:
        if self.phase == Phase.ROLLOFF:
            return self._rolloff(outcome)
        if self.phase == Phase.MOVE_ROLL:
            assert self.moving is not None
            roll = int(outcome.faces[0])
            self.moving = PendingMove(self.moving.start, roll)
            self.phase = Phase.MOVE_TO
            bonus = " (+1 Skirmisher)" if self.pawns[self.moving.start][1] == "K" else ""
            return [Event(EventKind.ROLL, f"Move roll: {roll}{bonus}", {"die": roll}, dice=(roll,))]
        return self._combat(outcome)

    def _rolloff(self, outcome: Roll) -> list[Event]:  # rule 2.1
        a, b = int(outcome.faces[0]), int(outcome.faces[1])
        text = f"Deployment roll: {self.game.player_name(0)} {a}, {self.game.player_name(1)} {b}"
        if a == b:
            return [Event(EventKind.ROLL, text + ": a tie, roll again", {"dice": [a, b]}, dice=(a, b))]
        self.phase, self.player = Phase.CHOOSE_DEPLOYER, 0 if a > b else 1
        return [Event(EventKind.ROLL, text, {"dice": [a, b], "winner": self.player}, dice=(a, b))]

    def _combat(self, outcome: Roll) -> list[Event]:  # rules 5.2-5.5
        names = self.game.tables.name
        assert self.attack is not None
        attacker, target, ranged = self.attack.attacker, self.attack.target, self.attack.ranged
        self.attack = None
        (ap, ak), (_, dk) = self.pawns[attacker], self.pawns[target]
        ra, rd = int(outcome.faces[0]), int(outcome.faces[1])
        ta, td = ra + modifier(ak, dk), rd + modifier(dk, ak)
        text = f"Combat: {_shown(ak, ra, ta)} against {_shown(dk, rd, td)}"
        if ta > td:
            loser, text = "defender", text + f": the {KINDS[dk]} on {names[target]} is eliminated"
        elif td > ta and ranged and dk != "A":
            loser, text = "none", text + ": the Archer shot from range, so only an Archer could remove it; it stays"
        elif td > ta:
            loser, text = "attacker", text + f": the {KINDS[ak]} on {names[attacker]} is eliminated"
        else:
            loser, text = "none", text + ": a tie, both pawns stay"
        data = {"attacker": names[attacker], "defender": names[target], "dice": [ra, rd], "totals": [ta, td], "loser": loser}
        ev = Event(EventKind.COMBAT, text, data, dice=(ra, rd))
        if loser == "defender":
            self._eliminate(target)
        elif loser == "attacker":
            self._eliminate(attacker)
        self.player = ap
        self.phase = Phase.ACTION
        return [ev, *self._action_done()]

    def _eliminate(self, cell: Cell) -> None:
        owner, kind = self.pawns.pop(cell)
        self.fallen[owner][kind] += 1

    def _action_done(self) -> list[Event]:
        self.phase = Phase.ACTION
        self.actions_left -= 1
        loser = self._loser()
        if loser is not None:  # rule 9
            self.phase, self.winner = Phase.OVER, 1 - loser
            return [Event(EventKind.GAME_OVER, f"{self.game.player_name(1 - loser)} wins: {self.game.player_name(loser)} has no pawns and no reinforcements left", {"winner": 1 - loser})]
        if self.actions_left <= 0:
            if self.turn >= self.game.options.turn_limit:  # rule 9.3
                self.phase = Phase.OVER
                return [Event(EventKind.GAME_OVER, f"Turn limit of {self.game.options.turn_limit} reached: a draw", {"winner": None})]
            self._start_turn(1 - self.player)
            return [Event(EventKind.TURN, f"{self.game.player_name(self.player)}'s turn {self.turn}", {"player": self.player, "turn": self.turn})]
        return []

    def _start_turn(self, player: int) -> None:
        self.phase, self.player, self.actions_left = Phase.ACTION, player, ACTIONS_PER_TURN
        self.turn += 1

    def _loser(self) -> int | None:
        on_board = {o for o, _ in self.pawns.values()}
        if len(on_board) == 2:
            return None
        for p in (self.player, 1 - self.player):
            if p in on_board:
                continue
            if self.game.options.end_condition == "no-pawns" or not self.reinforcements[p]:
                return p
        return None

    # ----- information ------------------------------------------------------------------
    def status_text(self) -> str:
        name = self.game.seat_name
        if self.phase == Phase.OVER or self.phase in Phase.CHANCE:
            return super().status_text()
        what = {
            Phase.CHOOSE_DEPLOYER: "choose who deploys first",
            Phase.DEPLOY: "deploy a pawn",
            Phase.CHOOSE_STARTER: "choose who takes the first turn",
            Phase.MOVE_TO: "choose where the pawn goes",
            Phase.COVER: "decide whether a Soldier takes the attack",
        }.get(self.phase)
        if what is None:
            what = f"turn {self.turn}, {self.actions_left} action{'s' if self.actions_left != 1 else ''} left"
        return f"{name(self.player)}: {what}"


