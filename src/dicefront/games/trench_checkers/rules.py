"""Trench Checkers rules: the state, turn flow, movement and cards (rule numbers of
RULES.md in comments). Turn flow is in flow.py, battles in combat.py, card plays in
cards_play.py; saving and views in codec.py."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...core.chance import Outcomes, Roll
from ...core.events import Event
from ...core.game import Action, State, winner_returns
from ...core.grid import Cell, Grid
from ...core.native import mypyc_attr
from . import combat as cb
from .actions import RANKS, Attack, ChooseFirst, EndAttacks, Move, Pass, PlaceTerrain, Play, TrenchAction
from .cards_play import card_plays, play_card, reason
from .constants import (
    ATTACK,
    CHANCE_PHASES,
    DEFEND,
    FIRST,
    MAX_STACK,
    MOVE,
    OVER,
    REACT,
    REROLL,
    ROLL,
    ROLLOFF,
    TERRAIN,
    Kind,
)
from .flow import HANDLERS, apply_action, apply_chance, passing_moves
from .tables import Steps

if TYPE_CHECKING:
    from . import TrenchCheckersGame

_THIRTIETH = Fraction(1, 30)
ROLLOFF_OUTCOMES: Outcomes = [(Roll((a, b)), _THIRTIETH) for a in range(1, 7) for b in range(1, 7) if a != b]
"""Shared by every roll-off (never change it: ``core.chance`` keeps tables by identity)."""
_IDLE = frozenset((*CHANCE_PHASES, OVER))
"""Phases in which nobody acts (``actors`` is empty)."""
_CHOOSE_FIRST, _END_ATTACKS, _PASS = (ChooseFirst(0), ChooseFirst(1)), EndAttacks(), Pass()
_NOTHING: frozenset[int] = frozenset()
_SEATS = ((0,), (1,))
_HANDLERS: dict[type, Callable[[TrenchState, Any, int], list[Event]]] = {**HANDLERS, Play: play_card}
"""Every kind of action's rules by its exact type (``flow.HANDLERS`` and card plays)."""


_PLANS: dict[str, tuple[tuple[str | None, int, int], ...]] = {}


def unit_plan(ranks: str) -> tuple[tuple[str | None, int, int], ...]:
    """The units that may leave a stack of ``ranks`` (bottom first) as (rank, index of
    the piece, -1: the whole stack; the room the unit leaves on a tile it joins): rules
    4.1-4.3 (a lone piece moves as the whole stack). Made once per ``ranks`` (bounded:
    cleared past 1000)."""
    plan = _PLANS.get(ranks)
    if plan is None:
        if len(ranks) == 1:
            plan = ((None, -1, MAX_STACK - 1),)
        else:
            whole: list[tuple[str | None, int, int]] = [(None, -1, MAX_STACK - len(ranks))] if "V" in ranks or "C" in ranks else []  # rule 4.3
            plan = (*whole, *((r, ranks.rindex(r), MAX_STACK - 1) for r in "SVC" if r in ranks))  # rule 4.2: the top piece of a rank
        if len(_PLANS) >= 1000:
            _PLANS.clear()
        _PLANS[ranks] = plan
    return plan


