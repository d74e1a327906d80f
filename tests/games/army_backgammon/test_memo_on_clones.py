"""The look-ahead memo is used only by clones (a search's states, which meet positions
again); play on one state lists everything afresh (issue #15). Both ways must give the
same order values, legal actions and events at every step of seeded games."""

from __future__ import annotations

import random
from typing import Any

import pytest

import dicefront
from dicefront.core.chance import sample


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("opts", [{}, {"attack_direction": "ahead"}, {"army": "large", "dice_rule": "within-orders"}, {"dice": 3}],
                         ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_clones_with_the_memo_step_as_the_state_without_it(seed: int, opts: dict[str, Any]) -> None:
    rng = random.Random(seed)
    game: Any = dicefront.load("army_backgammon", **opts)
    for g in range(3):
        st = game.new_state()
        step = 0
        while not st.is_terminal:
            where = f"seed {seed}, game {g}, step {step}, phase {st.phase}"
            twins = [st.clone(), st.clone()]  # the second may find what the first put in the memo
            assert not st._cloned and all(t._cloned for t in twins), where
            if st.is_chance:
                roll = sample(st.chance_outcomes(), rng)
                texts = [e.text for e in st.push_chance(roll)]
                for twin in twins:
                    assert [e.text for e in twin.push_chance(roll)] == texts, where
            else:
                p = st.actors[0]
                actions = st.legal_actions(p)
                for twin in twins:
                    twin._legal = None
                    assert twin.legal_actions(p) == actions, where
                action = actions[rng.randrange(len(actions))]
                texts = [e.text for e in st.push(action, p)]
                for twin in twins:
                    assert [e.text for e in twin.push(action, p)] == texts, where
            for twin in twins:
                if twin.actors:
                    assert twin.legal_actions(twin.actors[0]) == st.legal_actions(st.actors[0]), where
            step += 1
