"""What each seat is sent: the state message built from what that seat may know
(``view(seat)``, its own legal actions, the events visible to it, the SVG drawn for
it). A seat's board parts are built once per step and shared by every update and
greeting (:func:`board`)."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core.game import Game, State
from ..core.record import Step
from .board_diff import joined

if TYPE_CHECKING:
    from .live import LiveGame, Viewer


def message(
    live: LiveGame, seat: int | None, new_steps: list[Step] | None = None, online: set[int] | None = None,
    players: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The state message for ``seat`` (None: a spectator). ``new_steps``: only the
    events of those steps (an update); otherwise the whole log (a greeting).
    ``players``: ``live.players(online)`` when the caller built it already (a broadcast
    builds it once for every seat)."""
    steps = known_steps(live, seat) if new_steps is None else new_steps
    msg: dict[str, Any] = {
        "type": "state",
        "game_id": live.id,
        "game": live.game.name,
        "title": live.game.title,
        "seat": seat,
        "step": live.visible_length(seat),
        **board(live, seat),
        "last": live.last_path,
        "players": live.players(online or set()) if players is None else players,
        "events": events_for(live.game, steps, seat),
        "dice": dice_for(steps, seat),
        "rolls": rolls(live.game, steps, seat, live.sides),
        "chance": chance_kind(live.state),
        "full": new_steps is None,
        "by": steps[-1].player if steps else None,  # whose move this update tells of (None: chance), for the move list
    }
    if new_steps is None:
        msg["legend"] = legend(live)
    elif new_steps:
        add_moves(live, msg, seat)
    return msg


def add_moves(live: LiveGame, msg: dict[str, Any], seat: Viewer) -> None:
    """An update telling of more than one entry of ``seat``'s move list (a move and
    the dice rolled at once after it) lists each entry, numbered as the move list
    numbers them (module history), so the page adds them without asking."""
    start = live._update_from.get(seat, len(live.marks[seat]))
    fresh = live.marks[seat][start:]
    if len(fresh) > 1:
        msg["moves"] = [{"n": start + i + 1, "events": events_for(live.game, steps, seat), "by": steps[-1].player if steps else None} for i, (_, steps) in enumerate(fresh)]


def board(live: LiveGame, seat: int | None) -> dict[str, Any]:
    """The parts of ``seat``'s message that depend only on the state (the SVG, the
    legal actions with their click paths...): built once per step and seat, shared
    by every update and greeting until the state changes (a new step, or a new state
    object: change the state only through those)."""
    state = live.state
    key = key_of(live)
    if key != live._boards_of:
        live._boards.clear()
        live.legal_by_text.clear()
        live._boards_of = key
    board = live._boards.get(seat)
    if board is None:
        view = state.view(seat)
        board = {
            "view": view,
            "svg": shared_picture(live, seat, view),
            "status": view["status"] if isinstance(view.get("status"), str) else state.status_text(),  # the view's, not made twice
            "actors": list(state.actors),
            "terminal": live.finished,
            "result": live.result() if live.finished else None,
            "actions": actions(live, seat),
        }
        hand = live.game.role_function("svg", "hand", required=False)  # cards in hand, from the view only
        if hand is not None:
            board["hand"] = hand(live.game, board["view"])
        if seat is not None and seat not in state.actors and not state.is_terminal and live.game.spec.simultaneous:
            board["waiting"] = bool(state.actors) and not state.is_chance
        live._boards[seat] = board
    return board


def picture(game: Game[Any, Any], state: State, seat: int | None, view: Any) -> str:
    """``game.render_svg(state, seat, view)``; drawn through the svg role's optional
    ``render_pieces`` (the board already cut before each element id) when it has one,
    so that the board need not be cut for its patches (board_diff.joined)."""
    cut = game.role_function("svg", "render_pieces", required=False)
    if cut is None:
        return game.render_svg(state, seat, view)
    static = game.svg_static(seat)
    return joined(cut(game, view) if static is None else cut(game, view, static))


def shared_picture(live: LiveGame, seat: int | None, view: Any) -> str:
    """``seat``'s board picture: the very string drawn for another seat this step when
    the svg role's optional ``same_picture(game, view, other_view)`` says their views
    draw the same one (then it is drawn, cut and diffed once: board_diff), else drawn."""
    same = live.game.role_function("svg", "same_picture", required=False)
    if same is not None:
        for other, built in live._boards.items():
            if other != seat and same(live.game, view, built["view"]):
                return str(built["svg"])
    return picture(live.game, live.state, seat, view)


def legend(live: LiveGame) -> list[list[str]]:
    """What the board's marks mean: the svg role's optional ``legend(game)``."""
    fn = live.game.role_function("svg", "legend", required=False)
    return [[str(a), str(b)] for a, b in fn(live.game)] if fn is not None else []


