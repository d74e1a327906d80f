"""The expansion: apply the action on a copy, then walk the state's own chance nodes
(exact ``Fraction`` probabilities) and the in-sequence decisions (by the policy) to
the next decision, and group the end states by ``Game.outcome_label``."""

from __future__ import annotations

import random
import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..core.chance import sample
from ..core.errors import DicefrontError, IllegalActionError
from ..core.events import Event
from ..core.game import Action, State
from .policy import Choice, Context, Leaves, Policy, hidden_irrelevant, next_dice, resolve

_ZERO = Fraction(0)
MAX_NODES = 400_000
"""A bound on the states visited for one question (a clear error beyond it)."""

DETERMINIZATIONS = 12
"""How many re-samplings of the unseen information a hidden-information game uses
first; if they disagree, the hidden part matters and the answer is an average over
DETERMINIZATIONS_IF_HIDDEN_MATTERS re-samplings."""
DETERMINIZATIONS_IF_HIDDEN_MATTERS = 120
WORLD_BUDGET = 150
"""A bound, in positions expanded (summed over the re-sampled worlds), on the work
spent averaging over worlds once they are known to disagree (an estimate): a count, not
a clock, so an answer is the same on every machine. Worlds are expanded in the fixed
order they were drawn; once the budget is reached no further world is started, and the
note says how many re-samplings the average rests on. The agreement check that decides
whether an answer is exact always expands every one of the DETERMINIZATIONS worlds."""


@dataclass(frozen=True)
class Odds:
    """The answer: labelled outcomes with exact probabilities, and what was assumed."""

    game: str
    action: str
    player: int
    policy: str
    policy_description: str
    outcomes: tuple[tuple[str, Fraction], ...]
    exact: bool = True
    notes: tuple[str, ...] = field(default=())

    def as_list(self) -> list[tuple[str, Fraction]]:
        return list(self.outcomes)

    def probability(self, label: str) -> Fraction:
        """The probability of ``label`` (0 if it never happens)."""
        return sum((p for lab, p in self.outcomes if lab == label), Fraction(0))

    @property
    def has_chance(self) -> bool:
        return bool(self.outcomes)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "action": self.action,
            "player": self.player,
            "policy": self.policy,
            "policy_description": self.policy_description,
            "exact": self.exact,
            "notes": list(self.notes),
            "outcomes": [
                {
                    "label": label,
                    "probability": str(p),
                    "numerator": p.numerator,
                    "denominator": p.denominator,
                    "percent": round(float(p) * 100, 4),
                }
                for label, p in self.outcomes
            ],
        }


@dataclass
class _Node:
    state: State
    events: tuple[Event, ...]
    rolled: bool
    label: str
    leaf: bool = False
    children: list[tuple[int, Fraction]] = field(default_factory=list)
    repeat: Fraction = Fraction(0)
    choice: Choice | None = None


