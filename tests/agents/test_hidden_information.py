"""Agents see only what their seat may see, and simultaneous plans are searched
blind: the no-peeking property on toy games built for it and on every registered
game that hides information."""

from __future__ import annotations

import random

import pytest

import dicefront
from dicefront.agents import GreedyAgent, MCTSAgent, make_agent
from dicefront.agents.mcts import make_ismcts
from dicefront.core import State, agent_copy, sample

from .toys import ShowdownGame, ShowdownState, SignsGame, SignsState, Word

HIDDEN = [n for n in dicefront.names() if dicefront.load(n).spec.hidden_information]


def showdown(mine: int, theirs: int) -> ShowdownState:
    state = ShowdownGame().new_state()
    state.apply_chance(dicefront.Roll((mine, theirs)))
    return state


def signs_after(sign: str) -> SignsState:
    """Player 0 has entered and submitted ``sign``; player 1 is to plan."""
    state = SignsGame().new_state()
    state.apply(Word(sign), 0)
    state.apply(Word("submit"), 0)
    return state


@pytest.mark.parametrize("mine", range(1, 7))
def test_ismcts_choice_does_not_depend_on_the_hidden_card(mine: int) -> None:
    agent = make_ismcts(iterations=200)
    choices = {agent.choose(showdown(mine, theirs), 0, random.Random(5)) for theirs in range(1, 7)}
    assert len(choices) == 1, f"card {mine}: the choice changed with the opponent's hidden card: {choices}"


def test_ismcts_plays_the_information_set_well() -> None:
    agent = make_ismcts(iterations=300)
    assert agent.choose(showdown(6, 6), 0, random.Random(1)) == Word("fight")  # 6 never loses
    assert agent.choose(showdown(5, 6), 0, random.Random(1)) == Word("fight")  # even though this one loses
    assert agent.choose(showdown(1, 1), 0, random.Random(1)) == Word("flee")  # 1 never wins


def test_the_no_peeking_test_can_fail() -> None:
    """A search handed the true cards (no determinization) does change its choice:
    the property above is not true by construction."""
    cheat = MCTSAgent(iterations=200, determinize=False)
    assert cheat.choose(showdown(5, 6), 0, random.Random(5)) == Word("flee")
    assert cheat.choose(showdown(5, 1), 0, random.Random(5)) == Word("fight")


def test_submitted_plan_stays_hidden_from_the_search() -> None:
    for spec in ("mcts:iterations=150", "ismcts:iterations=150"):
        choices = {make_agent(spec).choose(signs_after(s), 1, random.Random(3)) for s in "RPS"}
        assert len(choices) == 1, f"{spec}: player 1's choice followed player 0's hidden sign: {choices}"
    cheat = MCTSAgent(iterations=150, determinize=False)
    assert cheat.choose(signs_after("R"), 1, random.Random(3)) == Word("P")
    assert cheat.choose(signs_after("P"), 1, random.Random(3)) == Word("S")


@pytest.mark.parametrize("player", [0, 1])
def test_simultaneous_node_is_searched_decoupled(player: int) -> None:
    """At a node where both plan at once, each side chooses from statistics of its own
    plan only. Had the search let player 1 answer player 0's visible plan, every sign
    of player 0 would be worth -1 to it; decoupled, each is worth about 0."""
    state = SignsGame().new_state()
    assert state.actors == (0, 1)
    agent = MCTSAgent(iterations=1500, c=1.0)
    root = agent.search(state, player, random.Random(11))
    assert root.plans is not None
    for p in (0, 1):
        edges = root.plans[p].edges
        assert set(edges) == {Word(s) for s in "RPS"}
        sign = 1.0 if p == 0 else -1.0
        for action, edge in edges.items():
            mean = sign * edge.w / edge.n
            assert -0.5 < mean < 0.5, f"player {p} {action}: mean {mean:.2f} over {edge.n} visits"
    assert agent.choose(state, player, random.Random(11)) in state.legal_actions(player)


def _hidden_positions(game: dicefront.Game, seed: int, count: int) -> list[tuple[State, State, int]]:
    """Pairs of positions that differ only in the acting player's opponent's secrets."""
    rng = random.Random(seed)
    state = game.new_state()
    out: list[tuple[State, State, int]] = []
    for _ in range(game.spec.max_length):
        if state.is_terminal or len(out) >= count:
            break
        if state.is_chance:
            state.apply_chance(sample(state.chance_outcomes(), rng))
            continue
        player = state.actors[0]
        actions = state.legal_actions(player)
        if len(actions) > 1:
            other = state.determinize(player, random.Random(rng.randrange(10**6)))
            if not other.same_as(state) and rng.random() < 0.3:
                assert other.view(player) == state.view(player), f"seed {seed}: determinize changed what player {player} sees"
                out.append((state.clone(), other, player))
        state.apply(actions[rng.randrange(len(actions))], player)
    return out


def _game_with_secrets(name: str) -> tuple[dicefront.Game, list[tuple[State, State, int]]]:
    """The game with its first preset (default first) whose play has secrets to change."""
    game = dicefront.load(name)
    for options in [{}, *game.spec.presets.values()]:
        game = dicefront.load(name, **options)
        pairs = _hidden_positions(game, 1, 2) + _hidden_positions(game, 2, 1)
        if pairs:
            return game, pairs
    return game, []


@pytest.mark.parametrize("name", HIDDEN)
def test_no_peeking_on_real_games(name: str) -> None:
    game, pairs = _game_with_secrets(name)
    if not pairs:
        pytest.skip(f"{name}: no position with a secret to change was found in any preset")
    for i, (real, other, player) in enumerate(pairs):
        where = f"{name} position {i} (player {player})"
        search = make_ismcts(iterations=25)
        assert search.choose(real.clone(), player, random.Random(i)) == search.choose(other.clone(), player, random.Random(i)), where
        for agent in (GreedyAgent(), MCTSAgent(iterations=25)):
            picks = []
            for state in (real, other):
                rng = random.Random(100 + i)
                picks.append(agent.choose(agent_copy(state, player, rng), player, rng))
            assert picks[0] == picks[1], f"{where}: {agent.name} through the match runner's copy"
