"""Cheaper messages, same behaviour: the wire's JSON (orjson when installed, else the
standard library) carries the same values; a move sent in the exact words of the seat's
action list is taken from that list without parsing it again, and any other text is
parsed (and refused) as before."""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dicefront.core.game import Game
from dicefront.server import wire

from .conftest import create, drain, invite_token, live, receive, settle


def _values() -> list[Any]:
    seed = 1811
    rng = random.Random(seed)
    words = ['<g id="cell-a1" class="x">', "caf\u00e9 \u2014 \U0001f3b2", 'quote " back \\ slash', "\x00\x1f ctl"]
    out: list[Any] = [{"type": "state", "seat": None, "svg": words[0], "n": 1.5, "ok": True, "ids": (1, 2)}, {1: "int key"}, [2**70]]
    for _ in range(50):
        out.append({rng.choice(words): [rng.random(), rng.randrange(-(2**40), 2**40), rng.choice(words), None] for _ in range(4)})
    return out


@pytest.mark.parametrize("fast", [True, False])
def test_the_wire_json_has_the_standard_librarys_values(fast: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if fast and not wire.FAST and os.environ.get("CI") == "true":
        pytest.fail("orjson (the 'fast' extra) is not installed: scripts/test.sh installs it")
    if fast and not wire.FAST:
        pytest.skip("orjson is not installed (pip install -e '.[fast]')")
    if not fast:
        monkeypatch.setattr(wire, "orjson", None)
    for value in _values():
        text = wire.dumps(value)
        assert isinstance(text, str)
        assert json.loads(text) == json.loads(json.dumps(value)), f"seed 1811: {value!r}"


def test_a_move_in_the_action_lists_words_is_not_parsed_again(client: TestClient, connect: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    made = create(client)  # Ditch against a friend: the two seats take turns
    settle(client, made["id"])
    game = live(client, made["id"])
    tokens = [made["token"], invite_token(made)]
    socks = [connect(made["id"], tokens[0]), connect(made["id"], tokens[1])]
    latest = [receive(ws) for ws in socks]
    parsed: list[str] = []
    original = Game.parse_action

    def counting(self: Game[Any, Any], state: Any, text: str, player: int) -> Any:
        parsed.append(text)
        return original(self, state, text, player)

    monkeypatch.setattr(Game, "parse_action", counting)
    for _ in range(3):
        mover = game.state.actors[0]
        while latest[mover]["step"] < game.visible_length(mover) or not latest[mover]["actions"]:
            latest[mover] = receive(socks[mover])
        text = latest[mover]["actions"][-1]["text"]
        parsed.clear()
        socks[mover].send_json({"type": "act", "action": text})
        latest[mover] = drain(socks[mover], latest[mover]["step"] + 1)
        settle(client, made["id"])
        assert parsed == [], f"the move {text!r}, written as the action list shows it, was parsed again"
        assert text in [step.action for step in game.record.steps[-3:]]
    mover = game.state.actors[0]
    socks[mover].send_json({"type": "act", "action": "no such move"})  # anything else is parsed, and refused, as before
    while (refused := receive(socks[mover]))["type"] != "error":
        pass
    assert parsed == ["no such move"] and "no such move" in refused["message"]


def test_a_move_in_the_action_lists_words_is_not_checked_again(client: TestClient, connect: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The listed action was taken from this very state's legal actions: it is pushed,
    not looked for among them again; a move written otherwise is still checked."""
    made = create(client)
    settle(client, made["id"])
    game = live(client, made["id"])
    tokens = [made["token"], invite_token(made)]
    socks = [connect(made["id"], tokens[0]), connect(made["id"], tokens[1])]
    latest = [receive(ws) for ws in socks]
    state_class = type(game.state)
    checked: list[str] = []
    original = state_class.apply

    def counting(self: Any, action: Any, player: int) -> Any:
        checked.append(str(action))
        return original(self, action, player)

    monkeypatch.setattr(state_class, "apply", counting)
    for _ in range(3):
        mover = game.state.actors[0]
        while latest[mover]["step"] < game.visible_length(mover) or not latest[mover]["actions"]:
            latest[mover] = receive(socks[mover])
        text = latest[mover]["actions"][-1]["text"]
        checked.clear()
        socks[mover].send_json({"type": "act", "action": text})
        latest[mover] = drain(socks[mover], latest[mover]["step"] + 1)
        settle(client, made["id"])
        assert checked == [], f"the listed move {text!r} was checked against the legal actions again"
        assert text in [step.action for step in game.record.steps[-3:]]
    mover = game.state.actors[0]
    while latest[mover]["step"] < game.visible_length(mover) or not latest[mover]["actions"]:
        latest[mover] = receive(socks[mover])
    text = latest[mover]["actions"][0]["text"]
    socks[mover].send_json({"type": "act", "action": f"  {text} "})  # not the list's words: parsed and checked
    latest[mover] = drain(socks[mover], latest[mover]["step"] + 1)
    settle(client, made["id"])
    assert len(checked) == 1
