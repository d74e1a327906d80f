"""Data-file options (boards, maps, armies, unit tables, card lists): shipped names,
designer files given as text, and bounded local reads only where they are allowed."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import dicefront
from dicefront.agents import RandomAgent
from dicefront.core import build_options, opt, rerun
from dicefront.core.errors import DataFileError, DicefrontError, OptionError
from dicefront.core.match import play_match
from dicefront.core.record import MatchRecord
from dicefront.core.registry import build
from dicefront.games.ditch import DitchGame

from .fifo_guard import fifo_guard

MAX_DATA_BYTES = 1 << 20  # dicefront.core.data.MAX_DATA_BYTES, the documented cap
FIELD = (Path(dicefront.__file__).parent / "games" / "ditch" / "boards" / "field.toml").read_text(encoding="utf-8")
NARROW = FIELD.replace('name = "Field"', 'name = "Narrow"').replace(".g....g.\n....g...", ".g.g..g.\n........")


def test_shipped_names_are_listed_in_the_spec() -> None:
    options = {o["name"]: o for o in dicefront.load("ditch").spec.to_json()["options"]}
    assert options["board"]["data_file"] is True and options["board"]["shipped"] == ["field", "hex"]
    assert options["turn_limit"]["data_file"] is False and options["turn_limit"]["shipped"] is None
    df = {o["name"]: o for o in dicefront.load("die_fighting").spec.to_json()["options"]}
    assert df["map"]["shipped"][0] == "choose" and "stream" in df["map"]["shipped"]
    assert {"default", "buy", "skirmish"} <= set(df["army0"]["shipped"])
    tc = {o["name"]: o for o in dicefront.load("trench_checkers").spec.to_json()["options"]}
    assert tc["card_list"]["shipped"] == ["standard"]


@pytest.mark.parametrize("value", ["/etc/passwd", "../boards/field", "../../../../etc/hostname", "boards/field.toml",
                                   "field.toml", "x" * 300, "/dev/zero", "C:\\boot.ini", "field\x00"])
def test_without_local_files_a_non_shipped_name_is_refused_without_touching_the_disk(
    value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def forbidden(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the filesystem was touched for a client's value")

    monkeypatch.setattr("dicefront.core.files.os.open", forbidden)
    with pytest.raises(DataFileError) as err:
        dicefront.load("ditch", local_files=False, board=value)
    message = str(err.value)
    assert message.startswith("option board: no shipped data file ") and "\n" not in message
    assert "shipped: field, hex" in message and "data_files.board" in message
    assert len(message) < 250


def test_an_existing_and_a_missing_path_get_the_same_answer(tmp_path: Path) -> None:
    real = tmp_path / "exists" / "board.toml"
    real.parent.mkdir()
    real.write_text(NARROW)
    ghost = tmp_path / "absent" / "board.toml"  # same length: a long path is shortened alike
    answers = []
    for path, name in ((real, "exists"), (ghost, "absent")):
        with pytest.raises(DataFileError) as err:
            dicefront.load("ditch", local_files=False, board=str(path))
        answers.append(str(err.value).replace(name, "DIR"))
    assert answers[0] == answers[1]


def test_a_fifo_is_not_even_opened_without_local_files(tmp_path: Path) -> None:
    pipe = tmp_path / "board.toml"
    with fifo_guard(pipe) as opened, pytest.raises(DataFileError, match="no shipped data file"):
        dicefront.load("ditch", local_files=False, board=str(pipe))
    assert not opened.is_set()


def test_local_files_still_work_where_allowed(tmp_path: Path) -> None:
    path = tmp_path / "narrow.toml"
    path.write_text(NARROW)
    game = DitchGame(board=str(path))
    assert game.board.name == "Narrow"
    assert game.data_files == {"board": NARROW}
    assert dicefront.load("ditch").data_files == {}


def test_local_reads_refuse_a_fifo_and_devices_in_one_line(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.toml"
    with fifo_guard(pipe), pytest.raises(DataFileError) as err:
        dicefront.load("ditch", board=str(pipe))
    assert str(err.value).endswith("pipe.toml: not a regular file")
    with pytest.raises(DataFileError, match="not a regular file"):
        dicefront.load("ditch", board="/dev/zero")


def test_local_reads_are_capped(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    with big.open("wb") as f:
        f.truncate(MAX_DATA_BYTES + 1)
    with pytest.raises(DataFileError, match=r"big\.toml: larger than 1048576 bytes"):
        dicefront.load("ditch", board=str(big))
    binary = tmp_path / "bin.toml"
    binary.write_bytes(b"\xff\xfe\x00name")
    with pytest.raises(DataFileError, match="not UTF-8 text"):
        dicefront.load("ditch", board=str(binary))


def test_a_long_path_gives_a_short_one_line_error() -> None:
    with pytest.raises(DataFileError) as err:
        dicefront.load("ditch", board="/" + "x" * 300 + ".toml")
    assert len(str(err.value)) < 200 and "\n" not in str(err.value)


def test_data_files_supply_the_content_instead_of_a_file(tmp_path: Path) -> None:
    game = DitchGame(local_files=False, data_files={"board": NARROW}, board="mine")
    assert game.board.name == "Narrow" and game.options.board == "mine"
    assert game.data_files == {"board": NARROW}
    unnamed = DitchGame(local_files=False, data_files={"board": NARROW})
    assert unnamed.options.board == "upload" and unnamed.board.name == "Narrow"
    # the path in the option is only a name once the content is given: nothing is read
    moved = DitchGame(data_files={"board": NARROW}, board=str(tmp_path / "gone.toml"))
    assert moved.board.name == "Narrow"


def test_bad_data_files_are_clear_errors() -> None:
    with pytest.raises(DataFileError, match=r"^the uploaded board file: layout row"):
        dicefront.load("ditch", local_files=False, data_files={"board": NARROW.replace("11111111\n11111111", "11\n11")})
    with pytest.raises(DataFileError, match=r"^the uploaded board file is not valid TOML"):
        dicefront.load("ditch", local_files=False, data_files={"board": "name = ["})
    with pytest.raises(OptionError, match=r"'turn_limit' is not a data-file option of this game; data-file options: board"):
        dicefront.load("ditch", data_files={"turn_limit": "x = 1"})
    with pytest.raises(OptionError, match=r"data_files\.board was given but option board"):
        dicefront.load("ditch", data_files={"board": NARROW}, board="hex")
    with pytest.raises(OptionError, match="must be the file's TOML text"):
        dicefront.load("ditch", data_files={"board": 5})  # type: ignore[dict-item]
    with pytest.raises(DataFileError, match="too large"):
        dicefront.load("ditch", data_files={"board": "#" * (MAX_DATA_BYTES + 1)})
    with pytest.raises(DataFileError, match=r"nested too deeply|not valid TOML"):
        dicefront.load("ditch", data_files={"board": "x = " + "[" * 5000 + "]" * 5000})


def test_untrusted_option_names_cannot_reach_the_keyword_arguments() -> None:
    from dicefront.core.registry import build

    with pytest.raises(OptionError, match="unknown option local_files"):
        build("ditch", {"local_files": True, "board": "/etc/passwd"}, local_files=False)


def test_every_game_loads_its_designer_files_from_text(tmp_path: Path) -> None:
    from dicefront.core.data import shipped_names

    for name in dicefront.names():
        game = dicefront.load(name)
        for info in game.spec.options:
            if info.data is None:
                continue
            usable = [s for s in shipped_names(game.data_package(), info.data) if _loads(name, info.name, s)]
            text = Path(game.data_file(info.name, usable[0]).where).read_text(encoding="utf-8")
            copy = dicefront.load(name, local_files=False, data_files={info.name: text})
            assert copy.data_files == {info.name: text}, (name, info.name)


def _loads(name: str, option: str, value: str) -> bool:
    try:
        build(name, {option: value})
    except DataFileError:
        return False
    return True


def test_a_match_record_carries_the_designer_files(tmp_path: Path) -> None:
    path = tmp_path / "narrow.toml"
    path.write_text(NARROW)
    game = dicefront.load("ditch", board=str(path))
    record = play_match(game, [RandomAgent(), RandomAgent()], seed=3, max_steps=60)
    assert record.data_files == {"board": NARROW}
    saved = tmp_path / "replay.json"
    record.save(saved)
    path.unlink()
    again = MatchRecord.load(saved)
    assert again.data_files == {"board": NARROW}
    rerun(again)
    plain = play_match(dicefront.load("ditch"), [RandomAgent(), RandomAgent()], seed=3, max_steps=5)
    assert "data_files" not in plain.to_json()


def test_a_replay_with_malformed_data_files_is_a_clear_error(tmp_path: Path) -> None:
    record = play_match(dicefront.load("ditch"), [RandomAgent(), RandomAgent()], seed=1, max_steps=3).to_json()
    record["data_files"] = {"board": 7}
    with pytest.raises(DicefrontError, match="'data_files' must map option names to TOML text"):
        MatchRecord.from_json(record)


@dataclass(frozen=True)
class _Opts:
    rate: float = field(default=1.0, metadata=opt("a rate"))
    mode: str = field(default="a", metadata=opt("a mode", choices=("a", "b")))
    size: int = field(default=1, metadata=opt("a size", min=1, max=9))


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", float("nan"), float("inf"), "1e400", 10**400])
def test_float_options_must_be_finite(value: Any) -> None:
    with pytest.raises(OptionError, match="option rate: expected a finite number"):
        build_options(_Opts, {"rate": value})


def test_option_values_in_errors_are_truncated() -> None:
    for given in ({"mode": "z" * 5000}, {"size": "9" * 4000}, {"rate": "q" * 5000}, {"size": 10**200}):
        with pytest.raises(OptionError) as err:
            build_options(_Opts, given)
        assert len(str(err.value)) < 200, given
    with pytest.raises(OptionError, match="text too long"):
        build_options(_Opts, {"mode": "a" * 5000})
    with pytest.raises(OptionError) as err:
        build("ditch", {"y" * 5000: 1})
    assert len(str(err.value)) < 400

