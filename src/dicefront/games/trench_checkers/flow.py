"""Turn flow (rules 2, 3, 5.1-5.2, 5.9-5.10, 9, 10): set-up, rounds, stages, moves,
attack declaration, card windows around a battle, the end of the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core.chance import Roll
from ...core.events import Event
from ...core.grid import Grid
from . import combat as cb
from .actions import RANKS, Attack, ChooseFirst, EndAttacks, Move, Pass, PlaceTerrain
from .constants import ATTACK, DEFEND, FIRST, MOVE, MOVES_PER_TURN, OVER, REACT, ROLL, ROLLOFF, TERRAIN, Kind

if TYPE_CHECKING:
    from .rules import TrenchState


def apply_action(st: TrenchState, action: object, player: int) -> list[Event]:
    """Every action but a card play (cards_play.play_card)."""
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise TypeError(f"not a Trench Checkers action: {action!r}")
    return handler(st, action, player)


def _choose_first(st: TrenchState, action: ChooseFirst, player: int) -> list[Event]:
    return choose_first(st, action.player, player)


def _pass(st: TrenchState, action: Pass, player: int) -> list[Event]:
    return pass_window(st, player)


def end_attacks(st: TrenchState, action: EndAttacks, player: int) -> list[Event]:
    return [Event(Kind.END_ATTACKS, f"{st.game.player_names[player]} ends the attack step.", {"player": player}), *next_stage(st)]


def apply_chance(st: TrenchState, outcome: Roll) -> list[Event]:
    if st.draws:  # rules 2.2, 8.1: a card drawn, seen only by its owner
        player, card = st.draws.pop(0), str(outcome.faces[0])
        st.deck[card] -= 1
        if not st.deck[card]:
            del st.deck[card]
        st.hands[player][card] = st.hands[player].get(card, 0) + 1
        name = st.game.cards.by_id(card)
        return [
            Event(Kind.DRAW, f"{st.game.player_names[player]} draws a card.", {"player": player}),
            Event(Kind.CARD, f"You draw {name.name if name else card}.", {"player": player, "card": card}, audience=(player,)),
        ]
    a, b = int(outcome.faces[0]), int(outcome.faces[-1])
    if st.phase == ROLLOFF:  # rules 2.1, 5.10
        winner = 0 if a > b else 1
        st.phase, st.player = FIRST, winner
        names = st.game.player_names
        return [Event(Kind.ROLL, f"Roll for the first move: {names[0]} {a}, {names[1]} {b}; {names[winner]} decides who goes first.", {"dice": [a, b], "winner": winner}, dice=(a, b))]
    c = st.combat
    assert c is not None
    if st.phase == ROLL:
        st.set_combat(rolls=(a, b), react=tuple(s for s in (cb.ATT, cb.DEF) if _may_react(st, c.player(s))))
        text = f"Dice: attacker {cb.side_text(st.combat, cb.ATT)}, defender {cb.side_text(st.combat, cb.DEF)}."  # type: ignore[arg-type]
        return [Event(Kind.ROLL, text, {"dice": [a, b]}, dice=(a, b)), *next_react(st)]
    side = c.rerolling  # REROLL
    old = c.rolls[side]
    st.set_combat(rolls=cb.set2(c.rolls, side, max(old, a)), rerolled=cb.set2(c.rerolled, side, True), rerolling=-1)
    st.phase = REACT
    who = st.game.player_name(c.player(side))
    return [Event(Kind.ROLL, f"{who} re-rolls: {a} (was {old}), keeping {max(old, a)}.", {"dice": [a], "kept": max(old, a)}, dice=(a,))]


def _may_react(st: TrenchState, player: int) -> bool:
    return st.game.options.cards and st.hand_size(player) > 0


# ----- set-up and rounds --------------------------------------------------------------------
def choose_first(st: TrenchState, first: int, player: int) -> list[Event]:
    st.first = first
    names = st.game.player_names
    ev = Event(Kind.FIRST, f"{names[player]} chooses {names[first]} to go first.", {"first": first})
    if st.round == 0:  # rule 2.3: terrain, the first player placing first
        if st.game.options.first_move == "high-roller":  # rule 2.4: the roll-off winner moves first
            st.first = player
            ev = Event(Kind.FIRST, f"{st.game.player_name(player)} chooses {st.game.player_name(first)} to place terrain first.", {"first": first})
        st.phase, st.player = TERRAIN, first
        if st.terrain_left[first] and st.terrain_cells(first):
            return [ev]
        return [ev, *_next_placer(st, first)]
    return [ev, *start_round(st)]


def place_terrain(st: TrenchState, action: PlaceTerrain, player: int) -> list[Event]:
    st.terrain[action.cell] = player
    st.terrain_left[player] -= 1
    ev = Event(Kind.TERRAIN, f"{st.game.player_name(player)} places terrain on {Grid.name(action.cell)}.", {"cell": Grid.name(action.cell), "player": player})
    return [ev, *_next_placer(st, player)]


def _next_placer(st: TrenchState, last: int) -> list[Event]:
    for p in (1 - last, last):
        if st.terrain_left[p] and st.terrain_cells(p):
            st.player = p
            return []
    return start_round(st)


def start_round(st: TrenchState) -> list[Event]:
    if st.round >= st.game.options.round_limit:  # rule 9.3
        return game_over(st, None, f"The round limit of {st.game.options.round_limit} is reached: the game is a draw.")
    st.round += 1
    st.skipping, st.skip_next, st.lost = list(st.skip_next), [False, False], [0, 0]
    st.stage = -1
    ev = Event(Kind.ROUND, f"Round {st.round}: {st.game.player_names[st.first]} goes first.", {"round": st.round, "first": st.first})
    return [ev, *next_stage(st)]


def next_stage(st: TrenchState) -> list[Event]:
    """Rule 3.5: first player's moves, second player's moves, first's attack, second's."""
    events: list[Event] = []
    while True:
        st.stage += 1
        if st.stage > 3:
            return events + end_round(st)
        p = st.first if st.stage in (0, 2) else 1 - st.first
        st.player = p
        name = st.game.player_names[p]
        if st.skipping[p]:  # card airstrike: the lost turn
            what = "movement" if st.stage < 2 else "attack"
            events.append(Event(Kind.SKIP, f"{name} loses this turn's {what} (airstrike).", {"player": p}))
            continue
        if st.stage < 2:
            st.phase, st.moves_left, st.push_left, st.push_used, st.moves_made = MOVE, MOVES_PER_TURN, 0, False, 0
            st.moved = set()
            if st.moves(p):
                return events
            events.append(Event(Kind.NO_MOVE, f"{name} has no legal move.", {"player": p}))
            continue
        st.phase, st.attacks_left, st.attack_made = ATTACK, 1, False
        if attack_step_open(st, p):
            return events
        events.append(Event(Kind.NO_ATTACK, f"{name} has nothing to attack.", {"player": p}))


def attack_step_open(st: TrenchState, p: int) -> bool:
    if st.attacks_left and st.attacks(p):
        return True
    return _may_react(st, p)


def end_round(st: TrenchState) -> list[Event]:
    """Rule 5.10: who lost more pieces chooses the next first player, else a roll."""
    lost = st.lost
    if lost[0] != lost[1]:
        chooser = 0 if lost[0] > lost[1] else 1
        st.phase, st.player = FIRST, chooser
        text = f"{st.game.player_name(chooser)} lost more pieces ({lost[chooser]} to {lost[1 - chooser]}) and chooses who goes first."
        return [Event(Kind.END_ROUND, text, {"lost": list(lost), "chooser": chooser})]
    st.phase = ROLLOFF
    return [Event(Kind.END_ROUND, f"Both sides lost {lost[0]} piece{'s' if lost[0] != 1 else ''}: a d6 roll decides.", {"lost": list(lost)})]


# ----- movement -------------------------------------------------------------------------------
def do_move(st: TrenchState, action: Move, player: int) -> list[Event]:
    src, dst = action.src, action.dst
    board = st.board
    stack = board[src]
    if action.rank is None:
        unit = stack
        del board[src]
    else:
        rank, wanted = st.rank, action.rank
        i = len(stack) - 1
        while rank[stack[i]] != wanted:  # the top piece of that rank (rule 4.2)
            i -= 1
        unit = (stack[i],)
        rest = stack[:i] + stack[i + 1:]
        if rest:
            board[src] = rest
        else:
            del board[src]
    there = board.get(dst, ())
    board[dst] = there + unit
    st.moved.update(unit)
    cost = 1 if abs(src[0] - dst[0]) + abs(src[1] - dst[1]) == 1 else 2  # rule 3.4: passing an inactive Commando
    st.moves_made += cost
    if st.moves_left:
        st.moves_left -= cost
    else:
        st.push_left -= cost
    what = RANKS[st.rank[unit[0]]] if len(unit) == 1 else f"stack of {len(unit)}"
    verb = "stacks onto" if there else "moves to"
    tables = st.game.tables
    names = tables.names
    frm, to = names[src], names[dst]
    if cost == 2:
        verb = f"passes {names[tables.cmd_start[1 - player]]} and {verb}"
    events = [Event(Kind.MOVE, f"{st.game.player_names[player]}'s {what} on {frm} {verb} {to}.", {"from": frm, "to": to, "pieces": len(unit)})]
    events.extend(st.arrive(player, dst, bool(there)))
    if (st.moves_left or st.push_left) and st.moves(player):
        return events
    return events + next_stage(st)


def passing_moves(st: TrenchState, player: int) -> list[Move]:
    """Rule 3.4: the moves (two steps each) that take a unit through the tile of the
    enemy's inactive Commando and out to another tile next to it."""
    fresh_only = st.moves_left == 0
    if (st.push_left if fresh_only else st.moves_left) < 2:
        return []
    tables = st.game.tables
    mid = tables.cmd_start[1 - player]  # an inactive Commando never leaves it
    board = st.board
    there = board.get(mid)
    if there is None or len(there) != 1 or there[0] != tables.commandos[1 - player]:  # the enemy Commando alone
        return []
    get, terrain, moved = board.get, st.terrain, st.moved
    per = tables.per_player
    out: list[Move] = []
    for src, routes in tables.pass_routes[player]:
        stack = get(src)
        if stack is None or stack[0] // per != player:
            continue
        units = _movable_units(st, player, stack) if len(stack) > 1 else () if st.rank[stack[0]] == "C" and not st.active[player] else ((None, stack),)
        for kind, unit in units:
            if fresh_only and not moved.isdisjoint(unit):
                continue
            for dst, by_kind in routes:
                if dst in terrain:
                    continue
                there = get(dst)
                if there is None or (there[0] // per == player and st.can_join(player, unit, there, dst)):
                    out.append(by_kind[kind])
    return out


def _movable_units(st: TrenchState, player: int, stack: tuple[int, ...]) -> list[tuple[str | None, tuple[int, ...]]]:
    """Rules 4.2-4.3, 7.1: the units that may leave ``stack`` (rank None: all of it)."""
    ranks = "".join(st.rank[pid] for pid in stack)
    if len(stack) == 1:
        return [] if ranks == "C" and not st.active[player] else [(None, stack)]
    units: list[tuple[str | None, tuple[int, ...]]] = [(None, stack)] if "V" in ranks or "C" in ranks else []
    for r in "SVC":
        if r in ranks:
            units.append((r, (next(pid for pid in reversed(stack) if st.rank[pid] == r),)))
    return units


# ----- attacks and the windows around a battle -------------------------------------------------
def declare_attack(st: TrenchState, action: Attack, player: int) -> list[Event]:
    events = [Event(Kind.ATTACK, f"{cb.describe(st, action.src)} attacks {cb.describe(st, action.dst)}.", {"from": Grid.name(action.src), "to": Grid.name(action.dst)})]
    return events + begin_battle(st, player, action.src, action.dst, five=st.five[player], bonus=st.bonus[player], suicide=st.suicide[player])


def begin_battle(st: TrenchState, player: int, src: object, dst: object, five: bool, bonus: int, suicide: bool) -> list[Event]:
    st.attacks_left -= 1
    st.attack_made = True
    if st.cancel_next[player]:  # card flashbang
        st.cancel_next[player] = False
        ev = Event(Kind.CANCELLED, f"{st.game.player_name(player)}'s attack is cancelled by the enemy's card.", {"player": player})
        return [ev, *after_attack(st, player)]
    if src is not None:  # attack-modifying cards are used up by an attack with a unit
        st.five[player], st.bonus[player], st.suicide[player] = False, 0, False
    st.combat = cb.Combat(player, src, dst, counts=(5 if five else 1, 1), bonus=(bonus, 0), suicide=(suicide, False))  # type: ignore[arg-type]
    defender = 1 - player
    if _may_react(st, defender):
        st.phase, st.player = DEFEND, defender
        return []
    return begin_roll(st)


def begin_roll(st: TrenchState) -> list[Event]:
    cb.start_roll(st)
    st.phase = ROLL
    return []


def pass_window(st: TrenchState, player: int) -> list[Event]:
    if st.phase == DEFEND:
        return begin_roll(st)
    c = st.combat
    assert c is not None
    st.set_combat(react=c.react[1:])
    return next_react(st)


def next_react(st: TrenchState) -> list[Event]:
    c = st.combat
    assert c is not None
    if c.react:
        st.phase, st.player = REACT, c.player(c.react[0])
        return []
    events = cb.resolve(st)
    st.combat = None
    events.extend(check_end(st))
    if st.phase == OVER:
        return events
    st.phase, st.player = ATTACK, c.attacker
    return events + after_attack(st, c.attacker)


def after_attack(st: TrenchState, player: int) -> list[Event]:
    st.phase, st.player = ATTACK, player
    if attack_step_open(st, player):
        return []
    return next_stage(st)


def check_end(st: TrenchState) -> list[Event]:
    """Rule 7.5 (Trail of Vengeance) and rule 9 (winning)."""
    events = []
    for p in (0, 1):
        cmd = st.commando_pid(p)
        if not st.active[p] and st.pieces_of(p) == 1 and any(s == (cmd,) for s in st.board.values()):
            st.active[p] = True
            events.append(Event(Kind.VENGEANCE, f"Trail of Vengeance: {st.game.player_name(p)}'s Commando is the last one standing and becomes active.", {"player": p}))
    left = [st.pieces_of(0), st.pieces_of(1)]
    if not left[0] and not left[1]:
        return events + game_over(st, None, "Both armies are wiped out: the game is a draw.")
    for p in (0, 1):
        if not left[p]:
            return events + game_over(st, 1 - p, f"{st.game.player_name(1 - p)} wins: {st.game.player_name(p)} has no pieces left.")
    return events


def game_over(st: TrenchState, winner: int | None, text: str) -> list[Event]:
    st.phase, st.winner, st.combat = OVER, winner, None
    st.draws = []
    return [Event(Kind.GAME_OVER, text, {"winner": winner})]


HANDLERS: dict[type, Callable[[TrenchState, Any, int], list[Event]]] = {
    ChooseFirst: _choose_first, PlaceTerrain: place_terrain, Move: do_move, Attack: declare_attack, Pass: _pass, EndAttacks: end_attacks,
}
"""The rules of each kind of action but a card play, by its exact type (one lookup per step)."""

__all__ = ["HANDLERS", "apply_action", "apply_chance", "begin_battle", "passing_moves"]
