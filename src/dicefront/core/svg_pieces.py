"""A board picture built already cut into pieces, for the svg role's ``render_pieces``.

The server sends a seat the pieces of its board that changed since the last board it was
sent (server/board_diff.py): a board is cut before every element id (``SEP``), so each
piece runs from one element's id to the next one's. Cutting and comparing a whole board
each time costs more than drawing what changed: a game that draws through
:class:`PieceBuilder` hands out the pieces of whatever it drew before as the very same
string objects, which the comparison finds equal at once, and draws and cuts a part
(a square with its contents, a unit, a tray) only the first time its contents are seen.

A :class:`PieceMemo` is kept per game and viewer (in the svg role's ``static_svg``): the
same drawing is cut once, whichever game of the same options and viewer draws it. It is
bounded: when full it starts again empty. Since other games share it, it must hold only
what every seat of a game may see: a part that shows the viewer's own secrets (a hidden
minefield, a plan) is added with ``keep=False``, so that whether a part was drawn before
(and how long a board takes) tells nothing of another game's secrets."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

SEP = ' id="'  # the board is cut before every element id (server/board_diff.py)
MEMO_MAX = 4096  # cut parts (and drawn ones) kept per game and viewer
GROUPS_MAX = 256  # groups of parts (a whole board's squares, say) kept per game and viewer


class PieceMemo:
    """What one game and viewer has drawn and cut: a part's text by its contents' key,
    a part's cut by its text, and a piece with the next part's text before its first id
    glued on (so that piece, too, comes back as the same object)."""

    def __init__(self, size: int = MEMO_MAX, groups: int = GROUPS_MAX) -> None:
        self.size = size
        self.groups_size = groups
        self.drawn: dict[Hashable, list[str]] = {}
        self.groups: dict[Hashable, list[str]] = {}
        self.cuts: dict[str, list[str]] = {}
        self.glued: dict[tuple[str, str], str] = {}

    def cut(self, part: str) -> list[str]:
        found = self.cuts.get(part)
        if found is None:
            _room(self.cuts, self.size)
            found = self.cuts[part] = part.split(SEP)
        return found

    def draw(self, key: Hashable, draw: Callable[[], str]) -> list[str]:
        found = self.drawn.get(key)
        if found is None:
            _room(self.drawn, self.size)
            found = self.drawn[key] = self.cut(draw())
        return found

    def glue(self, piece: str, tail: str) -> str:
        key = (piece, tail)
        found = self.glued.get(key)
        if found is None:
            _room(self.glued, self.size)
            found = self.glued[key] = piece + tail
        return found


class PieceBuilder:
    """One board being drawn as pieces: :meth:`add` a part drawn as text, :meth:`draw` a
    part by the key of everything it shows (drawn by ``draw()`` only when that key is
    new to the memo), :meth:`group` many parts by one key, then :attr:`pieces`;
    ``SEP.join(pieces)`` is the whole board."""

    def __init__(self, memo: PieceMemo) -> None:
        self.memo = memo
        self.pieces: list[str] = [""]
        self._kept = True  # whether the last piece is one the memo keeps (a glue onto it is kept too)

    def add(self, part: str, keep: bool = True) -> None:
        """``keep=False``: a part that is new almost every time (a status line) is cut
        but not remembered, nor is the piece it is glued onto."""
        if keep:
            self._extend(self.memo.cut(part))
            return
        cut = part.split(SEP)
        if cut[0]:
            self.pieces[-1] += cut[0]
        self.pieces.extend(cut[1:])
        self._kept = False

    def draw(self, key: Hashable, draw: Callable[[], str]) -> None:
        self._extend(self.memo.draw(key, draw))

    def group(self, key: Hashable, build: Callable[[PieceBuilder], None]) -> None:
        """Many parts at once, by the key of everything they show: ``build`` adds them
        to a builder of its own (on the same memo) only when that key is new."""
        found = self.memo.groups.get(key)
        if found is None:
            sub = PieceBuilder(self.memo)
            build(sub)
            _room(self.memo.groups, self.memo.groups_size)
            found = self.memo.groups[key] = sub.pieces
        self._extend(found)

    def _extend(self, cut: list[str]) -> None:
        if cut[0]:
            last = self.pieces[-1]
            self.pieces[-1] = self.memo.glue(last, cut[0]) if self._kept else last + cut[0]
        if len(cut) > 1:
            self.pieces.extend(cut[1:])
            self._kept = True

    def text(self) -> str:
        return SEP.join(self.pieces)


def _room(memo: dict[Any, Any], size: int) -> None:
    if len(memo) >= size:
        memo.clear()


__all__ = ["GROUPS_MAX", "MEMO_MAX", "SEP", "PieceBuilder", "PieceMemo"]
