"""One name per seat wherever people read it now: the game's status line, board, action
buttons, hand and result name a seat as the server's players list does (the banner
shows ``person``, with the side ``name`` when the game names its sides), so a game
whose sides have no names says "Player 1" / "Player 2", never a 0-based "Player 0".
Event texts too: stored replays keep them word for word ("Player 0 deploys..."), and
the log, the move list and the dice box the server sends say "Player 1 deploys..."."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import dicefront
from dicefront.core.errors import DicefrontError
from dicefront.server.hub import Hub, Room
from dicefront.server.live import LiveGame
from dicefront.server.storage import Storage

from .helpers_async import run_coroutine

MOVES = 80
GENERIC = re.compile(r"\bPlayer (\d+)\b")


async def _sink(msg: dict[str, Any]) -> None:
    return None


async def _settle(room: Room) -> None:
    while room.driver is not None and not room.driver.done():
        await room.driver


def _banner_names(live: LiveGame) -> list[str]:
    """The name by which the banner and the status line both tell a seat: its side's
    name when the game has one (the banner: "Player 2 (Tan)"), else the person's (an
    unnamed seat: the server's default name)."""
    players = live.players({0, 1})
    return [p["person"] if p["name"].startswith("Player ") else p["name"] for p in players]


def _shown_texts(live: LiveGame, seat: int | None) -> str:
    msg = live.message(seat, [], {0, 1})
    labels = [a.get("label") or "" for a in msg["actions"]]
    result = (msg["result"] or {}).get("text", "")
    return "\n".join([msg["status"], msg["svg"], json.dumps(msg.get("hand")), result, *labels])


def _check_sent(live: LiveGame, sent: list[dict[str, Any]]) -> None:
    """The event log, move list and dice box texts of the messages sent name seats as shown."""
    persons = [p["person"] for p in live.players({0, 1})]
    for msg in sent:
        texts = json.dumps([msg.get("events"), msg.get("rolls"), msg.get("moves")])
        for number in GENERIC.findall(texts):
            assert f"Player {number}" in persons, f"'Player {number}' in a sent log; the seats are {persons}"
    sent.clear()


def _check(live: LiveGame) -> None:
    names = _banner_names(live)
    players = live.players({0, 1})
    persons = [p["person"] for p in players]
    for p in players:
        if p["name"].startswith("Player "):  # no side names: the game's name is the person's default
            assert p["name"] == p["person"], players
    state = live.state
    if not state.is_chance and not state.is_terminal:
        for seat in state.actors:
            assert names[seat] in state.status_text(), (state.status_text(), names)
    for viewer in (0, 1, None):
        shown = _shown_texts(live, viewer)
        for number in GENERIC.findall(shown):
            assert f"Player {number}" in persons, (f"'Player {number}' shown; the seats are {persons}", state.status_text())


@pytest.mark.parametrize("name", dicefront.names())
def test_the_status_line_board_and_banner_give_a_seat_one_name(tmp_path: Path, name: str) -> None:
    seed = random.randrange(2**32)

    async def scenario() -> None:
        hub = Hub(Storage(tmp_path / "games.sqlite3"), step_delay=0)
        try:
            room, _, _ = await hub.create(name, {}, "friend", 0)
            sent: list[dict[str, Any]] = []

            async def sink(msg: dict[str, Any]) -> None:
                sent.append(msg)

            conns = {seat: await hub.connect(room, sink, seat) for seat in (0, 1)}
            rng = random.Random(seed)
            for _ in range(MOVES):
                await _settle(room)
                _check(room.live)
                _check_sent(room.live, sent)
                state = room.live.state
                if state.is_terminal or not state.actors:
                    break
                seat = rng.choice(state.actors)
                await hub.act(room, conns[seat], str(rng.choice(state.legal_actions(seat))))
        finally:
            await hub.close()
            hub.storage.close()

    try:
        run_coroutine(scenario())
    except AssertionError:
        print(f"seed={seed}")
        raise


def test_a_seat_is_told_it_is_not_its_turn_by_its_banner_name(tmp_path: Path) -> None:
    """Every game whose opening leaves one seat waiting: that seat's move is refused
    with the name the banner gives it."""

    async def scenario() -> list[tuple[str, str]]:
        hub = Hub(Storage(tmp_path / "games.sqlite3"), step_delay=0)
        told: list[tuple[str, str]] = []
        try:
            for name in dicefront.names():
                room, _, _ = await hub.create(name, {}, "friend", 0)
                await _settle(room)
                waiting = [seat for seat in (0, 1) if seat not in room.live.state.actors]
                if not waiting or room.live.game.spec.simultaneous:
                    continue
                conn = await hub.connect(room, _sink, waiting[0])
                try:
                    await hub.act(room, conn, "anything")
                except DicefrontError as exc:
                    told.append((str(exc), _banner_names(room.live)[waiting[0]]))
        finally:
            await hub.close()
            hub.storage.close()
        return told

    told = run_coroutine(scenario())
    assert len(told) >= 2, told
    for text, name in told:
        assert text.endswith(f"it is not {name}'s turn"), (text, name)
