"""Ditch's board pictures are byte for byte those of the renderer before its seventh-pass
speed-up (issue #18): a digest of every picture drawn, for both seats and a spectator,
over seeded random games. A deliberate change of the picture changes the digest: give
the new one here (the first test prints it) in the same commit as the change."""

from __future__ import annotations

import hashlib
import random

import pytest

import dicefront
from dicefront.core.match import roll
from dicefront.core.svg_pieces import PieceMemo
from dicefront.games.ditch import svg

SEEDS = (1, 2, 3)
STEPS = 400
FIRST = "e4acb866902a806f6e98c5f2c2b4b99864ce91277d59972dc45bed4f44ce4f97"  # pictures_digest(SEEDS[0]), by the old renderer
DIGEST = "fa181ee2ce41b1b068fdd4d8b0e7493195dc41e1e953fa8f4b50a010a84ccacd"


def pictures_digest(seed: int) -> str:
    """The SHA-256 of every picture of one seeded random game (each viewer, each step),
    drawn by fresh renders and by the game's cached ones alike."""
    rng = random.Random(seed)
    game = dicefront.load("ditch")
    uncached = game.role_function("svg", "render_svg")
    state = game.new_state()
    digest = hashlib.sha256()
    for _ in range(STEPS):
        for viewer in (0, 1, None):
            view = state.view(viewer)
            cached = game.render_svg(state, viewer, view)
            if cached != uncached(game, view):
                raise AssertionError(f"seed={seed}: the cached picture differs from a fresh one for viewer {viewer}")
            digest.update(cached.encode())
        if state.is_terminal:
            break
        if state.is_chance:
            roll(state, rng)
        else:
            seat = state.actors[0]
            state.apply(rng.choice(state.legal_actions(seat)), seat)
    return digest.hexdigest()


def test_the_pictures_are_byte_for_byte_the_old_renderers() -> None:
    found = hashlib.sha256("".join(pictures_digest(seed) for seed in SEEDS).encode()).hexdigest()
    assert found == DIGEST, f"seeds {SEEDS}: the pictures' digest is {found}"


def test_the_kept_boards_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game object serves many games: what its memo keeps (core/svg_pieces.py) stays
    within its bounds (the boards out of use dropped), and the pictures stay the same."""
    monkeypatch.setattr(svg, "PieceMemo", lambda: PieceMemo(size=8, groups=2))
    assert pictures_digest(SEEDS[0]) == FIRST
    game = dicefront.load("ditch")
    rng = random.Random(SEEDS[0])
    state = game.new_state()
    for _ in range(60):
        game.render_svg(state, 0)
        if state.is_chance:
            roll(state, rng)
        else:
            seat = state.actors[0]
            state.apply(rng.choice(state.legal_actions(seat)), seat)
    memo = game.svg_static(0).memo
    assert 2 <= len(memo.groups) <= 4, "the boards kept are not bounded by the memo's size"
    assert len(memo.drawn) <= 16 and len(memo.cuts) <= 16 and len(memo.glued) <= 16
