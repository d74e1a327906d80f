"""Boards drawn already cut (core/svg_pieces.py): the pieces join back to the board, a
part is drawn once per key, what was drawn before comes back as the same objects, the
memo stays bounded; and in every game that draws through it, a board drawn from a memo
warmed by other games is the board drawn from a fresh one (no key misses what it shows)."""

from __future__ import annotations

import random

import pytest

import dicefront
from dicefront.core import random_step
from dicefront.core.svg_pieces import SEP, PieceBuilder, PieceMemo


def _board(memo: PieceMemo, squares: list[str], calls: list[str]) -> list[str]:
    board = PieceBuilder(memo)
    board.add('<svg><rect width="9"/>')

    def square(name: str) -> str:
        calls.append(name)
        return f'<g id="{name}"><title>{name}</title></g>'

    for name in squares:
        board.draw(name, lambda n=name: square(n))  # type: ignore[misc]
    board.add('<text>status</text></svg>')
    return board.pieces


def test_the_pieces_join_back_to_the_board_cut_before_each_id() -> None:
    calls: list[str] = []
    pieces = _board(PieceMemo(), ["a", "b"], calls)
    text = SEP.join(pieces)
    assert text == '<svg><rect width="9"/><g id="a"><title>a</title></g><g id="b"><title>b</title></g><text>status</text></svg>'
    assert pieces == text.split(SEP)


def test_a_part_is_drawn_once_per_key_and_comes_back_as_the_same_pieces() -> None:
    memo, calls = PieceMemo(), list[str]()
    first = _board(memo, ["a", "b", "c"], calls)
    second = _board(memo, ["a", "x", "c"], calls)
    assert calls == ["a", "b", "c", "x"]
    assert first[0] is second[0] and first[1] is second[1], "the head and a kept square's piece are drawn again"
    assert first[3] is second[3], "the last square (glued to the same status) is not the same object"
    assert first[2] != second[2]


def test_a_group_is_built_once_per_key() -> None:
    memo = PieceMemo()
    built: list[int] = []

    def draw(key: int) -> list[str]:
        board = PieceBuilder(memo)
        board.add("<svg>")

        def squares(sub: PieceBuilder) -> None:
            built.append(key)
            sub.add(f'<g id="s{key}"/><g id="t"/>')

        board.group(key, squares)
        board.add("</svg>")
        return board.pieces

    one, two, other = draw(1), draw(1), draw(2)
    assert built == [1, 2]
    assert SEP.join(one) == '<svg><g id="s1"/><g id="t"/></svg>' and one == two
    assert all(a is b for a, b in zip(one, two, strict=True))
    assert SEP.join(other) == '<svg><g id="s2"/><g id="t"/></svg>'


def test_the_memo_is_bounded_and_keeps_what_is_in_use() -> None:
    memo, calls = PieceMemo(size=2), list[str]()
    for name in "abcdef":
        _board(memo, [name, "kept"], calls)
    assert len(memo.drawn) <= 4 and len(memo.cuts) <= 4 and len(memo.glued) <= 4
    assert calls == [*"abcdef"[:1], "kept", *"bcdef"], "a part in use on every board was drawn again"
    _board(memo, ["a"], calls)
    assert calls[-1] == "a", "a part long out of use is still kept"


def test_a_part_not_kept_leaves_nothing_in_the_memo_and_the_kept_pieces_stay_the_same() -> None:
    memo = PieceMemo()
    boards = []
    for step in range(50):
        board = PieceBuilder(memo)
        board.add(f"<svg><text>step {step}</text>", keep=False)
        board.add('<g id="a"/>')
        board.add(f"<text>status {step}</text>", keep=False)
        board.add('<g id="b"/></svg>')
        boards.append(board.pieces)
        assert SEP.join(board.pieces) == f'<svg><text>step {step}</text><g id="a"/><text>status {step}</text><g id="b"/></svg>'
    assert len(memo.cuts) == 2 and len(memo.glued) <= 2, "parts that were not to be kept are in the memo"
    assert boards[0][2] is boards[-1][2], "the last piece (a kept part after the status) is not handed out again"


def _with_pieces() -> list[str]:
    return [n for n in dicefront.names() if dicefront.load(n).role_function("svg", "render_pieces", required=False) is not None]


def test_every_game_draws_its_board_cut() -> None:
    assert _with_pieces() == dicefront.names()


@pytest.mark.parametrize("name", _with_pieces())
def test_a_board_drawn_from_a_warm_memo_is_the_board_drawn_from_a_fresh_one(name: str) -> None:
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    game = dicefront.load(name)
    cut = game.role_function("svg", "render_pieces")
    fresh = game.role_function("svg", "static_svg")
    for _ in range(3):  # the game object's memo serves every game of these options
        state = game.new_state()
        for step in range(150):
            for v in (0, 1, None):
                view = state.view(v)
                warm = cut(game, view, game.svg_static(v))
                assert warm == cut(game, view, fresh(game, v)), f"{name}, seed {seed}, step {step}, viewer {v}: a stale drawing"
            if state.is_terminal:
                break
            random_step(state, rng)


def test_a_viewers_hidden_minefields_are_drawn_but_never_kept() -> None:
    """Army Man Backgammon with mines: each seat sees its own hidden minefields (a
    yellow mark), but the memo shared with other games of these options keeps none."""
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    game = dicefront.load("army_backgammon", mines=True)
    hidden_mark = 'fill="#ffd54f" font-size="14">✹'
    seen = 0
    for _ in range(2):
        state = game.new_state()
        for _step in range(200):
            for v in (0, 1):
                seen += hidden_mark in game.render_svg(state, v)
            if state.is_terminal:
                break
            random_step(state, rng)
    assert seen, f"seed {seed}: no board showed a hidden minefield"
    for viewer in (0, 1, None):
        memo = game.svg_static(viewer).memo
        kept = [*map(str, memo.cuts.keys()), *memo.glued.values(), *(p for ps in (*memo.drawn.values(), *memo.groups.values()) for p in ps)]
        assert not any(hidden_mark in text for text in kept), f"seed {seed}, viewer {viewer}: a hidden minefield is in the shared memo"


def test_a_part_not_to_be_kept_cannot_be_in_a_group() -> None:
    board = PieceBuilder(PieceMemo())
    with pytest.raises(ValueError, match="not to be kept cannot be in a group"):
        board.group("squares", lambda sub: sub.add("<text>status</text>", keep=False))


def test_pieces_already_cut_are_added_as_they_are() -> None:
    board = PieceBuilder(PieceMemo())
    board.add("<svg>")
    own = ['<g', 'a"/><g', 'b"/>']
    board.extend(own)
    board.add("</svg>")
    assert SEP.join(board.pieces) == '<svg><g id="a"/><g id="b"/></svg>'
    assert board.pieces[1] is own[1], "a piece given already cut is copied"
