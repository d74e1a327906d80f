"""Army Man Backgammon rules: the state and every rule of RULES.md (numbers in
comments). Legal moves and the dice look-ahead live in ``tactics.py``; saving,
loading, views and determinization in ``codec.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.chance import Outcomes, Roll
from ...core.events import Event
from ...core.game import Action, PhaseState
from ...core.native import mypyc_attr
from . import setup
from .acting import StartMoves, act_actions, start_moves
from .actions import (
    ORDER_NAMES,
    ArmyAction,
    Attack,
    ChangeStance,
    KeepStances,
    Move,
    Orders,
    Skip,
)
from .constants import CHANCE_PHASES, Kind, Phase, Threat
from .orders import two_dice_values
from .reasons import reason
from .roster import Roster, roster_for
from .sides import Sides, boards, make_sides, moved, removed, restanced
from .stances import NO_STANCE_LISTS, StanceLists, change_stance, drop_man, stance_actions
from .tactics import (
    ATTACK,
    Compact,
    Man,
    Men,
    compact,
    fired_board,
    moved_board,
    plan,
    usable,
    usable_on,
    without,
)
from .words import describe, dice_text

if TYPE_CHECKING:
    from . import ArmyBackgammonGame


IDLE_PHASES = frozenset((*CHANCE_PHASES, Phase.OVER))  # nobody acts
SETUP_PHASES = frozenset((Phase.ROLLOFF, Phase.SETUP))  # the men's weapons and flags may still change
ORDER_ACTIONS = {o: Orders(o) for o in ORDER_NAMES}  # actions are immutable: made once


# compiled (scripts/build-native.sh), clone()'s __new__ must not run __init__
@mypyc_attr(allow_interpreted_subclasses=True)
class ArmyState(PhaseState[ArmyAction]):
    CHANCE_PHASES = frozenset(CHANCE_PHASES)
    game: ArmyBackgammonGame
    phase: str  # declared here too, so that compiled they are slots of this class (core.fields)
    player: int
    __slots__ = (
        "_board",
        "_boards",
        "_cloned",
        "_legal",
        "_men_id",
        "_own",
        "_roster",
        "_sides",
        "_stances",
        "_start",
        "_usable",
        "_values",
        "cleared",
        "dice",
        "fired",
        "first",
        "game",
        "men",
        "mines",
        "moved",
        "orders",
        "pending",
        "phase",
        "player",
        "probed",
        "rolled",
        "sergeant_lost",
        "slots",
        "tasks",
        "turn",
        "winner",
    )

    def __init__(self, game: ArmyBackgammonGame) -> None:
        self.game = game
        self.men: Men = {}
        self.phase = Phase.ROLLOFF
        self.player = 0
        self.first: int | None = None
        self.turn = 0
        self.rolled: tuple[int, ...] = ()
        self.dice: tuple[int, ...] = ()
        self.slots: tuple[str, ...] = ()
        self.orders = ""
        self.moved: tuple[str, ...] = ()
        self.fired: tuple[str, ...] = ()
        self.pending: tuple[Any, ...] | None = None
        self.tasks: tuple[tuple[str, int], ...] = ()
        self.mines: list[dict[int, bool]] = [{}, {}]  # owner -> {row: revealed}
        self.cleared: list[list[int]] = [[], []]  # owner -> rows of destroyed minefields
        self.probed: list[set[int]] = [set(), set()]  # player -> enemy-side rows entered safely
        self.sergeant_lost = [False, False]
        self.winner: int | None = None
        self._legal: list[ArmyAction] | None = None
        self._board: Compact | None = None  # compact(...) of this position, for the look-ahead
        self._boards: tuple[Compact, Compact] | None = None  # turn_boards() of this position
        self._usable: int | None = None  # usable_now() of this position
        self._men_id: int | None = None  # men_id() of this position
        self._roster: Roster | None = None  # the roster that numbers _men_id
        self._own: tuple[tuple[str, ...], ...] | None = None  # own_men() of both players
        self._stances: StanceLists = NO_STANCE_LISTS  # stances.stance_actions() of both players
        self._start: StartMoves | None = None  # acting.start_moves() of this turn's roll, if listed
        self._sides: Sides | None = None  # sides.make_sides() of the men, kept up to date
        self._values: dict[str, int] | None = None  # order_values() at the last roll (read in the orders phase only)
        self._cloned = False  # made by clone() (or from a clone): a search's, which meets positions again (the memo is used for them only)

    # ----- contract ---------------------------------------------------------------
    def chance_outcomes(self) -> Outcomes:
        if self.phase == Phase.ROLLOFF:
            return setup.ROLLOFF_OUTCOMES
        if self.phase == Phase.ROLL:
            return self.game.turn_outcomes
        if self.phase in (Phase.SAVE, Phase.MINE):
            return setup.ONE_DIE
        return []

    def clone(self) -> ArmyState:
        if self._men_id is None and self.phase not in SETUP_PHASES:
            self.men_id()  # once here, not once per clone: only clones use the memo, whose keys need it
        new = ArmyState.__new__(ArmyState)
        new.game = self.game
        new.men = dict(self.men)
        new.phase = self.phase
        new.player = self.player
        new.first = self.first
        new.turn = self.turn
        new.rolled = self.rolled
        new.dice = self.dice
        new.slots = self.slots
        new.orders = self.orders
        new.moved = self.moved
        new.fired = self.fired
        new.pending = self.pending
        new.tasks = self.tasks
        new.mines = [dict(self.mines[0]), dict(self.mines[1])]
        new.cleared = [list(self.cleared[0]), list(self.cleared[1])]
        new.probed = [set(self.probed[0]), set(self.probed[1])]
        new.sergeant_lost = list(self.sergeant_lost)
        new.winner = self.winner
        new._legal = self._legal
        new._board = self._board
        new._boards = self._boards
        new._usable = self._usable
        new._men_id = self._men_id
        new._roster = self._roster
        new._own = self._own
        new._stances = self._stances
        new._start = self._start
        new._sides = self._sides
        new._values = self._values
        new._cloned = True
        return new

    # ----- legal actions ------------------------------------------------------------
    def legal_actions(self, player: int) -> list[ArmyAction]:
        if player != self.player or self.phase in IDLE_PHASES:  # ``player not in self.actors``
            return []
        if self._legal is None:
            self._legal = self._compute_legal(player)
        return list(self._legal)

    def _compute_legal(self, player: int) -> list[ArmyAction]:
        if self.phase == Phase.SETUP:
            return setup.task_actions(self, player)
        if self.phase == Phase.ORDERS:
            return [ORDER_ACTIONS[o] for o in self.allowed_orders()]
        if self.phase == Phase.ACT:
            return self._act_actions(player)
        if self.phase == Phase.STANCE:
            return stance_actions(self, player)
        return []

    def board(self) -> Compact:
        """The position as the look-ahead sees it (``tactics.compact``), kept until the next action."""
        if self._board is None:
            self._board = compact(self.game.context, self.men, self.player, self.moved, self.fired, self.orders)
        return self._board

    def usable_now(self, slots: tuple[str, ...] | None = None, men: Men | None = None) -> int:
        if slots is None and men is None and self._usable is not None:
            return self._usable
        ctx = self.game.context
        if slots is None:
            slots = self.slots
        if men is not None:
            return usable(ctx, men, self.player, slots, self.dice, self.moved, self.fired, self.orders)
        if slots is self.slots and self._usable is not None:
            return self._usable
        memo = self.game.memo
        key = ("usable", self.men_id(), self.player, slots, self.dice, self.moved, self.fired, self.orders)
        value = memo.get(key)
        if value is None:
            _, mine, own, enemy = self.board()
            value = usable_on(ctx, self.player, slots, self.dice, mine, own, enemy)
            memo.put(key, value)
        if slots is self.slots:
            self._usable = int(value)
        return int(value)

    def order_choices(self) -> list[str]:
        """Orders the Sergeant rule allows (rule 8.5)."""
        if self.sergeant_lost[self.player]:
            return ["charge", "dig-in"]
        return ["standard", "fire", "charge", "dig-in"]

    def men_id(self) -> int:
        """A number for the men on the board, the same for equal men (``roster.Roster``):
        the look-ahead memo's keys use it instead of hashing every man again. Kept up
        to date by each move, death and change of stance (``_rekey``)."""
        if self._men_id is None:
            g = self.game
            self._roster = roster = roster_for(g.rosters, self.men, g.tables.stance_names)
            self._men_id = roster.key(self.men)
        return self._men_id

    def _rekey(self, name: str, old: Man | None, new: Man | None) -> None:
        """``men_id`` after man ``name`` changed from ``old`` to ``new`` (None: gone)."""
        if self._men_id is not None and self._roster is not None:
            self._men_id = self._roster.changed(self._men_id, name, old, new)

    def turn_boards(self) -> tuple[Compact, Compact]:
        """The boards (``tactics.start_boards``) at the start of a turn, under orders
        other than Charge and under Charge Orders, from both sides' boards kept across
        turns (``sides``: each move, death and change of stance changes them)."""
        if self._boards is None:
            sides = self._sides
            if sides is None:
                sides = self._sides = make_sides(self.game.context, self.men)
            self._boards = boards(sides, self.player)
        return self._boards

    def order_values(self, copy: bool = True) -> dict[str, int]:
        """How many dice each allowed choice of orders can use (rule 4.4); ``copy=False``
        returns the remembered dict itself (not to be changed)."""
        memo = self.game.memo
        key = ("orders", self.men_id(), self.player, self.dice, self.sergeant_lost[self.player]) if self._cloned else None
        value = memo.get(key) if key is not None else None
        if value is None:
            ctx, n, dice, player = self.game.context, len(self.dice), self.dice, self.player
            boards = self.turn_boards()
            if n == 2:  # all four orders in one pass (``orders.two_dice_values``)
                _, mine, own, enemy = boards[1]
                two = (dice[0], dice[1])
                self._start = moves = start_moves(ctx.ahead_only, player, two, mine, own, enemy)  # the turn's first move reuses them
                value = two_dice_values(ctx.ahead_only, player, two, mine, own, enemy, self.order_choices(), moves)
            else:
                value = {}
                for o in self.order_choices():
                    _, mine, own, enemy = boards[o == "charge"]
                    value[o] = usable_on(ctx, player, plan(o, n), dice, mine, own, enemy)
            if key is not None:
                memo.put(key, value)
        return dict(value) if copy else value

    def allowed_orders(self, value: dict[str, int] | None = None) -> list[str]:
        """Orders that use as many dice as any allowed orders can (rule 4.4)."""
        if value is None:
            value = self.order_values(copy=False)
        if self.game.options.dice_rule == "within-orders":
            return list(value)
        top = max(value.values())
        return [o for o in value if value[o] == top]

    def _act_actions(self, player: int) -> list[ArmyAction]:
        if not self._cloned or (self._usable is not None and self._usable <= 1):
            # memoized only in a search (on clones: positions come again; play on one state,
            # as a random playout, never meets one twice); without look-ahead listing them
            # costs less than a memo key
            return act_actions(self, player)
        memo = self.game.memo
        key = ("act", self.men_id(), player, self.player, self.slots, self.dice, self.moved, self.fired, self.orders)
        found = memo.get(key)
        if found is None:
            found = act_actions(self, player)
            memo.put(key, found)
        return found  # shared with the memo: ``legal_actions`` hands out copies

    def own_men(self, player: int) -> list[str]:
        """The player's men by number (kept until a man dies or set-up changes them)."""
        if self._own is None:
            men = self.men
            self._own = tuple(tuple(sorted((n for n in men if men[n].owner == p), key=lambda n: int(n[1:]))) for p in (0, 1))
        return list(self._own[player])

    def why_illegal(self, action: Action, player: int) -> str:
        base = super().why_illegal(action, player)
        if base != "not a legal action in this position":
            return base
        return reason(self, action, player) or f"not legal during the {self.phase} phase"

    # ----- applying -------------------------------------------------------------------
    def _apply(self, action: ArmyAction, player: int) -> list[Event]:
        board, target, start = self._board, self._usable, self._start
        self._legal = self._board = self._usable = self._boards = self._start = None
        if self.phase == Phase.SETUP:  # weapons, Sergeant and detectors change: a new roster (the same men: keep _own)
            self._men_id = self._roster = self._sides = None
            self._stances = NO_STANCE_LISTS
            return setup.apply_task(self, action, player)
        if isinstance(action, Move):  # the actions by how often random play makes them
            return self._move(action, player, board, target)
        if isinstance(action, ChangeStance):  # rule 7.1
            man = self.men[action.man]
            self.men[action.man] = new = Man(man[0], man[1], man[2], action.stance, man[4], man[5])
            self._rekey(action.man, man, new)
            if self._sides is not None:
                self._sides = restanced(self.game.context, self._sides, action.man, new)
            change_stance(self, player, action.man, action.stance)
            text = f"{self.game.player_name(player)} swaps {describe(self.game, action.man, man)} for a {action.stance} figure."
            return [Event(Kind.STANCE, text, {"man": action.man, "stance": action.stance}), *self._end_turn()]
        if isinstance(action, KeepStances):
            return [Event(Kind.STANCE, f"{self.game.player_name(player)} keeps every stance.", {}), *self._end_turn()]
        if isinstance(action, Orders):  # the men stay as they are: keep men_id and the moves listed at the roll
            self._start = start
            return self._give_orders(action.kind, forced=False, value=self._values)
        if isinstance(action, Attack):
            return self._attack(action, player, board)
        if isinstance(action, Skip):
            self.slots = self.slots[1:]
            self._usable = target  # a skip is legal only if the phases left can use as many dice
            ev = Event(Kind.SKIP, f"{self.game.player_name(player)} leaves that phase unused.", {})
            return [ev, *self._advance()]
        raise TypeError(f"not an Army Man Backgammon action: {action!r}")

    def _give_orders(self, kind: str, forced: bool, value: dict[str, int] | None = None) -> list[Event]:  # rules 4.3, 8
        """``value``: ``order_values()`` if known."""
        self.orders = kind
        self.slots = plan(kind, len(self.dice))
        if not self.moved and not self.fired:  # the turn's start: board and dice usable as order_values saw them
            self._board = self.turn_boards()[kind == "charge"]
            self._usable = (value or self.order_values(copy=False))[kind]
        self.phase = Phase.ACT
        how = "must give" if forced else "gives"
        ev = Event(Kind.ORDERS, f"{self.game.player_name(self.player)} {how} {ORDER_NAMES[kind]}.", {"orders": kind})
        return [ev, *self._advance()]

    def _move(self, action: Move, player: int, board: Compact | None, target: int | None) -> list[Event]:  # rules 5.1-5.5, 9.1
        """``target``: ``usable_now()`` before the move, if known. A legal move uses a die
        and leaves exactly ``target - 1`` usable (``_find_act_actions``): no search again."""
        g = self.game
        man = self.men[action.man]
        self.dice = without(self.dice, action.die)
        self.slots = self.slots[1:]
        self.moved = (*self.moved, action.man)
        dest = man.row + action.die * (1 if player == 0 else -1)
        who = describe(g, action.man, man)
        if dest < 1 or dest > 24:
            del self.men[action.man]
            self._rekey(action.man, man, None)
            self._sides = None
            drop_man(self, action.man, man.owner)
            self.phase, self.winner = Phase.OVER, player
            text = f"{g.player_name(player)}'s {who} moves {action.die} and leaves the far end of the board: {g.player_name(player)} wins!"
            return [Event(Kind.WIN, text, {"man": action.man, "die": action.die, "winner": player})]
        swept = self._sweep(action.man, man.row, dest) if man.detector and g.options.detector_sweep == "pass" else []
        data = {"man": action.man, "die": action.die, "from": man.row, "to": dest}
        sides = self._sides
        if (not board[3][dest]) if board is not None else (sides is not None and not sides[1 - player][3][dest]):
            enemies: list[str] = []  # the board (or the sides) count the enemy men on each row
        else:
            enemies = [n for n, m in self.men.items() if m.owner != player and m.row == dest]
        moved_text = f"{g.player_name(player)}'s {who} moves {action.die} from row {man.row} to row {dest}"
        if board is not None:  # the board after the move, without compacting the men again
            names, mine, own, enemy = board
            i = names.index(action.man)
            after, own, enemy = moved_board(mine, i, dest, own, enemy)
            self._board = (names[:i] + names[i + 1 :] if len(after) < len(mine) else names), after, own, enemy
        if len(enemies) >= 2:  # rule 5.5
            events = [*swept, Event(Kind.MOVE, f"{moved_text} into {len(enemies)} enemy men and is captured.", {**data, "captured": action.man})]
            events += self._kill(action.man)
            return events + self._advance_after(target)
        self.men[action.man] = Man(man[0], dest, man[2], man[3], man[4], man[5])
        if self._men_id is not None and self._roster is not None:  # ``_rekey`` for a change of row
            self._men_id = self._roster.moved(self._men_id, action.man, dest - man[1])
        if sides is not None:
            self._sides = moved(sides, player, action.man, dest)
        if enemies:  # rule 5.4
            victim = enemies[0]
            text = f"{moved_text} and captures {g.player_name(1 - player)}'s {describe(g, victim, self.men[victim])}."
            events = [*swept, Event(Kind.MOVE, text, {**data, "captured": victim}), *self._kill(victim)]
        else:
            events = [*swept, Event(Kind.MOVE, moved_text + ".", data)]
        if self.phase == Phase.OVER:
            return events
        if g.options.mines:
            events += self._enter_row(action.man, dest)
        return events + self._advance_after(target)

    def _sweep(self, name: str, frm: int, to: int) -> list[Event]:  # rule 10.4, option detector_sweep=pass
        """A mine detector destroys the enemy minefields on the rows he moves over."""
        g, man = self.game, self.men[name]
        if not g.options.mines:
            return []
        enemy, step = 1 - man.owner, 1 if to > frm else -1
        events = []
        for row in range(frm + step, to, step):
            if row in self.mines[enemy]:
                del self.mines[enemy][row]
                self.cleared[enemy].append(row)
                text = f"{describe(g, name, man)}'s mine detector finds {g.player_name(enemy)}'s minefield on row {row} in passing and destroys it."
                events.append(Event(Kind.MINE_CLEARED, text, {"man": name, "row": row}))
            elif setup.in_zone(g, enemy, row):
                self.probed[man.owner].add(row)
        return events

    def _enter_row(self, name: str, row: int) -> list[Event]:  # rules 10.3-10.4
        if not self.game.options.mines:
            return []
        man = self.men[name]
        enemy = 1 - man.owner
        if row not in self.mines[enemy]:
            if setup.in_zone(self.game, enemy, row):
                self.probed[man.owner].add(row)
            return []
        g = self.game
        if man.detector:
            del self.mines[enemy][row]
            self.cleared[enemy].append(row)
            text = f"{describe(g, name, man)}'s mine detector finds {g.player_name(enemy)}'s minefield on row {row} and destroys it."
            return [Event(Kind.MINE_CLEARED, text, {"man": name, "row": row})]
        self.mines[enemy][row] = True
        self.pending = (Threat.MINE, name, row)
        self.phase = Phase.MINE
        text = f"{describe(g, name, man)} walks into {g.player_name(enemy)}'s hidden minefield on row {row}!"
        return [Event(Kind.MINE, text, {"man": name, "row": row})]

    def _attack(self, action: Attack, player: int, board: Compact | None) -> list[Event]:  # rules 6.1-6.3
        g = self.game
        if board is not None:  # kept for the saving throw (the men do not change until then)
            names, mine, own, enemy = board
            self._board = names, fired_board(mine, names.index(action.attacker)), own, enemy
        a, t = self.men[action.attacker], self.men[action.target]
        d = abs(a.row - t.row)
        self.dice = without(self.dice, d)
        self.slots = self.slots[1:]
        self.fired = (*self.fired, action.attacker)
        self.pending = (Threat.ATTACK, action.attacker, action.target, d)
        self.phase = Phase.SAVE
        text = (f"{g.player_name(player)}'s {describe(g, action.attacker, a)} on row {a.row} fires at "
                f"{g.player_name(1 - player)}'s {describe(g, action.target, t)} on row {t.row}, {d} rows away.")
        return [Event(Kind.ATTACK, text, {"attacker": action.attacker, "target": action.target, "die": d})]

    def _apply_chance(self, outcome: Roll) -> list[Event]:
        board = self._board
        self._legal = self._board = self._usable = self._boards = self._start = None
        faces = tuple(map(int, outcome.faces))
        if self.phase == Phase.ROLLOFF:
            self._men_id = self._roster = self._own = self._sides = None
            self._stances = NO_STANCE_LISTS
            return setup.rolloff(self, faces)
        if self.phase == Phase.ROLL:  # a turn's roll leaves the men as they are
            return self._turn_roll(faces)
        return self._saving_throw(faces[0], board)

    def _turn_roll(self, faces: tuple[int, ...]) -> list[Event]:  # rule 4.2
        self.rolled = self.dice = faces
        self.moved = self.fired = ()
        self.orders, self.slots = "", ()
        ev = Event(Kind.ROLL, f"{self.game.player_name(self.player)} rolls {dice_text(faces)}.", {"dice": list(faces)}, dice=faces)
        self.phase = Phase.ORDERS
        value = self.order_values(copy=False)
        if max(value.values()) == 0:
            self.phase = Phase.ACT
            return [ev, *self._advance()]
        allowed = self.allowed_orders(value)
        if len(allowed) == 1:
            return [ev, *self._give_orders(allowed[0], forced=True, value=value)]
        self._values = value  # for the orders given next, and their list (``_compute_legal``) made here
        self._legal = [ORDER_ACTIONS[o] for o in allowed]
        return [ev]

    def _saving_throw(self, roll: int, board: Compact | None) -> list[Event]:  # rules 6.4, 10.3
        assert self.pending is not None
        g = self.game
        kind = self.pending[0]
        name = self.pending[2] if kind == Threat.ATTACK else self.pending[1]  # the target, or the man on the mines
        self.pending = None
        self.phase = Phase.ACT
        man = self.men[name]
        save = g.tables.stances[man.stance].save
        what = "the attack" if kind == Threat.ATTACK else "the mines"
        verdict = "saved" if roll <= save else "killed"
        rng = f"1-{save}" if save > 1 else "1"
        text = (f"{g.player_name(man.owner)}'s {describe(g, name, man)} rolls {roll} to survive {what} "
                f"(saves on {rng} while {man.stance}): {verdict}.")
        events = [Event(Kind.SAVE, text, {"man": name, "roll": roll, "cause": kind, "result": verdict}, dice=(roll,))]
        if roll > save:
            events += self._kill(name)
        else:  # saved: the men, so the board, stay as they are
            self._board = board
        if self.phase == Phase.OVER:
            return events
        return events + self._advance()

    def _kill(self, name: str) -> list[Event]:  # rule 3.4 casualties, 8.5, 9.2-9.3
        man = self.men.pop(name)
        self._rekey(name, man, None)
        if self._sides is not None:
            self._sides = removed(self._sides, man.owner, name)
        drop_man(self, name, man.owner)
        events = []
        if man.sergeant:
            self.sergeant_lost[man.owner] = True
            text = f"{self.game.player_name(man.owner)}'s Sergeant is dead: from now on they must Dig In or Charge every turn."
            events.append(Event(Kind.SERGEANT, text, {"player": man.owner}))
        own = self._own  # kept up to date by ``drop_man``
        alive = [bool(own[0]), bool(own[1])] if own is not None else [any(m.owner == p for m in self.men.values()) for p in (0, 1)]
        if all(alive):
            return events
        self.phase = Phase.OVER
        if not any(alive):
            self.winner = None
            return [*events, Event(Kind.GAME_OVER, "Both armies are wiped out: the game is a draw.", {"winner": None})]
        self.winner = 0 if alive[0] else 1
        g = self.game
        text = f"{g.player_name(1 - self.winner)}'s army is wiped out: {g.player_name(self.winner)} wins."
        return [*events, Event(Kind.GAME_OVER, text, {"winner": self.winner})]

    def _advance_after(self, target: int | None) -> list[Event]:
        """``_advance`` after a legal move: ``target - 1`` dice usable (see ``_move``)."""
        if self.phase != Phase.ACT:
            return []
        if target is not None:
            self._usable = target - 1
        return self._advance()

    def _advance(self) -> list[Event]:
        """After an action in the maneuver/attack phases: go on if a die can still be
        used, else to the stance phase (rule 4.4)."""
        if self.phase != Phase.ACT:
            return []
        if self.slots and self.dice and self.usable_now() > 0:
            return []
        self.phase = Phase.STANCE
        if self.dice:
            text = f"{self.game.player_name(self.player)} cannot use {dice_text(self.dice)}; the die is lost."
            return [Event(Kind.DICE_LOST, text, {"dice": list(self.dice)})]  # rolled (and shown) earlier
        return []

    def _end_turn(self) -> list[Event]:  # rules 4.1, 9.4
        limit = self.game.options.turn_limit
        if self.turn >= limit:
            self.phase = Phase.OVER
            return [Event(Kind.GAME_OVER, f"The turn limit of {limit} turns is reached: the game is a draw.", {"winner": None})]
        self.start_turn(1 - self.player)
        return [Event(Kind.TURN, f"Turn {self.turn}: {self.game.player_name(self.player)}.", {"player": self.player, "turn": self.turn})]

    def start_turn(self, player: int) -> None:
        self.turn += 1
        self.player = player
        self.phase = Phase.ROLL
        self.rolled = self.dice = ()
        self.slots, self.orders, self.moved, self.fired = (), "", (), ()

    # ----- information ------------------------------------------------------------------
    def status_text(self) -> str:
        if self.phase == Phase.OVER or self.phase in CHANCE_PHASES:
            return super().status_text()
        name = self.game.player_name(self.player)
        if self.phase == Phase.SETUP:
            return f"{name}: set up ({setup.task_text(self)})"
        if self.phase == Phase.ORDERS:
            return f"{name}: turn {self.turn}, rolled {dice_text(self.rolled)}, choose orders"
        if self.phase == Phase.ACT:
            what = "move a man" if self.slots[0] != ATTACK else "attack"
            return f"{name}: turn {self.turn}, {ORDER_NAMES[self.orders]}, {what} with {dice_text(self.dice)}"
        return f"{name}: turn {self.turn}, stance phase (swap one man's stance or keep them)"

