"""The end-game technique: how the side ahead hunts the enemy's last units down.

A search over Trench Checkers' evaluation keeps a won end game rather than converting
it: the material lead is worth nearly a won game whatever the round, and an attack
risks a stack for a kill that can always be made later. The game is then drawn at the
round limit (rule 9.3). This module plays those end games outright, the way a person
who knows the technique would (``book_action``, asked by the searches before they
search):

* **when**: the enemy is down to ``ENGAGE_PIECES`` pieces or fewer (a sleeping
  Commando counts) and the siege of those pieces pays (``siege.siege_value``: our
  chance to win minus our chance to lose, by the battle dice, when we attack well and
  stop where it no longer pays): until then the search builds (promotes Soldiers,
  wakes and joins the Commando);
* **attacks**: in our attack step, the attack with the best siege value after it
  (``siege.attack_value``), made if it pays and is within ``SLACK`` of the best attack
  a regrouped army could make (in the last ``LATE`` rounds, if it pays at all);
  otherwise the step ends; the search is not offered an attack that loses more games
  than it wins (``book_allowed``);
* **first, our Commando**: while the enemy's Commando sleeps behind its last other
  pieces and ours sleeps too (with ``BUILD_LEFT`` rounds or more to go), the last of
  those pieces is spared and our nearest unit walks over to wake ours (``building``):
  the siege counts on it, and a sleeping Commando never fights;
* **moves**: each move is the one that leaves the best hunting position: our best
  hunter's chance to hurt the nearest target it can reach, discounted by the rounds
  of moves (three a round, rule 3.1) it still needs, plus a small share of the same
  for every other unit (the reserves that replace it if it falls).

* **cards**: the ability cards of our own hand that the siege can use (rules 11.2,
  11.4-11.10) are played where the siege model says they add at least ``CARD_GAIN``
  (``siege.attack_value`` with the attack cards, ``siege.strike_value``); Found Ammo
  when another attack would be made; Revive, Field Promotion and One More Push in every
  movement phase of the end game (a fallen Soldier back, a Veteran more, three moves
  more). Defence and after-roll cards are left to the search.

Only public facts and our own hand are read (the board, the ranks, who is wounded or
awake): any determinized copy gives the same choice."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from .actions import Attack, EndAttacks, Move, PlaceTerrain, Play, TrenchAction
from .battle import battle_odds, dice
from .constants import ATTACK, MOVE, MOVES_PER_TURN, TERRAIN
from .siege import (
    NO_BOOST,
    Army,
    Boost,
    Enemy,
    army_of,
    attack_outcomes,
    attack_value,
    campaign_chance,
    siege_value,
    stacks,
    strike_value,
)

if TYPE_CHECKING:
    from ...core.grid import Cell
    from .rules import TrenchState

ENGAGE_PIECES = 5  # the technique takes over once the enemy has this many pieces or fewer
DISCOUNT = 0.8  # a chance to hurt the target one round of moves later is worth this much of one now
RESERVE = 0.1  # the share of its value each unit but the best hunter counts for
FAR = 30  # moves counted for a unit that cannot reach its goal
SLACK = 0.1  # in the siege: an attack this far short of the best a regrouped army has waits
LATE = 5  # ... except in the last rounds, where any attack that pays is made
BUILD_LEFT = 20  # waking our Commando first stops this many rounds before the round limit
CARD_GAIN = 0.02  # an attack card or an Airstrike is played in the siege when it adds this much
BOOSTS = ("five-rolls", "plus-two", "suicide")  # the attack cards (rules 11.7-11.9)
MOVE_CARDS = ("revive", "promote", "extra-moves")  # played in every end-game movement phase

A = TypeVar("A", Move, Play)

Unit = tuple["Cell", str]
"""A unit: its tile and its ranks (bottom first)."""


BOOKS = {
    "raid": "the end-game technique, and before it our Commando woken as early as a unit can reach it",
    "seal": "raid, with our terrain placed to keep the enemy from waking its own Commando",
    "drill": (
        "raid, then, before the end game, our Soldiers promoted one after another on our Commando in the enemy half, "
        "with no attack searched before it by our Commando's stack but on the enemy's Commando, nor any that costs "
        "more than half a point of the whole game's chance by the battle dice"
    ),
}
"""The books a search may play besides the game's own (``mcts:book=NAME``)."""


