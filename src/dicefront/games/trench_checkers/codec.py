"""What leaves the engine for a Trench Checkers state: the full payload (with secrets),
loading it back (every field checked against the rules' invariants), the per-seat
views (rule 10.3: hands and deck hidden) and determinization."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core.grid import Cell, Grid
from ...core.validate import Field, cell, count_table, require_canonical, require_playable, unique
from . import combat as cb
from .board import order
from .constants import IN_BATTLE, MAX_STACK, MOVES_PER_TURN, OVER, PHASES, PUSH_MOVES, REACT, REROLL, ROLL
from .rules import TrenchState

if TYPE_CHECKING:
    from . import TrenchCheckersGame


def _cells(st: TrenchState) -> list[tuple[Cell, str]]:
    """The occupied squares in board order, with their names (sorted and named once)."""
    names = st.game.board.names
    return [(c, names[c]) for c in sorted(st.board, key=order)]


def _stacks(st: TrenchState, cells: list[tuple[Cell, str]]) -> list[list[Any]]:
    """Each stack as [square, owner, ranks, active]: ``owner_at``, ``ranks_at`` and
    ``is_active`` (rule 7.1: only a lone sleeping Commando is inactive), in line."""
    rank, per, active, board = st.rank, st.game.board.per_player, st.active, st.board
    out = []
    for c, name in cells:
        stack = board[c]
        ranks = "".join([rank[pid] for pid in stack])
        owner = stack[0] // per
        out.append([name, owner, ranks, len(stack) != 1 or ranks != "C" or active[owner]])
    return out


def _pieces(st: TrenchState, cells: list[tuple[Cell, str]]) -> list[list[Any]]:
    """Each stack's piece ids, bottom first (public: every piece is in sight)."""
    return [[name, list(st.board[c])] for c, name in cells]


def _public(st: TrenchState, cells: list[tuple[Cell, str]]) -> dict[str, Any]:
    return {
        "phase": st.phase,
        "player": st.player,
        "round": st.round,
        "first": st.first,
        "stage": st.stage,
        "stacks": _stacks(st, cells),
        "active": list(st.active),
        "wounded": list(st.wounded),
        "terrain": [[Grid.name(c), o] for c, o in sorted(st.terrain.items(), key=lambda x: order(x[0]))],
        "terrain_left": list(st.terrain_left),
        "claimed": sorted(Grid.name(c) for c in st.claimed),
        "discard": list(st.discard),
        "draws": list(st.draws),
        "skipping": list(st.skipping),
        "skip_next": list(st.skip_next),
        "lost": list(st.lost),
        "moves_left": st.moves_left,
        "push_left": st.push_left,
        "push_used": st.push_used,
        "moves_made": st.moves_made,
        "attacks_left": st.attacks_left,
        "attack_made": st.attack_made,
        "cancel_next": list(st.cancel_next),
        "five": list(st.five),
        "bonus": list(st.bonus),
        "suicide": list(st.suicide),
        "combat": None if st.combat is None else st.combat.to_json(),
        "winner": st.winner,
    }


def payload(st: TrenchState) -> dict[str, Any]:
    cells = _cells(st)
    return {
        **_public(st, cells),
        "pieces": _pieces(st, cells),
        "rank": "".join(st.rank),
        "graveyard": list(st.graveyard),
        "moved": sorted(st.moved),
        "hands": [dict(st.hands[0]), dict(st.hands[1])],
        "deck": dict(st.deck),
    }


def view(st: TrenchState, player: int | None) -> dict[str, Any]:
    ids = st.game.cards.ids()
    cells = _cells(st)
    out = _public(st, cells)
    out["fallen"] = [sum(1 for pid in st.graveyard if st.game.board.owner(pid) == p) for p in (0, 1)]
    out["revivable"] = [sum(1 for pid in st.graveyard if st.game.board.owner(pid) == p and st.rank[pid] == "S") for p in (0, 1)]
    out["pieces"] = _pieces(st, cells)  # the board draws each piece with its id: it glides when it moves
    names, moved = st.game.board.names, st.moved
    out["moved_cells"] = sorted(names[c] for c, s in st.board.items() if not moved.isdisjoint(s))
    out["hand_sizes"] = [st.hand_size(0), st.hand_size(1)]
    out["deck_size"] = sum(st.deck.values())
    out["hand"] = None if player is None else [k for k in ids for _ in range(st.hands[player].get(k, 0))]
    return out


def determinize(st: TrenchState, player: int, rng: random.Random) -> TrenchState:
    """Rule 10.3: the opponent's hand and the deck re-dealt from the unseen cards."""
    new = st.clone()
    opp = 1 - player
    pool = [k for k in st.game.cards.ids() for _ in range(st.deck.get(k, 0) + st.hands[opp].get(k, 0))]
    rng.shuffle(pool)
    n = st.hand_size(opp)
    new.hands[opp] = _count(st, pool[:n])
    new.deck = _count(st, pool[n:])
    return new


