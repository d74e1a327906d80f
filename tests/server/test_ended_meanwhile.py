"""Shared (PostgreSQL) database, what happens meanwhile in another process: a game that
ended there (a resignation) or was marked broken takes no step from a process still
driving it (the step is refused as stale, the ending stands, the driver stops); a
person's move made there while this process still held the claim is answered here."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from dicefront.core.chance import Roll
from dicefront.core.record import Step
from dicefront.server import create_app
from dicefront.server.claims import Claims
from dicefront.server.live import LiveGame
from dicefront.server.storage import GameRow, Seat, StaleGameError, Storage

from .test_claims import _row, _store, _wait


@pytest.mark.parametrize("ends_it", [False, True])
def test_no_step_is_stored_after_another_process_ended_the_game(pg_url: str, ends_it: bool) -> None:
    here, there = Storage(pg_url), Storage(pg_url)
    try:
        seats = [Seat("human", token="t0", joined=True), Seat("computer", agent="random")]
        here.create_game(GameRow("g", "ditch", {}, seats, 1.0, automatic=True))
        there.end_game("g", "resigned 0", (-1.0, 1.0), 0)
        roll = Step(None, outcome=Roll((3,)))
        with pytest.raises(StaleGameError):
            here.add_steps("g", 0, [roll], finished=(1.0, -1.0) if ends_it else None, shown=1 if ends_it else None)
        row = there.load_game("g")
    finally:
        here.close()
        there.close()
    assert row is not None and row.status == "resigned 0" and row.returns == [-1.0, 1.0] and row.steps == []


def test_a_driver_stops_when_another_process_marks_its_game_broken(pg_url: str) -> None:
    game_id = _store(pg_url, [Seat("computer", agent="random"), Seat("computer", agent="random")], turn_limit=400)
    app = create_app(pg_url, step_delay=0.01, computer_agents=("random",))
    hub = app.state.hub
    hub.claim_every = 0.05
    with TestClient(app):
        _wait("the game being driven", lambda: len(_row(pg_url, game_id).steps) >= 3)
        other = Storage(pg_url)
        try:
            other.mark_broken(game_id, "found damaged")
        finally:
            other.close()
        at_mark = len(_row(pg_url, game_id).steps)
        _wait("the driver stopping", lambda: hub.rooms[game_id].driver.done())
        assert not hub.claims.holds(game_id)
    row = _row(pg_url, game_id)
    assert row.status.startswith("broken") and len(row.steps) == at_mark


def test_a_move_made_elsewhere_while_the_driver_still_held_the_claim_is_answered(pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Process B stores a person's move just before process A, whose driver made the
    steps up to it, gives the claim back: B could not claim the game, so A goes on with
    it (not after the next sweep: here the sweep waits 1000 s)."""
    game_id = _store(pg_url, [Seat("computer", agent="random"), Seat("human", token="t1", joined=True)], turn_limit=40)
    elsewhere = Storage(pg_url)
    moved: list[int] = []
    release = Claims.release

    async def moving_first(self: Claims, claimed: str) -> None:
        live = LiveGame(_row(pg_url, game_id), elsewhere)
        while not moved and not live.finished and 1 in live.state.actors and not live.state.is_chance:  # B: the person's move(s)
            plan = live.plan_act(1, str(live.state.legal_actions(1)[0]))
            live.write(plan)
            live.accept(plan)
        if live.needs_driving() and live.length > 1:
            moved.append(live.length)
        await release(self, claimed)

    monkeypatch.setattr(Claims, "release", moving_first)
    app = create_app(pg_url, step_delay=0, computer_agents=("random",))
    app.state.hub.claim_every = 1000.0
    try:
        with TestClient(app):
            _wait("the person's move", lambda: bool(moved))
            _wait("the game going on after it", lambda: len(_row(pg_url, game_id).steps) > moved[0], timeout=30)
    finally:
        elsewhere.close()