def book_action(state: TrenchState, player: int, book: str = "game") -> TrenchAction | None:
    """The technique's action for ``player`` now, or None where it does not apply (the
    searches then decide). Book ``raid`` also plays, before the end game, the move that
    brings our nearest unit closer to our sleeping Commando (``raid_move``); book
    ``seal`` does the same and places our terrain (``seal_terrain``); book ``drill``
    wakes it the same way and then promotes our Soldiers on it (``drill_move``)."""
    if player not in state.actors:
        return None
    if state.phase == TERRAIN:
        return seal_terrain(state, player) if book == "seal" else None
    if state.phase not in (MOVE, ATTACK):
        return None
    if not _engaged(state, player):
        if book == "drill":
            return drill_move(state, player)
        return raid_move(state, player) if book in ("raid", "seal") else None
    if state.phase == ATTACK:
        return attack_choice(state, player)
    card = move_card(state, player)
    if card is not None:
        return card
    if building(state, player):
        return move_choice(state, player, build_value)
    return move_choice(state, player)


DRILL_LEFT = 25  # the drill stops this many rounds before the round limit
PROMOTED = 2.0 * FAR  # a Veteran's worth in moves, for the drill: more than any walk


def drill_move(state: TrenchState, player: int) -> Move | None:
    """Book ``drill``, before the end game, in a movement phase: wake our Commando first
    (``raid_move``); then the move, of a lone Soldier or of our Commando's stack, that
    best brings the nearest lone Soldiers and our Commando together in the enemy half
    (rule 6.1: either moving onto the other there promotes the Soldier), or a Veteran
    stepping off our Commando's full stack to make room (rule 4.1). Our Commando never
    leaves the enemy half. None when no such move gains, or fewer than ``DRILL_LEFT``
    rounds are left (the search decides). While it moves, the movement phase's cards
    wait for the end game (measured: playing them here did worse). Attacks are the
    search's, among those ``book_allowed`` keeps for the drill (``_drill_attack``)."""
    if state.phase != MOVE:
        return None
    if not state.active[player]:
        return raid_move(state, player)
    if state.game.options.round_limit - state.round < DRILL_LEFT:
        return None
    moves = [m for m in state.legal_actions(player) if isinstance(m, Move) and _drills(state, player, m)]
    now = drill_value(state, player)
    best = _best_after(state, player, moves, drill_value)
    if best is None:
        return None
    child = state.clone()
    child.push(best, player)
    return best if drill_value(child, player) > now else None


DRILL_RISK = 0.005  # the most of the whole game's chance an attack before the end game may cost, in the drill


def drill_cost(state: TrenchState, player: int, a: Attack) -> float:
    """What attack ``a`` costs our chance to win the whole game before the end game, by
    the battle dice (``siege.campaign_chance``: the enemy's pieces but its Commando
    counted as Soldiers met one at a time, ours promoted at will; the battle itself by
    the target's real ranks): the chance now less the chance after the battle. The
    cost depends on the army: with few Soldiers left to promote, a lone Soldier's,
    lone Veteran's or lone Commando's attack on a Soldier costs a point or more of the
    game (the Commando's wound, rule 7.4, weighs on the siege); with many, a lone
    Veteran's costs little. 0 for an attack on the enemy's Commando (the siege's
    business)."""
    target = state.ranks_at(a.dst)
    if "C" in target:
        return 0.0
    theirs = army_of([r for _, r in _units(state, 1 - player)], state.wounded[1 - player])
    soldiers = theirs[1] + theirs[2]
    army = army_of([r for _, r in _units(state, player)], state.wounded[player])
    stack = army_of([state.ranks_at(a.src)], state.wounded[player])
    unit = army_of([target], False)
    now = campaign_chance(army, soldiers, theirs[0])
    outcomes = attack_outcomes(army, stack, unit, _pending(state, player))
    after = sum(p * campaign_chance(ours, soldiers - len(target) + sum(left), theirs[0]) for p, ours, left in outcomes)
    return now - after


def _drill_attack(state: TrenchState, player: int, a: Attack) -> bool:
    """Whether the drill lets the search weigh attack ``a`` before the end game: not by
    our Commando's stack (it is the drill's station, and a defeat there wounds it and
    removes its Veterans, rule 7.4) unless on the enemy's Commando, and at a cost of
    ``DRILL_RISK`` or less (``drill_cost``)."""
    if state.game.tables.commandos[player] in state.board[a.src] and "C" not in state.ranks_at(a.dst):
        return False
    return drill_cost(state, player, a) <= DRILL_RISK


