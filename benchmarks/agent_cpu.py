"""CPU seconds per decision of a game's agents (``time.process_time`` around
``choose``) on positions reached by random play.

    PYTHONPATH=src python benchmarks/agent_cpu.py GAME [SPEC ...]          (default: medium hard)
    PYTHONPATH=src python benchmarks/agent_cpu.py --game GAME [SPEC ...]   (every decision of one game)

``benchmarks/trench_cpu.py`` is this with GAME = trench_checkers.
"""

from __future__ import annotations

import random
import sys
import time

from dicefront.agents import make_agent
from dicefront.agents.common import sample_outcome
from dicefront.core import State
from dicefront.core.registry import load

POSITIONS, SEED = 12, 5


def positions(name: str, rng: random.Random) -> list[State]:
    """Decision points with several legal actions, every 40th step of random games."""
    game = load(name)
    found: list[State] = []
    while len(found) < POSITIONS:
        st = game.new_state()
        step = 0
        while not st.is_terminal and len(found) < POSITIONS:
            if st.is_chance:
                st.apply_chance(sample_outcome(st, rng))
                continue
            mover = st.actors[0]
            actions = st.legal_actions(mover)
            if step % 40 == 39 and len(actions) > 1:
                found.append(st.clone())
            st.apply(rng.choice(actions), mover)
            step += 1
    return found


def main(name: str, specs: list[str]) -> None:
    states = positions(name, random.Random(SEED))
    for spec in specs:
        agent = make_agent(spec, states[0].game)
        times = []
        for i, st in enumerate(states):
            start = time.process_time()
            agent.choose(st.clone(), st.actors[0], random.Random(i))
            times.append(time.process_time() - start)
        print(f"{spec}: {len(times)} positions, CPU s per move mean {sum(times) / len(times):.3f}, max {max(times):.3f}")



def in_game(name: str, spec: str, seed: int = 1) -> None:
    """The same, over every decision ``spec`` makes in one game against ``random``."""
    game = load(name)
    agents = [make_agent(spec, game), make_agent("random", game)]
    rng = random.Random(seed)
    st = game.new_state()
    times = []
    while not st.is_terminal:
        if st.is_chance:
            st.apply_chance(sample_outcome(st, rng))
            continue
        mover = st.actors[0]
        start = time.process_time()
        action = agents[mover].choose(st.clone(), mover, rng)
        if mover == 0:
            times.append(time.process_time() - start)
        st.apply(action, mover)
    print(f"{spec} in a game vs random (seed {seed}): {len(times)} decisions, CPU s mean {sum(times) / len(times):.3f}, "
          f"max {max(times):.3f}")


def run(argv: list[str]) -> None:
    whole = argv[:1] == ["--game"]
    if whole:
        argv = argv[1:]
    if not argv:
        sys.exit("usage: agent_cpu.py [--game] GAME [SPEC ...]")
    name, specs = argv[0], argv[1:] or ["medium", "hard"]
    if whole:
        for spec in specs:
            in_game(name, spec)
    else:
        main(name, specs)


if __name__ == "__main__":
    run(sys.argv[1:])
