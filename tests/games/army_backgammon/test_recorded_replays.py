"""Army Man Backgammon replays recorded before the package took the uniform shape
(#14) still load and re-run to the same final state (the digest stored in the file)
and to the same events, so later changes to the rules are caught."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicefront.core.record import MatchRecord, replay_states, rerun, state_digest

REPLAYS = sorted((Path(__file__).parents[2] / "fixtures" / "replays").glob("army_backgammon-*.json"))


def test_replays_are_there() -> None:
    assert len(REPLAYS) >= 2


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.stem)
def test_recorded_replay_reruns_to_the_same_final_state(path: Path) -> None:
    record = MatchRecord.load(path)
    assert record.game == "army_backgammon"
    final = rerun(record)  # raises ReplayError on a digest mismatch
    assert state_digest(final) == record.final_digest
    assert final.is_terminal and record.finished


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.stem)
def test_recorded_replay_reruns_to_the_same_events(path: Path) -> None:
    record = MatchRecord.load(path)
    for i, _, step in replay_states(record):
        if step is None:
            break
        recorded = [(e.kind, e.text, e.data, e.audience) for e in record.steps[i].events]
        assert [(e.kind, e.text, e.data, e.audience) for e in step.events] == recorded, f"step {i}"
