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

import random
import secrets
from collections.abc import Collection
from typing import Any

from ..core.agent import Agent
from ..core.errors import DicefrontError, IllegalActionError
from ..core.game import Game, State
from ..core.match import move, roll
from ..core.memo import Kept
from ..core.record import MatchRecord, Step
from . import ending, seat_view
from .game_cache import shared_game, validate_new_game
from .results import in_play_of, open_seat_of, players_of, result_of, stored_summary, who_and_side_of, who_of
from .seat_view import chance_kind, rolls
from .storage import GameRow, InPlay, Seat, Storage

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
    def __init__(self, row: GameRow, storage: Storage, game: Game[Any, Any] | None = None, dice_seed: int | None = None) -> None:
        self.id = row.id
        self.dice_seed = dice_seed  # None: dice and computer moves from a cryptographic source (see _rng)
        self.storage = storage  # every step is committed here before anyone hears of it
        self.row = row
        self.game = game if game is not None else shared_game(row.game, row.options, row.data_files, stored=True)
        self.seats = row.seats
        self.state: State = self.game.new_state()
        self.record = MatchRecord(game=self.game.name, options=self.game.options_json(), seed=None, agents=[self._agent_label(s) for s in self.seats],
                                  data_files=self.game.data_files, agent_specs=None if row.agent_specs is None else list(row.agent_specs))
        self.dice = random.SystemRandom()
        self.pending: dict[int, list[Step]] = {}  # private steps others have not heard of
        self.seen: dict[Viewer, int] = dict.fromkeys(VIEWERS, 0)  # steps shown to each viewer
        self.marks: dict[Viewer, list[tuple[int, list[Step]]]] = {v: [] for v in VIEWERS}  # per shown step: record length, steps (history.py)
        self.sides: dict[int, tuple[int, ...]] = {}  # id(chance step): its dice's sides, for the dice box
        self.last_path: list[str] = []  # board ids of the last public move, for highlighting it
        self.ended = ending.parse(row.status)  # a resignation (ending.py), or None
        self._boards: dict[Viewer, dict[str, Any]] = {}  # each seat's board message parts, built once per step
        self._boards_of: tuple[int, int, bool] = (-1, 0, False)
        self.legal_by_text: dict[int, dict[str, Any]] = {}  # per seat, for the boards now built: its legal actions by their text
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
        shown = self._shown_action(seat, text)
        action = shown if shown is not None else self.game.parse_action(trial, text, seat)
        path = self._path(action, seat)
        events = trial.push(action, seat) if shown is not None else trial.apply(action, seat)  # shown: from this state's legal list
        plan = Plan(self.length, trial)
        plan.add(tuple(self.state.actors), Step(seat, action=str(action), events=events))
        plan.path = path if all(e.audience is None for e in events) else []  # a move with secrets is not shown
        if follow:
            self._follow(plan)
        return plan

    def _shown_action(self, seat: int, text: str) -> Any:
        """The legal action written exactly as the seat's board lists it (None: parse it)."""
        if seat_view.key_of(self) != self._boards_of:
            return None
        return self.legal_by_text.get(seat, {}).get(text)

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
            plan.add(before, move(trial, agents[seat], seat, self._rng(plan, "move")))
        if len(plan.steps) > 1:  # a private sequence is told as one: it ends with its last step
            plan.afters[:-1] = [(before, False) for before, _ in plan.steps[:-1]]
        path = self._computer_path(pre, plan.steps[0][1]) if pre is not None and len(plan.steps) == 1 else []
        plan.path = path if all(e.audience is None for _, st in plan.steps for e in st.events) else []
        if follow and not secret:
            self._follow(plan)
        return plan

    def _roll(self, plan: Plan) -> None:
        before, sides = tuple(plan.trial.actors), chance_sides(plan.trial)
        step = roll(plan.trial, self._rng(plan, "dice"))
        if sides:
            plan.sides[id(step)] = sides
        plan.add(before, step)

    def _rng(self, plan: Plan, purpose: str) -> random.Random:
        """The random source of the next step of ``plan``: the cryptographic one, or with
        ``dice_seed`` (``serve --dice-seed``, for tests only: anyone who knows the seed
        can predict every roll) one seeded by the seed, the game's id (the hub makes
        those from the seed too), the step's index and ``purpose``, so the same moves give
        the same dice whatever the timing."""
        if self.dice_seed is None:
            return self.dice if purpose == "dice" else random.Random(secrets.randbits(128))
        return random.Random(f"{self.dice_seed}:{self.id}:{plan.first + len(plan.steps)}:{purpose}")

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
        self.storage.add_steps(self.id, plan.first, plan.new_steps(), **self.stored_with(plan))

    def stored_with(self, plan: Plan) -> dict[str, Any]:
        """What is stored with a plan's steps besides them (``Storage.add_steps``): the
        returns and step count of a game it ends, else what the lobby shows of the game."""
        returns = plan.returns()
        if returns is not None:
            return {"finished": returns, "shown": self.shown_after(plan)}
        return {"playing": self.in_play(plan.trial, self.shown_after(plan))}

    def in_play(self, state: State, shown: int) -> InPlay:
        """What the lobby shows of this game in play at ``state`` (stored: start-up lists
        it without replaying it, and rebuilds it at once when it goes on by itself)."""
        return in_play_of(self.seats, state, shown)

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
        private, released = self._release(self.pending, before, step, after, settled)
        if private and p is not None:
            self.pending.setdefault(p, []).append(step)
            told[p].append(step)
            self.seen[p] += 1
            self.marks[p].append((self.length, [step]))
        for owner in released:
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

    def _release(self, pending: Collection[int], before: tuple[int, ...], step: Step, after: tuple[int, ...], settled: bool) -> tuple[bool, list[int]]:
        """Whether ``step`` is private to its player, and whose private sequences it
        releases (of the players with steps ``pending``, and its own)."""
        p = step.player
        private = p is not None and (p in pending or len(before) > 1 or self.game.spec.simultaneous)
        resolved = settled or not private or not set(after) <= set(before)  # a new node: its actors changed
        owners = set(pending) | ({p} if private and p is not None else set())
        return private, [owner for owner in sorted(owners) if resolved or owner not in after]

    def shown_after(self, plan: Plan) -> int:
        """The step number spectators are shown once ``plan`` is accepted (stored when
        the game ends: the lobby's count, :attr:`GameRow.shown`)."""
        pending, shown = set(self.pending), self.seen[None]
        for (before, step), (after, settled) in zip(plan.steps, plan.afters, strict=True):
            private, released = self._release(pending, before, step, after, settled)
            pending = (pending | ({step.player} if private and step.player is not None else set())) - set(released)
            shown += len(released) + (not private)
        return shown

    def visible_length(self, seat: int | None) -> int:
        """The step number shown to ``seat``: the other side's private steps count once
        per sequence, when it is released."""
        return self.seen[seat]

    # ----- what a seat is sent (seat_view.py) ---------------------------------------------
    def message(
        self, seat: int | None, new_steps: list[Step] | None = None, online: set[int] | None = None, players: list[dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        """The state message for ``seat`` (None: a spectator). ``new_steps``: only the
        events of those steps (an update); otherwise the whole log (a greeting).
        ``players``: the players list, when the caller built it already."""
        return seat_view.message(self, seat, new_steps, online, players)

    def board(self, seat: int | None) -> dict[str, Any]:
        """The parts of ``seat``'s message that depend only on the state, built once per step."""
        return seat_view.board(self, seat)

    def legend(self) -> list[list[str]]:
        return seat_view.legend(self)

    def actions(self, seat: int | None) -> list[dict[str, Any]]:
        return seat_view.actions(self, seat)

    events_for = staticmethod(seat_view.events_for)
    dice_for = staticmethod(seat_view.dice_for)

    def rolls_for(self, steps: list[Step], seat: int | None) -> list[dict[str, Any]]:
        """Each roll in ``steps`` that ``seat`` may see, for the dice box (:func:`seat_view.rolls`)."""
        return rolls(self.game, steps, seat, self.sides)

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
        return open_seat_of(self.seats)


def chance_sides(state: State) -> tuple[int, ...] | None:
    """The sides of each die rolled at this chance node (its highest face in each
    position), or None when its outcomes are not dice."""
    if not state.is_chance or state.is_terminal:
        return None
    outcomes = state.chance_outcomes()
    hit = _SIDES.get(id(outcomes))
    if hit is not None and hit[0] is outcomes:  # a game's fixed table of outcomes (2d6 twice: 1,296 rolls) is read once
        return hit[1]
    faces = [roll.faces for roll, _ in outcomes]
    sides = None
    if faces and not any(len(f) != len(faces[0]) or not all(type(x) is int for x in f) for f in faces):
        sides = tuple(max(int(f[i]) for f in faces) for i in range(len(faces[0])))
    _SIDES.put(id(outcomes), (outcomes, sides))  # the entry holds the outcomes: their id is not reused while kept
    return sides


# id(outcomes) -> (outcomes, their dice's sides); shared by the loop and the hub's worker threads (Kept: no lock needed)
_SIDES: Kept[tuple[Any, tuple[int, ...] | None]] = Kept(64)


__all__ = ["LiveGame", "Storage", "chance_kind", "chance_sides", "players_of", "result_of", "rolls", "shared_game", "stored_summary",
           "validate_new_game", "who_and_side_of", "who_of"]
