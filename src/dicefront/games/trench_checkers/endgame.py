"""The Trench Checkers end game valued as the chance to convert it before the round limit.

Once one side (the *hunted*) is down to a few units, the position is valued as
``E[result] = P(the hunters remove every hunted piece before the limit) - P(the hunted
remove the hunters')`` by a small dynamic programme over unit *kinds*, not positions:

* the hunters' stacks (ranks, wounded, rounds of moves needed to get next to a hunted
  unit, and to the hunted side's sleeping Commando), at most ``HUNTERS`` of them on the
  move, the next ``RESERVE`` waiting to take a fallen one's place (and whether more
  stand behind: then the hunters cannot be wiped out);
* the hunted units (ranks, wounded, asleep); a sleeping Commando wakes with the last of
  the others (rule 7.5) and the hunters then need their moves to it;
* each round the hunters make 3 moves (rule 3.1): all on one stack closing in, one to
  step a stack back, or none (they go elsewhere), whichever is best; then
  each side may make one attack (rule 5.1), the hunters choosing the best one (or none)
  and the hunted the one where their odds are best, if better than even, with exact
  battle odds:
  ties remove both stacks (rule 5.7), a fresh Commando only loses its stack and is
  wounded (rule 7.4), Last Stand takes the lowest piece of a bigger winner (rule 5.8);
* no round left: a draw (rule 9.3). The hunted do not move (an approximation).

Values are memoised by their (hashable) arguments in a store emptied, when full,
before a position is valued (one valuation fills at most a few ten thousand entries:
the kinds, distances and rounds are capped)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from .combat import COMMANDO_DIE, HEIGHT_DIE
from .constants import FIRST, MOVE, ROLLOFF

if TYPE_CHECKING:
    from ...core.grid import Cell
    from .rules import TrenchState

HUNTERS = 3  # hunter stacks the programme moves at once (the others wait in reserve)
RESERVE = 3  # stacks of the reserve it follows (more: the hunters cannot be wiped out)
MAX_MOVES = 15  # moves beyond which a stack counts as this far
MAX_ETA = 4  # rounds of moves beyond which a stack counts as this far
MAX_ROUNDS = 12  # rounds beyond which more make no difference worth a key
MOVES = 3  # moves a side makes a round (rule 3.1)
DISCOUNT = 0.9  # a result one round later is worth this much of one now (the hunted move too, which is not modelled: waiting for help costs)
LEAF = 0.5  # weight of the material lead where the horizon cuts the rounds left short
MORE_WORTH = 2.0  # material counted for the stacks behind the reserve

Hunter = tuple[str, bool, int, int]  # ranks (sorted), wounded, rounds to the hunted, rounds to their sleeping Commando
Prey = tuple[str, bool, bool]  # ranks (sorted), wounded, asleep
Unit = tuple[str, bool]  # ranks, wounded
Reserve = tuple[tuple[Hunter, ...], bool, bool]  # stacks to come in order, more behind them, rounds beyond the horizon
NO_RESERVE: Reserve = ((), False, False)

# steps within a round
MOVE_FIRST = 0  # the hunters' moves to come, then their attack, then the hunted's
AB = 1  # the hunters' attack, then the hunted's
B = 2  # the hunted's attack, then the next round
MOVE_SECOND = 5  # the hunters' moves to come, then the hunted's attack, then theirs
BA = 3  # the hunted's attack, then the hunters'
A = 4  # the hunters' attack, then the next round
NEXT = 6  # the round is over

_VALUES: dict[tuple[tuple[Hunter, ...], tuple[Prey, ...], int, int, Reserve], float] = {}
_VALUES_MAX = 300_000


def dice(ranks: str) -> tuple[int, int]:
    """(die sides, rolls kept) of a stack (rules 5.3, 6.3, 7.2)."""
    sides = COMMANDO_DIE if "C" in ranks else HEIGHT_DIE[len(ranks)]
    return sides, 2 if "V" in ranks else 1


@lru_cache(maxsize=4096)
def battle_odds(att: tuple[int, int], dfn: tuple[int, int], bonus: int = 0) -> tuple[float, float, float, float, float]:
    """(attacker wins, tie, defender wins, attacker wins but the defender rolled its top
    face, defender wins but the attacker rolled its top face) for two dice given as
    (sides, rolls kept best of); ``bonus`` is added to the attacker's roll (minus: to
    the defender's)."""
    a_sides, a_n = att
    d_sides, d_n = dfn
    pa = [(k**a_n - (k - 1) ** a_n) / a_sides**a_n for k in range(1, a_sides + 1)]
    pd = [(k**d_n - (k - 1) ** d_n) / d_sides**d_n for k in range(1, d_sides + 1)]
    win = tie = lose = win_top = lose_top = 0.0
    for x, px in enumerate(pa, 1):
        for y, py in enumerate(pd, 1):
            p = px * py
            if x + bonus > y:
                win += p
                if y == d_sides:
                    win_top += p
            elif x + bonus < y:
                lose += p
                if x == a_sides:
                    lose_top += p
            else:
                tie += p
    return win, tie, lose, win_top, lose_top