def _count(st: TrenchState, cards: list[str]) -> dict[str, int]:
    return {k: cards.count(k) for k in st.game.cards.ids() if k in cards}


# ----- loading ------------------------------------------------------------------------------------
_FIELDS = ("phase", "player", "round", "first", "stage", "stacks", "active", "wounded", "terrain", "terrain_left",
           "claimed", "discard", "draws", "skipping", "skip_next", "lost", "moves_left", "push_left", "push_used",
           "moves_made", "attacks_left", "attack_made", "cancel_next", "five", "bonus", "suicide", "combat", "winner",
           "pieces", "rank", "graveyard", "moved", "hands", "deck")
_COMBAT = ("attacker", "src", "dst", "sides", "counts", "bonus", "suicide", "rolls", "medic", "rerolled", "react", "rerolling")
DIE_SIDES = (0, *sorted({*cb.HEIGHT_DIE.values(), cb.COMMANDO_DIE, cb.SUICIDE_DIE, cb.AIRSTRIKE_DIE}))


def _flags(f: Field) -> list[bool]:
    return [x.flag() for x in f.items(2, 2)]


def _ints(f: Field, high: int) -> list[int]:
    return [x.integer(0, high) for x in f.items(2, 2)]


def from_payload(game: TrenchCheckersGame, data: Any) -> TrenchState:
    """Rebuild a saved state, checking every field against the rules' invariants."""
    root = Field(data, "state", game.name)
    root.obj(_FIELDS)
    st = TrenchState(game, fresh=False)
    b, opts = game.board, game.options
    cards = sum(game.cards.full_deck().values()) if opts.cards else 0
    st.phase, st.player = root["phase"].text(PHASES), root["player"].seat()
    st.round, st.first = root["round"].integer(0, opts.round_limit), root["first"].seat()
    st.stage = root["stage"].integer(-1, 4)
    _read_pieces(st, root)
    st.active, st.wounded = _flags(root["active"]), _flags(root["wounded"])
    _read_terrain(st, root)
    st.draws = root["draws"].each(Field.seat, 0, cards)
    _read_cards(st, root, cards)
    claimed = root["claimed"].items(0, len(b.depots))
    st.claimed = {cell(f, b.grid) for f in claimed}
    for f in claimed:
        f.check(cell(f, b.grid) in b.depots, f"{f.value} is not a supply depot")
    st.skipping, st.skip_next, st.lost = _flags(root["skipping"]), _flags(root["skip_next"]), _ints(root["lost"], b.per_player)
    st.moves_left, st.push_left = root["moves_left"].integer(0, MOVES_PER_TURN), root["push_left"].integer(0, PUSH_MOVES)
    st.push_used, st.moves_made = root["push_used"].flag(), root["moves_made"].integer(0, MOVES_PER_TURN + PUSH_MOVES)
    st.attacks_left, st.attack_made = root["attacks_left"].integer(0, 1 + cards), root["attack_made"].flag()
    st.cancel_next, st.five = _flags(root["cancel_next"]), _flags(root["five"])
    st.bonus, st.suicide = _ints(root["bonus"], 2 * cards), _flags(root["suicide"])
    st.combat = root["combat"].optional(lambda f: _combat(st, f))
    st.winner = root["winner"].opt_seat()
    _check_phase(st, root)
    require_canonical(root, payload(st))
    require_playable(root, st)
    return st


def _read_pieces(st: TrenchState, root: Field) -> None:
    b = st.game.board
    n = len(b.starts)
    rank = root["rank"].text(high=n)
    root["rank"].check(len(rank) == n and not set(rank) - set("SVC"), f"expected {n} ranks S, V or C")
    for pid, (_, _, start) in enumerate(b.starts):  # only the Commando is one (rule 7)
        root["rank"].check((rank[pid] == "C") == (start == "C"), f"piece {pid} cannot have rank {rank[pid]}")
    st.rank = list(rank)
    seen: set[int] = set()
    st.board = {}
    for f in root["pieces"].items(0, n):
        where, stack = f.items(2, 2)
        c = cell(where, b.grid)
        where.check(c not in st.board, f"two stacks on {Grid.name(c)}")
        ids = stack.items(1, MAX_STACK)
        pids = tuple(x.integer(0, n - 1) for x in ids)
        for x, pid in zip(ids, pids, strict=True):
            x.check(pid not in seen, f"piece {pid} is in two places")
            seen.add(pid)
        stack.check(len({b.owner(pid) for pid in pids}) == 1, "a stack of both armies")
        st.board[c] = pids
    graves = root["graveyard"].items(0, n)
    st.graveyard = [x.integer(0, n - 1) for x in graves]
    for x, pid in zip(graves, st.graveyard, strict=True):
        x.check(pid not in seen, f"piece {pid} is in two places")
        seen.add(pid)
    root["pieces"].check(len(seen) == n, f"{n - len(seen)} pieces are neither on the board nor fallen")
    moved = root["moved"].items(0, n)
    st.moved = {x.integer(0, n - 1) for x in moved}
    unique(moved, [x.value for x in moved], "piece")


