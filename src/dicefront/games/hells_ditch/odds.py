"""Hell's Ditch: a fight goes on roll after roll; between rolls each side whose warband
has somewhere to go decides to fight on or back out (rule 5.4). Those decisions are
inside the fight, so the expansion takes them by a policy: everybody fights to the
end (the default), or the asking player's warband backs out once its HP is at most K
(``back-out-at-K``), optionally with the opponent backing out at L
(``back-out-at-K/L``). Planning decisions end the sequence."""

from __future__ import annotations

import re

from ...core.game import State
from ...core.policy import Choice, Context, GamePolicies, Policy, WindowPolicy
from .actions import BackOut, FightOn, HellsDitchAction
from .constants import CHOICE
from .rules import HellsDitchState


def _fight_choice(state: State) -> tuple[int, list[HellsDitchAction]] | None:
    """The next side to decide between rolls and its options, if the state is there."""
    if not isinstance(state, HellsDitchState) or state.phase != CHOICE:
        return None
    for player in state.actors:
        legal = state.legal_actions(player)
        if legal and all(isinstance(a, (FightOn, BackOut)) for a in legal):
            return player, legal
    return None


def _fighting_hp(state: State, player: int) -> int | None:
    """The HP of ``player``'s warband in the fight (public knowledge)."""
    if not isinstance(state, HellsDitchState) or state.fight is None:
        return None
    _, band0, band1 = state.fight
    band = band1 if player else band0
    return state.hp[player][band - 1]


def _fight_on_first(state: State) -> tuple[int, list[HellsDitchAction]] | None:
    found = _fight_choice(state)
    if found is None:
        return None
    player, legal = found
    return player, sorted(legal, key=lambda a: not isinstance(a, FightOn))


FIGHT_TO_THE_END = WindowPolicy(
    "fight-to-end", "both sides fight on until a warband is eliminated (nobody backs out)", _fight_on_first
)


class BackOutAt(Policy):
    """Back out (to the first place offered) when the fighting warband's HP is at most
    the threshold of its side; ``None`` for a side that always fights on."""

    def __init__(self, mine: int, theirs: int | None) -> None:
        self.mine, self.theirs = mine, theirs
        self.name = f"back-out-at-{mine}" + ("" if theirs is None else f"/{theirs}")
        opp = "the opponent fights to the end" if theirs is None else f"the opponent's warband backs out at {theirs} HP or less"
        self.description = f"your warband backs out of a fight once it has {mine} HP or less; {opp}"

    def decide(self, state: State, ctx: Context) -> Choice | None:
        found = _fight_choice(state)
        if found is None:
            return None
        player, legal = found
        limit = self.mine if player == ctx.asking else self.theirs
        hp = _fighting_hp(state, player)
        backs = [a for a in legal if isinstance(a, BackOut)]
        if limit is not None and hp is not None and hp <= limit and backs:
            return player, backs[0]
        return player, next(a for a in legal if isinstance(a, FightOn))


_PARAM = re.compile(r"^back-out-at-(\d+)(?:/(\d+))?$")


def parse(name: str) -> Policy | None:
    m = _PARAM.match(name)
    if m is None:
        return None
    return BackOutAt(int(m.group(1)), None if m.group(2) is None else int(m.group(2)))


POLICIES = GamePolicies(
    default=FIGHT_TO_THE_END.name,
    policies=(FIGHT_TO_THE_END,),
    parse=parse,
    parametrised_help=(
        ("back-out-at-K", "your warband backs out once it has K HP or less; the opponent fights to the end"),
        ("back-out-at-K/L", "as back-out-at-K, and the opponent's warband backs out at L HP or less"),
    ),
)
