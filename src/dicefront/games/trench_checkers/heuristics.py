"""Position evaluation and outcome labels for Trench Checkers computer players.

The evaluation (``evaluate``) adds up, for each side:

* **material**: every piece, Veterans and an active Commando weighing more;
* **the attack on offer**: a share of the best attack the side can make now, valued
  by its expected pieces won minus pieces lost (exact battle odds from the dice each
  stack rolls: bigger stacks, Veterans and Commandos roll better);
* **closing in**: units that can move are credited for standing near enemy units
  they beat on average (the better the fight and the closer, the more);
* **promotion**: Soldiers for rows gained toward the farthest enemy trench and for
  closing on their own Commando in the enemy half (stacking there makes Veterans);
* **the end-game hunt**: for the side ahead, once the enemy is down to its last few
  pieces, every enemy unit is credited with the best of our units that beats it, by its
  edge in battle and by the moves (on the board, around terrain) it needs to reach it;
* cards in hand and depots taken (hand sizes only: nothing secret is read).

The material lead is then scaled by how reachable a win still is: the round limit
(rule 9.3) makes a lead worth nothing unless the trailing side's pieces are removed
before it, so a lead with many enemy pieces left and few rounds to go is discounted.
That makes converting a lead early worth more than sitting on it."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...core.events import Event
from .actions import Attack, EndAttacks, Pass, TrenchAction
from .battle import battle_odds, dice
from .combat import COMMANDO_DIE
from .constants import ATTACK, DEFEND, REACT, Kind
from .hunt import BOOKS as BOOKS  # the other books a search may play (mcts:book=raid)
from .hunt import book_action as book_action  # the end-game technique, asked before searching
from .hunt import book_allowed as book_allowed  # attacks the searches leave alone

if TYPE_CHECKING:
    import random

    from ...core.game import State
    from ...core.grid import Cell
    from .rules import TrenchState

VALUE = {"S": 1.0, "V": 1.6, "C": 2.5}
S_VALUE, V_VALUE, C_VALUE = VALUE["S"], VALUE["V"], VALUE["C"]
INACTIVE_COMMANDO = 0.8  # an inactive Commando still has to be removed to win
WOUND = 0.45  # share of a Commando's value it keeps once wounded (its first defeat, rule 7.4)
THREAT_NOW = 0.6  # share of the best attack credited when the side attacks this round
THREAT_LATER = 0.3  # ... when its attack of this round is over
APPROACH = 0.5  # weight of closing on beatable enemy units
HUNT, HUNT_PIECES = 0.12, 6.0  # closing on the last few enemy pieces, whatever the odds
URGENCY = 1.0  # how much more closing in weighs at the round limit
APPROACH_RANGE = 9.0  # distance beyond which closing in earns nothing
PROMOTE = 0.5  # a Soldier's worth of becoming a Veteran, credited by closeness
JOIN = 0.4  # a Veteran's worth of joining its Commando's stack
ACTIVATE = 0.8  # closeness of the army to its inactive Commando
CARD, DEPOT = 0.2, 0.15
ROUNDS_PER_VALUE = 4.0  # rounds a side needs, roughly, to remove one Soldier's worth
REACH_FLOOR = 0.1  # share of a lead kept however short of rounds the leader is
PROGRESS = 0.3  # a Soldier's worth of crossing the board
FINISH = 0.25  # weight of hunting the last enemy units down, for the side ahead
FINISH_LEAD, FINISH_LATE = 3.0, 1.0  # full weight from a lead of a third; doubled at the limit
FINISH_RANGE = 12.0  # moves beyond which a hunter earns nothing
KNEE, CAP = 0.7, 0.98  # values beyond KNEE are squeezed below CAP (short of a won game's 1)


STRENGTH = {(sides, n): sum((k**n - (k - 1) ** n) * k for k in range(1, sides + 1)) / sides**n / COMMANDO_DIE
            for sides in (4, 6, 8, 10) for n in (1, 2)}
"""A stack's expected roll as a share of the d10's top face, by its dice."""


def _lowest(ranks: str) -> float:
    """The value of the piece Last Stand takes (the lowest ranked, never the Commando)."""
    return min(VALUE[r] for r in ranks if r != "C") if any(r != "C" for r in ranks) else 0.0


def _removed(ranks: str, wounded: bool) -> tuple[float, int]:
    """(value, pieces) a stack loses when it loses a battle (rule 7.4: a fresh
    Commando only loses the rest of its stack and is wounded)."""
    total = sum(VALUE[r] for r in ranks if r != "C")
    n = len(ranks)
    if "C" in ranks:
        if wounded:
            total += WOUND * VALUE["C"]
        else:
            total += (1.0 - WOUND) * VALUE["C"]
            n -= 1
    return total, n


class _Outlook:
    """The material value of a position for one side, with the round limit: a lead is
    worth as much as the trailing side's pieces can still be removed in the rounds
    left (rule 9.3); removing the last enemy piece is a win."""

    __slots__ = ("left",)

    def __init__(self, rounds_left: int) -> None:
        self.left = rounds_left

    def value(self, mine: float, theirs: float, n_mine: int, n_theirs: int) -> float:
        if n_theirs <= 0:
            return 0.0 if n_mine <= 0 else 1.0
        if n_mine <= 0:
            return -1.0
        total = mine + theirs
        lead = (mine - theirs) / total if total > 0 else 0.0
        trailing = theirs if lead >= 0 else mine
        reach = min(1.0, self.left / (ROUNDS_PER_VALUE * max(trailing, 0.5)))
        return lead * (REACH_FLOOR + (1.0 - REACH_FLOOR) * reach)


def attack_delta(
    outlook: _Outlook, m: tuple[float, float, int, int], att: str, att_wounded: bool, dfn: str, dfn_wounded: bool
) -> float:
    """The expected change of ``outlook.value`` (for the attacker) when the stack
    ``att`` attacks the stack ``dfn`` (rules 5.4-5.8, 7.4); ``m`` is (attacker's
    material, defender's material, attacker's pieces, defender's pieces)."""
    odds = battle_odds(dice(att), dice(dfn))
    return battle_value(outlook, m, odds, att, att_wounded, dfn, dfn_wounded) - outlook.value(*m)


def battle_value(
    outlook: _Outlook,
    m: tuple[float, float, int, int],
    odds: tuple[float, float, float, float, float],
    att: str,
    att_wounded: bool,
    dfn: str,
    dfn_wounded: bool,
) -> float:
    """The expected ``outlook.value`` for the attacker after a battle with ``odds``."""
    win, tie, lose, win_top, lose_top = odds
    mine, theirs, n_mine, n_theirs = m
    a_val, a_n = _removed(att, att_wounded)
    d_val, d_n = _removed(dfn, dfn_wounded)
    ls_a = _lowest(att) if len(att) > len(dfn) else 0.0  # Last Stand of a beaten defender
    ls_d = _lowest(dfn) if len(dfn) > len(att) else 0.0
    v = outlook.value
    total = 0.0
    if win:
        total += win * v(mine - win_top / win * ls_a, theirs - d_val, n_mine, n_theirs - d_n)
    if lose:
        total += lose * v(mine - a_val, theirs - lose_top / lose * ls_d, n_mine - a_n, n_theirs)
    if tie:
        total += tie * v(mine - a_val, theirs - d_val, n_mine - a_n, n_theirs - d_n)
    return total


_DELTAS: dict[tuple[int, tuple[float, float, int, int], str, bool, str, bool], float] = {}
"""``attack_delta`` by its arguments (it is a pure function of them): searches meet
the same material and stacks again and again."""
_DELTAS_MAX = 100_000


def _offers(
    outlook: _Outlook, m: tuple[float, float, int, int], aranks: str, awound: bool, theirs: list[tuple[int, int, str, bool, bool]], q_wounded: bool
) -> list[tuple[int, int, float]]:
    """(col, row, gain) of the enemy units a stack ``aranks`` gains by attacking, the
    best gain first; ``attack_delta`` once per distinct enemy stack."""
    memo: dict[str, float] = {}
    out = []
    left = outlook.left
    for dc, dr, dranks, _, _ in theirs:
        gain = memo.get(dranks)
        if gain is None:
            dwound = q_wounded and "C" in dranks
            key = (left, m, aranks, awound, dranks, dwound)
            gain = _DELTAS.get(key)
            if gain is None:
                if len(_DELTAS) >= _DELTAS_MAX:
                    _DELTAS.clear()
                gain = _DELTAS[key] = attack_delta(outlook, m, aranks, awound, dranks, dwound)
            memo[dranks] = gain
        if not gain <= 0.0:
            out.append((dc, dr, gain))
    out.sort(key=_gain, reverse=True)
    return out


def _gain(offer: tuple[int, int, float]) -> float:
    return offer[2]


def _pending_battle(state: TrenchState, outlook: _Outlook, material: list[float], pieces: list[int], player: int) -> float | None:
    """The expected material value for ``player`` of a battle declared but not yet
    applied (the defence window, the dice, the card reactions), or None."""
    c = state.combat
    if c is None or c.src is None or c.src not in state.board or c.dst not in state.board:
        return None
    att_p = c.attacker
    def_p = 1 - att_p
    att, dfn = state.ranks_at(c.src), state.ranks_at(c.dst)
    if c.rolls[0] and c.rolls[1]:  # the dice are known (card reactions)
        x, y = c.rolls[0] + c.bonus[0], c.rolls[1] + c.bonus[1]
        odds = (
            float(x > y), float(x == y), float(x < y),
            float(x > y and c.rolls[1] == c.sides[1]), float(x < y and c.rolls[0] == c.sides[0]),
        )
    else:
        a_dice = (10, 1) if c.suicide[0] else dice(att)
        if c.counts[0] == 5:
            a_dice = (a_dice[0], 5)
        d_dice = (10, 1) if c.suicide[1] else dice(dfn)
        odds = battle_odds(a_dice, d_dice, c.bonus[0] - c.bonus[1])
    m = (material[att_p], material[def_p], pieces[att_p], pieces[def_p])
    value = battle_value(outlook, m, odds, att, state.wounded[att_p] and "C" in att, dfn, state.wounded[def_p] and "C" in dfn)
    return value if player == att_p else -value


def finish_weight(mine: float, theirs: float, round_: int, limit: int) -> float:
    """How much hunting the last enemy units is worth to a side ahead in material: the
    larger the lead and the later the round, the more (rule 9.3: a draw at the limit is
    worth nothing, so a lead has to be turned into a wipe-out in time)."""
    lead = (mine - theirs) / (mine + theirs)
    elapsed = min(1.0, max(0, round_ - 1) / max(1, limit))
    return FINISH * min(1.0, FINISH_LEAD * lead) * (1.0 + FINISH_LATE * elapsed)


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


def hunt_credit(
    ortho: dict[Cell, tuple[Cell, ...]],
    terrain: dict[Cell, int],
    mine: list[tuple[int, int, str, bool, bool]],
    theirs: list[tuple[int, int, str, bool, bool]],
) -> float:
    """For every enemy unit, the best of our mobile units that beats it more often
    than not, credited by its edge (wins minus losses) and by how few moves it needs
    to get next to it, counted on the board (terrain and enemy units in the way);
    units that would lose the battle earn nothing for closing in."""
    hunters = [(ac, ar, aranks) for ac, ar, aranks, mobile, _ in mine if mobile]
    if not hunters:
        return 0.0
    enemy = {(dc, dr) for dc, dr, _, _, _ in theirs}
    walls: frozenset[Cell] | None = None
    total = 0.0
    for dc, dr, dranks, _, _ in theirs:
        target = (dc, dr)
        edges = []
        for ac, ar, aranks in hunters:
            win, _, lose, _, _ = battle_odds(dice(aranks), dice(dranks))
            if win > lose:
                edges.append(((ac, ar), win - lose))
        if not edges:
            continue
        if walls is None:
            walls = frozenset(terrain).union(enemy)
        key = (walls, target)
        dist = _REACH.get(key)
        if dist is None:
            if len(_REACH) >= _REACH_MAX:
                _REACH.clear()
            dist = _REACH[key] = reach_map(ortho, walls, target)
        best = 0.0
        for cell, edge in edges:
            d = dist.get(cell)
            if d is not None:
                best = max(best, edge * max(0.0, 1.0 - d / FINISH_RANGE))
        total += best
    return total


def _attacks_left(state: TrenchState, player: int) -> bool:
    """Whether ``player`` still has this round's attack to come (rule 3.5, 5.1)."""
    if state.skipping[player]:
        return False
    mine = 2 if player == state.first else 3
    if state.stage < mine:
        return True
    # Found Ammo (rule 11.2) gives another attack after the one made
    return state.stage == mine and (not state.attack_made or (state.phase == ATTACK and state.attacks_left > 0))


def evaluate(state: TrenchState, player: int) -> float:
    """Value in [-1, 1] for ``player`` (see the module doc). Reads only public facts
    and hand sizes."""
    if state.is_terminal:
        return state.returns()[player]
    game = state.game
    b = game.board
    span = max(1, b.height - 1)
    rank = state.rank
    active = state.active
    wounded = state.wounded
    per = b.per_player
    cmd_pid = (per - 1, 2 * per - 1)

    material = [0.0, 0.0]
    pieces = [0, 0]
    units: list[list[tuple[int, int, str, bool, bool]]] = [[], []]  # col, row, ranks, mobile, diagonal
    cmd_cell: list[tuple[int, int] | None] = [None, None]
    cmd_room = [False, False]
    soldiers: list[list[tuple[int, int]]] = [[], []]
    veterans: list[list[tuple[int, int]]] = [[], []]
    extra = [0.0, 0.0]
    top = b.height - 1
    for cell, stack in state.board.items():
        owner = stack[0] // per
        ranks = rank[stack[0]] if len(stack) == 1 else "".join([rank[pid] for pid in stack])
        pieces[owner] += len(stack)
        has_c = cmd_pid[owner] in stack
        for r in ranks:
            if r == "S":
                material[owner] += S_VALUE
                extra[owner] += PROGRESS * (cell[1] if owner == 0 else top - cell[1]) / span  # b.progress
            elif r == "V":
                material[owner] += V_VALUE
            else:
                v = C_VALUE * (WOUND if wounded[owner] else 1.0)
                material[owner] += v if active[owner] else v * INACTIVE_COMMANDO
        if has_c:
            cmd_cell[owner] = cell
            cmd_room[owner] = len(stack) < 3 and b.half(cell) != owner
            if len(stack) == 1 and not active[owner]:
                continue  # an inactive Commando neither attacks nor is attacked
        if ranks == "S" * len(ranks):
            soldiers[owner].append(cell)
        elif ranks == "V":
            veterans[owner].append(cell)
        mobile = len(stack) == 1 or has_c or "V" in ranks
        units[owner].append((cell[0], cell[1], ranks, mobile, "V" in ranks))

    limit = game.options.round_limit
    outlook = _Outlook(max(0, limit - state.round) + 1)
    press = 1.0 + URGENCY * min(1.0, max(0, state.round - 1) / max(1, limit))  # the round limit nears
    tactics = [0.0, 0.0]
    for p in (0, 1):
        q = 1 - p
        mine, theirs = units[p], units[q]
        m = (material[p], material[q], pieces[p], pieces[q])
        # (1) the best attack on offer, and (2) closing on beatable enemy units, or on
        # any enemy unit once only a few are left to remove
        endgame = max(0.0, 1.0 - (pieces[q] - 1) / HUNT_PIECES)
        hunt = HUNT * endgame
        finishing = 0.0
        if endgame and theirs and material[p] > material[q]:
            finishing = finish_weight(material[p], material[q], state.round, limit) * endgame
        best = 0.0
        approach = 0.0
        offers_of: dict[str, list[tuple[int, int, float]]] = {}  # enemy units worth attacking, by attacker ranks
        for ac, ar, aranks, mobile, diag in mine:
            offers = offers_of.get(aranks)
            if offers is None:
                offers = offers_of[aranks] = _offers(outlook, m, aranks, wounded[p] and "C" in aranks, theirs, wounded[q])
            near = 0.0
            for dc, dr, gain in offers:  # best gain first: stop once none can raise best or near
                if gain <= best and (gain <= near or not mobile):
                    break
                dx, dy = abs(ac - dc), abs(ar - dr)
                d = dx + dy
                if d == 1 or (diag and dx == 1 and dy == 1):
                    if gain > best:
                        best = gain
                    d = 1
                if mobile:
                    close = gain * (1.0 - (d - 1) / APPROACH_RANGE)
                    if close > near:
                        near = close
            approach += near
            if hunt and mobile and theirs and not finishing:
                d = min(abs(ac - dc) + abs(ar - dr) for dc, dr, _, _, _ in theirs)
                approach += hunt * STRENGTH[dice(aranks)] * max(0.0, 1.0 - (d - 1) / APPROACH_RANGE)
        # the attack on offer keeps its share (more would make holding a threat worth more
        # than making the attack); closing in weighs more as the round limit nears
        tactics[p] = (THREAT_NOW if _attacks_left(state, p) else THREAT_LATER) * best + press * APPROACH * approach
        if finishing:
            tactics[p] += finishing * hunt_credit(game.tables.ortho, state.terrain, mine, theirs)
        anchor = 1.0 - endgame  # staying deep in the enemy half matters less once few enemies are left
        # (3) waking the Commando, and Soldiers and Veterans joining it in the enemy
        # half (Soldiers become Veterans, the stack rolls its d10 twice)
        cc = cmd_cell[p]
        if cc is not None:
            if not active[p] and mine:
                near_cmd = min(abs(uc - cc[0]) + abs(ur - cc[1]) for uc, ur, _, mob, _ in mine if mob) if any(u[3] for u in mine) else 99
                extra[p] += ACTIVATE * max(0.0, 1.0 - (near_cmd - 1) / APPROACH_RANGE)
            if cmd_room[p]:
                for who, worth in ((soldiers[p], PROMOTE), (veterans[p], JOIN)):
                    if who:
                        near_cmd = min(abs(uc - cc[0]) + abs(ur - cc[1]) for uc, ur in who)
                        extra[p] += anchor * worth * max(0.0, 1.0 - near_cmd / APPROACH_RANGE)
            if b.half(cc) != p:
                extra[p] += anchor * JOIN * (len(state.board[cc]) - 1)
        extra[p] += CARD * state.hand_size(p) + DEPOT * sum(1 for d in state.claimed if b.half(d) != p)

    me, opp = player, 1 - player
    total = material[0] + material[1]
    if total <= 0:
        return 0.0
    base = _pending_battle(state, outlook, material, pieces, me)
    if base is None:
        base = outlook.value(material[me], material[opp], pieces[me], pieces[opp])
    positional = (extra[me] - extra[opp]) / (total + extra[0] + extra[1] + 1.0)
    return _squeezed(base + tactics[me] - tactics[opp] + positional)


def _squeezed(raw: float) -> float:
    """``raw`` with values beyond KNEE squeezed below CAP."""
    size = abs(raw)
    if size <= KNEE:
        return raw
    soft = KNEE + (CAP - KNEE) * (1.0 - math.exp(-(size - KNEE) / (CAP - KNEE)))
    return soft if raw > 0 else -soft


def _material(state: TrenchState) -> tuple[list[float], list[int]]:
    """(material, pieces) of each side, valued as ``evaluate`` values them."""
    per = state.game.board.per_player
    material = [0.0, 0.0]
    pieces = [0, 0]
    for stack in state.board.values():
        owner = stack[0] // per
        pieces[owner] += len(stack)
        for pid in stack:
            r = state.rank[pid]
            if r != "C":
                material[owner] += VALUE[r]
            else:
                v = C_VALUE * (WOUND if state.wounded[owner] else 1.0)
                material[owner] += v if state.active[owner] else v * INACTIVE_COMMANDO
    return material, pieces


def best_attack(state: TrenchState, player: int) -> Attack | None:
    """``player``'s legal attack that raises the material outlook most in expectation
    (exact battle odds, the round limit included), or None when none gains."""
    if state.phase != ATTACK or player not in state.actors or not state.attacks_left:
        return None
    attacks = state.attacks(player)
    if not attacks:
        return None
    material, pieces = _material(state)
    q = 1 - player
    outlook = _Outlook(max(0, state.game.options.round_limit - state.round) + 1)
    m = (material[player], material[q], pieces[player], pieces[q])
    best: Attack | None = None
    top = 0.0
    for a in attacks:
        att, dfn = state.ranks_at(a.src), state.ranks_at(a.dst)
        gain = attack_delta(outlook, m, att, state.wounded[player] and "C" in att, dfn, state.wounded[q] and "C" in dfn)
        if gain > top:
            best, top = a, gain
    return best


def rollout_action(state: TrenchState, player: int, rng: random.Random) -> TrenchAction | None:
    """The rollout policy ``mcts:rollout_policy=game`` plays: the best favourable
    attack in an attack step (else end it), no card in a card window; None (a random
    legal action) otherwise."""
    phase = state.phase
    if phase == ATTACK:
        return best_attack(state, player) or EndAttacks()
    if phase in (DEFEND, REACT):
        return Pass()
    return None


def outcome_label(before: State, after: State, events: list[Event], player: int) -> str | None:
    """Group results for exact odds: the battle verdict plus pieces lost by each side
    (else the visible events but dice and card draws, or "no change")."""
    for e in events:
        if e.kind == Kind.BATTLE:
            result = {"attacker": "attacker wins", "defender": "defender wins", "tie": "tie"}[e.data["result"]]
            removed = e.data["removed"]
            return f"{result}; you lose {removed[player]}, enemy loses {removed[1 - player]}"
        if e.kind == Kind.CANCELLED:
            return "attack cancelled"
    kinds = [after.game.shown_text(e.text) for e in events if e.kind not in (Kind.ROLL, Kind.DRAW) and e.visible_to(player)]
    return "; ".join(kinds) or "no change"
