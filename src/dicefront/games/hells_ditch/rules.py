"""Hell's Ditch rules: the state and every rule of RULES.md (rule numbers in comments).

A turn has three phases: both players write plans at once (``plan``, actors (0, 1)
until each submits), then the plans are carried out step by step; a fight is a
chance node per roll (``roll``) with, between rolls, the back-out decisions of the
owners whose warband can retreat (``choice``, both at once)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from ...core.chance import Outcomes, Roll
from ...core.events import Event
from ...core.game import Action, State, winner_returns
from . import fight as fights
from .actions import BackOut, FightOn, HellsDitchAction, Move, Order, PickCounter, Raze, Recruit, Submit, counter_label, strength
from .constants import CHOICE, FULL_HP, OVER, PLAN, ROLL, TURNS_PER_ROUND, WARBANDS, Kind
from .fight import Fight
from .plan import next_orders, projection, unused_counters

if TYPE_CHECKING:
    from . import HellsDitchGame
    from .mapdata import ValleyMap


class HellsDitchState(State[HellsDitchAction]):
    game: HellsDitchGame
    __slots__ = (
        "choice", "counter", "deciders", "fight", "fresh", "game", "hp", "loc", "loot", "orders",
        "phase", "queue", "razed", "resolved", "round", "step", "submitted", "turn", "used", "winner",
    )

    def __init__(self, game: HellsDitchGame) -> None:
        self.game = game
        holds = game.valley.strongholds
        self.loc: list[list[str | None]] = [[holds[p]] * WARBANDS for p in (0, 1)]  # rule 1.3
        self.hp = [[FULL_HP] * WARBANDS for _ in (0, 1)]
        self.razed: set[str] = set()
        self.loot = [0, 0]
        self.used: list[tuple[int, ...]] = [(), ()]
        self.round = 1
        self.turn = 1
        self.phase = PLAN
        self.counter: list[int | None] = [None, None]
        self.orders: list[tuple[Order, ...]] = [(), ()]
        self.submitted = [False, False]
        self.step = 0
        self.resolved = 0
        self.queue: tuple[Fight, ...] = ()
        self.fight: Fight | None = None
        self.fresh = True
        self.deciders: tuple[int, ...] = ()
        self.choice: list[FightOn | BackOut | None] = [None, None]
        self.winner: int | None = None

    @property
    def valley(self) -> ValleyMap:
        return self.game.valley

    # ----- contract ---------------------------------------------------------------
    @property
    def actors(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == PLAN:
            s0, s1 = self.submitted
            if s0:
                return () if s1 else (1,)
            return (0,) if s1 else (0, 1)
        if phase == CHOICE:
            choice = self.choice
            return tuple(p for p in self.deciders if choice[p] is None)
        return ()

    @property
    def is_chance(self) -> bool:
        return self.phase == ROLL

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> tuple[float, float]:
        return winner_returns(self.winner)

    def strengths(self) -> tuple[int, int]:
        c0, c1 = self.counter
        return (strength(c0 or 1), strength(c1 or 1))

    def chance_outcomes(self) -> Outcomes:
        if self.phase != ROLL:
            return []
        return fights.roll_outcomes(self.strengths(), self.fresh)

    def clone(self) -> HellsDitchState:
        new = HellsDitchState.__new__(HellsDitchState)
        new.game = self.game
        new.loc = [list(self.loc[0]), list(self.loc[1])]
        new.hp = [list(self.hp[0]), list(self.hp[1])]
        new.razed = set(self.razed)
        new.loot = list(self.loot)
        new.used = list(self.used)
        new.round = self.round
        new.turn = self.turn
        new.phase = self.phase
        new.counter = list(self.counter)
        new.orders = list(self.orders)
        new.submitted = list(self.submitted)
        new.step = self.step
        new.resolved = self.resolved
        new.queue = self.queue
        new.fight = self.fight
        new.fresh = self.fresh
        new.deciders = self.deciders
        new.choice = list(self.choice)
        new.winner = self.winner
        return new

    def key(self) -> Hashable:
        """``State.key()`` without the generic freezing (it dominated odds queries):
        one entry per slot of ``key_fields``, in that order, each made hashable."""
        loc, hp = self.loc, self.hp
        return (
            "HellsDitchState", tuple(self.choice), tuple(self.counter), self.deciders, self.fight, self.fresh,
            (tuple(hp[0]), tuple(hp[1])), (tuple(loc[0]), tuple(loc[1])), tuple(self.loot), tuple(self.orders),
            self.phase, self.queue, frozenset(self.razed), self.resolved, self.round, self.step,
            tuple(self.submitted), self.turn, tuple(self.used), self.winner,
        )

    # ----- shared geometry ------------------------------------------------------------
    def stackable(self, player: int, place: str) -> bool:
        """May ``player`` have several warbands at ``place``? (rule 3.2)"""
        return self.game.tables.stack[player][place]

    def free_for(self, player: int, place: str) -> bool:
        """Is ``place`` unoccupied for a retreating warband of ``player``? (rule 5.4)"""
        if place in self.loc[1 - player]:
            return False
        return place not in self.loc[player] or self.game.tables.stack[player][place]

    def band_name(self, player: int, band: int) -> str:
        return self.game.tables.band_names[player][band]

    # ----- legal actions ------------------------------------------------------------
    def legal_actions(self, player: int) -> list[HellsDitchAction]:
        if player not in self.actors:
            return []
        tables = self.game.tables
        if self.phase == CHOICE:
            back_out = tables.back_out
            return [tables.fight_on, *(back_out[to] for to in fights.retreats(self, player))]
        counter = self.counter[player]
        if counter is None:
            pick = tables.pick
            return [pick[c] for c in unused_counters(self, player)]
        if len(self.orders[player]) < counter:
            orders: list[Any] = next_orders(self, player)
            orders.append(tables.submit)
            return orders
        return [tables.submit]

    def why_illegal(self, action: Action, player: int) -> str:
        base = super().why_illegal(action, player)
        if base != "not a legal action in this position":
            return base
        return self._reason(action, player)

    def _reason(self, action: Action, player: int) -> str:
        if isinstance(action, (FightOn, BackOut)) and self.phase != CHOICE:
            return "there is no fight waiting for a decision"
        if isinstance(action, BackOut):
            return f"your warband cannot retreat to {action.to}: it must be next to the fight by road and unoccupied"
        if self.phase != PLAN:
            return "orders are written only at the start of a turn"
        counter = self.counter[player]
        if isinstance(action, PickCounter):
            if counter is not None:
                return "you have already laid a counter this turn"
            return f"counter {counter_label(action.counter)} was already used this round"
        if counter is None:
            return "lay an order counter first (counter 1/3, 2/2 or 3/1)"
        if isinstance(action, (Move, Raze, Recruit)):
            if len(self.orders[player]) >= counter:
                return f"counter {counter_label(counter)} allows only {counter} order(s)"
            return self._order_reason(action, player)
        return "not legal while writing orders"

    def _order_reason(self, order: Order, player: int) -> str:
        locs, finished, razed = projection(self, player)
        where = locs[order.warband - 1]
        if isinstance(order, Recruit):
            return f"W{order.warband} is not eliminated"
        if where is None:
            return f"W{order.warband} is eliminated; recruit it first"
        if order.warband - 1 in finished:
            return f"W{order.warband} razed a village or was recruited this turn and takes no more orders"
        if isinstance(order, Move):
            if order.to not in self.valley.neighbours[where]:
                return f"no road from {where} to {order.to}"
            return f"another of your warbands will be at {order.to}, and only strongholds hold more than one"
        if order.village != where:
            return f"W{order.warband} will be at {where}, not {order.village}"
        if where in razed:
            return f"{where} has already been razed"
        return f"{where} is not a village"

    # ----- applying: plans ----------------------------------------------------------------
    def _apply(self, action: HellsDitchAction, player: int) -> list[Event]:
        if isinstance(action, (FightOn, BackOut)):
            return self._decide(action, player)
        if isinstance(action, PickCounter):  # rule 2.2
            name = self.game.player_name(player)
            self.counter[player] = action.counter
            return [
                Event(Kind.COUNTER, f"{name} lays an order counter face down.", {"player": player}),
                Event(Kind.COUNTER_PRIVATE, f"You chose counter {counter_label(action.counter)}.", {"counter": action.counter}, (player,)),
            ]
        if isinstance(action, Submit):
            return self._submit(player)
        orders = self.orders[player] = (*self.orders[player], action)
        notation, described = self._texts(action)
        ev = Event(Kind.ORDER, f"You write order {len(orders)}: {described}.", {"order": notation}, (player,))
        if len(orders) >= (self.counter[player] or 0):
            return [ev, *self._submit(player)]  # the counter's last order completes the plan
        return [ev]

    def _submit(self, player: int) -> list[Event]:
        self.submitted[player] = True
        events = [Event(Kind.SUBMIT, f"{self.game.player_name(player)} has finished writing orders.", {"player": player})]
        if self.submitted[1 - player]:
            events += self._reveal()
            events += self._run()
        return events

    def _reveal(self) -> list[Event]:  # rule 2.4
        events = []
        for p in (0, 1):
            counter = self.counter[p] or 1
            if self.game.options.reveal == "order":  # the orders are seen as they are carried out
                text = f"{self.game.player_name(p)} reveals counter {counter_label(counter)}."
                events.append(Event(Kind.REVEAL, text, {"player": p, "counter": counter}))
                continue
            texts = [self._texts(o) for o in self.orders[p]]
            written = "; ".join([t[1] for t in texts]) or "no orders"
            text = f"{self.game.player_name(p)} reveals counter {counter_label(counter)}: {written}."
            events.append(Event(Kind.REVEAL, text, {"player": p, "counter": counter, "orders": [t[0] for t in texts]}))
        return events

    def _texts(self, order: Order) -> tuple[str, str]:
        """``(str(order), self.describe(order))``, kept per game once computed."""
        cache = self.game.tables.order_texts
        texts = cache.get(order)
        if texts is None:
            texts = cache[order] = (str(order), self.describe(order))
        return texts

    def describe(self, order: Order) -> str:
        if isinstance(order, Move):
            return f"W{order.warband} move to {self.game.tables.labels[order.to]}"
        if isinstance(order, Raze):
            return f"W{order.warband} raze {self.game.tables.labels[order.village]}"
        return f"W{order.warband} recruit"

    # ----- carrying out the plans -----------------------------------------------------------
    def _run(self) -> list[Event]:
        """Carry the plans on until a roll, a decision, or the next turn."""
        events: list[Event] = []
        while True:
            if self.queue:
                return events + self._start_fight()
            if self.resolved < self.step:
                self.resolved = self.step
                events += self._check_victory()
                if self.phase == OVER:
                    return events
                continue
            o0, o1 = self.orders
            if self.step < len(o0) or self.step < len(o1):
                events += self._execute_step()
                continue
            return events + self._end_turn()

    def _execute_step(self) -> list[Event]:  # rules 2.5, 3.x, 4.1, 4.2
        k = self.step
        self.step += 1
        events: list[Event] = []
        todo: list[Order | None] = [None, None]
        for p in (0, 1):
            if k < len(self.orders[p]):
                written = self.orders[p][k]
                why = self.order_problem(p, written)
                if why is None:
                    todo[p] = written
                else:  # rule 3.5
                    text = f"{self.game.player_name(p)}'s order {k + 1} ({self.describe(written)}) cannot be carried out: {why}."
                    events.append(Event(Kind.SKIPPED, text, {"player": p, "order": str(written)}))
        clash = self._clash(todo)
        for p in (0, 1):
            order = todo[p]
            if order is not None and not (clash and isinstance(order, Move)):
                events += self._carry_out(p, order)
        queue: list[Fight] = []
        if clash:
            m0, m1 = todo
            assert isinstance(m0, Move) and isinstance(m1, Move)  # a clash is two moves
            queue.append((None, m0.warband, m1.warband))
            events.append(Event(Kind.CLASH, f"{self.band_name(0, m0.warband)} and {self.band_name(1, m1.warband)} meet on the road between "
                                f"{self.valley.label(m1.to)} and {self.valley.label(m0.to)}.", {"warbands": [m0.warband, m1.warband]}))
        shared = set(self.loc[0]).intersection(self.loc[1])
        shared.discard(None)
        if shared:  # only places held by both sides can hold a fight
            places: list[str] = [x for x in shared if x is not None]
            if len(places) > 1:
                places.sort(key=self.game.tables.order.__getitem__)  # rule 4.3: map order
            for place in places:
                f0, f1 = fights.front(self, 0, place), fights.front(self, 1, place)
                if f0 is not None and f1 is not None:
                    queue.append((place, f0, f1))
        self.queue = tuple(queue)
        return events

    def order_problem(self, player: int, order: Order) -> str | None:
        """Why ``order`` cannot be carried out now (rule 3.5), or None."""
        where = self.loc[player][order.warband - 1]
        if isinstance(order, Move) and where is not None:  # the common case first
            to = order.to
            tables = self.game.tables
            if to in tables.neighbours[where] and (to not in self.loc[player] or tables.stack[player][to]):
                return None
        band = f"W{order.warband}"
        if isinstance(order, Recruit):
            return None if where is None else f"{band} is not eliminated"
        if where is None:
            return f"{band} has been eliminated"
        if isinstance(order, Move):
            if order.to not in self.valley.neighbours[where]:
                return f"{band} is at {self.valley.label(where)}, which has no road to {self.valley.label(order.to)}"
            return f"another of its warbands is at {self.valley.label(order.to)}"
        if where != order.village:
            return f"{band} is at {self.valley.label(where)}, not {self.valley.label(order.village)}"
        if order.village in self.razed:
            return f"{self.valley.label(order.village)} has already been razed"
        return None

    def _clash(self, todo: list[Order | None]) -> bool:
        """Two warbands swapping places along one road meet on it (rule 4.2)."""
        m0, m1 = todo
        if self.game.options.road_meeting != "clash" or not isinstance(m0, Move) or not isinstance(m1, Move):
            return False
        return m0.to == self.loc[1][m1.warband - 1] and m1.to == self.loc[0][m0.warband - 1]

    def _carry_out(self, player: int, order: Order) -> list[Event]:
        i = order.warband - 1
        tables = self.game.tables
        who = tables.band_names[player][order.warband]
        if isinstance(order, Move):  # rule 3.1
            start = self.loc[player][i]
            self.loc[player][i] = order.to
            labels = tables.labels
            text = f"{who} moves from {labels[start or '']} to {labels[order.to]}."
            return [Event(Kind.MOVE, text, {"player": player, "warband": order.warband, "from": start, "to": order.to})]
        if isinstance(order, Raze):  # rule 3.3
            self.razed.add(order.village)
            self.loot[player] += 1
            text = f"{who} razes {self.valley.label(order.village)}: +1 loot ({self.loot[player]} in all)."
            return [Event(Kind.RAZE, text, {"player": player, "warband": order.warband, "village": order.village})]
        home = self.valley.strongholds[player]  # rule 3.4
        self.loc[player][i] = home
        self.hp[player][i] = FULL_HP
        text = f"{who} is recruited at {self.valley.label(home)} with {FULL_HP} HP."
        return [Event(Kind.RECRUIT, text, {"player": player, "warband": order.warband})]

    # ----- fights ------------------------------------------------------------------------------
    def _start_fight(self) -> list[Event]:  # rule 5.1
        self.fight, self.queue = self.queue[0], self.queue[1:]
        self.fresh = True
        self.phase = ROLL
        place, w0, w1 = self.fight
        where = "on the road" if place is None else f"at {self.valley.label(place)}"
        s0, s1 = self.strengths()
        text = (f"Fight {where}: {self.band_name(0, w0)} ({self.hp[0][w0 - 1]} HP, {s0} dice) against "
                f"{self.band_name(1, w1)} ({self.hp[1][w1 - 1]} HP, {s1} dice).")
        return [Event(Kind.FIGHT, text, {"place": place, "warbands": [w0, w1]})]

    def _apply_chance(self, outcome: Roll) -> list[Event]:  # rules 5.2, 5.3
        assert self.fight is not None  # only a fight is a chance node
        _, w0, w1 = self.fight
        hits = (int(outcome.faces[0]), int(outcome.faces[1]))
        bands = (w0, w1)
        for p in (0, 1):
            i = bands[p] - 1
            self.hp[p][i] = max(0, self.hp[p][i] - hits[1 - p])
        s = self.strengths()
        parts = [self._roll_text(p, s[p], hits[p], bands[1 - p]) for p in (0, 1)]
        events = [Event(Kind.ROLL, " ".join(parts), {"hits": list(hits), "dice": list(s), "skip_empty": not self.fresh})]
        # no Event.dice: the chance outcome is each side's number of hits, not faces that could be drawn
        for p in (0, 1):
            if self.hp[p][bands[p] - 1] == 0:
                self.loc[p][bands[p] - 1] = None
                self.loot[1 - p] += 1
                text = f"{self.band_name(p, bands[p])} is eliminated: {self.game.player_name(1 - p)} gains 1 loot ({self.loot[1 - p]} in all)."
                events.append(Event(Kind.ELIMINATED, text, {"player": p, "warband": bands[p]}))
        return events + self._after_roll()

    def _roll_text(self, p: int, dice: int, hits: int, target: int) -> str:
        left = self.hp[1 - p][target - 1]
        texts = self.game.tables.roll_texts
        key = (p, dice, hits, target, left)
        text = texts.get(key)
        if text is None:
            faces = " ".join(["hit"] * hits + ["miss"] * (dice - hits))
            text = texts[key] = (f"{self.game.player_name(p)} rolls {dice} {'die' if dice == 1 else 'dice'} [{faces}]: "
                                 f"{self.band_name(1 - p, target)} has {left} HP left.")
        return text

    def _after_roll(self) -> list[Event]:
        assert self.fight is not None
        place = self.fight[0]
        bands = [self.fight[1], self.fight[2]]
        for p in (0, 1):
            if self.loc[p][bands[p] - 1] is None:
                if place is None:
                    return self._end_fight()
                nxt = fights.front(self, p, place)  # rule 5.6: the next warband steps up
                if nxt is None:
                    return self._end_fight()
                bands[p] = nxt
        self.fight = (place, bands[0], bands[1])
        self.fresh = False
        return self._await_choices()

    def _await_choices(self) -> list[Event]:  # rule 5.4
        self.deciders = tuple(p for p in (0, 1) if fights.retreats(self, p))
        self.choice = [None, None]
        self.phase = CHOICE if self.deciders else ROLL
        return []

    def _decide(self, action: FightOn | BackOut, player: int) -> list[Event]:
        self.choice[player] = action
        what = "fight on" if isinstance(action, FightOn) else f"back out to {self.valley.label(action.to)}"
        events = [
            Event(Kind.DECIDED, f"{self.game.player_name(player)} has decided.", {"player": player}),
            Event(Kind.DECIDED_PRIVATE, f"You chose to {what}.", {"choice": str(action)}, (player,)),
        ]
        if self.actors:
            return events
        return events + self._resolve_choices()

    def _resolve_choices(self) -> list[Event]:
        assert self.fight is not None
        place = self.fight[0]
        bands = [self.fight[1], self.fight[2]]
        backs = {p: c.to for p in self.deciders if isinstance(c := self.choice[p], BackOut)}
        self.deciders, self.choice = (), [None, None]
        self.phase = ROLL
        if not backs:
            return [Event(Kind.FIGHT_ON, "Both sides fight on.", {})]
        if len(backs) == 2 and place is not None and backs[0] == backs[1]:
            text = f"Both warbands try to slip away to {self.valley.label(backs[0])} and run into each other: the fight goes on."
            return [Event(Kind.COLLIDE, text, {"to": backs[0]})]
        events = []
        for p, to in sorted(backs.items()):
            self.loc[p][bands[p] - 1] = to
            events.append(Event(Kind.BACK_OUT, f"{self.band_name(p, bands[p])} backs out to {self.valley.label(to)}.", {"player": p, "to": to}))
        if place is None:
            return events + self._end_fight()
        for p in backs:
            nxt = fights.front(self, p, place)
            if nxt is None:
                return events + self._end_fight()
            bands[p] = nxt
        self.fight = (place, bands[0], bands[1])
        self.fresh = True  # a new pair faces off: an ordinary roll (rule 5.7)
        return events

    def _end_fight(self) -> list[Event]:  # rule 5.5
        assert self.fight is not None
        place = self.fight[0]
        self.fight = None
        self.fresh = True
        self.phase = PLAN  # transient: _run decides what comes next
        if place is None:
            text = "The fight on the road is over; the survivors stay where they set out from."
        else:
            holders = [p for p in (0, 1) if place in self.loc[p]]
            who = f"{self.game.player_name(holders[0])} holds" if holders else "Nobody is left at"
            text = f"The fight is over: {who} {self.valley.label(place)}."
        return [Event(Kind.FIGHT_OVER, text, {"place": place}), *self._run()]

    # ----- end of steps, turns and the game -----------------------------------------------------
    def _check_victory(self) -> list[Event]:  # rules 6.1, 6.2
        target = self.game.options.target_loot
        if max(self.loot) < target:
            return []
        a, b = self.loot
        if a == b:
            if self.game.options.shared_victory == "play-on":
                return [Event(Kind.TIE, f"Both players reach {target} loot with {a} each: play goes on until one leads.", {})]
            self.phase, self.winner = OVER, None
            return [Event(Kind.GAME_OVER, f"Both players reach {target} loot with {a} each at the same moment: a draw.", {"winner": None})]
        self.phase, self.winner = OVER, 0 if a > b else 1
        name = self.game.player_name(self.winner)
        return [Event(Kind.GAME_OVER, f"{name} wins with {max(a, b)} loot against {min(a, b)}.", {"winner": self.winner, "loot": [a, b]})]

    def _end_turn(self) -> list[Event]:  # rules 2.1, 6.3
        self.used = [(*self.used[p], self.counter[p] or 0) for p in (0, 1)]
        self.counter = [None, None]
        self.orders = [(), ()]
        self.submitted = [False, False]
        self.step = self.resolved = 0
        self.turn += 1
        if self.turn > TURNS_PER_ROUND:
            if self.round >= self.game.options.round_limit:
                self.phase, self.winner = OVER, None
                text = f"The round limit of {self.game.options.round_limit} is reached without a winner: a draw."
                return [Event(Kind.GAME_OVER, text, {"winner": None})]
            self.round += 1
            self.turn = 1
            self.used = [(), ()]
        self.phase = PLAN
        for p in (0, 1):
            left = unused_counters(self, p)
            if len(left) == 1:  # rule 2.2: the last counter of the round is laid without a choice
                self.counter[p] = left[0]
        return [Event(Kind.TURN, f"Round {self.round}, turn {self.turn}: both players write their orders.", {"round": self.round, "turn": self.turn})]

    def status_text(self) -> str:
        name = self.game.player_name
        if self.phase in (OVER, ROLL):
            return super().status_text() if self.phase == OVER else "Fight: the dice are rolled"
        if self.phase == CHOICE:
            return "Fight: " + " and ".join(name(p) for p in self.actors) + " to fight on or back out"
        writing = " and ".join(name(p) for p in self.actors)
        return f"Round {self.round}, turn {self.turn}: {writing} writing orders"