def _read_terrain(st: TrenchState, root: Field) -> None:
    b = st.game.board
    st.terrain_left = _ints(root["terrain_left"], b.terrain_per_player)
    st.terrain = {}
    for f in root["terrain"].items(0, 2 * b.terrain_per_player):
        where, owner = f.items(2, 2)
        c, o = cell(where, b.grid), owner.seat()
        where.check(c not in st.terrain and c not in st.board and b.grass(c) and (st.game.options.terrain_area == "grass" or b.half(c) == o),
                    f"{Grid.name(c)} cannot hold player {o}'s terrain")
        st.terrain[c] = o
    for p in (0, 1):
        placed = sum(1 for o in st.terrain.values() if o == p)
        root["terrain_left"].check(placed + st.terrain_left[p] == b.terrain_per_player,
                                   f"player {p} placed {placed} terrain tiles and has {st.terrain_left[p]} left, expected {b.terrain_per_player} in all")


def _read_cards(st: TrenchState, root: Field, total: int) -> None:
    ids = st.game.cards.ids()
    full = st.game.cards.full_deck() if st.game.options.cards else {}
    st.hands = [count_table(f, ids, total, sparse=True) for f in root["hands"].items(2, 2)]
    for f, hand in zip(root["hands"].items(2, 2), st.hands, strict=True):
        f.check(sum(hand.values()) <= total, f"{sum(hand.values())} cards, at most {total}")
    st.deck = count_table(root["deck"], ids, total, sparse=True)
    discard = root["discard"].items(0, total)
    st.discard = [f.text(ids) for f in discard]
    for k in ids:  # every card is in a hand, the deck or the discard pile (rule 10)
        have = st.hands[0].get(k, 0) + st.hands[1].get(k, 0) + st.deck.get(k, 0) + st.discard.count(k)
        root["deck"].check(have == full.get(k, 0), f"{have} {k} cards in hands, deck and discard pile, the card list has {full.get(k, 0)}")
    root["draws"].check(len(st.draws) <= sum(st.deck.values()), f"{len(st.draws)} cards to draw from a deck of {sum(st.deck.values())}")


def _combat(st: TrenchState, f: Field) -> cb.Combat:
    f.obj(_COMBAT)
    grid = st.game.board.grid
    attacker = f["attacker"].seat()
    src = f["src"].optional(lambda x: cell(x, grid))
    dst = cell(f["dst"], grid)
    if src is not None:
        f["src"].check(src in st.board and st.owner_at(src) == attacker, f"no stack of player {attacker} on {Grid.name(src)}")
    f["dst"].check(dst in st.board and st.owner_at(dst) == 1 - attacker, f"no stack of player {1 - attacker} on {Grid.name(dst)}")
    sides = tuple(x.integer(0, max(DIE_SIDES)) for x in f["sides"].items(2, 2))
    for x, n in zip(f["sides"].items(2, 2), sides, strict=True):
        x.check(n in DIE_SIDES, f"no d{n} is rolled")
    rolls = tuple(x.integer(0, n) for x, n in zip(f["rolls"].items(2, 2), sides, strict=True))

    def two(key: str, read: Callable[[Field], Any]) -> Any:
        a, b = f[key].pair()
        return (read(a), read(b))

    return cb.Combat(
        attacker=attacker, src=src, dst=dst, sides=(sides[0], sides[1]),
        counts=two("counts", lambda x: x.integer(1, 5)), bonus=two("bonus", lambda x: x.integer(0, 99)),
        suicide=two("suicide", Field.flag), rolls=(rolls[0], rolls[1]), medic=two("medic", Field.flag),
        rerolled=two("rerolled", Field.flag), react=tuple(x.seat() for x in f["react"].items(0, 2)),
        rerolling=f["rerolling"].integer(-1, 1),
    )


def _check_phase(st: TrenchState, root: Field) -> None:
    phase, c = st.phase, st.combat
    root["combat"].check((c is not None) == (phase in IN_BATTLE), f"a battle must be under way exactly in the {', '.join(IN_BATTLE)} steps")
    if c is not None and phase in (ROLL, REROLL, REACT):
        root["combat"].check(0 not in c.sides, "the dice of this battle are not fixed")
    if c is not None and phase == REROLL:
        root["combat"].check(c.rerolling in (0, 1), "no side is re-rolling")
    root["winner"].check(st.winner is None or phase == OVER, "a winner while the game is not over")
    b = st.game.board
    for p in (0, 1):
        root["lost"].check(st.lost[p] <= sum(1 for pid in st.graveyard if b.owner(pid) == p), f"player {p} lost more pieces than have fallen")
        if phase != OVER:
            root["pieces"].check(st.pieces_of(p) > 0, f"player {p} has no piece left but the game is not over")
    if not st.game.options.cards:
        root["draws"].check(not st.draws, "no card is drawn without cards")


__all__ = ["determinize", "from_payload", "payload", "view"]
