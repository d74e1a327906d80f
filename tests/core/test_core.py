"""The core contract: registry, options, chance sampling, records, grid."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

import dicefront
from dicefront.agents import RandomAgent, make_agent
from dicefront.core import (
    AgentError,
    MatchRecord,
    OptionError,
    ReplayError,
    Roll,
    StateFormatError,
    UnknownGameError,
    dice,
    rerun,
    sample,
)
from dicefront.core.grid import Grid
from dicefront.lab import run_series, wilson_interval


def test_unknown_game_lists_the_valid_ones() -> None:
    with pytest.raises(UnknownGameError) as err:
        dicefront.load("chess")
    assert "chess" in str(err.value) and "ditch" in str(err.value)


def test_unknown_option_lists_the_valid_ones() -> None:
    with pytest.raises(OptionError) as err:
        dicefront.load("ditch", speed=3)
    assert "speed" in str(err.value) and "turn_limit" in str(err.value)


@pytest.mark.parametrize(
    ("value", "message"),
    [("many", "expected an integer"), (1, "below the minimum"), (10**6, "above the maximum"), (True, "expected an integer")],
)
def test_option_values_are_checked(value: object, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        dicefront.load("ditch", turn_limit=value)


def test_option_strings_from_the_command_line_are_coerced() -> None:
    game = dicefront.load("ditch", turn_limit="30", straight_moves="yes")
    assert game.options.turn_limit == 30 and game.options.straight_moves is True
    with pytest.raises(OptionError, match="not one of"):
        dicefront.load("ditch", end_condition="sudden")


def test_spec_describes_options_with_help() -> None:
    spec = dicefront.load("ditch").spec.to_json()
    assert spec["players"] == 2 and spec["has_chance"] is True
    by_name = {o["name"]: o for o in spec["options"]}
    assert by_name["turn_limit"]["default"] == 200 and by_name["turn_limit"]["help"]
    json.dumps(spec)


def test_sample_follows_exact_probabilities() -> None:
    outcomes = [(Roll((1,)), Fraction(1, 6)), (Roll((2,)), Fraction(1, 2)), (Roll((3,)), Fraction(1, 3))]
    rng = random.Random(11)
    counts = Counter(sample(outcomes, rng).faces[0] for _ in range(6000))
    for face, p in ((1, 1 / 6), (2, 1 / 2), (3, 1 / 3)):
        assert abs(counts[face] / 6000 - p) < 0.03, f"seed 11: face {face}"
    assert sample(outcomes, random.Random(5)) == sample(outcomes, random.Random(5))


def test_dice_lists_every_combination_uniformly() -> None:
    out = dice(6, 4)
    assert len(out) == 24 and sum(p for _, p in out) == 1
    assert {o for o, _ in out} == {Roll((a, b)) for a in range(1, 7) for b in range(1, 5)}


def test_grid_geometries() -> None:
    sq = Grid(8, 8, "square8")
    assert len(sq.neighbours((3, 3))) == 8 and sq.distance((0, 0), (3, 2)) == 3
    four = Grid(8, 8, "square4")
    assert len(four.neighbours((3, 3))) == 4 and four.distance((0, 0), (3, 2)) == 5
    hexes = Grid(8, 8, "hex")
    assert len(hexes.neighbours((3, 3))) == 6
    assert all(hexes.distance((3, 3), n) == 1 for n in hexes.neighbours((3, 3)))
    assert sq.parse("h8") == (7, 7) and sq.parse("i1") is None and sq.name((2, 0)) == "c1"


def test_record_round_trip_and_corruption(tmp_path: object) -> None:
    game = dicefront.load("ditch")
    rec = dicefront.play_match(game, [RandomAgent(), RandomAgent()], seed=4)
    data = json.loads(json.dumps(rec.to_json()))
    assert data["format"] == 1 and data["game"] == "ditch" and data["seed"] == 4
    again = MatchRecord.from_json(data)
    assert again.to_json() == rec.to_json()
    assert rerun(again).returns() == rec.returns
    with pytest.raises(ReplayError, match="format"):
        MatchRecord.from_json({**data, "format": 99})
    with pytest.raises(ReplayError, match="not a Dicefront replay"):
        MatchRecord.from_json({"steps": []})
    with pytest.raises(ReplayError, match="bad player"):
        MatchRecord.from_json({**data, "steps": [{"player": 7, "action": "x"}]})
    with pytest.raises(ReplayError, match="cannot be loaded"):
        rerun(MatchRecord.from_json({**data, "game": "chess"}))


def test_state_from_json_rejects_mismatched_options() -> None:
    state = dicefront.load("ditch").new_state()
    with pytest.raises(StateFormatError, match="other game options"):
        dicefront.load("ditch", turn_limit=50).state_from_json(state.to_json())


def test_agents_by_name() -> None:
    assert make_agent("random").name == "random"
    with pytest.raises(AgentError, match="unknown agent"):
        make_agent("oracle")
    with pytest.raises(AgentError, match="key=value"):
        make_agent("random:fast")


def test_series_alternates_seats_and_is_deterministic() -> None:
    a = run_series("ditch", {}, ["random", "random"], 6, seed=3)
    b = run_series("ditch", {}, ["random", "random"], 6, seed=3)
    ja, jb = a.to_json(), b.to_json()
    ja.pop("seconds"), jb.pop("seconds")
    assert ja == jb
    assert sum(a.wins) + a.draws == 6 and sum(a.seat_wins) + a.draws == 6


def test_series_results_do_not_depend_on_workers() -> None:
    one = run_series("ditch", {}, ["random", "random"], 4, seed=9).to_json()
    two = run_series("ditch", {}, ["random", "random"], 4, seed=9, workers=2).to_json()
    one.pop("seconds"), two.pop("seconds")
    assert one == two


def test_wilson_interval() -> None:
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def _sample_reference(outcomes: Any, rng: random.Random) -> Any:
    """The draw as first written: a ticket over the common denominator, cumulated."""
    denom = 1
    for _, p in outcomes:
        denom = denom * p.denominator // math.gcd(denom, p.denominator)
    ticket, acc = rng.randrange(denom), 0
    for roll, p in outcomes:
        acc += p.numerator * (denom // p.denominator)
        if ticket < acc:
            return roll
    return outcomes[-1][0]


@pytest.mark.parametrize("seed", range(5))
def test_sample_draws_exactly_as_the_reference(seed: int) -> None:
    """Faster sampling must not change any seeded game: same draws, same RNG use."""
    from dicefront.core.chance import Roll, dice, sample, uniform

    maker = random.Random(seed)
    tables = [dice(6), dice(6, 6), uniform([Roll((i,)) for i in range(7)])]
    weights = [maker.randrange(1, 9) for _ in range(5)]
    tables.append([(Roll((i,)), Fraction(w, sum(weights))) for i, w in enumerate(weights)])
    for table in tables:
        a, b = random.Random(seed), random.Random(seed)
        assert [sample(table, a) for _ in range(200)] == [_sample_reference(table, b) for _ in range(200)], f"seed {seed}"
        assert a.random() == b.random()


def test_sampling_tables_survive_many_other_lists() -> None:
    """The per-list table cache is bounded and keyed by identity: a list seen again after
    hundreds of others (evicted meanwhile) still draws exactly as the reference."""
    from dicefront.core.chance import Roll, sample

    weights = [3, 1, 2]
    table = [(Roll((i,)), Fraction(w, 6)) for i, w in enumerate(weights)]
    others = [[(Roll((0,)), Fraction(1, 3)), (Roll((1,)), Fraction(2, 3))] for _ in range(300)]
    a, b = random.Random(9), random.Random(9)
    assert [sample(table, a) for _ in range(50)] == [_sample_reference(table, b) for _ in range(50)]
    for other in others:
        assert sample(other, a) == _sample_reference(other, b)
    again = [sample(table, a) for _ in range(50)]
    assert again == [_sample_reference(table, b) for _ in range(50)]


@pytest.mark.parametrize("seed", [1, 2])
def test_sampling_from_threads_draws_as_the_reference(seed: int) -> None:
    """``sample`` reads its kept tables without a lock (the server samples from worker
    threads): threads drawing at once from more lists than are kept, so that entries
    are added and dropped while others read, each draw exactly as the reference."""
    import threading

    from dicefront.core.chance import Roll, sample

    maker = random.Random(seed)
    lists = []
    for _ in range(400):
        weights = [maker.randrange(1, 9) for _ in range(maker.randrange(2, 6))]
        lists.append([(Roll((i,)), Fraction(w, sum(weights))) for i, w in enumerate(weights)])
    wrong: list[str] = []

    def draw(k: int) -> None:
        a, b = random.Random(seed * 100 + k), random.Random(seed * 100 + k)
        for n in range(2000):
            table = lists[(n * 7 + k * 13) % len(lists)]
            if sample(table, a) != _sample_reference(table, b):
                wrong.append(f"seed {seed}, thread {k}, draw {n}")
                return

    threads = [threading.Thread(target=draw, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not wrong, wrong[0]
