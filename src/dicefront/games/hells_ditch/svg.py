"""Hell's Ditch as SVG for the browser, drawn from a view only.

Clickable elements (class ``df-target``): ``loc-<id>`` for every location, ``w1``-``w3``
for the viewer's own warbands (on the map, or in the "out" box when eliminated) and
``counter-1``-``counter-3`` for the viewer's unused order counters. The other side's
warbands are ``foe-w1``-``foe-w3`` (not clickable)."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING, Any, NamedTuple

from ...core.game import Action
from ...core.svg_pieces import SEP, PieceBuilder, PieceMemo
from . import PLAYER_NAMES
from .actions import BackOut, FightOn, Move, PickCounter, Raze, Recruit, Submit
from .constants import REVEALED

if TYPE_CHECKING:
    from . import HellsDitchGame
    from .rules import HellsDitchState

BANNER = 52
"""A band above the map for the fight banner, so it never covers a place's name."""
WIDTH, MAP_H, HEIGHT, MARGIN = 640, 470 + BANNER, 600 + BANNER, 62
INK = ("#1b1b1b", "#f2efe6")
TEXT_ON = ("#f2efe6", "#1b1b1b")
SIDE_ACCENT = ("#c678dd", "#56b6c2")


def _positions(game: HellsDitchGame) -> dict[str, tuple[float, float]]:
    locs = game.valley.locations.values()
    xs, ys = [loc.x for loc in locs], [loc.y for loc in locs]
    sx, sy = (max(xs) - min(xs)) or 1.0, (max(ys) - min(ys)) or 1.0
    w, h = WIDTH - 2 * MARGIN, MAP_H - BANNER - 2 * MARGIN + 10
    return {
        loc.id: (MARGIN + (loc.x - min(xs)) / sx * w, BANNER + MARGIN - 10 + (loc.y - min(ys)) / sy * h)
        for loc in game.valley.locations.values()
    }


def _own_prefix(view: dict[str, Any], p: int) -> str:
    me = view["viewer"] if view["viewer"] is not None else 0
    return "w" if p == me else "foe-w"


def _location(game: HellsDitchGame, view: dict[str, Any], lid: str, x: float, y: float) -> list[str]:
    loc = game.valley.locations[lid]
    fight = view["fight"]
    ring = fight is not None and fight["place"] == lid
    out = [f'<g id="loc-{lid}" class="df-target" data-name="{escape(loc.name)}">']
    if loc.stronghold is not None:
        out.append(f'<rect x="{x - 26:.1f}" y="{y - 26:.1f}" width="52" height="52" rx="6" fill="#2b2b33" '
                   f'stroke="{SIDE_ACCENT[loc.stronghold]}" stroke-width="4"/>')
        out.append(f'<path d="M{x - 14:.1f} {y + 8:.1f} l7 -16 l7 10 l7 -14 l7 20 z" fill="{SIDE_ACCENT[loc.stronghold]}" opacity="0.55"/>')
    elif loc.village:
        razed = lid in view["razed"]
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="24" fill="{"#3b1d1d" if razed else "#4d4126"}" '
                   f'stroke="{"#d9534f" if razed else "#d9b45f"}" stroke-width="2.5"/>')
        out.append(f'<path d="M{x - 11:.1f} {y + 8:.1f} v-9 l11 -9 l11 9 v9 z" fill="{"#6b3a3a" if razed else "#d9b45f"}"/>')
        if razed:
            out.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" font-size="11" font-weight="bold" '
                       f'fill="#ff6b61" transform="rotate(-18 {x:.1f} {y:.1f})">RAZED!</text>')
    else:
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="16" fill="#33332e" stroke="#9a9a8a" stroke-width="2"/>')
    if ring:
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="34" fill="none" stroke="#ff4d4d" stroke-width="3" stroke-dasharray="6 4"/>')
    out.append(f'<text x="{x:.1f}" y="{y + 42:.1f}" text-anchor="middle" font-size="13" fill="#e8e2d0">{escape(loc.name)}</text>')
    out.append("</g>")
    return out


def _token(view: dict[str, Any], p: int, band: int, hp: int, x: float, y: float, out_box: bool = False) -> str:
    ident = f"{_own_prefix(view, p)}{band}"
    cls = ' class="df-target"' if ident.startswith("w") else ""
    label = f"{band}" if out_box else f"{band}·{hp}"
    w = 22 if out_box else 34
    opacity = ' opacity="0.55"' if out_box else ""
    tip = f"{PLAYER_NAMES[p]} warband {band}" + ("" if out_box else f", {hp} hit points")
    piece = "" if out_box else f' data-piece="{ident}"'  # on the map: it glides when it marches
    return (f'<g id="{ident}"{cls}{opacity}{piece} aria-label="{tip}"><title>{tip}</title><rect x="{x - w / 2:.1f}" y="{y - 10:.1f}" width="{w}" height="20" rx="5" '
            f'fill="{INK[p]}" stroke="{SIDE_ACCENT[p]}" stroke-width="2"/>'
            f'<text x="{x:.1f}" y="{y + 5:.1f}" text-anchor="middle" font-size="13" font-weight="bold" '
            f'fill="{TEXT_ON[p]}">{label}</text></g>')


