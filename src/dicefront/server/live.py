"""One game being played on the server: its state, record, seats and what each
person is sent. Synchronous and free of networking; :mod:`.hub` drives it.

Every message is built from what that seat may know: ``view(seat)``, its own legal
actions, the events visible to it and the SVG drawn for it. The real state, the
dice source and the other seat's token never leave this object.

Secret steps: a step seat p makes at a simultaneous node (more than one actor, or any
step in a game with simultaneous phases) is private to p while p remains an actor.
Only p hears of it; the other seat and spectators hear of p's whole private sequence
at once, in one update, when p leaves the actors (or the node resolves). So what they
receive, and the ``step`` numbers they are shown (per-viewer counters), do not depend
on how many secret steps p made."""

from __future__ import annotations

import json
import random
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from ..core.agent import Agent
from ..core.errors import DicefrontError, IllegalActionError
from ..core.game import Game, State
from ..core.match import move, roll
from ..core.record import MatchRecord, Step
from ..core.registry import build
from . import ending
from .names import default_name
from .storage import GameRow, Seat, Storage

Viewer = int | None
Told = dict[Viewer, list[Step]]  # per viewer: the steps an update tells it of
VIEWERS: tuple[Viewer, ...] = (0, 1, None)
MAX_SECRET_BATCH = 1000  # steps one computer player may make in one private sequence
MAX_FOLLOW = 20  # dice rolls that may join the step before them in one update


def _settled(state: State) -> bool:
    return state.is_terminal or state.is_chance


class Plan:
    """Steps planned on a copy of the state (``trial``), not yet committed: for each,
    the actors before it and, after it, the actors and whether the node settled."""

    def __init__(self, first: int, trial: State) -> None:
        self.first = first  # the game's length when planned: the first new step's index
        self.trial = trial
        self.steps: list[tuple[tuple[int, ...], Step]] = []
        self.afters: list[tuple[tuple[int, ...], bool]] = []
        self.sides: dict[int, tuple[int, ...]] = {}  # id(chance step): its dice's sides
        self.path: list[str] | None = None  # the last move's board ids (None: unchanged)

    def add(self, before: tuple[int, ...], step: Step) -> None:
        self.steps.append((before, step))
        self.afters.append((tuple(self.trial.actors), _settled(self.trial)))

    def new_steps(self) -> list[Step]:
        return [s for _, s in self.steps]

    def returns(self) -> tuple[float, float] | None:
        return self.trial.returns() if self.trial.is_terminal else None


