"""Board diffs: what changed in a seat's SVG since the board that seat was last sent.

A board is cut into pieces at every ``id="`` attribute (each piece runs from one
element id to the next: on most boards one square, piece or tray each), so the pieces
joined back with the separator are the board again, whatever the game. A patch
replaces runs of the old board's pieces::

    {"of": 121, "ops": [[3, 4, ["..."]], [40, 41, ["..."]]]}

``of``: how many pieces the board it applies to has (a client whose board has another
count asks for the whole board); each op ``[start, end, pieces]`` replaces
``old[start:end]``, ops in ascending order, not overlapping. :func:`apply_patch` is
the reference for the client's code (static/boardpatch.js).

A patch is built from two boards drawn for the same viewer only: it tells that viewer
nothing the two whole boards would not."""

from __future__ import annotations

from difflib import SequenceMatcher
from itertools import compress, count
from operator import ne
from typing import Any

from .wire import dumps

SEP = ' id="'
Patch = dict[str, Any]


def pieces(svg: str) -> list[str]:
    """``svg`` cut before each element id (see the module docstring)."""
    return svg.split(SEP)


def join(parts: list[str]) -> str:
    return SEP.join(parts)


def joined(cut: list[str]) -> str:
    """The board drawn as ``cut`` (the svg role's optional ``render_pieces``: the board
    cut before each element id), joined; its pieces are remembered for :class:`Outbox`
    with the board, so it is not cut again. A role that hands out the same piece objects
    for what did not change (Ditch: every square kept by its contents) makes the
    comparison of two boards (:func:`diff`) find them equal at once."""
    svg = SEP.join(cut)
    _BOARDS[id(svg)] = (svg, cut)
    _bounded(_BOARDS, BOARDS_SIZE)
    return svg


def diff(old: list[str], new: list[str]) -> Patch:
    """The patch that turns the pieces ``old`` into ``new``: piece by piece when both
    have as many pieces, else the runs that differ once the equal pieces are lined up
    (difflib)."""
    if len(old) == len(new):
        ops: list[list[Any]] = []
        for i in compress(count(), map(ne, old, new)):  # the pieces that differ, found in C (a piece kept is the same object)
            if ops and ops[-1][1] == i:
                ops[-1][1] = i + 1
                ops[-1][2].append(new[i])
            else:
                ops.append([i, i + 1, [new[i]]])
        return {"of": len(old), "ops": ops}
    shorter = min(len(old), len(new))
    head = next(compress(count(), map(ne, old, new)), shorter)  # the equal pieces before the first that differs
    tail = next(compress(count(), map(ne, reversed(old[head:]), reversed(new[head:]))), shorter - head)  # and after the last
    ops = []
    middle = SequenceMatcher(None, old[head:len(old) - tail], new[head:len(new) - tail], autojunk=False)
    for tag, i1, i2, j1, j2 in middle.get_opcodes():
        if tag != "equal":
            ops.append([head + i1, head + i2, new[head + j1:head + j2]])
    return {"of": len(old), "ops": ops}


def apply_patch(old: list[str], patch: Patch) -> list[str]:
    """``old`` with ``patch`` applied; ValueError when it does not fit ``old``."""
    if patch.get("of") != len(old):
        raise ValueError(f"the patch is for a board of {patch.get('of')!r} pieces, not {len(old)}")
    out = list(old)
    last = len(old) + 1
    for op in reversed(patch["ops"]):
        start, end, parts = op
        if not (0 <= start <= end <= len(old)) or end > last or not all(isinstance(p, str) for p in parts):
            raise ValueError(f"a patch operation does not fit the board: {start}..{end}")
        out[start:end] = parts
        last = start
    return out


class Outbox:
    """One connection's encoder: a state message after the first goes out with its board
    as a patch of the board this connection was last sent. ``encode`` returns the JSON
    text to send; the same message sent to connections that hold the same board gives
    the same text, encoded once (:data:`_MEMO`)."""

    def __init__(self) -> None:
        self.board: list[str] | None = None  # the pieces of the last board sent here

    def encode(self, msg: dict[str, Any]) -> str:
        if msg.get("type") != "state" or not isinstance(msg.get("svg"), str):
            return dumps(msg)
        base = None if msg.get("full") else self.board
        key = (id(msg), id(base))
        hit = _MEMO.get(key)
        if hit is None or hit[0] is not msg or hit[1] is not base:
            new = _pieces_of(msg)
            if base is None:
                text = dumps(msg)
            else:
                text = dumps({k: v for k, v in msg.items() if k != "svg"} | {"patch": _diff_of(base, new)})
            hit = (msg, base, new, text)
            _MEMO[key] = hit
            _bounded(_MEMO, MEMO_SIZE)
        self.board = hit[2]
        return hit[3]


# (id(message), id(base board)) -> (message, base, its board's pieces, text): the
# entries hold the message and base, so their ids are not reused while cached. A message
# is built for one seat (the hub) and never shared across seats, so neither is its text.
# Small: a message is sent to all its connections at once.
_MEMO: dict[tuple[int, int], tuple[dict[str, Any], list[str] | None, list[str], str]] = {}
MEMO_SIZE = 32
# id(board) -> (board, its pieces): a board drawn once and shared by several seats (the
# same picture: seat_view) or drawn cut (:func:`joined`) is cut once or never; and
# (id(base), id(new)) -> (base, new, patch): seats holding the same board that are sent
# the same new board share its patch (the text differs: each seat's message is its own).
_BOARDS: dict[int, tuple[str, list[str]]] = {}
BOARDS_SIZE = 128
_DIFFS: dict[tuple[int, int], tuple[list[str], list[str], Patch]] = {}


def _bounded(memo: dict[Any, Any], size: int) -> None:
    while len(memo) > size:
        memo.pop(next(iter(memo)))


def _pieces_of(msg: dict[str, Any]) -> list[str]:
    svg = msg["svg"]
    hit = _BOARDS.get(id(svg))
    if hit is None or hit[0] is not svg:
        hit = _BOARDS[id(svg)] = (svg, pieces(svg))
        _bounded(_BOARDS, BOARDS_SIZE)
    return hit[1]


def _diff_of(base: list[str], new: list[str]) -> Patch:
    hit = _DIFFS.get((id(base), id(new)))
    if hit is None or hit[0] is not base or hit[1] is not new:
        hit = _DIFFS[(id(base), id(new))] = (base, new, diff(base, new))
        _bounded(_DIFFS, MEMO_SIZE)
    return hit[2]