def _drills(state: TrenchState, player: int, m: Move) -> bool:
    """Whether the drill may play ``m``: a lone Soldier's move, our Commando's stack
    moving within the enemy half, or a Veteran stepping off that stack to a free tile."""
    with_cmd = state.game.tables.commandos[player] in state.board[m.src]
    if m.rank is None:
        return state.ranks_at(m.src) == "S" or (with_cmd and m.dst in state.game.tables.enemy_half[player])
    return m.rank == "V" and with_cmd and m.dst not in state.board


def drill_value(state: TrenchState, player: int) -> float:
    """``PROMOTED`` for each of our Veterans, minus the moves that part each lone Soldier
    from our Commando (who stays in the enemy half: stacking there promotes, rule 6.1),
    the nearest counted in full and each farther one a third as much as the one before
    (a promotion moves the others up, which costs less than ``PROMOTED``); ``FAR`` for
    each Soldier in a stack of Soldiers (it cannot move, rule 4.3)."""
    if state.is_terminal:
        return 1000.0 if state.winner == player else -1000.0
    tables = state.game.tables
    cmd = tables.commandos[player]
    blocked = _blocked(state, player)
    total = 0.0
    lone = []
    cmd_cell = None
    for cell, ranks in _units(state, player):
        total += PROMOTED * ranks.count("V")
        if cmd in state.board[cell]:
            cmd_cell = cell
        elif ranks == "S":
            lone.append(cell)
        elif ranks == "S" * len(ranks):
            total -= FAR * len(ranks)
    if cmd_cell is None or not lone or not state.active[player] or cmd_cell not in tables.enemy_half[player]:
        return total
    if len(state.board[cmd_cell]) >= 3:
        total -= 3.0
    reach = _walk(state, cmd_cell, blocked)
    weight = 1.0
    for d in sorted(reach.get(c, FAR) for c in lone):
        total -= weight * d
        weight /= 3
    return total


def _walk(state: TrenchState, src: Cell, blocked: frozenset[Cell]) -> dict[Cell, int]:
    """Moves from ``src`` to every tile, around ``blocked`` tiles only (our own units
    step aside)."""
    ortho = state.game.tables.ortho
    dist = {src: 0}
    frontier = [src]
    while frontier:
        nxt = []
        for c in frontier:
            for n in ortho[c]:
                if n not in dist and n not in blocked:
                    dist[n] = dist[c] + 1
                    nxt.append(n)
        frontier = nxt
    return dist


def seal_terrain(state: TrenchState, player: int) -> PlaceTerrain | None:
    """Our terrain (rule 2.3): first on a tile an arrival on which would wake the
    enemy's sleeping Commando (rule 7.1; no unit enters a tile under terrain, rule 3.4),
    so its army cannot wake it and it does not fight before Trail of Vengeance (rule
    7.5); otherwise where our own walk to our Commando stays shortest and the enemy's to
    its Commando longest. None where no terrain can be placed."""
    places = [a for a in state.legal_actions(player) if isinstance(a, PlaceTerrain)]
    wake = state.game.tables.wake[1 - player]

    def score(a: PlaceTerrain) -> tuple[bool, float, float]:
        child = state.clone()
        child.push(a, player)
        return a.cell in wake, build_value(child, player), -build_value(child, 1 - player)

    return max(places, key=score, default=None)


def raid_move(state: TrenchState, player: int) -> Move | None:
    """In a movement phase while our Commando sleeps: the move that brings our nearest
    mobile unit closer to waking it (rule 7.1: stepping next to it or onto it); None
    when no move does (the search decides). An awake Commando's attacks (a d10 that
    survives its first defeat, rules 7.2, 7.4) take about four pieces for one against
    an opponent that does not throw its pieces at it."""
    if state.phase != MOVE or state.active[player]:
        return None
    now = build_value(state, player)
    if now <= -FAR:
        return None
    move = move_choice(state, player, build_value)
    if not isinstance(move, Move):
        return None
    child = state.clone()
    child.push(move, player)
    return move if build_value(child, player) > now else None


def book_allowed(state: TrenchState, player: int, actions: list[TrenchAction], book: str = "game") -> list[TrenchAction]:
    """The actions a search for ``player`` may consider: against the enemy's last few
    pieces, no attack that loses more games than it wins when the siege is played out
    well (``siege.attack_value``); before that, with book ``drill`` and until
    ``DRILL_LEFT`` rounds before the limit (waiting then draws, rule 9.3), no attack by
    our Commando's stack but on the enemy's Commando, and none that costs more than
    ``DRILL_RISK`` of the whole game's chance (``_drill_attack``); all of them otherwise."""
    if state.phase != ATTACK:
        return actions
    siege = _siege(state, player)
    if siege is None:
        if book != "drill" or state.game.options.round_limit - state.round < DRILL_LEFT:
            return actions
        return [a for a in actions if not isinstance(a, Attack) or _drill_attack(state, player, a)]
    spare = _spared(state, player)
    return [a for a in actions if not isinstance(a, Attack) or (a.dst != spare and _attack_value(state, player, a, siege) >= 0.0)]


