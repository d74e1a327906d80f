"""Battles (rules 5 and 7): dice by stack, the roll, Last Stand, removals, the
Commando's first defeat, moving in. Functions over the state, called by rules.py."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from ...core.chance import Outcomes, Roll
from ...core.events import Event
from ...core.grid import Cell, Grid
from .actions import RANKS
from .constants import Kind

if TYPE_CHECKING:
    from .rules import TrenchState

ATT, DEF = 0, 1
HEIGHT_DIE = {1: 4, 2: 6, 3: 8}  # rule 5.3
COMMANDO_DIE = 10  # rule 7.2
AIRSTRIKE_DIE = 6  # card airstrike
SUICIDE_DIE = 10  # card suicide
RANK_ORDER = {"S": 0, "V": 1, "C": 2}


@dataclass(frozen=True)
class Combat:
    """A battle in progress. Side 0 is the attacker, side 1 the defender."""

    attacker: int
    src: Cell | None  # None: an airstrike (no attacking unit on the board)
    dst: Cell
    sides: tuple[int, int] = (0, 0)
    counts: tuple[int, int] = (1, 1)
    bonus: tuple[int, int] = (0, 0)
    suicide: tuple[bool, bool] = (False, False)
    rolls: tuple[int, int] = (0, 0)
    medic: tuple[bool, bool] = (False, False)
    rerolled: tuple[bool, bool] = (False, False)
    react: tuple[int, ...] = ()
    rerolling: int = -1

    def player(self, side: int) -> int:
        return self.attacker if side == ATT else 1 - self.attacker

    def to_json(self) -> dict[str, object]:
        return {
            "attacker": self.attacker, "src": None if self.src is None else Grid.name(self.src), "dst": Grid.name(self.dst),
            "sides": list(self.sides), "counts": list(self.counts), "bonus": list(self.bonus),
            "suicide": list(self.suicide), "rolls": list(self.rolls), "medic": list(self.medic),
            "rerolled": list(self.rerolled), "react": list(self.react), "rerolling": self.rerolling,
        }


def set2(pair: tuple[object, object], side: int, value: object) -> tuple[object, object]:
    return (value, pair[1]) if side == ATT else (pair[0], value)


@lru_cache(maxsize=256)
def best_of(sides: int, count: int) -> tuple[tuple[int, Fraction], ...]:
    """The distribution of the highest of ``count`` rolls of a d``sides``."""
    total = sides**count
    return tuple((k, Fraction(k**count - (k - 1) ** count, total)) for k in range(1, sides + 1))


def roll_outcomes(c: Combat) -> Outcomes:
    """The battle roll's outcomes: one shared list per pair of dice (never change it;
    ``core.chance.sample`` keeps its table by the list's identity)."""
    return _both_rolls(c.sides, c.counts)


@lru_cache(maxsize=256)
def _both_rolls(sides: tuple[int, int], counts: tuple[int, int]) -> Outcomes:
    """The battle roll's outcomes, built once per pair of dice (Rolls are immutable)."""
    a, d = best_of(sides[ATT], counts[ATT]), best_of(sides[DEF], counts[DEF])
    return [(Roll((x, y)), px * py) for x, px in a for y, py in d]


def reroll_outcomes(c: Combat) -> Outcomes:
    return _one_roll(c.sides[c.rerolling], c.counts[c.rerolling])


@lru_cache(maxsize=64)
def _one_roll(sides: int, count: int) -> Outcomes:
    """One side's re-roll: one shared list per die (never change it)."""
    return [(Roll((x,)), p) for x, p in best_of(sides, count)]


def stack_dice(ranks: str, five: bool, suicide: bool) -> tuple[int, int]:
    """(die sides, rolls kept best of) for a stack (rules 5.3, 6.3, 7.2; cards)."""
    if suicide:
        sides = SUICIDE_DIE
    elif "C" in ranks:
        sides = COMMANDO_DIE
    else:
        sides = HEIGHT_DIE[len(ranks)]
    count = 5 if five else (2 if "V" in ranks else 1)
    return sides, count


def describe(st: TrenchState, cell: Cell) -> str:
    ranks = st.ranks_at(cell)
    owner = st.game.player_name(st.owner_at(cell))
    if len(ranks) == 1:
        return f"{owner}'s {RANKS[ranks]} on {Grid.name(cell)}"
    parts = [RANKS[r] for r in sorted(ranks, key=lambda r: -RANK_ORDER[r])]
    return f"{owner}'s stack of {len(ranks)} ({', '.join(parts)}) on {Grid.name(cell)}"


def side_text(c: Combat, side: int) -> str:
    sides, count, bonus, roll = c.sides[side], c.counts[side], c.bonus[side], c.rolls[side]
    how = f"d{sides}" + (f" best of {count}" if count > 1 else "")
    total = f"{roll}+{bonus}={roll + bonus}" if bonus else str(roll)
    return f"{how}: {total}"