class LiveGame:
    def __init__(self, row: GameRow, storage: Storage, game: Game[Any, Any] | None = None) -> None:
        self.id = row.id
        self.storage = storage  # every step is committed here before anyone hears of it
        self.row = row
        self.game = game if game is not None else shared_game(row.game, row.options, row.data_files, stored=True)
        self.seats = row.seats
        self.state: State = self.game.new_state()
        self.record = MatchRecord(game=self.game.name, options=self.game.options_json(), seed=None, agents=[self._agent_label(s) for s in self.seats],
                                  data_files=self.game.data_files)
        self.dice = random.SystemRandom()
        self.pending: dict[int, list[Step]] = {}  # private steps others have not heard of
        self.seen: dict[Viewer, int] = dict.fromkeys(VIEWERS, 0)  # steps shown to each viewer
        self.marks: dict[Viewer, list[tuple[int, list[Step]]]] = {v: [] for v in VIEWERS}  # per shown step: record length, steps (history.py)
        self.sides: dict[int, tuple[int, ...]] = {}  # id(chance step): its dice's sides, for the dice box
        self.last_path: list[str] = []  # board ids of the last public move, for highlighting it
        self.ended = ending.parse(row.status)  # a resignation (ending.py), or None
        self._boards: dict[Viewer, dict[str, Any]] = {}  # each seat's board message parts, built once per step
        self._boards_of: tuple[int, int, bool] = (-1, 0, False)
        self._update_from: dict[Viewer, int] = {}  # per viewer: its move-list length before the last change
        for step in row.steps:
            before = tuple(self.state.actors)
            self._replay(step)
            self._note(before, self.record.steps[-1], tuple(self.state.actors), _settled(self.state))
        if self.state.is_terminal:
            self.record.finish(self.state)

    # ----- rebuilding ---------------------------------------------------------------
    def _replay(self, step: Step) -> None:
        if step.player is None:
            assert step.outcome is not None
            sides = chance_sides(self.state)
            events = self.state.apply_chance(step.outcome)
        else:
            assert step.action is not None
            action = self.game.parse_action(self.state, step.action, step.player)
            events = self.state.apply(action, step.player)
        self.record.steps.append(Step(step.player, action=step.action, outcome=step.outcome, events=events))
        if step.player is None and sides:
            self.sides[id(self.record.steps[-1])] = sides

    def catch_up(self, row: GameRow) -> Told:
        """Take in what another server process committed: ``row``'s seats and its steps
        from this game's length on. Returns whom each new step is told to."""
        self.seats[:] = row.seats
        self.row.status = row.status
        self.ended = ending.parse(row.status)
        told: Told = {v: [] for v in VIEWERS}
        self._update_from = {v: len(self.marks[v]) for v in VIEWERS}
        for step in row.steps:
            before = tuple(self.state.actors)
            self._replay(step)
            for viewer, heard in self._note(before, self.record.steps[-1], tuple(self.state.actors), _settled(self.state)).items():
                told[viewer].extend(heard)
        if row.steps and self.state.is_terminal:
            self.record.finish(self.state)
        return told

    @staticmethod
    def _agent_label(seat: Seat) -> str:
        return seat.agent if seat.kind == "computer" else "human"

    # ----- facts ----------------------------------------------------------------------
    @property
    def length(self) -> int:
        return self.record.length

    @property
    def finished(self) -> bool:
        return self.state.is_terminal or self.ended is not None

    def seat_for_token(self, token: str) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat.kind == "human" and seat.token and secrets.compare_digest(seat.token.encode(), token.encode()):
                return i
        return None

    def computer_to_act(self) -> int | None:
        for p in self.state.actors:
            if self.seats[p].kind == "computer":
                return p
        return None

    def needs_driving(self) -> bool:
        return not self.finished and (self.state.is_chance or self.computer_to_act() is not None)

    # ----- changing the game ------------------------------------------------------------
    # A change is planned on a copy of the state (:class:`Plan`), written to storage,
    # and only then accepted here: nobody hears of a step before it is committed.
    def act(self, seat: int, text: str, follow: bool = False) -> Told:
        """A person's action in notation: checked against the legal actions, applied,
        committed. Raises a DicefrontError (nothing changed) if it is not legal.
        ``follow``: the dice rolls that come right after it join it (:meth:`plan_act`)."""
        plan = self.plan_act(seat, text, follow)
        self.write(plan)
        return self.accept(plan)

    def plan_act(self, seat: int, text: str, follow: bool = False) -> Plan:
        """Plan a person's action (nothing changed yet). With ``follow``, the chance
        steps the server would make at once after it (dice rolls) are planned with it,
        so that they are written together and told in one update."""
        if self.finished:
            raise IllegalActionError(text, seat, "the game is over")
        if seat not in self.state.actors:
            raise IllegalActionError(text, seat, self._not_your_turn(seat))
        trial = self.state.clone()
        action = self.game.parse_action(trial, text, seat)
        path = self._path(action, seat)
        events = trial.apply(action, seat)
        plan = Plan(self.length, trial)
        plan.add(tuple(self.state.actors), Step(seat, action=str(action), events=events))
        plan.path = path if all(e.audience is None for e in events) else []  # a move with secrets is not shown
        if follow:
            self._follow(plan)
        return plan

    def _path(self, action: Any, seat: int) -> list[str]:
        """The board ids of a move everyone may see (for highlighting the last move);
        nothing for a secret step."""
        if self.secret_node():
            return []
        try:
            return list(self.game.action_path(self.state, action))
        except (DicefrontError, ValueError, KeyError):
            return []

    def _not_your_turn(self, seat: int) -> str:
        if self.state.is_chance:
            return "the dice are being rolled"
        if self.game.spec.simultaneous and self.state.actors:
            return "you have already submitted; waiting for the other side"
        return f"it is not {self.game.seat_name(seat)}'s turn"

    def step_automatic(self, agents: dict[int, Agent], follow: bool = False) -> Told:
        """One chance outcome (from a cryptographic source) or one computer move; at a
        secret node, the computer's whole private sequence (see :meth:`secret_node`)."""
        plan = self.plan_automatic(agents, follow)
        if plan is None:
            return {}
        self.write(plan)
        return self.accept(plan)

    def plan_automatic(self, agents: dict[int, Agent], follow: bool = False) -> Plan | None:
        """Plan :meth:`step_automatic`'s step (None: nothing to do). ``follow``: a public
        computer move takes the dice rolls right after it along (see :meth:`plan_act`)."""
        trial = self.state.clone()
        if trial.is_chance:
            plan = Plan(self.length, trial)
            self._roll(plan)
            if follow:
                self._follow(plan)
            return plan
        seat = self.computer_to_act()
        if seat is None:
            return None
        secret = self.secret_node()
        batch = MAX_SECRET_BATCH if secret else 1
        pre = trial.clone() if batch == 1 else None
        plan = Plan(self.length, trial)
        while len(plan.steps) < batch and seat in trial.actors and not _settled(trial):
            before = tuple(trial.actors)
            plan.add(before, move(trial, agents[seat], seat, random.Random(secrets.randbits(128))))
        if len(plan.steps) > 1:  # a private sequence is told as one: it ends with its last step
            plan.afters[:-1] = [(before, False) for before, _ in plan.steps[:-1]]
        path = self._computer_path(pre, plan.steps[0][1]) if pre is not None and len(plan.steps) == 1 else []
        plan.path = path if all(e.audience is None for _, st in plan.steps for e in st.events) else []
        if follow and not secret:
            self._follow(plan)
        return plan

    def _roll(self, plan: Plan) -> None:
        before, sides = tuple(plan.trial.actors), chance_sides(plan.trial)
        step = roll(plan.trial, self.dice)
        if sides:
            plan.sides[id(step)] = sides
        plan.add(before, step)

    def _follow(self, plan: Plan) -> None:
        """Plan the dice rolls that follow at once (bounded)."""
        rolls_left = MAX_FOLLOW
        while plan.trial.is_chance and not plan.trial.is_terminal and rolls_left:
            self._roll(plan)
            rolls_left -= 1

    def _computer_path(self, pre: State, step: Step) -> list[str]:
        try:
            action = self.game.parse_action(pre, step.action or "", step.player or 0)
            return list(self.game.action_path(pre, action))
        except (DicefrontError, ValueError, KeyError):
            return []

    def secret_node(self) -> bool:
        """Whether a player's steps here are private to it (module docstring)."""
        return not _settled(self.state) and (len(self.state.actors) > 1 or self.game.spec.simultaneous)

    def write(self, plan: Plan) -> None:
        """Commit a plan's steps to storage (synchronous: a worker thread's job)."""
        self.storage.add_steps(self.id, plan.first, plan.new_steps(), plan.returns())

    def accept(self, plan: Plan) -> Told:
        """Take in a plan once it is committed: whom each of its steps is told to. The
        seats told of more than one step hear of them in one update (``Told``)."""
        if plan.first != self.length:
            raise DicefrontError("the game changed while a step was being stored")
        trial, steps = plan.trial, plan.steps
        self.state = trial
        self.record.steps.extend(s for _, s in steps)
        self.sides.update(plan.sides)
        if plan.path is not None:
            self.last_path = plan.path
        if trial.is_terminal:
            self.record.finish(trial)
            self.row.status = "finished"
        told: Told = {v: [] for v in VIEWERS}
        self._update_from = {v: len(self.marks[v]) for v in VIEWERS}
        for (before, step), (after, settled) in zip(steps, plan.afters, strict=True):
            for viewer, heard in self._note(before, step, after, settled).items():
                told[viewer].extend(heard)
        return told

    def _note(self, before: tuple[int, ...], step: Step, after: tuple[int, ...], settled: bool) -> Told:
        """Account one step: whom it is told to now, and whose private steps it releases."""
        told: Told = {v: [] for v in VIEWERS}
        p = step.player
        private = p is not None and (p in self.pending or len(before) > 1 or self.game.spec.simultaneous)
        if private and p is not None:
            self.pending.setdefault(p, []).append(step)
            told[p].append(step)
            self.seen[p] += 1
            self.marks[p].append((self.length, [step]))
        resolved = settled or not private or not set(after) <= set(before)  # a new node: its actors changed
        for owner in sorted(self.pending):
            if owner in after and not resolved:
                continue
            batch = self.pending.pop(owner)
            for v in VIEWERS:
                if v != owner:
                    told[v].extend(batch)
                    self.seen[v] += 1
                    self.marks[v].append((self.length, batch))
        if not private:
            for v in VIEWERS:
                told[v].append(step)
                self.seen[v] += 1
                self.marks[v].append((self.length, [step]))
        return told

    def visible_length(self, seat: int | None) -> int:
        """The step number shown to ``seat``: the other side's private steps count once
        per sequence, when it is released."""
        return self.seen[seat]

    # ----- what a seat is sent ------------------------------------------------------------
    def message(self, seat: int | None, new_steps: list[Step] | None = None, online: set[int] | None = None) -> dict[str, Any]:
        """The state message for ``seat`` (None: a spectator). ``new_steps``: only the
        events of those steps (an update); otherwise the whole log (a greeting)."""
        steps = self._known_steps(seat) if new_steps is None else new_steps
        msg: dict[str, Any] = {
            "type": "state",
            "game_id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "seat": seat,
            "step": self.visible_length(seat),
            **self.board(seat),
            "last": self.last_path,
            "players": self.players(online or set()),
            "events": self.events_for(self.game, steps, seat),
            "dice": self.dice_for(steps, seat),
            "rolls": self.rolls_for(steps, seat),
            "chance": chance_kind(self.state),
            "full": new_steps is None,
            "by": steps[-1].player if steps else None,  # whose move this update tells of (None: chance), for the move list
        }
        if new_steps is None:
            msg["legend"] = self.legend()
        elif new_steps:
            self._add_moves(msg, seat)
        return msg

    def _add_moves(self, msg: dict[str, Any], seat: Viewer) -> None:
        """An update telling of more than one entry of ``seat``'s move list (a move and
        the dice rolled at once after it) lists each entry, numbered as the move list
        numbers them (module history), so the page adds them without asking."""
        start = self._update_from.get(seat, len(self.marks[seat]))
        fresh = self.marks[seat][start:]
        if len(fresh) > 1:
            msg["moves"] = [{"n": start + i + 1, "events": self.events_for(self.game, steps, seat), "by": steps[-1].player if steps else None} for i, (_, steps) in enumerate(fresh)]

    def board(self, seat: int | None) -> dict[str, Any]:
        """The parts of ``seat``'s message that depend only on the state (the SVG, the
        legal actions with their click paths...): built once per step and seat, shared
        by every update and greeting until the state changes (a new step, or a new state
        object: change the state only through those)."""
        state = self.state
        key = (self.length, id(state), self.finished)
        if key != self._boards_of:
            self._boards.clear()
            self._boards_of = key
        board = self._boards.get(seat)
        if board is None:
            view = state.view(seat)
            board = {
                "view": view,
                "svg": self.game.render_svg(state, seat, view),
                "status": state.status_text(),
                "actors": list(state.actors),
                "terminal": self.finished,
                "result": self.result() if self.finished else None,
                "actions": self.actions(seat),
            }
            hand = self.game.role_function("svg", "hand", required=False)  # cards in hand, from the view only
            if hand is not None:
                board["hand"] = hand(self.game, board["view"])
            if seat is not None and seat not in state.actors and not state.is_terminal and self.game.spec.simultaneous:
                board["waiting"] = bool(state.actors) and not state.is_chance
            self._boards[seat] = board
        return board

    def legend(self) -> list[list[str]]:
        """What the board's marks mean: the svg role's optional ``legend(game)``."""
        fn = self.game.role_function("svg", "legend", required=False)
        return [[str(a), str(b)] for a, b in fn(self.game)] if fn is not None else []

    def _known_steps(self, seat: int | None) -> list[Step]:
        hidden = {id(step) for owner, steps in self.pending.items() if owner != seat for step in steps}
        return [step for step in self.record.steps if id(step) not in hidden]

    def actions(self, seat: int | None) -> list[dict[str, Any]]:
        if seat is None or seat not in self.state.actors or self.ended is not None:
            return []
        paths = self.game.role_function("svg", "action_path", required=False)  # as Game.action_path, looked up once
        extras = self._extras()
        out = []
        for action in self.state.legal_actions(seat):
            item: dict[str, Any] = {"text": str(action), "path": [] if paths is None else list(paths(self.state, action))}
            for key, fn in extras:
                value = fn(self.state, action)
                if value:
                    item[key] = str(value)
            out.append(item)
        return out

    def _extras(self) -> list[tuple[str, Callable[[Any, Any], Any]]]:
        """An action's optional words from the svg role, looked up once per list: a
        button's label, the card in hand it plays, a small SVG preview of what it
        chooses (a map)."""
        out = []
        for key, name in (("label", "action_label"), ("card", "action_card"), ("preview", "svg_preview")):
            fn = self.game.role_function("svg", name, required=False)
            if fn is not None:
                out.append((key, fn))
        return out

    def players(self, online: set[int]) -> list[dict[str, Any]]:
        return players_of(self.game, self.seats, online)

    def who(self, seat: int) -> str:
        """A seat's player as people see it: its chosen name, else "Player <seat + 1>"."""
        return who_of(self.seats, seat)

    def who_and_side(self, seat: int) -> str:
        """The player's name with the side it plays when the game names sides ("Ann (Green)")."""
        return who_and_side_of(self.game, self.seats, seat)

    def result(self) -> dict[str, Any]:
        return result_of(self.game, self.seats, self.ended, () if self.ended is not None else self.state.returns())

    @staticmethod
    def events_for(game: Game[Any, Any], steps: list[Step], seat: int | None) -> list[dict[str, Any]]:
        """The events of ``steps`` that ``seat`` may see, in the words people are shown
        (``Game.shown_text``: seats counted from 1)."""
        out = []
        for step in steps:
            for e in step.events:
                if e.visible_to(seat):
                    out.append({"kind": e.kind, "text": game.shown_text(e.text)})
        return out

    @staticmethod
    def dice_for(steps: list[Step], seat: int | None) -> list[list[int]]:
        """The dice that fell in ``steps`` as ``seat`` may see them: the ``dice`` of
        each event visible to the seat (a game puts the faces rolled on the event that
        shows the roll; a secret outcome such as a card drawn is never read here)."""
        return [list(e.dice) for step in steps for e in step.events if e.dice and e.visible_to(seat)]

    def rolls_for(self, steps: list[Step], seat: int | None) -> list[dict[str, Any]]:
        """Each roll in ``steps`` that ``seat`` may see, for the dice box: its faces, each
        die's sides (see :func:`chance_sides`) and the sentence saying whose roll it was
        and what it decided."""
        return rolls(self.game, steps, seat, self.sides)

    # ----- lobby summary ------------------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        finished = self.finished
        result = self.result() if finished else None
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "options": self.row.options,
            "created": self.row.created,
            "steps": self.visible_length(None),
            "status": result["text"] if result is not None else self.state.status_text(),
            "finished": finished,
            "open": self.open_seat() is not None and not finished,
            "result": result,
            "players": self.players(set()),
        }

    def open_seat(self) -> int | None:
        """The seat a stranger may claim from the lobby, if any."""
        for i, seat in enumerate(self.seats):
            if seat.kind == "human" and seat.open and not seat.joined:
                return i
        return None


