"""Hell's Ditch replays recorded earlier still load and re-run to the identical final
state (the digest stored in each file) with the same events, so later changes to the
rules, the codec or the notation are caught.

``hells_ditch-default.json`` was recorded before the package took its uniform shape
(its events carry no ``dice``); ``hells_ditch-quick.json`` after it."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicefront.core.record import MatchRecord, replay_states, rerun, state_digest

REPLAYS = sorted((Path(__file__).parents[2] / "fixtures" / "replays").glob("hells_ditch-*.json"))


def test_the_recorded_replays_are_there() -> None:
    assert len(REPLAYS) >= 2


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.stem)
def test_recorded_replay_reruns_to_the_same_final_state(path: Path) -> None:
    record = MatchRecord.load(path)
    assert record.game == "hells_ditch"
    final = rerun(record)  # raises ReplayError when the digest differs
    assert state_digest(final) == record.final_digest
    assert final.is_terminal and record.finished
    assert list(final.returns()) == list(record.returns)


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.stem)
def test_recorded_replay_emits_the_same_events(path: Path) -> None:
    record = MatchRecord.load(path)
    for i, _, step in replay_states(record):
        if step is None:
            break
        recorded = [e.to_json() for e in record.steps[i].events]
        again = [e.to_json() for e in step.events]
        if not any("dice" in e for e in recorded):  # recorded before events named their dice
            again = [{k: v for k, v in e.items() if k != "dice"} for e in again]
        assert again == recorded, f"step {i}"
