"""read_bounded: a path that is not a regular file is a one-line error of the caller's type."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicefront.core.errors import DicefrontError
from dicefront.core.files import read_bounded


class _Mine(DicefrontError):
    pass


def test_a_directory_is_refused_with_the_callers_error(tmp_path: Path) -> None:
    with pytest.raises(_Mine, match=r"^cannot read the thing: not a regular file$"):
        read_bounded(tmp_path, 100, _Mine, "the thing")


def test_a_small_regular_file_is_read(tmp_path: Path) -> None:
    (tmp_path / "f").write_bytes(b"abc")
    assert read_bounded(tmp_path / "f", 3, _Mine, "f") == b"abc"
    with pytest.raises(_Mine, match="larger than 2 bytes"):
        read_bounded(tmp_path / "f", 2, _Mine, "f")