def _defeated(unit: Unit) -> Unit | None:
    """What is left of a stack that loses a battle (rule 7.4)."""
    ranks, wounded = unit
    if "C" in ranks and not wounded:
        return "C", True
    return None


def _last_stand(unit: Unit) -> Unit:
    """The winner of a battle after losing its lowest piece (never the Commando)."""
    ranks, wounded = unit
    low = "S" if "S" in ranks else "V"
    i = ranks.index(low)
    return ranks[:i] + ranks[i + 1:], wounded


@lru_cache(maxsize=4096)
def fight(att: Unit, dfn: Unit, odds: tuple[float, float, float, float, float] | None = None) -> tuple[tuple[float, Unit | None, Unit | None], ...]:
    """(probability, attacker after, defender after) of every result of ``att``
    attacking ``dfn`` (None: removed); ``odds`` as ``battle_odds`` gives them (default:
    the stacks' own dice)."""
    win, tie, lose, win_top, lose_top = odds if odds is not None else battle_odds(dice(att[0]), dice(dfn[0]))
    bigger_att, bigger_dfn = len(att[0]) > len(dfn[0]), len(dfn[0]) > len(att[0])
    out: dict[tuple[Unit | None, Unit | None], float] = {}

    def add(p: float, a: Unit | None, d: Unit | None) -> None:
        if p > 0.0:
            out[(a, d)] = out.get((a, d), 0.0) + p

    add(win - win_top, att, _defeated(dfn))
    add(win_top, _last_stand(att) if bigger_att else att, _defeated(dfn))
    add(lose - lose_top, _defeated(att), dfn)
    add(lose_top, _defeated(att), _last_stand(dfn) if bigger_dfn else dfn)
    add(tie, _defeated(att), _defeated(dfn))
    return tuple((p, a, d) for (a, d), p in out.items())


def value(hunters: tuple[Hunter, ...], prey: tuple[Prey, ...], rounds: int, step: int, reserve: Reserve = NO_RESERVE) -> float:
    """E[result] for the hunters: +1 when every hunted piece is removed, -1 when every
    hunter (and no reserve) is, 0 at the round limit; ``rounds`` counts the current
    one, ``step`` says where in it play stands; ``reserve``: the hunters' stacks that
    take the place of a fallen one, in order, and whether more stand behind them (then
    the hunters cannot be wiped out: 0 when all are gone)."""
    return _value(tuple(sorted(hunters)), tuple(sorted(prey)), rounds, step, reserve)


