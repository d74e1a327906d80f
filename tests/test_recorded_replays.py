"""Replays recorded by earlier versions (tests/fixtures/replays/, at least two per game)
still load and re-run to the identical final state (the digest stored in each file) with
the same events, so changes to the rules, a codec or the notation are caught.

Files recorded before events named their dice carry no ``dice``; for those the re-run
events are compared without it."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import dicefront
from dicefront.core.record import MatchRecord, replay_states, rerun, state_digest
from dicefront.core.registry import build

REPLAYS = sorted((Path(__file__).parent / "fixtures" / "replays").glob("*.json"))


@pytest.mark.parametrize("name", dicefront.names())
def test_every_game_has_recorded_replays(name: str) -> None:
    assert len([p for p in REPLAYS if p.name.startswith(f"{name}-")]) >= 2


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.stem)
def test_recorded_replay_reruns_to_the_same_final_state(path: Path) -> None:
    record = MatchRecord.load(path)
    assert path.name.startswith(f"{record.game}-")
    final = rerun(record)  # raises ReplayError when the digest differs
    assert state_digest(final) == record.final_digest
    assert final.is_terminal == record.finished
    assert list(final.returns()) == list(record.returns)


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.stem)
def test_recorded_replay_emits_the_same_events(path: Path) -> None:
    record = MatchRecord.load(path)
    named_dice = any("dice" in e.to_json() for s in record.steps for e in s.events)
    for i, _, step in replay_states(record):
        if step is None:
            break
        recorded = [e.to_json() for e in record.steps[i].events]
        again = [e.to_json() for e in step.events]
        if not named_dice:
            again = [{k: v for k, v in e.items() if k != "dice"} for e in again]
        assert again == recorded, f"{path.name}: step {i}"


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.stem)
def test_replay_recorded_before_an_option_existed_reruns_under_its_legacy_value(path: Path) -> None:
    # A record written before an option was added does not name it; the option's
    # ``legacy`` value (the rules it was played by) applies, not today's default.
    record = MatchRecord.load(path)
    legacy = {f.name for f in dataclasses.fields(dicefront.load(record.game).options_class) if f.metadata.get("legacy") is not None}
    named = {k: v for k, v in record.options.items() if k not in legacy}
    # such a record's digest covered the options it named, no others
    older = dataclasses.replace(record, options=named, final_digest=state_digest(rerun(record), named))
    final = rerun(older)
    assert state_digest(final) == record.final_digest


def test_legacy_values_are_only_for_stored_games() -> None:
    for name in dicefront.names():
        cls = dicefront.load(name).options_class
        for f in dataclasses.fields(cls):
            legacy = f.metadata.get("legacy")
            if legacy is None:
                continue
            assert getattr(build(name, {}).options, f.name) == f.default
            assert getattr(build(name, {}, stored=True).options, f.name) == legacy
