"""Recorded Trench Checkers replays still re-run to the identical final state: a change
to the rules, the notation or the saved state that would break old replays fails here."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicefront import MatchRecord, rerun
from dicefront.core.record import state_digest

REPLAYS = sorted((Path(__file__).parents[2] / "fixtures" / "replays").glob("trench_checkers-*.json"))


def test_replays_are_recorded() -> None:
    assert len(REPLAYS) >= 2


@pytest.mark.parametrize("path", REPLAYS, ids=[p.stem for p in REPLAYS])
def test_recorded_replay_reruns_to_the_same_final_state(path: Path) -> None:
    record = MatchRecord.load(path)
    assert record.game == "trench_checkers" and record.final_digest
    final = rerun(record)  # raises ReplayError on a step that no longer applies or another digest
    assert state_digest(final) == record.final_digest
    assert final.returns() == record.returns and final.is_terminal == record.finished