def _value(hunters: tuple[Hunter, ...], prey: tuple[Prey, ...], rounds: int, step: int, reserve: Reserve) -> float:
    """``value`` of hunters and prey given in their order (sorted)."""
    queue, more, far = reserve
    if queue and len(hunters) < HUNTERS:  # a stack of the reserve takes the place of a fallen one
        hunters = tuple(sorted((*hunters, queue[0])))
        reserve = (queue[1:], more, far)
    if not prey:
        return 1.0 if hunters or more else 0.0  # both removed in one battle: a draw (rule 9.2)
    if not hunters:
        return 0.0 if more else -1.0
    if step == NEXT:  # a round later: worth a little less (the hunted move too, which is not modelled)
        if rounds > 1:
            return DISCOUNT * _value(hunters, prey, rounds - 1, MOVE_FIRST, reserve)
        return _leaf(hunters, prey, reserve) if far else 0.0  # the horizon, or the round limit (rule 9.3)
    if rounds <= 0:
        return 0.0
    rounds = min(rounds, MAX_ROUNDS)
    key = (hunters, prey, rounds, step, reserve)
    v = _VALUES.get(key)
    if v is None:
        v = _VALUES[key] = _step(hunters, prey, rounds, step, reserve)
    return v


def _leaf(hunters: tuple[Hunter, ...], prey: tuple[Prey, ...], reserve: Reserve) -> float:
    """Beyond the horizon (rounds left past ``MAX_ROUNDS``): the material lead, as a
    share of ``LEAF`` (units thrown away are then not free)."""
    mine = sum(_worth_of(h[0], h[1], False) for h in (*hunters, *reserve[0])) + (MORE_WORTH if reserve[1] else 0.0)
    theirs = sum(_worth_of(q[0], q[1], q[2]) for q in prey)
    return LEAF * (mine - theirs) / (mine + theirs) if mine + theirs > 0 else 0.0


def _worth_of(ranks: str, wounded: bool, asleep: bool) -> float:
    c = WORTH["C"] * (0.45 if wounded else 1.0) * (0.8 if asleep else 1.0)
    return sum(c if r == "C" else WORTH[r] for r in ranks)


def _step(hunters: tuple[Hunter, ...], prey: tuple[Prey, ...], rounds: int, step: int, reserve: Reserve) -> float:
    if step in (MOVE_FIRST, MOVE_SECOND):
        then = AB if step == MOVE_FIRST else BA
        return max(_value(hs, prey, rounds, then, reserve) for hs in moved(hunters, 1))
    if step in (AB, A):
        return _hunters_attack(hunters, prey, rounds, B if step == AB else NEXT, reserve)
    return _prey_attacks(hunters, prey, rounds, NEXT if step == B else A, reserve)


def moved(hunters: tuple[Hunter, ...], moves: int) -> list[tuple[Hunter, ...]]:
    """The hunters after each way of spending ``moves`` (in the hunters' unit of
    distance) the programme weighs: none (the moves go elsewhere), all on one stack
    closing in, or one on a stack stepping back from the prey (its enemies strike only
    at stacks next to them)."""
    out = [hunters]
    if not moves:
        return out
    seen: set[Hunter] = set()
    for i, h in enumerate(hunters):
        if h in seen:
            continue
        seen.add(h)
        ranks, wounded, d, dc = h
        near = (ranks, wounded, max(0, d - moves), dc) if d else (ranks, wounded, 1, dc)
        out.append(tuple(sorted((*hunters[:i], near, *hunters[i + 1:]))))
    return out


def after_battle(
    hunters: tuple[Hunter, ...], prey: tuple[Prey, ...], i: int, j: int, hunter_attacks: bool,
    odds: tuple[float, float, float, float, float] | None = None, reserve: Reserve = NO_RESERVE,
) -> list[tuple[float, tuple[Hunter, ...], tuple[Prey, ...], Reserve]]:
    """(probability, hunters, prey, reserve) after hunter ``i`` and prey ``j`` fight
    (the hunter attacking or defending)."""
    h, q = hunters[i], prey[j]
    hu: Unit = (h[0], h[1])
    qu: Unit = (q[0], q[1])
    results = fight(hu, qu, odds) if hunter_attacks else tuple((p, a, d) for p, d, a in fight(qu, hu, odds))
    out = []
    for p, ha, qa in results:
        hs = list(hunters)
        if ha is None:
            del hs[i]
        else:
            hs[i] = (ha[0], ha[1], h[2], h[3])
        ps = list(prey)
        if qa is None:
            del ps[j]
            if ps and all(x[2] for x in ps):  # the last awake piece fell: the Commando wakes (rule 7.5)
                ps = [(x[0], x[1], False) for x in ps]
                hs = [(x[0], x[1], x[3], x[3]) for x in hs]
                reserve = (tuple((x[0], x[1], x[3], x[3]) for x in reserve[0]), reserve[1], reserve[2])
        else:
            ps[j] = (qa[0], qa[1], q[2])
        out.append((p, tuple(sorted(hs)), tuple(sorted(ps)), reserve))
    return out