Siege = tuple[Army, Enemy, bool]
"""(our army, the enemy's units, whether the enemy's Commando is asleep)."""


def _siege(state: TrenchState, player: int) -> Siege | None:
    """The siege when the enemy is down to ``ENGAGE_PIECES`` pieces or fewer, else None."""
    q = 1 - player
    if not 0 < state.pieces_of(q) <= ENGAGE_PIECES:
        return None
    theirs = _units(state, q)
    army = army_of([r for _, r in _units(state, player)], state.wounded[player])
    enemy = tuple(sorted(army_of([r], state.wounded[q]) for _, r in theirs))
    asleep = any(not state.is_active(c) for c, r in theirs if "C" in r)
    return army, enemy, asleep


def _attack_value(state: TrenchState, player: int, a: Attack, siege: Siege, boost: Boost | None = None) -> float:
    """The siege's value after attack ``a`` with the attack cards ``boost`` (default:
    those ``player`` has already played for its next attack)."""
    army, enemy, asleep = siege
    stack = army_of([state.ranks_at(a.src)], state.wounded[player])
    target = army_of([state.ranks_at(a.dst)], state.wounded[1 - player])
    return attack_value(army, stack, enemy, target, asleep, _pending(state, player) if boost is None else boost)


def _pending(state: TrenchState, player: int) -> Boost:
    """The attack cards ``player`` has played for its next attack (rules 11.7-11.9)."""
    return state.five[player], state.bonus[player], state.suicide[player]


def _engaged(state: TrenchState, player: int) -> bool:
    """Whether the technique applies: few enemy pieces left, and a siege that pays."""
    siege = _siege(state, player)
    return siege is not None and siege_value(*siege) > 0.0