def who_of(seats: list[Seat], seat: int) -> str:
    """A seat's player as people see it: its chosen name, else "Player <seat + 1>"."""
    return seats[seat].name or default_name(seat)


def who_and_side_of(game: Game[Any, Any], seats: list[Seat], seat: int) -> str:
    """The player's name with the side it plays when the game names sides ("Ann (Green)")."""
    side = game.seat_name(seat)
    return who_of(seats, seat) if side.startswith("Player ") else f"{who_of(seats, seat)} ({side})"


def players_of(game: Game[Any, Any], seats: list[Seat], online: set[int]) -> list[dict[str, Any]]:
    return [
        {
            "seat": i,
            "name": game.seat_name(i),  # the side's name, else "Player <seat + 1>"
            "person": who_of(seats, i),  # the player's chosen name, or "Player <seat + 1>" (names.py)
            "kind": seat.kind,
            "agent": seat.agent if seat.kind == "computer" else None,
            "joined": seat.joined or seat.kind == "computer",
            "online": seat.kind == "computer" or i in online,
        }
        for i, seat in enumerate(seats)
    ]


def result_of(
    game: Game[Any, Any], seats: list[Seat], ended: dict[str, Any] | None, returns: tuple[float, ...] | list[float]
) -> dict[str, Any]:
    """A finished game's result: an agreed ending (ending.py) or the returns of play."""
    if ended is not None:
        return ending.result(ended, lambda seat: who_of(seats, seat))
    winner = 0 if returns[0] > returns[1] else 1 if returns[1] > returns[0] else None
    text = "Draw" if winner is None else f"{who_and_side_of(game, seats, winner)} wins"
    return {"returns": list(returns), "winner": winner, "text": text}


