"""Board patches (server/board_diff.py): a patch applied to the board a seat was last
sent gives exactly the new board, in every game and for every viewer; updates on the
wire carry the patch, not the board; a greeting, a sync and a reconnection get the
whole board; a message is encoded once however many connections of its seat get it."""

from __future__ import annotations

import json
import random
from itertools import pairwise
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

import dicefront
from dicefront.core import random_step
from dicefront.server import board_diff
from dicefront.server.board_diff import Outbox

from .conftest import create, invite_token, live, receive, settle

VIEWERS: tuple[int | None, ...] = (0, 1, None)


@pytest.mark.parametrize("name", dicefront.names())
def test_a_patch_applied_to_the_previous_board_gives_the_new_board(name: str) -> None:
    seed = 20260 + len(name)
    rng = random.Random(seed)
    game = dicefront.load(name)
    patched = 0
    for _ in range(3):
        state = game.new_state()
        boards = {v: board_diff.pieces(game.render_svg(state, v)) for v in VIEWERS}
        for step in range(120):
            if state.is_terminal:
                break
            random_step(state, rng)
            for v in VIEWERS:
                svg = game.render_svg(state, v)
                patch = json.loads(json.dumps(board_diff.diff(boards[v], board_diff.pieces(svg))))  # as sent
                got = board_diff.join(board_diff.apply_patch(boards[v], patch))
                assert got == svg, f"{name}, seed {seed}, step {step}, viewer {v}: the patched board differs from the board"
                patched += bool(patch["ops"])
                boards[v] = board_diff.pieces(svg)
    assert patched, f"{name}, seed {seed}: no board ever changed"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from("abcde"), max_size=12), st.lists(st.sampled_from("abcdef"), max_size=12))
def test_a_patch_between_any_two_lists_of_pieces_gives_the_new_list(old: list[str], new: list[str]) -> None:
    patch = board_diff.diff(old, new)
    assert board_diff.apply_patch(old, patch) == new
    ops = patch["ops"]
    assert all(a[1] <= b[0] for a, b in pairwise(ops)), f"operations overlap or are out of order: {ops}"
    same = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), min(len(old), len(new)))
    assert all(op[0] >= same for op in ops), f"an operation touches the equal pieces before the first change: {ops}"
    if old == new:
        assert ops == []


def test_a_patch_that_does_not_fit_the_board_is_refused() -> None:
    old = board_diff.pieces('<svg><g id="a">1</g><g id="b">2</g></svg>')
    good = board_diff.diff(old, board_diff.pieces('<svg><g id="a">1</g><g id="b">3</g></svg>'))
    assert board_diff.join(board_diff.apply_patch(old, good)) == '<svg><g id="a">1</g><g id="b">3</g></svg>'
    for bad in ({**good, "of": len(old) + 1}, {"of": len(old), "ops": [[2, 1, []]]}, {"of": len(old), "ops": [[0, 9, ["x"]]]},
                {"of": len(old), "ops": [[0, 2, ["x"]], [1, 3, ["y"]]]}, {"of": len(old), "ops": [[0, 1, [5]]]}):
        with pytest.raises(ValueError):
            board_diff.apply_patch(old, bad)
    assert old == board_diff.pieces('<svg><g id="a">1</g><g id="b">2</g></svg>'), "a refused patch changed the board"


def _state(svg: str, full: bool, step: int = 1) -> dict[str, Any]:
    return {"type": "state", "seat": 0, "step": step, "svg": svg, "full": full}


def test_an_outbox_sends_the_first_board_whole_then_patches_and_whole_boards_for_full_messages() -> None:
    one, two = '<svg><g id="a">1</g><g id="b">2</g></svg>', '<svg><g id="a">1</g><g id="b">3</g></svg>'
    box = Outbox()
    first = json.loads(box.encode(_state(one, full=False)))  # nothing held yet: the whole board
    assert first["svg"] == one and "patch" not in first
    update = json.loads(box.encode(_state(two, full=False, step=2)))
    assert "svg" not in update and update["patch"] == {"of": 3, "ops": [[2, 3, ['b">3</g></svg>']]]}
    again = json.loads(box.encode(_state(two, full=True, step=2)))  # a greeting or a sync
    assert again["svg"] == two and "patch" not in again
    other = json.loads(box.encode({"type": "frame", "svg": one}))  # not a state message: as it is
    assert other == {"type": "frame", "svg": one}


def test_one_message_to_connections_holding_the_same_board_is_encoded_once() -> None:
    one, two = '<svg><g id="a">1</g></svg>', '<svg><g id="a">2</g></svg>'
    greeting, update = _state(one, full=True), _state(two, full=False, step=2)
    boxes = [Outbox(), Outbox()]
    assert boxes[0].encode(greeting) is boxes[1].encode(greeting)
    assert boxes[0].encode(update) is boxes[1].encode(update)
    late = Outbox()  # holds no board: gets its own (whole) text
    assert json.loads(late.encode(update))["svg"] == two


def _raw(client: TestClient, game_id: str, token: str) -> Any:
    ws = client.websocket_connect(f"/ws/{game_id}")
    ws.__enter__()
    ws.send_json({"type": "hello", "token": token})
    return ws


