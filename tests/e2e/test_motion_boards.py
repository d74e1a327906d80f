"""Pieces glide on the boards that draw them by square (issue 20): a Trench Checkers
stack carries its pieces' ids; a Ditch pawn has no identity, only its look (side and
kind), and glides when exactly one pawn of that look moved (static/motion.js)."""

from __future__ import annotations

import random
import re
from typing import Any

import httpx

from .helpers import quiet, send_text, wait_ready, wait_turn

RECORD = (  # every gliding element, once, as it starts: its id or look, where it starts from, whether it is drawn over the rest
    "const seen = new WeakSet(); const top = (n) => { let s = n.nextElementSibling;"
    " while (s && s.classList.contains('df-moving')) s = s.nextElementSibling; return !s && n.parentNode === n.ownerSVGElement; };"
    " new MutationObserver((records) => { for (const r of records) { const n = r.target;"
    " if (!seen.has(n) && n.classList?.contains('df-moving') && n.style.transform.startsWith('translate(') && seen.add(n))"
    " (window.glided ||= []).push({ piece: n.dataset.piece ?? null, look: n.dataset.look ?? null, transform: n.style.transform, top: top(n) }); } })"
    ".observe(document, { subtree: true, attributes: true, attributeFilter: ['class', 'style'] });"
)
AS_SENT = """() => {  // once pieces have landed, the board is drawn in the order the server sent it
  const key = (n) => [n.tagName, n.id, n.getAttribute('data-piece'), n.getAttribute('data-look')].join('|');
  const now = [...document.querySelectorAll('#board svg *')].filter((n) => !n.closest('#df-overlay')).map(key);
  const sent = new DOMParser().parseFromString(window.dicefront.state().svg, 'image/svg+xml');
  return JSON.stringify(now) === JSON.stringify([...sent.querySelectorAll('svg *')].map(key));
}"""
CENTRE = "(id) => { const b = document.getElementById(id).getBBox(); return [b.x + b.width / 2, b.y + b.height / 2]; }"
TRANSLATE = re.compile(r"translate\((-?[\d.e-]+)px(?:, (-?[\d.e-]+)px)?\)")


def _open(new_page: Any, server_url: str, game: str, opponent: str = "easy") -> Any:
    made = httpx.post(server_url + "/api/games", json={"game": game, "opponent": opponent, "seat": 0}).json()
    page = new_page()
    page.add_init_script(RECORD)
    page.goto(server_url + made["url"])
    wait_ready(page)
    return page


def _offset(transform: str) -> tuple[float, float]:
    found = TRANSLATE.fullmatch(transform)
    assert found, transform
    return float(found.group(1)), float(found.group(2) or 0)


def _glided_from(page: Any, key: str, ident: str | None, src: str, dst: str) -> list[dict[str, Any]]:
    """The glides of ``ident`` (a piece id or a look; None: any piece with an id) that
    started on square ``src`` and ended on ``dst`` (the offset: the one square's centre
    minus the other's)."""
    (sx, sy), (dx, dy) = page.evaluate(CENTRE, src), page.evaluate(CENTRE, dst)
    out = []
    for g in page.evaluate("window.glided || []"):
        if g[key] is None or (ident is not None and g[key] != ident):
            continue
        ox, oy = _offset(g["transform"])
        if abs(ox - (sx - dx)) < 1 and abs(oy - (sy - dy)) < 1:
            out.append(g)
    return out