def stored_summary(row: GameRow, length: int) -> dict[str, Any] | None:
    """The lobby summary of a finished game of ``length`` stored steps from its row
    alone (no replay), as :meth:`LiveGame.summary` gives it; None for a game with
    simultaneous phases (its count of steps shown needs the replay: a secret sequence
    counts once)."""
    game = shared_game(row.game, row.options, row.data_files, stored=True)
    if game.spec.simultaneous:
        return None
    ended = ending.parse(row.status)
    if ended is None and row.returns is None:
        raise DicefrontError("a finished game without its result")
    result = result_of(game, row.seats, ended, row.returns or [])
    return {
        "id": row.id, "game": game.name, "title": game.title, "options": row.options, "created": row.created, "steps": length,
        "status": result["text"], "finished": True, "open": False, "result": result, "players": players_of(game, row.seats, set()),
    }


def chance_sides(state: State) -> tuple[int, ...] | None:
    """The sides of each die rolled at this chance node (its highest face in each
    position), or None when its outcomes are not dice."""
    if not state.is_chance or state.is_terminal:
        return None
    faces = [roll.faces for roll, _ in state.chance_outcomes()]
    if not faces or any(len(f) != len(faces[0]) or not all(type(x) is int for x in f) for f in faces):
        return None
    return tuple(max(int(f[i]) for f in faces) for i in range(len(faces[0])))