class _Expansion:
    """One question's walk through the tree.

    Positions reached along different paths are merged when they are the same state
    with the same label so far (``outcome_label`` of the events up to there), so a
    fight of many rounds is a small graph rather than a huge tree. This assumes, as
    the ``outcome_label`` contract says, that a label shows the result: two paths with
    the same state and the same label so far end with the same labels. An outcome that
    leads back to the very same node (a re-roll on a tie) is folded away exactly,
    scaling the other outcomes by 1 / (1 - P(repeat)). Probabilities then flow from
    the root in topological order, so every figure is an exact ``Fraction``."""

    def __init__(self, policy: Policy, asking: int, before: State, max_nodes: int | None = None) -> None:
        self.policy = policy
        self.asking = asking
        self.before = before
        self.max_nodes = MAX_NODES if max_nodes is None else max_nodes
        self.nodes = 0
        self.chance_seen = False
        self.next_dice = next_dice(before.game)
        self._decisions: dict[Hashable, Choice | None] = {}
        self._lookaheads: dict[Hashable, Leaves] = {}

    def run(
        self, state: State, events: Sequence[Event] = (), rolled: bool = False, pending: bool = False
    ) -> list[tuple[_Node, Fraction]]:
        """The end nodes (a decision, the next turn's dice, or the end of the game) with
        their probabilities. ``pending``: ``state`` is the dice asked about, expanded
        even if they are a turn's opening roll."""
        ids: dict[Hashable, int] = {}  # node key -> index in nodes (ints hash at once; keys are deep tuples)
        nodes: list[_Node] = []
        root = self._add(ids, nodes, state, self._visible(events), rolled, pending)
        stack = [root]
        pushed = {root}
        while stack:
            index = stack.pop()
            node = nodes[index]
            for child, ev, p, rolled_now in self._successors(node):
                child_index = self._add(ids, nodes, child, node.events + self._visible(ev), rolled_now)
                if child_index == index:
                    node.repeat += p
                    continue
                if child_index not in pushed:
                    pushed.add(child_index)
                    stack.append(child_index)
                node.children.append((child_index, p))
            if node.repeat == 1:
                raise DicefrontError("these dice are re-rolled forever: no outcome changes the position")
        return self._flow(nodes, root)

    def lookahead(self, state: State, rolled: bool) -> Leaves:
        """The expansion a policy uses to compare its options (its dice do not count
        as the question's own)."""
        key = (rolled, state.key())
        if key not in self._lookaheads:
            seen = self.chance_seen
            self._lookaheads[key] = [(node.state, p) for node, p in self.run(state, (), rolled)]
            self.chance_seen = seen
        return self._lookaheads[key]

    def decide(self, state: State, rolled: bool, key: Hashable) -> Choice | None:
        """The policy's choice at a decision (the same state is decided once)."""
        if key not in self._decisions:
            self._decisions[key] = self.policy.decide(state, Context(self.asking, rolled, self.lookahead))
        return self._decisions[key]

    def _visible(self, events: Sequence[Event]) -> tuple[Event, ...]:
        return tuple(e for e in events if e.visible_to(self.asking))

    def _add(self, ids: dict[Hashable, int], nodes: list[_Node], state: State, events: tuple[Event, ...], rolled: bool,
             pending: bool = False) -> int:
        label = state.game.outcome_label(self.before, state, list(events), self.asking)
        state_key = (rolled, state.key())
        key = (label, state_key)
        index = ids.get(key)
        if index is None:
            self.nodes += 1
            if self.nodes > self.max_nodes:
                raise DicefrontError(f"too many outcomes to enumerate exactly (more than {self.max_nodes} positions)")
            node = _Node(state, events, rolled, label)
            if state.is_terminal:
                node.leaf = True
            elif state.is_chance and not pending and self.next_dice is not None:
                node.leaf = self.next_dice(state)
            elif not state.is_chance:
                node.choice = self.decide(state, rolled, state_key)
                node.leaf = node.choice is None
            index = ids[key] = len(nodes)
            nodes.append(node)
        return index

    def _successors(self, node: _Node) -> list[tuple[State, list[Event], Fraction, bool]]:
        state = node.state
        if node.leaf:
            return []
        if state.is_chance:
            self.chance_seen = True
            out = []
            for roll, p in state.chance_outcomes():
                child = state.clone()
                out.append((child, child.push_chance(roll), p, True))  # an outcome the node itself lists
            return out
        assert node.choice is not None  # a decision node that is not a leaf has its choice
        player, action = node.choice
        child = state.clone()
        return [(child, child.apply(action, player), Fraction(1), node.rolled)]

    @staticmethod
    def _flow(nodes: list[_Node], root: int) -> list[tuple[_Node, Fraction]]:
        indegree = [0] * len(nodes)
        for node in nodes:
            for child, _ in node.children:
                indegree[child] += 1
        mass: list[Fraction | None] = [None] * len(nodes)
        mass[root] = Fraction(1)
        ready = [i for i, d in enumerate(indegree) if d == 0]
        done = 0
        out: list[tuple[_Node, Fraction]] = []
        while ready:
            index = ready.pop()
            done += 1
            node = nodes[index]
            m = mass[index]
            if m is None:
                m = _ZERO
            if node.leaf:
                out.append((node, m))
                continue
            if node.repeat:
                m = m / (1 - node.repeat)
            for child, p in node.children:
                share = m * p
                old = mass[child]
                mass[child] = share if old is None else old + share
                indegree[child] -= 1
                if indegree[child] == 0:
                    ready.append(child)
        if done < len(nodes):
            raise DicefrontError(
                "the dice can lead back to an earlier position through other positions; exact odds for such cycles are not supported"
            )
        return out


# ----- the question ---------------------------------------------------------------------
def _asking_player(state: State, player: int | None) -> int:
    if player is not None:
        if player not in (0, 1) or isinstance(player, bool):
            raise DicefrontError(f"player must be 0 or 1, got {player!r}")
        return player
    if len(state.actors) == 1:
        return state.actors[0]
    if state.is_chance:
        raise DicefrontError("dice are pending: say which player asks (player=0 or 1)")
    raise DicefrontError("both players act now: say which player asks (player=0 or 1)")


def _the_action(state: State, action: Action | str | None, player: int) -> Action | None:
    if state.is_terminal:
        raise DicefrontError("the game is over: no action has odds")
    if action is None:
        if not state.is_chance:
            raise DicefrontError("no action given and no dice are pending")
        return None
    if state.is_chance:
        raise DicefrontError("dice are pending in this position: ask without an action for their odds")
    if isinstance(action, str):
        return state.game.parse_action(state, action, player)
    if player not in state.actors:
        raise IllegalActionError(action, player, state.why_illegal(action, player))
    if action not in state.legal_actions(player):
        raise IllegalActionError(action, player, state.why_illegal(action, player))
    return action