def _next_state(ws: Any) -> dict[str, Any]:
    while (msg := ws.receive_json()).get("type") != "state":
        pass
    return dict(msg)


def test_updates_carry_patches_and_reconnecting_or_syncing_gets_the_whole_board(client: TestClient) -> None:
    made = create(client)  # Ditch against a friend
    settle(client, made["id"])
    game = live(client, made["id"])
    tokens = [made["token"], invite_token(made)]
    mover = game.state.actors[0]
    ws = _raw(client, made["id"], tokens[mover])
    try:
        greeting = _next_state(ws)
        assert greeting["full"] and greeting["svg"].startswith("<svg")
        board = board_diff.pieces(greeting["svg"])
        ws.send_json({"type": "act", "action": greeting["actions"][0]["text"]})
        update = _next_state(ws)
        assert "svg" not in update and update["patch"]["of"] == len(board)
        board = board_diff.apply_patch(board, update["patch"])
        settle(client, made["id"])
        while update["step"] < game.visible_length(mover):
            update = _next_state(ws)
            board = board_diff.apply_patch(board, update["patch"])
        assert board_diff.join(board) == game.game.render_svg(game.state, mover)
        ws.send_json({"type": "sync"})
        synced = _next_state(ws)
        assert synced["svg"] == board_diff.join(board) and "patch" not in synced
    finally:
        ws.__exit__(None, None, None)
    again = _raw(client, made["id"], tokens[mover])  # a reconnection: a new socket holds no board
    try:
        back = _next_state(again)
        assert back["svg"] == board_diff.join(board) and "patch" not in back
    finally:
        again.__exit__(None, None, None)


def test_patched_boards_seen_through_the_test_socket_match_the_server(client: TestClient, connect: Any) -> None:
    made = create(client)
    settle(client, made["id"])
    game = live(client, made["id"])
    tokens = [made["token"], invite_token(made)]
    socks = {0: connect(made["id"], tokens[0]), 1: connect(made["id"], tokens[1]), None: connect(made["id"])}
    latest = {v: receive(ws) for v, ws in socks.items()}
    rng = random.Random(7)
    for _ in range(6):
        mover = game.state.actors[0]
        before = latest[mover]["step"]
        socks[mover].send_json({"type": "act", "action": rng.choice(latest[mover]["actions"])["text"]})
        while latest[mover]["step"] <= before:  # the move is applied before the game is read again
            latest[mover] = receive(socks[mover])
            assert "step" in latest[mover], latest[mover]
        settle(client, made["id"])
        for v, ws in socks.items():
            while latest[v]["step"] < game.visible_length(v) or (not latest[v]["actions"] and v in game.state.actors):
                latest[v] = receive(ws)
            assert latest[v]["svg"] == game.game.render_svg(game.state, v), f"viewer {v}: the patched board is not the server's"


@pytest.mark.parametrize("name", dicefront.names())
def test_a_board_drawn_cut_is_the_board_cut_whole(name: str) -> None:
    """The svg role's optional render_pieces gives exactly the pieces of the board
    render_svg draws, cut before each element id, for every viewer over random play;
    the squares that did not change are the same piece objects as the step before."""
    cut = dicefront.load(name).role_function("svg", "render_pieces", required=False)
    if cut is None:
        return
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    game = dicefront.load(name)
    state = game.new_state()
    kept = 0
    last: dict[int | None, list[str]] = {}
    for step in range(80):
        for v in VIEWERS:
            drawn = cut(game, state.view(v), game.svg_static(v))
            assert drawn == board_diff.pieces(game.render_svg(state, v)), f"{name}, seed {seed}, step {step}, viewer {v}"
            if v in last and len(last[v]) == len(drawn):
                kept += sum(a is b for a, b in zip(last[v], drawn, strict=True))
            last[v] = drawn
        if state.is_terminal:
            break
        random_step(state, rng)
    assert kept > 0, f"{name}, seed {seed}: no piece was handed out again"


@pytest.mark.parametrize("name", dicefront.names())
def test_a_board_drawn_cut_is_the_board_and_is_patched_the_same(name: str) -> None:
    """seat_view.picture draws the same bytes as Game.render_svg (through the svg role's
    render_pieces where a game has one), and an outbox sends it patched the same."""
    from dicefront.server.seat_view import picture

    seed = random.randrange(2**32)
    rng = random.Random(seed)
    game = dicefront.load(name)
    state = game.new_state()
    outboxes = {v: (Outbox(), Outbox()) for v in VIEWERS}
    for step in range(60):
        for v in VIEWERS:
            drawn = picture(game, state, v, state.view(v))
            svg = game.render_svg(state, v)
            assert drawn == svg, f"{name}, seed {seed}, step {step}, viewer {v}: the picture differs"
            parted, whole = outboxes[v]
            texts = [box.encode({"type": "state", "svg": board, "full": step == 0}) for box, board in ((parted, drawn), (whole, svg))]
            assert texts[0] == texts[1], f"{name}, seed {seed}, step {step}, viewer {v}: the patch differs"
        if state.is_terminal:
            break
        random_step(state, rng)