def _hunters_attack(hunters: tuple[Hunter, ...], prey: tuple[Prey, ...], rounds: int, then: int, reserve: Reserve) -> float:
    best = _value(hunters, prey, rounds, then, reserve)
    seen: set[tuple[Unit, Unit]] = set()
    for i, h in enumerate(hunters):
        if h[2]:
            continue
        for j, q in enumerate(prey):
            if q[2] or ((h[0], h[1]), (q[0], q[1])) in seen:
                continue
            seen.add(((h[0], h[1]), (q[0], q[1])))
            v = sum(p * _value(hs, ps, rounds, then, rs) for p, hs, ps, rs in after_battle(hunters, prey, i, j, True, None, reserve))
            if v > best:
                best = v
    return best


def _prey_attacks(hunters: tuple[Hunter, ...], prey: tuple[Prey, ...], rounds: int, then: int, reserve: Reserve) -> float:
    """The hunted attack where their odds favour them most (wins minus defeats), if
    they favour them at all (a rule of thumb: not the hunters' worst case)."""
    best, pick = 0.0, None
    for j, q in enumerate(prey):
        if q[2]:
            continue
        for i, h in enumerate(hunters):
            if h[2]:
                continue
            win, _, lose, _, _ = battle_odds(dice(q[0]), dice(h[0]))
            if win - lose > best:
                best, pick = win - lose, (i, j)
    if pick is None:
        return _value(hunters, prey, rounds, then, reserve)
    return sum(p * _value(hs, ps, rounds, then, rs) for p, hs, ps, rs in after_battle(hunters, prey, pick[0], pick[1], False, None, reserve))


_REACH: dict[tuple[frozenset[Cell], Cell], dict[Cell, int]] = {}
"""``reach_map`` by its walls and target (searches meet the same few again and again)."""
_REACH_MAX = 2_000


def reach_map(ortho: dict[Cell, tuple[Cell, ...]], walls: frozenset[Cell], target: Cell) -> dict[Cell, int]:
    """Moves (one tile each, rule 3.3) from every reachable tile to a tile next to
    ``target``, around ``walls`` (terrain, other enemy units): 0 on the tiles next to it."""
    dist: dict[Cell, int] = {}
    frontier = [c for c in ortho[target] if c not in walls]
    for c in frontier:
        dist[c] = 0
    d = 0
    while frontier:
        d += 1
        nxt = []
        for c in frontier:
            for n in ortho[c]:
                if n not in dist and n not in walls and n != target:
                    dist[n] = d
                    nxt.append(n)
        frontier = nxt
    return dist


def distances(ortho: dict[Cell, tuple[Cell, ...]], walls: frozenset[Cell], target: Cell) -> dict[Cell, int]:
    """``reach_map``, memoised in a bounded store."""
    key = (walls, target)
    dist = _REACH.get(key)
    if dist is None:
        if len(_REACH) >= _REACH_MAX:
            _REACH.clear()
        dist = _REACH[key] = reach_map(ortho, walls, target)
    return dist


def clear() -> None:
    """Forget the memoised values (tests, benchmarks)."""
    _VALUES.clear()


# ----- reading a position ------------------------------------------------------------------
PREY_MAX = 2  # the programme values positions where one side has at most this many units
WEIGHT = {1: 1.0, 2: 1.0}  # its share of the value, by the hunted side's units


def _strength(ranks: str) -> float:
    sides, n = dice(ranks)
    return sum((k**n - (k - 1) ** n) * k for k in range(1, sides + 1)) / sides**n