def test_a_trench_checkers_stack_glides_from_its_square(new_page: Any, server_url: str) -> None:
    seed = 20
    rng = random.Random(seed)
    page = _open(new_page, server_url, "trench_checkers")
    for _ in range(80):
        msg = wait_turn(page)
        assert not msg["terminal"], f"seed {seed}: the game ended first"
        taken = {stack[0] for stack in msg["view"]["stacks"]}
        moves = [a for a in msg["actions"] if a["text"].startswith("move ") and len(a["text"].split()) == 3 and a["text"].split()[2] not in taken]
        if moves:
            break
        send_text(page, rng.choice(msg["actions"])["text"])
        quiet(page)
    else:
        raise AssertionError(f"seed {seed}: no whole-stack move to an empty square in 80 actions")
    move = rng.choice(moves)
    src, dst = move["path"]
    size = len({stack[0]: stack[2] for stack in msg["view"]["stacks"]}[move["text"].split()[1]])
    page.evaluate("window.glided = []")
    send_text(page, move["text"])  # returns once the move's update is drawn (its glides start as it is drawn)
    glides = _glided_from(page, "piece", None, src, dst)
    glided = {g["piece"] for g in glides}
    assert len(glided) == size, (move["text"], size, page.evaluate("window.glided"))  # every piece of the stack, from the square it left
    assert all(g["top"] for g in glides)  # over the squares and pieces drawn after its own square
    assert set(page.evaluate("document.querySelector('#board').dataset.moved").split()) >= glided
    quiet(page)
    assert page.evaluate(AS_SENT)


def test_a_ditch_pawn_glides_from_its_square(new_page: Any, server_url: str) -> None:
    seed = 20
    rng = random.Random(seed)
    page = _open(new_page, server_url, "ditch")
    pending: str | None = None  # the square of the pawn this seat chose to move
    for _ in range(120):
        msg = wait_turn(page)
        assert not msg["terminal"], f"seed {seed}: the game ended first"
        ends = [a for a in msg["actions"] if a["text"].startswith("to ") and a["path"] != [f"cell-{pending}"]]
        if pending is not None and ends:
            break
        texts = [a["text"] for a in msg["actions"]]
        choice = rng.choice([t for t in texts if t.startswith("move ")] or texts)
        pending = choice.split()[1] if choice.startswith("move ") else None
        send_text(page, choice)
    else:
        raise AssertionError(f"seed {seed}: no pawn left its square in 120 actions")
    end = rng.choice(ends)
    assert pending is not None
    owner_kind = {name: f"{owner}{kind}" for name, owner, kind in msg["view"]["pawns"]}[pending]
    page.evaluate("window.glided = []")
    send_text(page, end["text"])  # returns once the move's update is drawn (its glides start as it is drawn)
    glides = _glided_from(page, "look", owner_kind, f"cell-{pending}", end["path"][0])
    assert glides, (pending, end["text"], page.evaluate("window.glided"))
    assert all(g["top"] for g in glides)
    quiet(page)
    assert page.evaluate(AS_SENT)  # back in its square's group: clicked through it


def _board(*pieces: tuple[str, int, int]) -> str:
    circles = "".join(f'<circle data-look="{look}" cx="{x}" cy="{y}" r="8"/>' for look, x, y in pieces)
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 300 200">{circles}</svg>'


def _show(page: Any, svg: str) -> list[dict[str, Any]]:
    """Put ``svg`` in the board (as an update would); the glides it started."""
    page.evaluate("window.glided = []")
    page.evaluate("(s) => { document.querySelector('#board').innerHTML = s; }", svg)
    page.wait_for_function("!document.querySelector('#board svg .df-moving')")
    return list(page.evaluate("window.glided"))


def test_lookalike_pieces_glide_only_when_the_change_is_unambiguous(new_page: Any, server_url: str) -> None:
    page = _open(new_page, server_url, "ditch", opponent="friend")  # nobody else moves: the board is ours to draw
    quiet(page)
    _show(page, _board(("0A", 20, 20), ("0A", 120, 20), ("1K", 60, 60)))
    moved = _show(page, _board(("0A", 20, 120), ("0A", 120, 20)))  # one of two alike moves; another piece is removed
    assert [(g["look"], _offset(g["transform"])) for g in moved] == [("0A", (0.0, -100.0))]
    assert _show(page, _board(("0A", 220, 20))) == []  # two alike changed (one removed, one moved): which went where is unknown
    assert _show(page, _board(("0A", 220, 20), ("0A", 20, 20))) == []  # one added, none moved
    assert _show(page, _board(("0A", 220, 20), ("1K", 20, 20))) == []  # one of each look left or came: no look moved