def rolls(game: Game[Any, Any], steps: list[Step], seat: int | None, sides: dict[int, tuple[int, ...]]) -> list[dict[str, Any]]:
    """The visible rolls of ``steps`` (see :meth:`LiveGame.rolls_for`); ``sides`` by
    id(step), six-sided when unknown."""
    out = []
    for step in steps:
        known = sides.get(id(step), ())
        for e in step.events:
            if e.dice and e.visible_to(seat):
                n = len(e.dice)
                each = list(known) if len(known) == n else [known[0]] * n if known and len(set(known)) == 1 else [6] * n
                out.append({"dice": list(e.dice), "sides": each, "text": game.shown_text(e.text)})
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


def validate_new_game(name: str, options: dict[str, Any], data_files: dict[str, str] | None = None) -> Game[Any, Any]:
    """Load the game with these options and uploaded data files; DicefrontError (clear
    message) if impossible. Options may name shipped data files only: the server
    never reads a path a client names."""
    if not isinstance(options, dict):
        raise DicefrontError("options must be an object of option names to values")
    return shared_game(name, options, data_files or None, stored=False)


_GAMES: OrderedDict[str, Game[Any, Any]] = OrderedDict()
_GAMES_LOCK = threading.Lock()
GAMES_KEPT = 32  # built games kept for reuse (a game object is configuration only)


def shared_game(name: str, options: dict[str, Any], data_files: dict[str, str] | None, stored: bool) -> Game[Any, Any]:
    """The game built with these settings (server-side: no local files), shared by
    every live game that uses them, so the work a game object caches (a board's
    tables, its static picture) is done once, not once per match. A game object
    holds no match's state (the state objects do)."""
    try:
        key = json.dumps([name, options, data_files or {}, stored], sort_keys=True)
    except (TypeError, ValueError):
        return build(name, options, data_files=data_files or None, local_files=False, stored=stored)
    with _GAMES_LOCK:  # live games are also rebuilt in worker threads
        game = _GAMES.get(key)
        if game is not None:
            _GAMES.move_to_end(key)
            return game
    game = build(name, options, data_files=data_files or None, local_files=False, stored=stored)
    with _GAMES_LOCK:
        _GAMES[key] = game
        while len(_GAMES) > GAMES_KEPT:
            _GAMES.popitem(last=False)
    return game


__all__ = ["LiveGame", "Storage", "validate_new_game"]