def _warbands(view: dict[str, Any], pos: dict[str, tuple[float, float]]) -> list[str]:
    here: dict[str, list[tuple[int, int, int]]] = {}
    for p in (0, 1):
        for b in view["warbands"][p]:
            if b["at"] is not None:
                here.setdefault(b["at"], []).append((p, b["band"], b["hp"]))
    out = []
    for lid, bands in here.items():
        x, y = pos[lid]
        for i, (p, band, hp) in enumerate(bands):  # a column beside the place, clear of its name
            first = -1 if x > WIDTH - 70 else 1
            side = first if i < 3 else -first
            out.append(_token(view, p, band, hp, x + side * 47, y - 22 + (i % 3) * 22))
    return out


def _panel(game: HellsDitchGame, view: dict[str, Any]) -> list[str]:
    out = [f'<rect x="0" y="{MAP_H}" width="{WIDTH}" height="{HEIGHT - MAP_H}" fill="#202024"/>']
    me = view["viewer"] if view["viewer"] is not None else 0
    for p in (0, 1):
        y0 = MAP_H + 22 + p * 56
        name = game.player_name(p)
        out.append(f'<text x="12" y="{y0}" font-size="15" font-weight="bold" fill="{SIDE_ACCENT[p]}">{name}</text>')
        loot, target = view["loot"][p], view["target_loot"]
        out.append(f'<rect x="70" y="{y0 - 12}" width="140" height="14" rx="3" fill="#3a3a3a"/>')
        out.append(f'<rect x="70" y="{y0 - 12}" width="{140 * min(loot, target) / target:.1f}" height="14" rx="3" fill="#c9a227"/>')
        out.append(f'<text x="218" y="{y0}" font-size="13" fill="#e8e2d0">loot {loot}/{target}</text>')
        out.append(f'<text x="12" y="{y0 + 24}" font-size="12" fill="#aaa">out:</text>')
        outs = [b for b in view["warbands"][p] if b["at"] is None]
        for i, b in enumerate(outs):
            out.append(_token(view, p, b["band"], 0, 52 + i * 28, y0 + 20, out_box=True))
        out += _counters(view, p, p == me, 300, y0 - 14)
        plan = view["plans"][p]
        status = "writing…" if not plan["submitted"] else "orders written"
        if "orders" in plan and view["phase"] in REVEALED:
            status = " · ".join(plan["orders"]) or "no orders"
        out.append(f'<text x="300" y="{y0 + 30}" font-size="12" fill="#cfc8b4">{escape(status)}</text>')
    out.append(f'<text x="{WIDTH - 12}" y="{HEIGHT - 8}" text-anchor="end" font-size="12" fill="#888">'
               f'round {view["round"]}, turn {view["turn"]}/3</text>')
    return out


def _counters(view: dict[str, Any], p: int, mine: bool, x0: float, y0: float) -> list[str]:
    out = []
    left = view["counters_left"][p]
    for i, label in enumerate(("1/3", "2/2", "3/1")):
        x = x0 + i * 50
        avail = label in left
        ident = f' id="counter-{label[0]}" class="df-target"' if mine and avail else ""
        out.append(f'<g{ident} opacity="{1 if avail else 0.3}"><rect x="{x}" y="{y0}" width="42" height="22" rx="4" '
                   f'fill="#2e2a22" stroke="#c9a227"/><text x="{x + 21}" y="{y0 + 16}" text-anchor="middle" '
                   f'font-size="13" fill="#f0e0b0">{label}</text></g>')
    return out


def _fight_banner(game: HellsDitchGame, view: dict[str, Any]) -> list[str]:
    fight = view["fight"]
    if fight is None:
        return []
    where = "on the road" if fight["place"] is None else f"at {game.valley.label(fight['place'])}"
    s0, s1 = fight["strength"]
    dice = "".join(
        f'<rect x="{470 + i * 16}" y="{12 + 18 * p}" width="12" height="12" rx="2" fill="{INK[p]}" stroke="{SIDE_ACCENT[p]}"/>'
        for p, n in ((0, s0), (1, s1)) for i in range(n)
    )
    w0, w1 = fight["warbands"]
    return [
        f'<rect x="150" y="6" width="{WIDTH - 156}" height="44" rx="6" fill="#3a1616" opacity="0.92"/>',
        f'<text x="160" y="24" font-size="14" font-weight="bold" fill="#ff9b8f">Fight {escape(where)}</text>',
        f'<text x="160" y="42" font-size="12" fill="#f0d0c8">Black W{w0} vs White W{w1} — 5 or 6 hits</text>',
        dice,
    ]


