"""How far the battle dice let any Trench Checkers player convert an end game against
the enemy's last piece, and how close saved games came.

The siege model (``siege.py``) plays the last battles by the dice alone: our army
attacks with the best stack it can form, each time. Its ``siege_value`` is our chance
to win minus our chance to lose, with the army as it stands; ``siege.win_chance`` is
our chance to win when the army plays for wins only and may first promote its Soldiers
to Veterans (rule 6.1), which bounds what any play of that army without cards wins
against that piece (its docstring says why). Cards move it a little either way (an
Airstrike or a Revive for us; a Medic or a Re-roll for the enemy, or a Suicide Mission
that removes its own Commando).

    PYTHONPATH=src python benchmarks/trench_ceiling.py
        the bound for a few armies against a lone Commando, fresh and wounded; then
        ``siege.campaign_chance``, the bound on a whole game without cards, for a few
        armies against a few Soldiers and the sleeping Commando
    PYTHONPATH=src python benchmarks/trench_ceiling.py SPEC DIR [DIR ...]
        for the games saved by ``dicefront match trench_checkers ... --save DIR``: the
        bound at the first position where the enemy of agent SPEC was down to one
        piece, against what those games gave; games that never got there count as
        they ended; and which of our units fought the battles before that

An army is ``(commando, veterans, soldiers)``: commando 2 fresh, 1 wounded, 0 gone."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any, NamedTuple

from dicefront.core import MatchRecord, replay_states
from dicefront.games.trench_checkers.siege import Army, army_of, campaign_chance, siege_value, win_chance

FRESH, WOUNDED = (2, 0, 0), (1, 0, 0)
ARMIES: tuple[Army, ...] = (
    (2, 0, 12),
    (2, 2, 8),
    (2, 0, 10),
    (2, 0, 8),
    (2, 0, 6),
    (1, 0, 10),
    (0, 0, 12),
    (0, 2, 8),
    (0, 0, 8),
    (0, 0, 4),
)
"""The armies of the table: the whole army untouched first."""


def _size(army: Army) -> int:
    return (army[0] > 0) + army[1] + army[2]


def table() -> None:
    print("our army (commando, veterans, soldiers) against the enemy's lone Commando: win chance (siege value)")
    for army in ARMIES:
        cells = [f"{win_chance(army, e):.3f} ({siege_value(army, (e,)):.3f})" for e in (FRESH, WOUNDED)]
        print(f"  {army!s:<12} fresh {cells[0]}   wounded {cells[1]}")


CAMPAIGN_ARMIES: tuple[Army, ...] = ((2, 0, 12), (2, 0, 10), (2, 0, 8), (1, 0, 10), (0, 0, 12))
"""Our armies in the whole-game table: the whole army untouched first."""


def campaign_table() -> None:
    print("whole game without cards: our army against N enemy Soldiers and its sleeping fresh Commando, win chance")
    print("  (the Soldiers offered one at a time / in stacks of up to three when that suits us)")
    for army in CAMPAIGN_ARMIES:
        cells = [f"N={n:<2} {campaign_chance(army, n, 2):.3f} / {campaign_chance(army, n, 2, group=3):.3f}" for n in (12, 8, 4)]
        print(f"  {army!s:<12} " + "   ".join(cells))
    whole = CAMPAIGN_ARMIES[0]
    budget = "  ".join(f"{b}: {campaign_chance(whole, 12, 2, promotions=b):.3f}" for b in (0, 1, 2, 3, 4, 5, 6, 8, 12))
    print(f"  {whole!s:<12} N=12, one at a time, by the Soldiers promoted before the siege: {budget}")


def _army(state: Any, player: int) -> Army:
    stacks_of = [state.ranks_at(c) for c in state.board if state.board[c] and state.owner_at(c) == player]
    return army_of(stacks_of, state.wounded[player])


class Game(NamedTuple):
    result: float
    """1 won, 0.5 drawn, 0 lost."""
    bound: float | None
    """The bound where the enemy was first down to one piece, else None."""
    mine: Army | None
    theirs: Army | None
    battles: Counter[str]
    """Our units in the battles before that, by kind (``_kind``), whoever attacked."""
    promoted: int
    """Our Soldiers promoted before that, or before the end (rule 6.1 or a card)."""
    by_card: int
    """Of those, by a Field Promotion card (rule 11.6)."""


def _kind(ranks: str) -> str:
    if "C" in ranks:
        return "the Commando's stack"
    if "V" in ranks:
        return "Veterans"
    return "a lone Soldier" if len(ranks) == 1 else "a stack of Soldiers"


def game(path: Path, spec: str) -> Game:
    record = MatchRecord.load(path)
    if spec not in record.agents or record.agents[0] == record.agents[1]:
        raise SystemExit(f"{path.name}: {spec!r} is not exactly one of its agents {record.agents}")
    ours = record.agents.index(spec)
    result = 0.5 if record.winner is None else 1.0 if record.winner == ours else 0.0
    battles: Counter[str] = Counter()
    promoted, veterans, by_card = 0, 0, 0
    for _, state, step in replay_states(record):
        now = _army(state, ours)[1]
        promoted, veterans = promoted + max(0, now - veterans), now
        if not state.is_chance and not state.is_terminal and state.pieces_of(1 - ours) == 1:
            mine, theirs = _army(state, ours), _army(state, 1 - ours)
            return Game(result, win_chance(mine, theirs), mine, theirs, battles, promoted, by_card)
        if step is not None and step.player == ours and (step.action or "").startswith("play promote"):
            by_card += 1
        if step is not None and step.action is not None and step.action.startswith("attack "):
            cells = [state.grid.parse(name) for name in step.action.split()[1:]]
            unit = cells[0] if step.player == ours else cells[1]
            if unit is not None:
                battles[_kind(state.ranks_at(unit))] += 1
    return Game(result, None, None, None, battles, promoted, by_card)


def games(spec: str, dirs: list[str]) -> None:
    rows = [game(f, spec) for d in dirs for f in sorted(Path(d).glob("*.json"))]
    n = len(rows)
    if not n:
        raise SystemExit("no saved games found")
    reached = [r for r in rows if r.bound is not None]
    others = [r for r in rows if r.bound is None]
    wins_reached = sum(r.result == 1.0 for r in reached)
    bound = sum(r.bound or 0.0 for r in reached)
    wins_others = sum(r.result == 1.0 for r in others)
    print(f"{n} games of {spec}: {wins_reached + wins_others} won ({(wins_reached + wins_others) / n:.1%})")
    print(
        f"  enemy down to one piece in {len(reached)}: won {wins_reached}; the dice allow at most {bound:.1f} on average "
        f"({bound / max(len(reached), 1):.1%} of them)"
    )
    fresh = sum(1 for r in reached if r.theirs == FRESH)
    ours = [r.mine for r in reached if r.mine is not None]
    commandos = ", ".join(
        f"{name} in {sum(1 for a in ours if a[0] == c)}" for c, name in ((2, "fresh"), (1, "wounded"), (0, "gone"))
    )
    pieces = sum(_size(a) for a in ours) / max(len(ours), 1)
    print(f"  there: the enemy's piece a fresh Commando in {fresh}; our Commando {commandos}; our pieces {pieces:.1f} on average")
    spared = sum(win_chance((2, a[1], a[2]), FRESH) for a in ours)
    print(f"  the bound there had our Commando been fresh in every one: {spared:.1f} ({spared / max(len(ours), 1):.1%})")
    print(f"  never got there: {len(others)} ({wins_others} won, {sum(r.result == 0.5 for r in others)} drawn)")
    print(f"  bound on the win rate with every such end game played at the dice's best: {(bound + wins_others) / n:.1%}")
    battles: Counter[str] = sum((r.battles for r in rows), Counter())
    total = sum(battles.values())
    kinds = ", ".join(f"{kind} {count} ({count / max(total, 1):.0%})" for kind, count in battles.most_common())
    cards = sum(r.by_card for r in rows) / n
    print(f"  our Soldiers promoted before then (or the end): {sum(r.promoted for r in rows) / n:.2f} a game, {cards:.2f} of them by card")
    print(f"  our units in the {total} battles before the enemy's last piece (whoever attacked): {kinds}")


def main() -> None:
    if len(sys.argv) == 1:
        table()
        campaign_table()
    elif len(sys.argv) >= 3:
        games(sys.argv[1], sys.argv[2:])
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