def known_steps(live: LiveGame, seat: int | None) -> list[Step]:
    hidden = {id(step) for owner, steps in live.pending.items() if owner != seat for step in steps}
    return [step for step in live.record.steps if id(step) not in hidden]


def actions(live: LiveGame, seat: int | None) -> list[dict[str, Any]]:
    if seat is None or seat not in live.state.actors or live.ended is not None:
        return []
    paths = live.game.role_function("svg", "action_path", required=False)  # as Game.action_path, looked up once
    optional = _extras(live)
    out = []
    by_text: dict[str, Any] = {}
    for action in live.state.legal_actions(seat):
        text = str(action)
        by_text[text] = action
        item: dict[str, Any] = {"text": text, "path": [] if paths is None else list(paths(live.state, action))}
        for key, fn in optional:
            value = fn(live.state, action)
            if value:
                item[key] = str(value)
        out.append(item)
    if key_of(live) == live._boards_of:  # the list shown now: a move sent back in its words needs no parsing
        live.legal_by_text[seat] = by_text
    return out


def key_of(live: LiveGame) -> tuple[int, int, bool]:
    """What a seat's board depends on: the game's length, its state object, whether it is over."""
    return (live.length, id(live.state), live.finished)


def _extras(live: LiveGame) -> list[tuple[str, Callable[[Any, Any], Any]]]:
    """An action's optional words from the svg role, looked up once per list: a
    button's label, the card in hand it plays, a small SVG preview of what it
    chooses (a map), a note on what it will surely do where dice could be expected."""
    out = []
    for key, name in (("label", "action_label"), ("card", "action_card"), ("preview", "svg_preview"), ("note", "action_note")):
        fn = live.game.role_function("svg", name, required=False)
        if fn is not None:
            out.append((key, fn))
    return out


_TEXTS: weakref.WeakKeyDictionary[Game[Any, Any], dict[str, str]] = weakref.WeakKeyDictionary()
TEXTS_KEPT = 1024


def shown_texts(game: Game[Any, Any]) -> dict[str, str]:
    """Event texts already converted by ``game.shown_text``, remembered while the game
    object lives (at most TEXTS_KEPT of them): a step's texts are shown to every viewer,
    in the update and again in the dice box, the move list and greetings."""
    memo = _TEXTS.get(game)
    if memo is None or len(memo) > TEXTS_KEPT:
        memo = _TEXTS[game] = {}
    return memo


def shown_text(game: Game[Any, Any], text: str, memo: dict[str, str]) -> str:
    """``game.shown_text(text)``, from ``memo`` (:func:`shown_texts`) when converted before."""
    shown = memo.get(text)
    if shown is None:
        shown = memo[text] = game.shown_text(text)
    return shown


def events_for(game: Game[Any, Any], steps: list[Step], seat: int | None) -> list[dict[str, Any]]:
    """The events of ``steps`` that ``seat`` may see, in the words people are shown
    (``Game.shown_text``: seats counted from 1)."""
    out = []
    memo = shown_texts(game)
    for step in steps:
        for e in step.events:
            if e.visible_to(seat):
                out.append({"kind": e.kind, "text": shown_text(game, e.text, memo)})
    return out


def dice_for(steps: list[Step], seat: int | None) -> list[list[int]]:
    """The dice that fell in ``steps`` as ``seat`` may see them: the ``dice`` of
    each event visible to the seat (a game puts the faces rolled on the event that
    shows the roll; a secret outcome such as a card drawn is never read here)."""
    return [list(e.dice) for step in steps for e in step.events if e.dice and e.visible_to(seat)]


def rolls(game: Game[Any, Any], steps: list[Step], seat: int | None, sides: dict[int, tuple[int, ...]]) -> list[dict[str, Any]]:
    """The visible rolls of ``steps`` (see :meth:`LiveGame.rolls_for`); ``sides`` by
    id(step), six-sided when unknown."""
    out = []
    memo = shown_texts(game)
    for step in steps:
        known = sides.get(id(step), ())
        for e in step.events:
            if e.dice and e.visible_to(seat):
                n = len(e.dice)
                each = list(known) if len(known) == n else [known[0]] * n if known and len(set(known)) == 1 else [6] * n
                out.append({"dice": list(e.dice), "sides": each, "text": shown_text(game, e.text, memo)})
    return out


def chance_kind(state: State) -> str | None:
    """What chance is doing now, for the banner: "draw" when its outcomes are cards
    (faces in words), "roll" for dice, None when it is not a chance node."""
    if not state.is_chance or state.is_terminal:
        return None
    outcomes = state.chance_outcomes()
    if outcomes and any(isinstance(face, str) for face in outcomes[0][0].faces):
        return "draw"
    return "roll"
