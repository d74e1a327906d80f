"""The agent contract: ``choose(state, player, rng) -> action``.

An agent is handed a copy of the state it may look at freely: a determinized copy in
hidden-information games (:func:`dicefront.core.match.agent_copy`), so it cannot cheat
even by accident. Its only randomness is the RNG it is given. Agents themselves live
in :mod:`dicefront.agents`; the match runner, the server and the lab need only this."""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from .game import State


@runtime_checkable
class Agent(Protocol):
    """Anything that picks a legal action for ``player`` in ``state``."""

    name: str

    def choose(self, state: State, player: int, rng: random.Random) -> Any: ...
