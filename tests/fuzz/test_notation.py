"""Hostile notation: any text given to any game's ``parse_action`` gives a typed
DicefrontError or an action, never another exception (issue 13, item 5)."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, note, seed, settings
from hypothesis import strategies as st

import dicefront
from dicefront.core import DicefrontError, Roll, State
from dicefront.core.grid import Grid
from dicefront.core.notation import MAX_NOTATION_CHARS, ascii_int, ascii_signed_int, notation_words
from tests.conftest import random_walk

SEED = 1313
ODD_DIGITS = ["²", "¹", "³", "٣", "۷", "３", "𝟚", "০", "Ⅻ", "½", "⁰", "-", "9" * 5000, "0" * 40 + "1"]
ODD_LETTERS = ["\u212a", "ſ", "İ", "ı", "ª", "ǅ", "ｄ", "é", "\x00", "\u200b", "[/]"]


@cache
def positions(name: str) -> list[State]:
    """A few decision points of a seeded random game (the start, and later ones)."""
    game = dicefront.load(name)
    walk = random_walk(game.new_state(), random.Random(SEED), 150)
    decisions = [s for s in walk if not s.is_chance and not s.is_terminal]
    return decisions[:: max(1, len(decisions) // 4)][:5]


def _mutate(text: str, rng: random.Random) -> str:
    """A legal action's notation with its digits or letters swapped for look-alikes."""
    chars = list(text)
    for i, ch in enumerate(chars):
        if ch.isdigit() and rng.random() < 0.7:
            chars[i] = rng.choice(ODD_DIGITS)
        elif ch.isalpha() and rng.random() < 0.15:
            chars[i] = rng.choice(ODD_LETTERS)
    return "".join(chars)


@st.composite
def hostile_text(draw: st.DrawFn, legal: list[str]) -> str:
    kind = draw(st.sampled_from(["arbitrary", "mutated", "spliced"]))
    if kind == "arbitrary" or not legal:
        return draw(st.text(max_size=60))
    base = draw(st.sampled_from(legal))
    if kind == "mutated":
        return _mutate(base, random.Random(draw(st.integers(0, 2**32))))
    words = base.split()
    at = draw(st.integers(0, len(words)))
    return " ".join([*words[:at], draw(st.text(min_size=1, max_size=12)), *words[at:]])


def check_parse(game: Any, state: State, text: str) -> None:
    note(f"text: {text!r}")
    for player in state.actors:
        try:
            action = game.parse_action(state.clone(), text, player)
        except DicefrontError as exc:
            assert "\n" not in str(exc), f"multi-line error for {text!r}: {exc}"
        else:
            assert action in state.legal_actions(player), f"{text!r} parsed to an illegal {action}"


@pytest.mark.parametrize("name", dicefront.names())
@pytest.mark.parametrize("index", range(5))
@seed(SEED)
@settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_text_gives_an_action_or_a_typed_error(name: str, index: int, data: st.DataObject) -> None:
    states = positions(name)
    if index >= len(states):
        return
    state = states[index]
    legal = [str(a) for p in state.actors for a in state.legal_actions(p)]
    text = data.draw(hostile_text(legal), label=f"text (seed {SEED}, {name} position {index})")
    check_parse(dicefront.load(name), state, text)


@pytest.mark.parametrize("name", dicefront.names())
@pytest.mark.parametrize("text", ["attack d² e7", "attack d٣ e7", "attack ｄ３ e7", "move a" + "9" * 5000,
                                  "mine ²", "move G² 2", "first ²", "deploy-first ²", "w² recruit", "move a1 a2 ſ",
                                  "attack \u212a1 a2", "x" * 100_000], ids=lambda t: ascii(t[:16]))
def test_odd_digits_and_letters_are_notation_errors(name: str, text: str) -> None:
    game = dicefront.load(name)
    state = positions(name)[0]
    with pytest.raises(DicefrontError):
        game.parse_action(state, text, state.actors[0])


def test_grid_reads_only_ascii_cells() -> None:
    grid = Grid(8, 12)
    assert grid.parse("d7") == (3, 6) and grid.parse("D07") == (3, 6)
    for text in ["d²", "d٣", "ｄ3", "\u212a1", "a" + "9" * 5000, "a-1", "a+1", "a 1", "é1", "a"]:
        assert grid.parse(text) is None, text


def test_ascii_numbers_only() -> None:
    assert ascii_int("042") == 42 and ascii_signed_int("-7") == -7
    for text in ["", "²", "٣", "３", "1_000", "+1", " 1", "1" * 7, "9" * 5000, "--1"]:
        assert ascii_int(text) is None and ascii_signed_int(text) is None, text
    assert ascii_int("1" * 7, max_digits=7) == 1111111


def test_roll_parse_keeps_odd_faces_as_text() -> None:
    assert Roll.parse("3, -2 x²") == Roll((3, -2, "x²"))
    assert Roll.parse("² ٣ " + "9" * 50) == Roll(("²", "٣", "9" * 50))


def test_overlong_notation_has_no_words() -> None:
    assert notation_words("a " * MAX_NOTATION_CHARS) == [] and notation_words(" move  a1 ") == ["move", "a1"]


def test_the_play_prompt_reads_only_ascii_numbers() -> None:
    from typer.testing import CliRunner

    from dicefront.cli import app

    lines = ["²", "?²", "? ٣", "３", "9" * 5000, "? " + "9" * 5000, "quit"]
    result = CliRunner().invoke(app, ["play", "ditch", "--seed", "1"], input="\n".join(lines) + "\n")
    assert result.exit_code == 0 and result.exception is None, result.output[-500:]
    assert "Game left" in result.stdout
