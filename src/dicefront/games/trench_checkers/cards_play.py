"""Playing ability cards (rules 10 and 11): which plays are legal in which window, their
effects, and why an action is illegal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.events import Event
from ...core.game import Action
from ...core.grid import Cell, Grid
from . import combat as cb
from .actions import Attack, ChooseFirst, EndAttacks, Move, Pass, PlaceTerrain, Play
from .constants import ATTACK, DEFEND, MOVE, PUSH_MOVES, REACT, REROLL, Kind
from .flow import begin_battle, next_stage

if TYPE_CHECKING:
    from .cards import Card
    from .rules import TrenchState


_MOVE_FIRST, _MOVE = frozenset({"move", "before-move"}), frozenset({"move"})
_ATTACK, _ATTACK_AFTER, _AFTER = frozenset({"attack"}), frozenset({"attack", "after-attack"}), frozenset({"after-attack"})
_DEFEND, _AFTER_ROLL, _NONE = frozenset({"defend"}), frozenset({"after-roll"}), frozenset[str]()
_PLAIN: dict[str, list[Play]] = {}
"""A card play without a target, made once per card id (bounded: cleared past 1000)."""
_AIMED: dict[tuple[str, Cell], Play] = {}
"""A card play on a tile, made once per card id and tile (bounded: cleared past 4096)."""


def windows(st: TrenchState) -> frozenset[str]:
    if st.phase == MOVE:
        return _MOVE_FIRST if st.moves_made == 0 else _MOVE
    if st.phase == ATTACK:
        if st.attacks_left:
            return _ATTACK_AFTER if st.attack_made else _ATTACK
        return _AFTER if st.attack_made else _NONE
    return _DEFEND if st.phase == DEFEND else _AFTER_ROLL if st.phase == REACT else _NONE


def card_plays(st: TrenchState, player: int) -> list[Play]:
    hand = st.hands[player]
    if not hand or not st.game.options.cards:
        return []
    out: list[Play] = []
    for card in st.game.cards.open_in(windows(st)):
        if hand.get(card.id):
            out.extend(_plays(st, player, card))
    return out


def _one(card_id: str) -> list[Play]:
    """``[Play(card_id)]``, shared: callers copy it into their own list."""
    one = _PLAIN.get(card_id)
    if one is None:
        if len(_PLAIN) >= 1000:
            _PLAIN.clear()
        one = _PLAIN[card_id] = [Play(card_id)]
    return one


def _aimed(card_id: str, cells: list[Cell]) -> list[Play]:
    """``[Play(card_id, c) for c in cells]`` with plays made once (a frozen dataclass
    is slow to create; promote and revive are listed at most decisions of a turn)."""
    out: list[Play] = []
    for cell in cells:
        play = _AIMED.get((card_id, cell))
        if play is None:
            if len(_AIMED) >= 4096:
                _AIMED.clear()
            play = _AIMED[card_id, cell] = Play(card_id, cell)
        out.append(play)
    return out


def _react_side(st: TrenchState) -> int:
    c = st.combat
    return -1 if c is None or not c.react else c.react[0]


def _plays(st: TrenchState, p: int, card: Card) -> list[Play]:
    e, c, one = card.effect, st.combat, _one(card.id)
    # the effects of the movement step first (asked at most decisions of a game)
    if e == "extra-moves":
        return [] if st.push_used else one
    if e == "cancel-attack":
        return [] if st.cancel_next[1 - p] else one
    if e == "revive":
        return _aimed(card.id, revive_cells(st, p)) if fallen_soldier(st, p) is not None else []
    if e == "promote":
        board, rank = st.board, st.rank
        return _aimed(card.id, [cell for cell in st.cells_of(p) if [rank[pid] for pid in board[cell]].count("S") == 1])
    if e in ("save", "reroll"):
        side = _react_side(st)
        if c is None or side < 0:
            return []
        once = e == "save" or st.game.options.reroll == "once-per-battle"  # rules 11.1, 11.11
        used = once and (c.medic[side] if e == "save" else c.rerolled[side])
        return [] if used else one
    if e == "attack-again":
        return one if st.phase == ATTACK and st.attack_made and not st.attacks_left else []
    if e == "airstrike":
        return _aimed(card.id, [t for t in st.cells_of(1 - p) if st.is_active(t)]) if st.phase == ATTACK else []
    if e == "five-rolls":
        return [] if st.five[p] else one
    if e == "plus-two":
        return one
    if e == "suicide":
        if st.phase == DEFEND:
            return [] if c is None or c.suicide[cb.DEF] else one
        return [] if st.suicide[p] else one
    return []


def fallen_soldier(st: TrenchState, p: int) -> int | None:
    per, rank = st.game.board.per_player, st.rank
    return next((pid for pid in st.graveyard if pid // per == p and rank[pid] == "S"), None)


def revive_cells(st: TrenchState, p: int) -> list[Cell]:
    board, terrain = st.board, st.terrain
    return [c for c in st.game.tables.home[p] if c not in board and c not in terrain]


def play_card(st: TrenchState, action: Play, p: int) -> list[Event]:
    card = st.game.cards.by_id(action.card)
    assert card is not None
    st.hands[p][card.id] -= 1
    if not st.hands[p][card.id]:
        del st.hands[p][card.id]
    st.discard.append(card.id)
    target = f" on {Grid.name(action.cell)}" if action.cell is not None else ""
    ev = Event(Kind.PLAY, f"{st.game.player_name(p)} plays {card.name}{target}: {card.text}", {"player": p, "card": card.id, "cell": None if action.cell is None else Grid.name(action.cell)})
    events = [ev, *_effect(st, card.effect, action.cell, p)]
    if st.phase == MOVE and st.player == p and not st.draws and not ((st.moves_left or st.push_left) and st.moves(p)):
        # rule 3.2: a card that leaves no legal move (Field Promotion making a Veteran
        # that no neighbouring Soldier may join) ends the movement phase, as a move would
        events.append(Event(Kind.NO_MOVE, f"{st.game.player_names[p]} has no legal move.", {"player": p}))
        events += next_stage(st)
    return events


def _effect(st: TrenchState, effect: str, cell: Cell | None, p: int) -> list[Event]:
    c = st.combat
    if effect in ("save", "reroll"):
        assert c is not None
        side = _react_side(st)
        if effect == "save":
            st.set_combat(medic=cb.set2(c.medic, side, True))
        else:
            st.set_combat(rerolling=side)
            st.phase = REROLL
    elif effect == "attack-again":
        st.attacks_left += 1
    elif effect == "cancel-attack":
        st.cancel_next[1 - p] = True
    elif effect == "extra-moves":
        st.push_used, st.push_left = True, st.push_left + PUSH_MOVES
    elif effect == "airstrike":
        assert cell is not None
        st.skip_next[p] = True
        return begin_battle(st, p, None, cell, five=False, bonus=0, suicide=False)
    elif effect == "promote":
        assert cell is not None
        pid = next(pid for pid in st.board[cell] if st.rank[pid] == "S")
        st.rank[pid] = "V"
        return [Event(Kind.VETERAN, f"The Soldier on {Grid.name(cell)} becomes a Veteran.", {"cell": Grid.name(cell), "count": 1})]
    elif effect == "five-rolls":
        st.five[p] = True
    elif effect == "plus-two":
        if st.phase == DEFEND:
            assert c is not None
            st.set_combat(bonus=(c.bonus[0], c.bonus[1] + 2))
        else:
            st.bonus[p] += 2
    elif effect == "suicide":
        if st.phase == DEFEND:
            assert c is not None
            st.set_combat(suicide=(c.suicide[0], True))
        else:
            st.suicide[p] = True
    elif effect == "revive":
        assert cell is not None
        fallen = fallen_soldier(st, p)
        assert fallen is not None
        st.graveyard.remove(fallen)
        st.board[cell] = (fallen,)
        return [Event(Kind.REVIVE, f"A fallen Soldier of {st.game.player_name(p)} returns on {Grid.name(cell)}.", {"cell": Grid.name(cell)})]
    return []


# ----- reasons --------------------------------------------------------------------------------
def reason(st: TrenchState, action: Action, p: int) -> str | None:
    if isinstance(action, Play):
        return _play_reason(st, action, p)
    if isinstance(action, Move):
        if st.phase != MOVE:
            return f"moves are made in your movement phase (now: {st.phase})"
        if action.src not in st.board or st.owner_at(action.src) != p:
            return f"there is no unit of yours on {Grid.name(action.src)}"
        if st.grid.distance(action.src, action.dst) != 1:
            return "a move goes one tile up, down, left or right (no diagonal moves; only passing an inactive enemy Commando takes two tiles)"
        if action.dst in st.terrain:
            return f"{Grid.name(action.dst)} holds terrain"
        if action.dst in st.board and st.owner_at(action.dst) != p and st.blocks(st.board[action.dst]):
            return f"{Grid.name(action.dst)} holds an enemy unit"
        return "that unit may not make that move (stacks move together only with a Veteran or the Commando; stacks hold 3; Veterans stack only with Veterans or the Commando)"
    if isinstance(action, Attack):
        if st.phase != ATTACK or not st.attacks_left:
            return "you have no attack available now"
        if action.src not in st.board or st.owner_at(action.src) != p:
            return f"there is no unit of yours on {Grid.name(action.src)}"
        return f"{Grid.name(action.dst)} is not an active enemy unit next to {Grid.name(action.src)}"
    if isinstance(action, (ChooseFirst, PlaceTerrain, Pass, EndAttacks)):
        return f"not possible during the {st.phase} step"
    return None


def _play_reason(st: TrenchState, action: Play, p: int) -> str:
    if not st.game.options.cards:
        return "this game is played without ability cards"
    card = st.game.cards.by_id(action.card)
    if card is None:
        return f"there is no card {action.card!r}; cards: {', '.join(st.game.cards.ids())}"
    if not st.hands[p].get(card.id):
        return f"you hold no {card.name} card"
    if not card.windows & windows(st):
        return f"{card.name} is played {' or '.join(sorted(card.windows))}; now is not such a moment"
    return f"{card.name} cannot be played that way now"