def defeated(st: TrenchState, cell: Cell) -> list[int]:
    """The pieces a lost battle removes from ``cell``: all of them, except that a
    Commando survives its first defeat and loses only its stack (rule 7.4)."""
    stack = st.board[cell]
    owner = st.owner_at(cell)
    cmd = st.commando_pid(owner)
    if cmd in stack and not st.wounded[owner]:
        st.wounded[owner] = True
        return [pid for pid in stack if pid != cmd]
    return list(stack)


def resolve(st: TrenchState) -> list[Event]:
    """Decide the battle from its rolls and apply every result (rules 5.5-5.8, 7.4, 9)."""
    c = st.combat
    assert c is not None
    att_p, def_p = c.attacker, 1 - c.attacker
    totals = (c.rolls[ATT] + c.bonus[ATT], c.rolls[DEF] + c.bonus[DEF])
    has_att = c.src is not None and c.src in st.board
    who = "the airstrike" if c.src is None else describe(st, c.src)
    head = f"Battle: {who} ({side_text(c, ATT)}) against {describe(st, c.dst)} ({side_text(c, DEF)})"
    removals: dict[int, set[int]] = {att_p: set(), def_p: set()}
    notes: list[str] = []
    if totals[ATT] > totals[DEF]:
        result, losers = "attacker", [DEF]
    elif totals[DEF] > totals[ATT]:
        result, losers = "defender", [ATT] if has_att else []
    else:
        result, losers = "tie", [ATT, DEF] if has_att else [DEF]
    if result != "tie" and has_att:
        _last_stand(st, c, DEF if result == "attacker" else ATT, removals, notes)
    cells = {ATT: c.src, DEF: c.dst}
    for side in (ATT, DEF):
        cell = cells[side]
        if cell is None or cell not in st.board:
            continue
        if side in losers or c.suicide[side]:
            removals[c.player(side)].update(defeated(st, cell))
            if c.suicide[side] and side not in losers:
                notes.append(f"the suicide mission from {Grid.name(cell)} ends there")
    for side in (ATT, DEF):
        p = c.player(side)
        if c.medic[side] and removals[p]:
            saved = max(removals[p], key=lambda pid: (RANK_ORDER[st.rank[pid]], pid))
            removals[p].discard(saved)
            notes.append(f"a Medic saves {st.game.player_name(p)}'s {RANKS[st.rank[saved]]}")
    verdict = {"attacker": "the attacker wins", "defender": "the defender wins", "tie": "a tie"}[result]
    removed = {p: len(removals[p]) for p in (0, 1)}
    st.remove_pieces(removals[0] | removals[1])
    events = [Event(
        Kind.BATTLE,
        f"{head}: {verdict}" + "".join(f"; {n}" for n in notes) + _removed_text(st, removed) + ".",
        {"result": result, "rolls": list(c.rolls), "totals": list(totals), "removed": [removed[0], removed[1]],
         "attacker": att_p, "src": None if c.src is None else Grid.name(c.src), "dst": Grid.name(c.dst)},
    )]  # no dice here: they were shown when they were rolled
    if result == "attacker" and c.src is not None and c.src in st.board and c.dst not in st.board:
        st.board[c.dst] = st.board.pop(c.src)
        events.append(Event(Kind.MOVE_IN, f"The winners move into {Grid.name(c.dst)}.", {"from": Grid.name(c.src), "to": Grid.name(c.dst)}))
        events.extend(st.arrive(att_p, c.dst, joined=False))
    return events


def _last_stand(st: TrenchState, c: Combat, loser: int, removals: dict[int, set[int]], notes: list[str]) -> None:
    """Rule 5.8: a loser who rolled its die's top face takes one piece of a bigger winner with it."""
    winner = 1 - loser
    cells = {ATT: c.src, DEF: c.dst}
    lcell, wcell = cells[loser], cells[winner]
    if lcell is None or wcell is None:
        return
    if c.rolls[loser] != c.sides[loser] or len(st.board[wcell]) <= len(st.board[lcell]):
        return
    victims = [pid for pid in st.board[wcell] if st.rank[pid] != "C"]
    victim = min(victims, key=lambda pid: (RANK_ORDER[st.rank[pid]], pid))
    removals[c.player(winner)].add(victim)
    notes.append(f"Last Stand: the top roll takes a {RANKS[st.rank[victim]]} from {Grid.name(wcell)} with it")


def _removed_text(st: TrenchState, removed: dict[int, int]) -> str:
    parts = [f"{st.game.player_name(p)} loses {n} piece{'s' if n != 1 else ''}" for p, n in removed.items() if n]
    return "; " + ", ".join(parts) if parts else "; nobody is removed"


def start_roll(st: TrenchState) -> None:
    """Fix both sides' dice just before the roll (after the defence window)."""
    c = st.combat
    assert c is not None
    if c.src is None:
        a = (AIRSTRIKE_DIE, 1)
    else:
        a = stack_dice(st.ranks_at(c.src), c.counts[ATT] == 5, c.suicide[ATT])
    d = stack_dice(st.ranks_at(c.dst), False, c.suicide[DEF])
    st.combat = replace(c, sides=(a[0], d[0]), counts=(a[1], d[1]))
