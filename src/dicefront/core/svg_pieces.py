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
bounded (:class:`~dicefront.core.memo.Kept`: what the games in play keep drawing stays). Since other games share it, it must hold only
what every seat of a game may see: a part that shows the viewer's own secrets (a hidden
minefield, a plan) is added with ``keep=False``, so that whether a part was drawn before
(and how long a board takes) tells nothing of another game's secrets."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from .memo import Kept

SEP = ' id="'  # the board is cut before every element id (server/board_diff.py)
MEMO_MAX = 2048  # drawn parts (and cut ones, glued pieces) kept per game and viewer, in each of two generations
GROUPS_MAX = 128  # groups of parts (a whole board's squares, say) kept per game and viewer, in each generation

class PieceMemo:
    """What one game and viewer has drawn and cut: a part's pieces by its contents' key,
    a part's cut by its text, and a piece with the next part's text before its first id
    glued on (so that piece, too, comes back as the same object)."""

    def __init__(self, size: int = MEMO_MAX, groups: int = GROUPS_MAX) -> None:
        self.drawn: Kept[list[str]] = Kept(size)
        self.groups: Kept[list[str]] = Kept(groups)
        self.cuts: Kept[list[str]] = Kept(size)
        self.glued: Kept[str] = Kept(size)

    # each looks in the newer generation first, in line (most boards find most parts there)
    def cut(self, part: str) -> list[str]:
        found = self.cuts.newer.get(part) or self.cuts.get(part)
        return self.cuts.put(part, part.split(SEP)) if found is None else found

    def draw(self, key: Hashable, draw: Callable[[], str]) -> list[str]:
        found = self.drawn.newer.get(key) or self.drawn.get(key)
        return self.drawn.put(key, draw().split(SEP)) if found is None else found  # kept by its key only, not by its text too

    def glue(self, piece: str, tail: str) -> str:
        key = (piece, tail)
        found = self.glued.newer.get(key) or self.glued.get(key)
        return self.glued.put(key, piece + tail) if found is None else found


class PieceBuilder:
    """One board being drawn as pieces: :meth:`add` a part drawn as text, :meth:`draw` a
    part by the key of everything it shows (drawn by ``draw()`` only when that key is
    new to the memo), :meth:`group` many parts by one key, then :attr:`pieces`;
    ``SEP.join(pieces)`` is the whole board."""

    def __init__(self, memo: PieceMemo, grouped: bool = False) -> None:
        self.memo = memo
        self.pieces: list[str] = [""]
        self._kept = True  # whether the last piece is one the memo keeps (a glue onto it is kept too)
        self._grouped = grouped  # building a group: the group keeps what is added, by its key

    def add(self, part: str, keep: bool = True) -> None:
        """``keep=False``: a part that is new almost every time (a status line) is cut
        but not remembered, nor is the piece it is glued onto. In a group, a part is
        kept with the group (by the group's key), not by its text."""
        if keep:
            self._extend(part.split(SEP) if self._grouped else self.memo.cut(part))
            return
        if self._grouped:
            raise ValueError("a part that is not to be kept cannot be in a group: the group is kept whole, by its key")
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
            sub = PieceBuilder(self.memo, grouped=True)
            build(sub)
            found = self.memo.groups.put(key, sub.pieces)
        self._extend(found)

    def extend(self, cut: list[str]) -> None:
        """Parts already cut before their ids (``part.split(SEP)``, or pieces from the
        memo): ``cut[0]`` ends the last piece, the rest follow as they are. For a part
        the caller keeps itself, such as a board's squares listed from pieces of its own."""
        self._extend(cut)

    def _extend(self, cut: list[str]) -> None:
        if cut[0]:
            last = self.pieces[-1]
            self.pieces[-1] = self.memo.glue(last, cut[0]) if self._kept else last + cut[0]
        if len(cut) > 1:
            self.pieces.extend(cut[1:])
            self._kept = True


__all__ = ["GROUPS_MAX", "MEMO_MAX", "SEP", "PieceBuilder", "PieceMemo"]
