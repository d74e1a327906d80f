"""The match runner: agents play a game, chance outcomes come from one seeded RNG.

Given the same seed, game options and agents, a match is identical on any machine.
Each agent gets its own RNG derived from the seed, and a determinized copy of the
state in hidden-information games.

At a simultaneous node (several ``actors``, Hell's Ditch plans) the actor who enters
the next action is drawn from a stream of its own: no seat always finishes last. The
order changes nothing in the rules (a plan stays hidden until both are in), but an
agent that finishes a step sees its effects at once, so a fixed order would tie that
to a seat and show up as a seat advantage in the lab."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from .agent import Agent
from .chance import sample
from .game import Game, State
from .record import MatchRecord, Step


def derived_rng(seed: int | str | None, purpose: str) -> random.Random:
    """An RNG for one purpose ("chance", "agent0", ...) derived from the match seed.
    String seeds hash the same on every machine and Python run."""
    return random.Random(f"dicefront:{seed}:{purpose}")


def agent_copy(state: State, player: int, rng: random.Random) -> State:
    """The copy an agent may look at: determinized when the game hides information."""
    if state.game.spec.hidden_information:
        return state.determinize(player, rng)
    return state.clone()


StepHook = Callable[[State, MatchRecord], None]


def roll(state: State, dice: random.Random) -> Step:
    """Draw the chance outcome with ``dice`` and apply it: one step of the record."""
    outcome = sample(state.chance_outcomes(), dice)
    return Step(None, outcome=outcome, events=state.apply_chance(outcome))


def move(state: State, agent: Agent, player: int, rng: random.Random) -> Step:
    """Let ``agent`` choose for ``player`` (on its copy of the state) and apply the
    choice, checked: one step of the record."""
    action = agent.choose(agent_copy(state, player, rng), player, rng)
    return Step(player, action=str(action), events=state.apply(action, player))


def _specs(agents: Sequence[Agent]) -> list[str | None] | None:
    """The spec each agent stands for (``resolved_spec``, set by ``agents.make_agent``),
    or None when any agent was built otherwise (its parameters are not known)."""
    specs = [getattr(a, "resolved_spec", None) for a in agents]
    return [str(s) for s in specs] if all(isinstance(s, str) for s in specs) else None


def play_match(
    game: Game[Any, Any],
    agents: Sequence[Agent],
    seed: int | str | None = 0,
    *,
    max_steps: int | None = None,
    state: State | None = None,
    chance_rng: random.Random | None = None,
    on_step: StepHook | None = None,
) -> MatchRecord:
    """Play one game between ``agents`` (seat 0, seat 1) and return its record: each
    agent named by the spec it was built from (``agents.make_agent`` keeps it; else its
    ``name``), with the specs they stand for (``agent_specs``) when every agent has one.

    ``chance_rng`` replaces the seeded dice (a live server passes a cryptographic
    source); the record then still replays, because it stores every outcome."""
    if len(agents) != 2:
        raise ValueError(f"{game.title} needs 2 agents, got {len(agents)}")
    limit = game.spec.max_length if max_steps is None else max_steps
    dice = chance_rng if chance_rng is not None else derived_rng(seed, "chance")
    rngs = [derived_rng(seed, f"agent{i}") for i in range(2)]
    order = derived_rng(seed, "order")
    record = MatchRecord(
        game=game.name,
        options=game.options_json(),
        seed=seed,
        agents=[str(getattr(a, "spec", None) or getattr(a, "name", type(a).__name__)) for a in agents],
        data_files=game.data_files,
        agent_specs=_specs(agents),
    )
    if state is None:
        state = game.new_state()
    else:
        record.initial_state = state.to_json()
    while not state.is_terminal and record.length < limit:
        if state.is_chance:
            record.steps.append(roll(state, dice))
        else:
            actors = state.actors
            player = actors[0] if len(actors) == 1 else actors[order.randrange(len(actors))]
            record.steps.append(move(state, agents[player], player, rngs[player]))
        if on_step is not None:
            on_step(state, record)
    record.finish(state, truncated=not state.is_terminal)
    return record