def pending_odds(state: TrenchState) -> tuple[float, float, float, float, float] | None:
    """The odds of a battle declared but not yet applied (the defence window, the dice,
    the card reactions), from the dice, bonuses and cards in play; None without one."""
    c = state.combat
    if c is None or c.src is None or c.src not in state.board or c.dst not in state.board:
        return None
    if c.rolls[0] and c.rolls[1]:  # the dice are known (card reactions)
        x, y = c.rolls[0] + c.bonus[0], c.rolls[1] + c.bonus[1]
        return (
            float(x > y), float(x == y), float(x < y),
            float(x > y and c.rolls[1] == c.sides[1]), float(x < y and c.rolls[0] == c.sides[0]),
        )
    a_dice = (10, 1) if c.suicide[0] else dice(state.ranks_at(c.src))
    if c.counts[0] == 5:
        a_dice = (a_dice[0], 5)
    d_dice = (10, 1) if c.suicide[1] else dice(state.ranks_at(c.dst))
    return battle_odds(a_dice, d_dice, c.bonus[0] - c.bonus[1])


def assess(state: TrenchState) -> tuple[float, float] | None:
    """(E[result] for player 0, the share of the evaluation it takes) when a side is
    down to ``PREY_MAX`` units or fewer (both: the mean of both sides hunting the
    other); None otherwise."""
    per = state.game.board.per_player
    stacks: list[list[tuple[Cell, str]]] = [[], []]
    for cell, stack in state.board.items():
        stacks[stack[0] // per].append((cell, "".join(sorted(state.rank[pid] for pid in stack))))
    if not stacks[0] or not stacks[1]:
        return None
    if len(_VALUES) >= _VALUES_MAX:  # bounded between evaluations, never within one (it would redo its work)
        _VALUES.clear()
    small = [q for q in (0, 1) if len(stacks[q]) <= PREY_MAX]
    if not small:
        return None
    q = min(small, key=lambda p: (_worth(state, stacks[p], p), p))  # the weaker side is hunted
    return _hunt(state, stacks, 1 - q)


WORTH = {"S": 1.0, "V": 1.6, "C": 2.5}


def _worth(state: TrenchState, stacks: list[tuple[Cell, str]], p: int) -> float:
    """A side's material (a wounded Commando is worth less, a sleeping one too)."""
    c = WORTH["C"] * (0.45 if state.wounded[p] else 1.0) * (1.0 if state.active[p] else 0.8)
    return sum(c if r == "C" else WORTH[r] for _, ranks in stacks for r in ranks)


def _hunt(state: TrenchState, stacks: list[list[tuple[Cell, str]]], h: int) -> tuple[float, float] | None:
    """(E[result] for player 0, share) of ``h`` hunting the other side's units."""
    q = 1 - h
    prey = [(cell, (ranks, state.wounded[q] and "C" in ranks, ranks == "C" and not state.active[q])) for cell, ranks in stacks[q]]
    awake = [cell for cell, u in prey if not u[2]]
    if not awake:
        return None
    sleeping = next((cell for cell, u in prey if u[2]), None)
    ortho = state.game.tables.ortho
    walls = frozenset(state.terrain).union(cell for cell, _ in prey)
    maps = [distances(ortho, walls, cell) for cell in awake]
    to_sleeper = distances(ortho, walls, sleeping) if sleeping is not None else None
    hunters: list[tuple[Cell, Hunter]] = []
    sleeping_own = False
    for cell, ranks in stacks[h]:
        if ranks == "C" and not state.active[h]:
            sleeping_own = True  # it cannot be attacked and wakes with the last other piece (rule 7.5)
            continue
        d = min(min(m.get(cell, MAX_MOVES) for m in maps), MAX_MOVES)
        if "V" in ranks and any(abs(cell[0] - a[0]) == 1 and abs(cell[1] - a[1]) == 1 for a in awake):
            d = 0  # a Veteran attacks diagonally (rule 6.2)
        dc = min(to_sleeper.get(cell, MAX_MOVES), MAX_MOVES) if to_sleeper is not None else 0
        hunters.append((cell, (ranks, state.wounded[h] and "C" in ranks, d, dc)))
    if not hunters:
        return None
    hunters.sort(key=lambda x: (x[1][2] // MOVES, -_strength(x[1][0]), x[1][2]))
    chosen = hunters[:HUNTERS]
    c = state.combat
    odds = pending_odds(state)
    if odds is not None and c is not None:
        mine = c.src if c.attacker == h else c.dst
        if all(cell != mine for cell, _ in chosen):
            chosen = chosen[:-1] + [x for x in hunters if x[0] == mine]
    rest = [u for x, u in hunters if all(x != cell for cell, _ in chosen)]
    rounds = max(0, state.game.options.round_limit - state.round) + 1
    reserve: Reserve = (_in_rounds(tuple(rest[:RESERVE])), sleeping_own or len(rest) > RESERVE, rounds > MAX_ROUNDS)
    step, moves = _where(state, h)
    hs = tuple(u for _, u in chosen)
    ps = tuple(u for _, u in prey)
    if odds is not None and c is not None:
        hcell, pcell = (c.src, c.dst) if c.attacker == h else (c.dst, c.src)
        i = next(k for k, (cell, _) in enumerate(chosen) if cell == hcell)
        j = next(k for k, (cell, _) in enumerate(prey) if cell == pcell)
        v = sum(p * _between(a, b, rounds, step, r) for p, a, b, r in after_battle(hs, ps, i, j, c.attacker == h, odds, reserve))
    elif step in (MOVE_FIRST, MOVE_SECOND):  # this round's moves counted one by one
        then = AB if step == MOVE_FIRST else BA
        v = max(_between(x, ps, rounds, then, reserve) for x in moved(hs, moves))
    else:
        v = _between(hs, ps, rounds, step, reserve)
    return (v if h == 0 else -v), WEIGHT[len(prey)]


def _between(hunters: tuple[Hunter, ...], prey: tuple[Prey, ...], rounds: int, step: int, reserve: Reserve) -> float:
    """``value`` with distances in moves: each stack's moves short of a whole round of
    moves count as that share of the round it would gain (the programme counts rounds)."""
    coarse = _in_rounds(hunters)
    v = value(coarse, prey, rounds, step, reserve)
    gain = 0.0
    for i, (h, c) in enumerate(zip(hunters, coarse, strict=True)):
        share = (c[2] * MOVES - h[2]) / MOVES
        if share > 0.0 and c[2] > 0 and h[2] < MAX_MOVES:
            closer = (*coarse[:i], (c[0], c[1], c[2] - 1, c[3]), *coarse[i + 1:])
            gain += share * (value(closer, prey, rounds, step, reserve) - v)
    return v + gain / len(hunters) if hunters else v


def _in_rounds(hunters: tuple[Hunter, ...]) -> tuple[Hunter, ...]:
    """Hunters with their distances in moves turned into rounds of moves."""
    return tuple((r, w, min(MAX_ETA, -(-d // MOVES)), min(MAX_ETA, -(-dc // MOVES))) for r, w, d, dc in hunters)


def _where(state: TrenchState, h: int) -> tuple[int, int]:
    """(step, hunters' moves left) of the programme for the position's place in its round
    (a battle under way counts as made)."""
    first = state.first == h
    s = state.stage
    if state.phase in (FIRST, ROLLOFF) or s > 3:
        return NEXT, 0
    if s <= 1 and state.phase == MOVE:
        mine = 0 if first else 1
        moves = MOVES if s < mine else (state.moves_left + state.push_left if s == mine else 0)
        return (MOVE_FIRST if first else MOVE_SECOND), moves
    hunter_left = _attack_left(state, h)
    prey_left = _attack_left(state, 1 - h)
    if first:
        return (AB if hunter_left else B if prey_left else NEXT), 0
    return (BA if prey_left else A if hunter_left else NEXT), 0


def _attack_left(state: TrenchState, player: int) -> bool:
    """Whether ``player`` still has this round's attack to come (rules 3.5, 5.1)."""
    if state.skipping[player]:
        return False
    mine = 2 if player == state.first else 3
    if state.stage < mine:
        return True
    return state.stage == mine and (not state.attack_made or state.attacks_left > 0)