def _units(state: TrenchState, player: int) -> list[Unit]:
    per = state.game.board.per_player
    rank = state.rank
    return [(c, "".join(rank[pid] for pid in s)) for c, s in state.board.items() if s[0] // per == player]


def building(state: TrenchState, player: int) -> bool:
    """Whether to wake our Commando before the last kills: the enemy's Commando sleeps
    behind other pieces (it can neither be attacked nor act until they are gone, rules
    7.1, 7.5), ours sleeps too (the siege counts on it, and a sleeping Commando never
    fights) and a unit of ours can reach it, and ``BUILD_LEFT`` rounds or more remain."""
    siege = _siege(state, player)
    if siege is None or state.game.options.round_limit - state.round < BUILD_LEFT:
        return False
    army, enemy, asleep = siege
    if not asleep or all(u[0] for u in enemy) or not army[0] or state.active[player]:
        return False
    return build_value(state, player) > -FAR  # some unit of ours can get there


def _spared(state: TrenchState, player: int) -> Cell | None:
    """The enemy unit left alive while we wake our Commando: its last one besides its
    sleeping Commando (killing it wakes that Commando, rule 7.5); None otherwise."""
    if not building(state, player):
        return None
    others = [cell for cell, r in _units(state, 1 - player) if "C" not in r]
    return others[0] if len(others) == 1 else None


def build_value(state: TrenchState, player: int) -> float:
    """Minus the moves ``player``'s nearest mobile unit needs to wake its sleeping
    Commando, by stepping next to it or onto it (rule 7.1); 0 once it is awake."""
    if state.is_terminal:
        return 2.0 if state.winner == player else -2.0
    if state.active[player]:
        return 0.0
    wake = state.game.tables.wake[player]
    blocked = _blocked(state, player)
    return -float(
        min(
            (
                min((d for t, d in _reach(state, player, uc, blocked).items() if t in wake), default=FAR)
                for uc, ur in _units(state, player)
                if ur != "C" and _mobile(state, player, ur)
            ),
            default=FAR,
        )
    )


def hurt_odds(att: str, dfn: str) -> tuple[float, float]:
    """(the chance an attack by stack ``att`` on the enemy stack ``dfn`` removes it, or
    wounds it where it is a fresh Commando; the chance the attacking stack is removed),
    by the battle dice alone (rules 5.3-5.7, 6.3, 7.2, 7.4)."""
    win, tie, lose, _, _ = battle_odds(dice(att), dice(dfn))
    return win + tie, lose + tie


def attack_choice(state: TrenchState, player: int) -> TrenchAction | None:
    """The attack that plays the siege best (``siege.attack_value``), made if it pays
    and is within ``SLACK`` of the best attack the army could make after regrouping (in
    the last ``LATE`` rounds: if it pays at all); else end the attack step and regroup.
    An attack card or an Airstrike comes first where it adds ``CARD_GAIN`` (``_card``);
    after the attack, Found Ammo where another attack would be made. None where the
    technique does not apply (the search decides)."""
    siege = _siege(state, player)
    if siege is None or not (state.attacks_left or state.attack_made):
        return None
    spare = _spared(state, player)
    best = _best_attack(state, player, siege, _pending(state, player), spare)
    made = best is not None and _worth(state, best[0], siege)
    if not state.attacks_left:  # the step is open after an attack: only Found Ammo can be played
        ammo = _plays(state, player, ("attack-again",))
        return ammo[0] if ammo and made else EndAttacks()
    card = _card(state, player, siege, best[0] if best is not None and made else siege_value(*siege), spare)
    if card is not None:
        return card
    return best[1] if best is not None and made else EndAttacks()


def _best_attack(state: TrenchState, player: int, siege: Siege, boost: Boost, spare: Cell | None) -> tuple[float, Attack] | None:
    """The attack with the best siege value after it, with ``boost``; the unit on
    ``spare`` (``_spared``) is not attacked."""
    best: tuple[float, Attack] | None = None
    for a in state.attacks(player):
        if a.dst == spare:
            continue
        v = _attack_value(state, player, a, siege, boost)
        if best is None or v > best[0]:
            best = (v, a)
    return best


def _worth(state: TrenchState, value: float, siege: Siege) -> bool:
    """Whether an attack of this value is made now rather than after regrouping."""
    if value <= 0.0:
        return False
    return state.game.options.round_limit - state.round < LATE or value >= siege_value(*siege) - SLACK


def _card(state: TrenchState, player: int, siege: Siege, reference: float, spare: Cell | None) -> Play | None:
    """The attack card (Machine Gun, Napalm, Suicide Mission) or Airstrike that gives the
    siege the highest value, if it adds ``CARD_GAIN`` or more to ``reference`` (what the
    attack step is worth without it) and no less than it would add later, against the
    enemy's Commando alone (``_later``)."""
    best: tuple[float, Play] | None = None
    pending = _pending(state, player)
    army, enemy, asleep = siege
    for play in _plays(state, player, BOOSTS):
        effect = state.effect_of(play.card)
        found = _best_attack(state, player, siege, _boosted(pending, effect), spare)
        if found is not None and found[0] - reference >= _later(army, enemy, effect) and (best is None or found[0] > best[0]):
            best = (found[0], play)
    wounded = state.wounded[1 - player]
    for play in _plays(state, player, ("airstrike",)):
        if play.cell is None or play.cell == spare:
            continue
        v = strike_value(army, enemy, army_of([state.ranks_at(play.cell)], wounded), asleep)
        if v - reference >= _later(army, enemy, "airstrike") and (best is None or v > best[0]):
            best = (v, play)
    return best[1] if best is not None and best[0] >= reference + CARD_GAIN else None


def _later(army: Army, enemy: Enemy, effect: str) -> float:
    """What a card with ``effect`` would add against the enemy's Commando alone, the
    siege's hardest battle, where the enemy has other units too; 0 otherwise."""
    commando = [u for u in enemy if u[0]]
    if not commando or len(enemy) == 1:
        return 0.0
    alone = (commando[0],)
    if effect == "airstrike":
        return strike_value(army, alone, alone[0]) - siege_value(army, alone)
    boost = _boosted(NO_BOOST, effect)
    return max(attack_value(army, st, alone, alone[0], False, boost) for st in stacks(army)) - siege_value(army, alone)


def _boosted(boost: Boost, effect: str) -> Boost:
    five, bonus, suicide = boost
    if effect == "five-rolls":
        return True, bonus, suicide
    if effect == "plus-two":
        return five, bonus + 2, suicide
    return five, bonus, True


def _plays(state: TrenchState, player: int, effects: tuple[str, ...]) -> list[Play]:
    """``player``'s legal card plays now with one of these effects, in that order."""
    plays = [a for a in state.legal_actions(player) if isinstance(a, Play)]
    return [p for e in effects for p in plays if state.effect_of(p.card) == e]


def move_card(state: TrenchState, player: int) -> Play | None:
    """In an end-game movement phase: Revive (a fallen Soldier back on our home row,
    rule 11.10), Field Promotion (rule 11.6) on the Soldier it makes the best hunter,
    or One More Push (rule 11.4), where ``player`` holds one; None otherwise."""
    plays = _plays(state, player, MOVE_CARDS)
    if not plays:
        return None
    first = state.effect_of(plays[0].card)
    same = [p for p in plays if state.effect_of(p.card) == first]
    return same[0] if len(same) == 1 else _best_after(state, player, same, position_value)


def move_choice(state: TrenchState, player: int, value: Callable[[TrenchState, int], float] | None = None) -> TrenchAction | None:
    """The move leaving the best position by ``value`` (default: the hunting position,
    ``position_value``); None where no move is legal (cards only: the search decides)."""
    moves = [m for m in state.legal_actions(player) if isinstance(m, Move)]
    return _best_after(state, player, moves, value or position_value)


def _best_after(state: TrenchState, player: int, actions: list[A], value: Callable[[TrenchState, int], float]) -> A | None:
    """The action of ``actions`` leaving the position ``value`` rates best (the first of
    equals); None if there is none."""
    best: tuple[float, A] | None = None
    for action in actions:
        child = state.clone()
        child.push(action, player)
        v = value(child, player)
        if best is None or v > best[0]:
            best = (v, action)
    return best[1] if best else None


def position_value(state: TrenchState, player: int) -> float:
    """How well ``player``'s units are placed to hunt the enemy's active units: for each
    unit (one that cannot move only where it stands), its best chance to hurt a target, times ``DISCOUNT`` per round of moves
    it still needs to reach a tile it attacks that target from (around terrain, enemy
    units and friendly units it may not stack onto); the best unit counts in full, the
    others by ``RESERVE`` (they replace it if it falls)."""
    if state.is_terminal:
        return 2.0 if state.winner == player else -2.0
    q = 1 - player
    theirs = [(c, r) for c, r in _units(state, q) if state.is_active(c)]
    if not theirs:
        return 0.0
    tables = state.game.tables
    blocked = _blocked(state, player)
    values = []
    for hc, hr in _units(state, player):
        if hr == "C" and not state.active[player]:
            continue
        near = tables.around if "V" in hr else tables.ortho
        dist = _reach(state, player, hc, blocked) if _mobile(state, player, hr) else {hc: 0}
        v = 0.0
        for tc, tr in theirs:
            d = min((dist.get(g, FAR) for g in near[tc]), default=FAR)
            hurt, _ = hurt_odds(hr, tr)
            v = max(v, hurt * DISCOUNT ** (d / MOVES_PER_TURN))
        values.append(v)
    if not values:
        return 0.0
    values.sort(reverse=True)
    return values[0] + RESERVE * sum(values[1:])


def _blocked(state: TrenchState, player: int) -> frozenset[Cell]:
    """The tiles no unit of ``player`` may enter: the enemy's units and terrain (rule 3.4)."""
    per = state.game.board.per_player
    return frozenset(c for c, s in state.board.items() if s[0] // per != player).union(state.terrain)


def _mobile(state: TrenchState, player: int, ranks: str) -> bool:
    """Whether a unit can move as a whole (rules 4.3, 7.1: a sleeping Commando cannot)."""
    if ranks == "C":
        return state.active[player]
    return len(ranks) == 1 or "V" in ranks or "C" in ranks


def _reach(state: TrenchState, player: int, src: Cell, blocked: frozenset[Cell]) -> dict[Cell, int]:
    """Moves (one tile each, rule 3.3) the unit on ``src`` needs to reach every tile it
    can reach, around ``blocked`` tiles and friendly units it may not stack onto (rules
    4.1, 4.4); tiles it stacks onto count as reached but are not passed through."""
    ortho = state.game.tables.ortho
    board = state.board
    unit = board[src]
    dist = {src: 0}
    frontier = [src]
    d = 0
    while frontier:
        d += 1
        nxt = []
        for c in frontier:
            for n in ortho[c]:
                if n in dist or n in blocked:
                    continue
                there = board.get(n)
                if there is not None:
                    if state.can_join(player, unit, there, n):
                        dist[n] = d
                    continue
                dist[n] = d
                nxt.append(n)
        frontier = nxt
    return dist