class _Static(NamedTuple):
    """What every picture of one game shows (see :func:`static_svg`)."""

    pos: dict[str, tuple[float, float]]
    head: list[str]  # the opening tag, the map and its roads
    head_text: str  # ``head``, a part on each line
    memo: PieceMemo  # the places and warbands drawn and cut so far (render_pieces)


def static_svg(game: HellsDitchGame, viewer: int | None) -> _Static:
    """The map and its roads, which depend on the game only (drawn once per game and
    viewer; the core caches it)."""
    pos = _positions(game)
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="Georgia, serif">',
        f'<rect width="{WIDTH}" height="{MAP_H}" fill="#2a2f22"/>',
    ]
    for a, b in game.valley.roads():
        (x1, y1), (x2, y2) = pos[a], pos[b]
        head.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#8a6d3b" stroke-width="7" '
                    'stroke-dasharray="2 5"/>')
        head.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#8a6d3b" stroke-width="2"/>')
    return _Static(pos, head, "\n".join(head), PieceMemo())


def render_svg(game: HellsDitchGame, view: dict[str, Any], static: _Static | None = None) -> str:
    """The valley as the view's viewer sees it; ``static``: :func:`static_svg` (drawn
    here when not given)."""
    return SEP.join(render_pieces(game, view, static))


def render_pieces(game: HellsDitchGame, view: dict[str, Any], static: _Static | None = None) -> list[str]:
    """:func:`render_svg` cut before every element id (core/svg_pieces.py): the places are
    drawn once per game and viewer for each set of razed villages and fight, the
    warbands on the map once for each of their placings, and what did not change comes
    back as the same pieces."""
    if static is None:
        static = static_svg(game, view["viewer"])
    pos = static.pos
    board = PieceBuilder(static.memo)
    board.add(static.head_text)
    fight = view["fight"]
    places = (tuple(view["razed"]), None if fight is None else ("at", fight["place"]))
    board.group(places, lambda sub: sub.add(_lines(part for lid, (x, y) in pos.items() for part in _location(game, view, lid, x, y))))
    bands = (view["viewer"], tuple((p, b["band"], b["hp"], b["at"]) for p in (0, 1) for b in view["warbands"][p]))
    board.group(bands, lambda sub: sub.add(_lines(_warbands(view, pos))))
    board.add(_lines([*_fight_banner(game, view), *_panel(game, view), "</svg>"]), keep=False)  # plans and counters: new at most steps
    return board.pieces


def _lines(parts: Iterable[str]) -> str:
    """``parts`` as they follow others in the picture: each on a line of its own."""
    return "".join("\n" + part for part in parts)


def action_path(state: HellsDitchState, action: Action) -> list[str]:
    """The ids a person clicks to make ``action``: warband then location for orders,
    the eliminated warband for a recruit, the counter tile, the retreat location."""
    if isinstance(action, PickCounter):
        return [f"counter-{action.counter}"]
    if isinstance(action, Move):
        return [f"w{action.warband}", f"loc-{action.to}"]
    if isinstance(action, Raze):
        return [f"w{action.warband}", f"loc-{action.village}"]
    if isinstance(action, Recruit):
        return [f"w{action.warband}"]
    if isinstance(action, BackOut):
        return [f"loc-{action.to}"]
    return []


def legend(game: HellsDitchGame) -> list[tuple[str, str]]:
    """What the marks on the board mean (shown next to it by the client)."""
    return [
        ("2·5", "warband 2 with 5 hit points left"),
        ("square with peaks", "a stronghold, in its side's colour"),
        ("circle with a house", "a village to raid (red: razed)"),
        ("grey circle", "a crossing"),
        ("1/3, 2/2, 3/1", "order counters: orders you may write / fight strength"),
        ("dashed counter", "the counter in use this turn"),
        ("red dashed ring", "a fight is going on there"),
        ("loot 3/7", "loot taken, of what wins"),
    ]


def action_label(state: Any, action: Action) -> str | None:
    """Words for a button (None: the notation is clear enough)."""
    if isinstance(action, Submit):
        return "Done: hand in my orders"
    if isinstance(action, FightOn):
        return "Fight on"
    return None
