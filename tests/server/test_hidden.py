"""Hidden information: every message each seat and a spectator receive while a
game is played is scanned against what that seat may know.

Every registered game is played over the websocket by two people (random legal
actions, seeded); afterwards each message is checked against the position it was
sent at (rebuilt by replaying the record): the view is exactly ``view(seat)``, the
actions are that seat's own, and no string that only the opponent (or nobody) may
know appears anywhere in it, the SVG included. No token of the other seat and no
trace of the dice source ever appears."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

import dicefront
from dicefront.core import State, replay_states
from dicefront.server.live import LiveGame

from .conftest import create, drain, invite_token, live, settle

ACTIONS = 40


def _strings(data: Any) -> set[str]:
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return set().union(*(_strings(k) | _strings(v) for k, v in data.items())) if data else set()
    if isinstance(data, list):
        return set().union(*(_strings(v) for v in data)) if data else set()
    return set()


def _secrets(state: State, seat: int | None) -> set[str]:
    """Strings the opponent or the full state hold that ``seat``'s view does not."""
    mine = json.dumps(state.view(seat))
    others = _strings(state.to_json()["state"])
    for p in (0, 1):
        if p != seat:
            others |= _strings(state.view(p))
    return {s for s in others if len(s) >= 3 and not s.replace(" ", "").isdigit() and json.dumps(s) not in mine and s not in mine}


def _play(
    client: TestClient, connect: Any, game: str, seed: int, options: dict[str, Any]
) -> tuple[dict[str, Any], dict[int | None, list[dict[str, Any]]]]:
    made = create(client, game=game, **options)
    tokens = {0: made["token"], 1: invite_token(made)}
    settle(client, made["id"])
    socks = {0: connect(made["id"], tokens[0]), 1: connect(made["id"], tokens[1]), None: connect(made["id"])}
    seen: dict[int | None, list[dict[str, Any]]] = {s: [] for s in socks}
    latest = {s: drain(ws, 0, seen[s]) for s, ws in socks.items()}
    rng = random.Random(seed)
    for _ in range(ACTIONS):
        state = live(client, made["id"]).state
        if state.is_terminal:
            break
        seat = rng.choice(list(state.actors))
        actions = latest[seat]["actions"]
        assert actions, f"seed {seed}: seat {seat} is to act but was sent no actions"
        socks[seat].send_json({"type": "act", "action": rng.choice(actions)["text"]})
        latest[seat] = drain(socks[seat], latest[seat]["step"] + 1, seen[seat])
        settle(client, made["id"])
        g = live(client, made["id"])
        for s, ws in socks.items():
            length = g.visible_length(s)
            latest[s] = drain(ws, length, seen[s]) if latest[s]["step"] < length else latest[s]
    return {"id": made["id"], "tokens": tokens}, seen


def _cases() -> list[Any]:
    """Every game; every preset of the games with hidden information."""
    out = []
    for name in dicefront.names():
        game = dicefront.load(name)
        presets = dict(game.spec.presets) if game.spec.hidden_information else {}
        for preset, options in (presets or {"default": {}}).items():
            out.append(pytest.param(name, dict(options), id=f"{name}-{preset}"))
    return out


@pytest.mark.parametrize(("game", "options"), _cases())
def test_every_message_holds_only_what_its_seat_may_know(
    client: TestClient, connect: Any, monkeypatch: pytest.MonkeyPatch, game: str, options: dict[str, Any]
) -> None:
    seed = 1234
    sent_at: dict[int | None, list[int]] = {0: [], 1: [], None: []}  # the true length when each state message was built
    build = LiveGame.message

    def spy(self: LiveGame, seat: int | None, *args: Any) -> dict[str, Any]:
        sent_at[seat].append(self.length)
        return build(self, seat, *args)

    monkeypatch.setattr(LiveGame, "message", spy)
    made, seen = _play(client, connect, game, seed, options)
    g = live(client, made["id"])
    states = [s for _, s, _ in replay_states(g.record)]
    checked = 0
    for seat, messages in seen.items():
        true_lengths = iter(sent_at[seat])
        for msg in messages:
            text = json.dumps(msg)
            for other, token in made["tokens"].items():
                if other != seat:
                    assert token not in text, f"seed {seed}: seat {seat} was sent seat {other}'s token"
            assert "getstate" not in text and "SystemRandom" not in text
            if msg["type"] != "state":
                continue
            state = states[next(true_lengths)]
            where = f"{game}, seed {seed}, seat {seat}, step {msg['step']}"
            assert msg["view"] == state.view(seat), where
            legal = [str(a) for a in state.legal_actions(seat)] if seat is not None else []
            assert [a["text"] for a in msg["actions"]] == legal, where
            body = json.dumps({k: v for k, v in msg.items() if k not in ("svg", "actions")})  # actions: checked above
            for secret in _secrets(state, seat):
                assert json.dumps(secret) not in body, f"{where}: the secret {secret!r} was sent"
                # SVG text: only longer strings (a short "3/1" may be public by deduction)
                assert len(secret) < 4 or f">{secret}<" not in msg["svg"], f"{where}: the SVG shows the secret {secret!r}; view: {json.dumps(msg['view'])}"
            _same_in_other_worlds(g.game, state, seat, msg, random.Random(seed + msg["step"]), where)
            checked += 1
    assert checked > 3 * 5


def _same_in_other_worlds(game: Any, state: State, seat: int | None, msg: dict[str, Any], rng: random.Random, where: str) -> None:
    """Re-sample the secrets this seat cannot see: its message must not change (so
    nothing in it, the SVG included, depends on those secrets)."""
    if not game.spec.hidden_information:
        return
    for knower in (0, 1) if seat is None else (seat,):
        other = state.determinize(knower, rng)
        assert other.view(seat) == msg["view"], f"{where}: determinize changed the view"
        assert game.render_svg(other, seat) == msg["svg"], f"{where}: the SVG depends on secrets hidden from this seat"
