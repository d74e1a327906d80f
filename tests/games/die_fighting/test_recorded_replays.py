"""Die Fighting replays recorded before the package took the uniform layout (#14) still
load and re-run to the same final state (the digest stored in the file), so later
changes to the rules are caught."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicefront.core.record import MatchRecord, rerun, state_digest

REPLAYS = sorted((Path(__file__).parents[2] / "fixtures" / "replays").glob("die_fighting-*.json"))


def test_replays_are_there() -> None:
    assert len(REPLAYS) >= 2


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.stem)
def test_recorded_replay_reruns_to_the_same_final_state(path: Path) -> None:
    record = MatchRecord.load(path)
    assert record.game == "die_fighting"
    final = rerun(record)  # raises ReplayError on a digest mismatch
    assert state_digest(final) == record.final_digest
    assert final.is_terminal and record.finished