# compiled (scripts/build-native.sh), clone()'s __new__ must not run __init__
@mypyc_attr(allow_interpreted_subclasses=True)
class TrenchState(State[TrenchAction]):
    __slots__ = (
        "_attacks",
        "_moves",
        "active",
        "attack_made",
        "attacks_left",
        "board",
        "bonus",
        "cancel_next",
        "claimed",
        "combat",
        "deck",
        "discard",
        "draws",
        "first",
        "five",
        "game",
        "graveyard",
        "hands",
        "lost",
        "moved",
        "moves_left",
        "moves_made",
        "phase",
        "player",
        "push_left",
        "push_used",
        "rank",
        "round",
        "skip_next",
        "skipping",
        "stage",
        "suicide",
        "terrain",
        "terrain_left",
        "winner",
        "wounded",
    )

    game: TrenchCheckersGame

    def __init__(self, game: TrenchCheckersGame, fresh: bool = True) -> None:
        self.game = game
        self._moves: tuple[tuple[Any, ...], list[Move]] | None = None
        self._attacks: tuple[tuple[Any, ...], list[Attack]] | None = None
        if fresh:
            self._setup()

    def _setup(self) -> None:  # rules 1 and 2
        board, opts = self.game.board, self.game.options
        self.board: dict[Cell, tuple[int, ...]] = {cell: (pid,) for pid, (cell, _, _) in enumerate(board.starts)}
        self.rank: list[str] = [r for _, _, r in board.starts]
        self.active, self.wounded = [False, False], [False, False]
        self.terrain: dict[Cell, int] = {}
        self.terrain_left = [board.terrain_per_player] * 2
        self.graveyard: list[int] = []
        self.hands: list[dict[str, int]] = [{}, {}]
        self.deck: dict[str, int] = self.game.cards.full_deck() if opts.cards else {}
        self.discard: list[str] = []
        self.draws: list[int] = ([0, 1] * opts.hand_size)[: sum(self.deck.values())] if opts.cards else []
        self.claimed: set[Cell] = set()
        self.phase, self.player, self.round, self.first, self.stage = ROLLOFF, 0, 0, 0, 0
        self.skipping, self.skip_next, self.lost = [False, False], [False, False], [0, 0]
        self.moves_left, self.push_left, self.push_used, self.moves_made = 0, 0, False, 0
        self.moved: set[int] = set()
        self.attacks_left, self.attack_made = 0, False
        self.cancel_next, self.five, self.bonus, self.suicide = [False, False], [False, False], [0, 0], [False, False]
        self.combat: cb.Combat | None = None
        self.winner: int | None = None

    def clone(self) -> TrenchState:
        new = TrenchState.__new__(TrenchState)
        new.game = self.game
        new.board = dict(self.board)
        new.rank = list(self.rank)
        new.active, new.wounded = list(self.active), list(self.wounded)
        new.terrain, new.terrain_left = dict(self.terrain), list(self.terrain_left)
        new.graveyard = list(self.graveyard)
        new.hands = [dict(self.hands[0]), dict(self.hands[1])]
        new.deck, new.discard, new.draws = dict(self.deck), list(self.discard), list(self.draws)
        new.claimed = set(self.claimed)
        new.phase, new.player, new.round, new.first, new.stage = self.phase, self.player, self.round, self.first, self.stage
        new.skipping, new.skip_next, new.lost = list(self.skipping), list(self.skip_next), list(self.lost)
        new.moves_left, new.push_left, new.push_used, new.moves_made = self.moves_left, self.push_left, self.push_used, self.moves_made
        new.moved = set(self.moved)
        new.attacks_left, new.attack_made = self.attacks_left, self.attack_made
        new.cancel_next, new.five, new.bonus, new.suicide = list(self.cancel_next), list(self.five), list(self.bonus), list(self.suicide)
        new.combat, new.winner = self.combat, self.winner
        new._moves, new._attacks = self._moves, self._attacks
        return new

    # ----- small queries ------------------------------------------------------------
    @property
    def grid(self) -> Grid:
        return self.game.board.grid

    def owner_at(self, cell: Cell) -> int:
        return self.game.board.owner(self.board[cell][0])

    def ranks_at(self, cell: Cell) -> str:
        return "".join(self.rank[pid] for pid in self.board[cell])

    def commando_pid(self, player: int) -> int:
        return self.game.tables.commandos[player]

    def is_active(self, cell: Cell) -> bool:
        """False only for a stack that is a still-inactive Commando (rule 7.1)."""
        stack = self.board[cell]
        if len(stack) != 1 or self.rank[stack[0]] != "C":
            return True
        return self.active[self.game.board.owner(stack[0])]

    def cells_of(self, player: int) -> list[Cell]:
        tables = self.game.tables
        lo = player * tables.per_player
        hi = lo + tables.per_player
        order_index = tables.order_index
        own = [(order_index[c], c) for c, s in self.board.items() if lo <= s[0] < hi]
        own.sort()
        return [c for _, c in own]

    def pieces_of(self, player: int) -> int:
        return sum(len(s) for s in self.board.values() if self.game.board.owner(s[0]) == player)

    def hand_size(self, player: int) -> int:
        return sum(self.hands[player].values())

    def effect_of(self, card: str) -> str:
        c = self.game.cards.by_id(card)
        return "" if c is None else c.effect

    # ----- contract -------------------------------------------------------------------
    @property
    def actors(self) -> tuple[int, ...]:
        if self.draws or self.phase in _IDLE:
            return ()
        return _SEATS[self.player]

    @property
    def is_chance(self) -> bool:
        phase = self.phase
        return phase in CHANCE_PHASES or (phase != OVER and bool(self.draws))

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> tuple[float, float]:
        return winner_returns(self.winner)

    def chance_outcomes(self) -> Outcomes:
        if self.phase == OVER:
            return []
        if self.draws:  # rule 10.2: a card kind, weighted by its copies left
            return self.game.cards.draw_outcomes(self.deck)
        if self.phase == ROLLOFF:  # rules 2.1, 5.10: re-rolled ties are left out
            return ROLLOFF_OUTCOMES
        if self.phase == ROLL and self.combat is not None:
            return cb.roll_outcomes(self.combat)
        if self.phase == REROLL and self.combat is not None:
            return cb.reroll_outcomes(self.combat)
        return []

    # ----- legal actions ---------------------------------------------------------------
    def legal_actions(self, player: int) -> list[TrenchAction]:
        phase = self.phase
        if player != self.player or self.draws or phase in _IDLE:  # not in ``actors``
            return []
        if phase == FIRST:
            return [*_CHOOSE_FIRST]
        if phase == TERRAIN:
            return [PlaceTerrain(c) for c in self.terrain_cells(player)]
        if phase == MOVE:
            return [*self.moves(player), *card_plays(self, player)]
        if phase == ATTACK:
            attacks = self.attacks(player) if self.attacks_left else []
            return [*attacks, *card_plays(self, player), _END_ATTACKS]
        return [*card_plays(self, player), _PASS]  # DEFEND, REACT

    def terrain_cells(self, player: int) -> list[Cell]:
        """Rule 2.3: unoccupied grass (option ``terrain_area = own-half``: of the player's own half)."""
        board, terrain = self.board, self.terrain
        spots = self.game.tables.terrain_spots(player, self.game.options.terrain_area == "grass")
        return [c for c in spots if c not in board and c not in terrain]

    def moves(self, player: int) -> list[Move]:
        """Every legal single move (rules 3 and 4). Kept with copies of what it
        reads, so asking again about an unchanged position (the turn flow asks, then
        ``legal_actions``) costs a comparison; the list is shared: do not change it."""
        kept = self._moves
        if kept is not None:
            read, out = kept  # compared, not hashed: copies of what the generation read
            if (read[0] == player and read[1] == self.moves_left and read[2] == self.push_left and read[3] == self.active
                    and read[4] == self.board and read[5] == self.rank and read[6] == self.terrain
                    and (read[7] is None or read[7] == self.moved)):
                return out
        terrain = self.terrain  # rarely changes: the terrain-free steps and the copy are kept too
        if kept is not None and kept[0][6] == terrain:
            terrain_copy, steps = kept[0][6], kept[0][8]
        else:
            terrain_copy, steps = dict(terrain), self.game.tables.open_steps(tuple(terrain))
        out = self._moves_now(player, steps)
        fresh_only = self.moves_left == 0  # only then do the moves read which pieces moved
        if (self.push_left if fresh_only else self.moves_left) >= 2 and not self.active[1 - player] and self.game.options.pass_commando:
            out += passing_moves(self, player)  # it makes the first test again (two moves are needed)
        self._moves = ((player, self.moves_left, self.push_left, list(self.active), dict(self.board), list(self.rank),
                        terrain_copy, set(self.moved) if fresh_only else None, steps), out)
        return out

    def _moves_now(self, player: int, steps: Steps) -> list[Move]:
        board, rank = self.board, self.rank
        get = board.get
        tables = self.game.tables
        lo = player * tables.per_player
        hi = lo + tables.per_player  # the player's pieces: lo <= pid < hi
        moved = self.moved if self.moves_left == 0 else _NOTHING  # only then do the moves read which pieces moved
        idle = not self.active[player]
        far = tables.far[player]
        out: list[Move] = []
        add = out.append
        whole, soldier = steps[None], steps["S"]
        own = [c for c, s in board.items() if lo <= s[0] < hi]
        own.sort(key=tables.order_index.__getitem__)  # board order (cells, not tuples, compared)
        for src in own:
            # ``_stack_moves`` specialised for the common cases: a lone piece, which moves as
            # the whole stack, and a stack of Soldiers, whose top Soldier alone may leave it
            stack = unit = board[src]
            if len(stack) == 1:
                pid, candidates = stack[0], whole[src]
            else:
                pid = stack[-1]
                if rank[pid] != "S" or rank[stack[0]] != "S" or (len(stack) > 2 and rank[stack[1]] != "S"):
                    self._stack_moves(player, src, stack, steps, out, moved, far)
                    continue
                unit, candidates = (pid,), soldier[src]
            if pid in moved:
                continue
            r = rank[pid]
            if r == "C" and idle:
                continue  # rule 7.1: an inactive Commando
            for dst, move in candidates:
                there = get(dst)
                if there is None:
                    add(move)
                elif not lo <= there[0] < hi:
                    if not self.blocks(there):  # rule 3.4
                        add(move)
                elif len(there) >= MAX_STACK:
                    continue  # rule 4.1: a full stack
                elif r == "S":
                    if rank[there[0]] == "S" and (len(there) == 1 or rank[there[1]] == "S"):
                        if dst not in far:  # Soldiers joining Soldiers: only a promotion would mix ranks
                            add(move)
                    elif self.can_join(player, unit, there, dst):
                        add(move)
                elif r == "V":
                    if rank[there[0]] != "S" and (len(there) == 1 or rank[there[1]] != "S"):
                        add(move)  # rule 4.4: a Veteran never joins Soldiers (``can_join``)
                elif self.can_join(player, unit, there, dst):
                    add(move)
        return out

    def _stack_moves(self, player: int, src: Cell, stack: tuple[int, ...], steps: Steps, out: list[Move], moved: set[int] | frozenset[int], far: frozenset[Cell]) -> None:
        """The moves of a stack of two or more pieces onto ``out`` (``_moves_now``'s
        helper: ``moved`` the pieces that may not move again, ``far`` the player's
        farthest trench)."""
        get, rank = self.board.get, self.rank
        lo = player * self.game.tables.per_player
        hi = lo + self.game.tables.per_player
        ranks = "".join(map(rank.__getitem__, stack))
        plan = _PLANS.get(ranks)
        for kind, at, room in unit_plan(ranks) if plan is None else plan:
            unit = stack if at < 0 else (stack[at],)
            if moved and not moved.isdisjoint(unit):
                continue
            for dst, move in steps[kind][src]:  # rules 3.3-3.4, 4.1-4.4 (terrain left out)
                there = get(dst)
                if there is None:
                    out.append(move)
                elif not lo <= there[0] < hi:
                    if not self.blocks(there):  # rule 3.4
                        out.append(move)
                elif len(there) > room:
                    continue  # rule 4.1: at most 3 high
                elif kind == "S" and rank[there[0]] == "S" and (len(there) == 1 or rank[there[1]] == "S"):
                    if dst not in far:  # Soldiers joining Soldiers: only a promotion would mix ranks
                        out.append(move)
                elif self.can_join(player, unit, there, dst):
                    out.append(move)

    def blocks(self, enemy: tuple[int, ...]) -> bool:
        """Rule 3.4: whether the enemy unit ``enemy`` (a stack of the other side) keeps
        a unit out of its tile. Move generation asks only this about enemy units."""
        return True

    def can_join(self, player: int, unit: tuple[int, ...], there: tuple[int, ...], dst: Cell) -> bool:
        """Rules 4.1, 4.4: ``unit`` may stack onto its own side's ``there`` on ``dst``:
        at most 3 high, and no Soldier with a Veteran once arrival promotions (rule 6.1) count."""
        if len(there) + len(unit) > MAX_STACK:
            return False
        get = self.rank.__getitem__
        ranks = "".join(map(get, unit))
        here = "".join(map(get, there))
        if "S" in ranks:
            tables = self.game.tables
            if dst in tables.far[player]:
                ranks = ranks.replace("S", "V")
            elif dst in tables.enemy_half[player]:
                cmd = tables.commandos[player]
                if (cmd in there and cmd not in unit) or (cmd in unit and "S" in here):
                    ranks = ranks.replace("S", "V")
        ranks += here
        return not ("S" in ranks and "V" in ranks)

    def attacks(self, player: int) -> list[Attack]:
        """Every attack ``player``'s units could make now (rules 5.1, 6.2), whether or
        not an attack is left; kept like ``moves``: do not change the list."""
        kept = self._attacks
        if kept is not None:
            read, found = kept
            if read[0] == player and read[1] == self.active and read[2] == self.board and read[3] == self.rank:
                return found
        out = self._attacks_now(player)
        self._attacks = ((player, list(self.active), dict(self.board), list(self.rank)), out)
        return out

    def _attacks_now(self, player: int) -> list[Attack]:
        """``targets`` of every unit of ``player``, units in board order (one pass)."""
        board, rank, active = self.board, self.rank, self.active
        tables = self.game.tables
        made, around, ortho, order_index = tables.attacks, tables.around, tables.ortho, tables.order_index
        lo = player * tables.per_player
        hi = lo + tables.per_player
        enemy_active = active[1 - player]
        enemy = {c for c, s in board.items() if not lo <= s[0] < hi}
        # only units with an enemy next to them (around: the 8 tiles, for a lone piece other than a
        # Veteran only the 4 it attacks), in board order: most attack steps have nothing to attack
        own = [c for c, s in board.items()
               if lo <= s[0] < hi and not enemy.isdisjoint((ortho if len(s) == 1 and rank[s[0]] != "V" else around)[c])]
        if not own:
            return []
        own.sort(key=order_index.__getitem__)
        get = board.get
        out: list[Attack] = []
        for src in own:
            stack = board[src]
            if len(stack) == 1:
                r = rank[stack[0]]
                if r == "C" and not active[player]:
                    continue
                near = around[src] if r == "V" else ortho[src]
            else:
                near = around[src] if any(rank[pid] == "V" for pid in stack) else ortho[src]
            for t in near:
                there = get(t)
                if there is None or lo <= there[0] < hi:
                    continue
                if len(there) == 1 and rank[there[0]] == "C" and not enemy_active:
                    continue
                out.append(made[src, t])
        return out

    def targets(self, src: Cell) -> list[Cell]:
        """Active enemy units the unit on ``src`` may attack (rules 5.1, 6.2), in board order."""
        board, rank, active = self.board, self.rank, self.active
        stack = board[src]
        per = self.game.tables.per_player
        owner = stack[0] // per
        if len(stack) == 1:
            r = rank[stack[0]]
            if r == "C" and not active[owner]:
                return []
            veteran = r == "V"
        else:
            veteran = any(rank[pid] == "V" for pid in stack)
        out = []
        for t in (self.game.tables.around if veteran else self.game.tables.ortho)[src]:
            there = board.get(t)
            if there is None or there[0] // per == owner:
                continue
            if len(there) == 1 and rank[there[0]] == "C" and not active[there[0] // per]:
                continue
            out.append(t)
        return out

    def card_plays(self, player: int) -> list[Play]:
        return card_plays(self, player)

    def why_illegal(self, action: Action, player: int) -> str:
        base = super().why_illegal(action, player)
        if base != "not a legal action in this position":
            return base
        return reason(self, action, player) or f"not legal during the {self.phase} step"

    # ----- applying ---------------------------------------------------------------------
    def _apply(self, action: TrenchAction, player: int) -> list[Event]:
        handler = _HANDLERS.get(type(action))
        if handler is None:
            return apply_action(self, action, player)  # raises TypeError
        return handler(self, action, player)

    def push(self, action: TrenchAction, player: int) -> list[Event]:
        # the unchecked path (``State.push``) without one call: ``_apply``'s body again, as
        # a method (an alias ``push = _apply`` breaks the compiled class: scripts/build-native.sh)
        handler = _HANDLERS.get(type(action))
        if handler is None:
            return apply_action(self, action, player)  # raises TypeError
        return handler(self, action, player)

    def _apply_chance(self, outcome: Roll) -> list[Event]:
        return apply_chance(self, outcome)

    # ----- effects shared by moves, battles and cards -------------------------------------
    def remove_pieces(self, pids: set[int]) -> None:
        if not pids:
            return
        for cell in list(self.board):
            stack = self.board[cell]
            keep = tuple(p for p in stack if p not in pids)
            if len(keep) != len(stack):
                if keep:
                    self.board[cell] = keep
                else:
                    del self.board[cell]
        for pid in sorted(pids):
            self.graveyard.append(pid)
            self.lost[self.game.board.owner(pid)] += 1

    def arrive(self, player: int, dst: Cell, joined: bool) -> list[Event]:
        """After a unit of ``player`` arrives on ``dst``: Veterans (6.1), Commando
        activation (7.1), supply depots (8.1)."""
        events: list[Event] = []
        board, tables = self.board, self.game.tables
        stack = board[dst]
        cmd = tables.commandos[player]
        if dst in tables.far[player] or (joined and cmd in stack and dst in tables.enemy_half[player]):
            rank = self.rank
            promoted = [pid for pid in stack if rank[pid] == "S"]
            for pid in promoted:
                rank[pid] = "V"
            if promoted:
                n, name = len(promoted), self.game.player_names[player]
                events.append(Event(Kind.VETERAN, f"{name}'s {n} Soldier{'s' if n > 1 else ''} on {Grid.name(dst)} become{'s' if n == 1 else ''} Veteran{'s' if n > 1 else ''}.", {"cell": Grid.name(dst), "count": n}))
        if not self.active[player]:
            start = tables.cmd_start[player]  # an inactive Commando stays put: look there first
            where: Cell | None = start
            if cmd not in board.get(start, ()):
                where = next((c for c, s in board.items() if cmd in s), None)
            elif dst not in tables.wake[player]:
                where = None  # on its start tile, and ``dst`` is neither it nor next to it
            if where is not None and abs(where[0] - dst[0]) + abs(where[1] - dst[1]) <= 1:  # on it or next to it
                self.active[player] = True
                name = self.game.player_names[player]
                events.append(Event(Kind.ACTIVATE, f"{name}'s Commando on {Grid.name(where)} becomes active.", {"cell": Grid.name(where)}))
        depots, lowest, top = tables.depot_gate[player]
        if dst in depots or (dst[1] if player == 0 else top - dst[1]) > lowest:  # else nothing to claim (claim_depots)
            events.extend(self.claim_depots(player, dst))
        return events

    def claim_depots(self, player: int, dst: Cell) -> list[Event]:
        past = self.game.options.depot_claim == "on-or-past"
        events: list[Event] = []
        claimed = self.claimed
        row = dst[1] if player == 0 else self.game.board.height - 1 - dst[1]  # Board.progress
        for d, depot_row in self.game.tables.depot_rows[player]:
            if d in claimed:
                continue
            if dst == d or (past and row > depot_row):
                claimed.add(d)
                text = f"{self.game.player_name(player)} reaches the supply depot on {Grid.name(d)}"
                if self.game.options.cards and sum(self.deck.values()) - self.draws.count(0) - self.draws.count(1) > 0:
                    self.draws.append(player)
                    text += " and draws a card."
                else:
                    text += "; no card is left to draw." if self.game.options.cards else "."
                events.append(Event(Kind.DEPOT, text, {"depot": Grid.name(d), "player": player}))
        return events

    def status_text(self) -> str:
        name = self.game.seat_name
        if self.phase == OVER or self.is_chance:
            if self.phase != OVER and self.draws:
                return f"{name(self.draws[0])} draws a card"
            return State.status_text(self)
        p = name(self.player)
        if self.phase == FIRST:
            return f"{p}: choose who goes first"
        if self.phase == TERRAIN:
            return f"{p}: place terrain ({self.terrain_left[self.player]} left)"
        if self.phase == MOVE:
            left = self.moves_left or self.push_left
            extra = " extra" if not self.moves_left else ""
            return f"Round {self.round}, {p}: movement, {left}{extra} move{'s' if left != 1 else ''} left"
        if self.phase == ATTACK:
            return f"Round {self.round}, {p}: attack step" + ("" if self.attacks_left else " (attack made)")
        if self.phase == DEFEND:
            return f"{p}: defending, play a card or pass"
        if self.phase == REACT:
            return f"{p}: dice are down, play a card or pass"
        return f"{p} to act"

    def set_combat(self, **changes: Any) -> None:
        assert self.combat is not None
        self.combat = replace(self.combat, **changes)


__all__ = ["RANKS", "TrenchState"]