def _worlds(state: State, player: int, rng: random.Random, count: int) -> list[tuple[State, int]]:
    """``count`` re-samplings of what ``player`` cannot see, identical ones merged:
    (world, how many samples gave it)."""
    worlds: dict[Hashable, tuple[State, int]] = {}
    for _ in range(count):
        world = state.determinize(player, rng)
        key = world.key()
        old = worlds.get(key)
        worlds[key] = (world, 1 if old is None else old[1] + 1)
    return list(worlds.values())


def _distribution(world: State, action: Action | None, player: int, policy: Policy) -> tuple[dict[str, Fraction], bool]:
    dist, chance, _ = _distribution_counted(world, action, player, policy)
    return dist, chance


def _distribution_counted(
    world: State, action: Action | None, player: int, policy: Policy
) -> tuple[dict[str, Fraction], bool, int]:
    """The distribution, whether any dice were met, and the positions expanded."""
    world = world.clone()
    before = world.clone()
    expansion = _Expansion(policy, player, before)
    events = [] if action is None else world.apply(action, player)
    leaves = expansion.run(world, events, pending=action is None)
    dist: dict[str, Fraction] = {}
    for node, p in leaves:
        dist[node.label] = dist.get(node.label, Fraction(0)) + p
    return dist, expansion.chance_seen, expansion.nodes


NO_DICE = "no dice: this action involves no chance"


def _plainly_no_dice(world: State, action: Action | None, player: int, policy: Policy) -> bool:
    """True when ``action`` in ``world`` surely reaches the next decision (or the end)
    without a chance node of its own: applied, it leaves the end of the game, the
    next turn's opening dice, or a decision the policy does not take. The full expansion would give no
    dice there too; this answers without building it (a plain move costs one apply)."""
    if action is None:
        return False
    after = world.clone()
    after.apply(action, player)
    if after.is_terminal:
        return True
    if after.is_chance:  # dice: the action's own, unless they open the next turn
        opening = next_dice(world.game)
        return opening is not None and bool(opening(after))
    expansion = _Expansion(policy, player, world)
    return expansion.decide(after, False, (False, after.key())) is None


def _one_world(world: State, act: Action | None, who: int, pol: Policy) -> tuple[dict[str, Fraction], bool, list[str]]:
    """The answer from one re-sampled world, for a question whose answer the game
    declares the hidden part cannot change (``GamePolicies.hidden_irrelevant``)."""
    if _plainly_no_dice(world, act, who, pol):
        return {}, True, [NO_DICE]
    dist, chance = _distribution(world, act, who, pol)
    if not chance:
        return {}, True, [NO_DICE]
    note = (
        f"computed over player {who}'s information: the game declares that what this player cannot see "
        "does not change these dice under this policy"
    )
    return dist, True, [note]


def _over_information(
    state: State, act: Action | None, who: int, pol: Policy, seed: int | str
) -> tuple[dict[str, Fraction], bool, list[str]]:
    """The distribution over the asking player's information (see the package notes)."""
    exact_set = getattr(state, "information_set", None)
    if callable(exact_set):  # optional game hook: [(world, probability)] over player's information
        combined: dict[str, Fraction] = {}
        chance_seen = False
        for world, weight in exact_set(who):
            dist, chance = _distribution(world, act, who, pol)
            chance_seen = chance_seen or chance
            for label, p in dist.items():
                combined[label] = combined.get(label, Fraction(0)) + p * weight
        if not chance_seen:
            return {}, True, [NO_DICE]
        return combined, True, [f"exact over player {who}'s information (every position this player cannot rule out)"]
    rng = random.Random(f"dicefront-odds:{seed}")
    declared = hidden_irrelevant(state.game)
    if declared is not None and declared(state, act, who, pol):
        return _one_world(state.determinize(who, rng), act, who, pol)
    samples = DETERMINIZATIONS
    worlds = _worlds(state, who, rng, samples)
    if all(_plainly_no_dice(w, act, who, pol) for w, _ in worlds):
        return {}, True, [NO_DICE]
    spent = 0
    results: list[tuple[dict[str, Fraction], bool, int]] = []
    for world, n in worlds:  # every drawn world is checked: an exact answer rests on all of them
        dist, chance, nodes = _distribution_counted(world, act, who, pol)
        spent += nodes
        results.append((dist, chance, n))
        if any(d != results[0][0] for d, _, _ in results):
            break
    agree = all(d == results[0][0] for d, _, _ in results)
    if agree and len(results) == len(worlds):
        if not any(chance for _, chance, _ in results):
            return {}, True, [NO_DICE]
        if len(worlds) == 1:
            return results[0][0], True, [f"computed over player {who}'s information: nothing hidden from this player matters here"]
        note = (
            f"computed over player {who}'s information: the same distribution in each of {samples} re-samplings of what "
            "this player cannot see, so the hidden part does not change these dice"
        )
        return results[0][0], True, [note]
    # The hidden part matters: an average over more re-samplings, drawn in a fixed order,
    # the first DETERMINIZATIONS as above, until DETERMINIZATIONS_IF_HIDDEN_MATTERS or the budget.
    counts: dict[Hashable, list[Any]] = {w.key(): [d, n] for (w, _), (d, _, n) in zip(worlds, results, strict=False)}
    for world, _ in worlds[len(results):]:  # drawn already; their expansion is still owed
        if spent >= WORLD_BUDGET:
            break
        dist, _, nodes = _distribution_counted(world, act, who, pol)
        spent += nodes
        counts[world.key()] = [dist, sum(n for w, n in worlds if w.key() == world.key())]
    used = sum(entry[1] for entry in counts.values())
    for _ in range(DETERMINIZATIONS_IF_HIDDEN_MATTERS - samples):
        if spent >= WORLD_BUDGET:
            break
        world = state.determinize(who, rng)
        key = world.key()
        if key in counts:
            counts[key][1] += 1
        else:
            dist, _, nodes = _distribution_counted(world, act, who, pol)
            spent += nodes
            counts[key] = [dist, 1]
        used += 1
    mixture: dict[str, Fraction] = {}
    for dist, n in counts.values():
        for label, p in dist.items():
            mixture[label] = mixture.get(label, Fraction(0)) + p * Fraction(n, used)
    stopped = (
        ""
        if used == DETERMINIZATIONS_IF_HIDDEN_MATTERS
        else f" (stopped at the budget of {WORLD_BUDGET} positions; {DETERMINIZATIONS_IF_HIDDEN_MATTERS} without it)"
    )
    note = (
        f"estimated over player {who}'s information: the average over {used} re-samplings of what this player "
        f"cannot see{stopped} (the hidden part changes these odds; the opponent's actual secrets are not used)"
    )
    return mixture, False, [note]


def _natural(label: str) -> list[Any]:
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", label)]


def analyse(
    state: State,
    action: Action | str | None,
    player: int | None = None,
    policy: Policy | str | None = None,
    *,
    seed: int | str = 0,
) -> Odds:
    """The exact distribution of what ``action`` by ``player`` leads to, up to the
    next decision, with the policy and notes. ``action`` may be notation text; None
    asks about dice already pending. ``seed`` fixes the re-sampling of hidden
    information (hidden-information games only)."""
    who = _asking_player(state, player)
    act = _the_action(state, action, who)
    pol = resolve(state.game, policy)
    if not state.game.spec.hidden_information:
        if _plainly_no_dice(state, act, who, pol):
            dist, chance = dict[str, Fraction](), False
        else:
            dist, chance = _distribution(state.clone(), act, who, pol)
        combined, exact, notes = (dist, True, []) if chance else ({}, True, [NO_DICE])
    else:
        combined, exact, notes = _over_information(state, act, who, pol, seed)
    outcomes = tuple(sorted(((lab, p) for lab, p in combined.items() if p), key=lambda x: _natural(x[0])))
    return Odds(
        game=state.game.name,
        action="(pending dice)" if act is None else str(act),
        player=who,
        policy=pol.name,
        policy_description=pol.description,
        outcomes=outcomes,
        exact=exact,
        notes=tuple(notes),
    )


def odds(
    state: State, action: Action | str | None, player: int | None = None, policy: Policy | str | None = None
) -> list[tuple[str, Fraction]]:
    """``[(label, probability)]``: the exact outcomes of ``action`` by ``player`` up to
    the next decision (``[]`` when it involves no dice). See :func:`analyse` for the
    assumed policy and notes."""
    return analyse(state, action, player, policy).as_list()


def simulate(
    state: State, action: Action | str | None, player: int | None, policy: Policy | str | None, rng: random.Random
) -> str:
    """One sampled run of the same sequence (dice drawn with ``rng``): its label.
    For checking the exact figures by Monte Carlo."""
    who = _asking_player(state, player)
    act = _the_action(state, action, who)
    pol = resolve(state.game, policy)
    world = state.determinize(who, rng) if state.game.spec.hidden_information else state.clone()
    before = world.clone()
    events = [] if act is None else world.apply(act, who)
    expansion = _Expansion(pol, who, before)
    rolled = False
    while not world.is_terminal:
        if world.is_chance:
            rolled = True
            events += world.apply_chance(sample(world.chance_outcomes(), rng))
            continue
        choice = expansion.decide(world, rolled, (rolled, world.key()))
        if choice is None:
            break
        events += world.apply(choice[1], choice[0])
    return world.game.outcome_label(before, world, [e for e in events if e.visible_to(who)], who)
