"""Two tiny games that exercise what Ditch does not: hidden information and
simultaneous secret plans. They are built directly (not registered), so the
conformance suite and the CLI never see them.

* ``Showdown``: each player is dealt a secret card 1-6; player 0 then fights (higher
  card wins, equal draws) or flees (a small sure loss). Knowing the other card, one
  would flee exactly when behind; without it, fighting is right with a card of 3 or
  more.
* ``Signs``: rock-paper-scissors entered as a secret plan of two steps (pick a sign,
  then submit), both players at once (``actors == (0, 1)``); a submitted sign stays
  hidden until both are in.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from dicefront.core import Action, Game, Roll, State, dice

FLEE_LOSS = 0.25


@dataclass(frozen=True)
class NoOptions:
    pass


@dataclass(frozen=True)
class Word(Action):
    word: str

    def __str__(self) -> str:
        return self.word


class ShowdownGame(Game[NoOptions, "ShowdownState"]):
    name = "showdown"
    title = "Showdown"
    options_class = NoOptions
    hidden_information = True

    def new_state(self) -> ShowdownState:
        return ShowdownState(self)

    def _state_from_payload(self, payload: dict[str, Any]) -> ShowdownState:
        st = ShowdownState(self)
        st.cards = None if payload["cards"] is None else (payload["cards"][0], payload["cards"][1])
        st.choice = payload["choice"]
        return st

    def parse_notation(self, text: str) -> Action:
        if text in ("fight", "flee"):
            return Word(text)
        raise self.notation_error(text, "fight | flee")


class ShowdownState(State[Word]):
    game: ShowdownGame

    def __init__(self, game: ShowdownGame) -> None:
        self.game = game
        self.cards: tuple[int, int] | None = None
        self.choice: str | None = None

    @property
    def actors(self) -> tuple[int, ...]:
        return (0,) if self.cards is not None and self.choice is None else ()

    @property
    def is_chance(self) -> bool:
        return self.cards is None

    def chance_outcomes(self) -> list[tuple[Roll, Any]]:
        return dice(6, 6) if self.cards is None else []

    @property
    def is_terminal(self) -> bool:
        return self.choice is not None

    def returns(self) -> tuple[float, float]:
        if self.choice is None or self.cards is None:
            return (0.0, 0.0)
        if self.choice == "flee":
            return (-FLEE_LOSS, FLEE_LOSS)
        a, b = self.cards
        r = 1.0 if a > b else -1.0 if a < b else 0.0
        return (r, -r)

    def legal_actions(self, player: int) -> list[Word]:
        return [Word("fight"), Word("flee")] if player in self.actors else []

    def _apply(self, action: Word, player: int) -> list[Any]:
        self.choice = action.word
        return []

    def _apply_chance(self, outcome: Roll) -> list[Any]:
        self.cards = (int(outcome.faces[0]), int(outcome.faces[1]))
        return []

    def clone(self) -> ShowdownState:
        new = ShowdownState(self.game)
        new.cards, new.choice = self.cards, self.choice
        return new

    def determinize(self, player: int, rng: random.Random) -> ShowdownState:
        new = self.clone()
        if self.cards is not None and self.choice is None:
            mine = self.cards[player]
            other = rng.randint(1, 6)
            new.cards = (mine, other) if player == 0 else (other, mine)
        return new

    def _view(self, player: int | None) -> dict[str, Any]:
        shown = self.cards is not None and self.choice is not None
        cards = [c if shown or p == player else None for p, c in enumerate(self.cards or (None, None))]
        return {"cards": cards, "choice": self.choice}

    def _payload(self) -> dict[str, Any]:
        return {"cards": None if self.cards is None else list(self.cards), "choice": self.choice}


SIGNS = ("R", "P", "S")
BEATS = {"R": "S", "P": "R", "S": "P"}


class SignsGame(Game[NoOptions, "SignsState"]):
    name = "signs"
    title = "Signs"
    options_class = NoOptions
    has_chance = False
    hidden_information = True
    simultaneous = True

    def new_state(self) -> SignsState:
        return SignsState(self)

    def _state_from_payload(self, payload: dict[str, Any]) -> SignsState:
        st = SignsState(self)
        st.sign = list(payload["sign"])
        st.submitted = list(payload["submitted"])
        return st

    def parse_notation(self, text: str) -> Action:
        if text in (*SIGNS, "submit"):
            return Word(text)
        raise self.notation_error(text, "R | P | S | submit")


class SignsState(State[Word]):
    game: SignsGame

    def __init__(self, game: SignsGame) -> None:
        self.game = game
        self.sign: list[str | None] = [None, None]
        self.submitted = [False, False]

    @property
    def actors(self) -> tuple[int, ...]:
        return tuple(p for p in (0, 1) if not self.submitted[p])

    @property
    def is_terminal(self) -> bool:
        return all(self.submitted)

    def returns(self) -> tuple[float, float]:
        if not self.is_terminal:
            return (0.0, 0.0)
        a, b = self.sign
        r = 1.0 if BEATS[str(a)] == b else -1.0 if BEATS[str(b)] == a else 0.0
        return (r, -r)

    def legal_actions(self, player: int) -> list[Word]:
        if player not in self.actors:
            return []
        if self.sign[player] is None:
            return [Word(s) for s in SIGNS]
        return [Word("submit")]

    def _apply(self, action: Word, player: int) -> list[Any]:
        if action.word == "submit":
            self.submitted[player] = True
        else:
            self.sign[player] = action.word
        return []

    def clone(self) -> SignsState:
        new = SignsState(self.game)
        new.sign, new.submitted = list(self.sign), list(self.submitted)
        return new

    def determinize(self, player: int, rng: random.Random) -> SignsState:
        new = self.clone()
        other = 1 - player
        if self.sign[other] is not None and not self.is_terminal:
            new.sign[other] = SIGNS[rng.randrange(3)]
        return new

    def _view(self, player: int | None) -> dict[str, Any]:
        shown = self.is_terminal
        return {
            "sign": [s if shown or p == player else ("?" if s else None) for p, s in enumerate(self.sign)],
            "submitted": list(self.submitted),
        }

    def _payload(self) -> dict[str, Any]:
        return {"sign": list(self.sign), "submitted": list(self.submitted)}


class GambleGame(Game[NoOptions, "GambleState"]):
    """Player 0 plays ``safe`` (worth 0.1) or ``risky`` (a d6: 4-6 wins, 1-3 loses);
    then player 1 confirms (``x`` or ``y``, the same) and the game ends. The evaluation
    after the die is exact, so a deeper search learns nothing the dice did not say."""

    name = "gamble"
    title = "Gamble"
    options_class = NoOptions

    def new_state(self) -> GambleState:
        return GambleState(self)

    def _state_from_payload(self, payload: dict[str, Any]) -> GambleState:
        st = GambleState(self)
        st.choice, st.die, st.done = payload["choice"], payload["die"], payload["done"]
        return st

    def parse_notation(self, text: str) -> Action:
        if text in ("safe", "risky", "x", "y"):
            return Word(text)
        raise self.notation_error(text, "safe | risky | x | y")

    def evaluate(self, state: State, player: int) -> float:
        assert isinstance(state, GambleState)
        v = state.value0()
        return v if player == 0 else -v


class GambleState(State[Word]):
    game: GambleGame

    def __init__(self, game: GambleGame) -> None:
        self.game = game
        self.choice: str | None = None
        self.die: int | None = None
        self.done = False

    def value0(self) -> float:
        if self.choice == "safe":
            return 0.1
        if self.choice == "risky" and self.die is not None:
            return 1.0 if self.die >= 4 else -1.0
        return 0.0

    @property
    def actors(self) -> tuple[int, ...]:
        if self.choice is None:
            return (0,)
        return () if self.done or self.is_chance else (1,)

    @property
    def is_chance(self) -> bool:
        return self.choice == "risky" and self.die is None

    def chance_outcomes(self) -> list[tuple[Roll, Any]]:
        return dice(6) if self.is_chance else []

    @property
    def is_terminal(self) -> bool:
        return self.done

    def returns(self) -> tuple[float, float]:
        v = self.value0() if self.done else 0.0
        return (v, -v)

    def legal_actions(self, player: int) -> list[Word]:
        if player not in self.actors:
            return []
        return [Word("safe"), Word("risky")] if player == 0 else [Word("x"), Word("y")]

    def _apply(self, action: Word, player: int) -> list[Any]:
        if player == 0:
            self.choice = action.word
        else:
            self.done = True
        return []

    def _apply_chance(self, outcome: Roll) -> list[Any]:
        self.die = int(outcome.faces[0])
        return []

    def clone(self) -> GambleState:
        new = GambleState(self.game)
        new.choice, new.die, new.done = self.choice, self.die, self.done
        return new

    def determinize(self, player: int, rng: random.Random) -> GambleState:
        return self.clone()

    def _view(self, player: int | None) -> dict[str, Any]:
        return self._payload()

    def _payload(self) -> dict[str, Any]:
        return {"choice": self.choice, "die": self.die, "done": self.done}


ERRANDS = {"wide": {"w0": 0.9, **{f"w{i}": -0.9 for i in range(1, 10)}}, "narrow": {"n0": 0.3, "n1": 0.3}}
"""Errand: player 0 picks a road, then, still on its move, one errand on it (its value
ends the game); player 1 never moves. ``wide`` holds the best errand among nine
poor ones; ``narrow`` two fair ones."""


class ErrandGame(Game[NoOptions, "ErrandState"]):
    """Two decisions in a row by one player: a choice (``wide`` or ``narrow``) whose
    worth is its best follow-up, not the average of its follow-ups (``mcts:chain``).
    The evaluation knows only finished errands."""

    name = "errand"
    title = "Errand"
    options_class = NoOptions
    has_chance = False

    def new_state(self) -> ErrandState:
        return ErrandState(self)

    def _state_from_payload(self, payload: dict[str, Any]) -> ErrandState:
        st = ErrandState(self)
        st.road, st.errand = payload["road"], payload["errand"]
        return st

    def parse_notation(self, text: str) -> Action:
        if text in ERRANDS or any(text in e for e in ERRANDS.values()):
            return Word(text)
        raise self.notation_error(text, "a road or an errand")

    def evaluate(self, state: State, player: int) -> float:
        assert isinstance(state, ErrandState)
        v = state.value0()
        return v if player == 0 else -v


class ErrandState(State[Word]):
    game: ErrandGame

    def __init__(self, game: ErrandGame) -> None:
        self.game = game
        self.road: str | None = None
        self.errand: str | None = None

    def value0(self) -> float:
        return ERRANDS[self.road][self.errand] if self.road is not None and self.errand is not None else 0.0

    @property
    def actors(self) -> tuple[int, ...]:
        return () if self.errand is not None else (0,)

    @property
    def is_chance(self) -> bool:
        return False

    def chance_outcomes(self) -> list[tuple[Roll, Any]]:
        return []

    @property
    def is_terminal(self) -> bool:
        return self.errand is not None

    def returns(self) -> tuple[float, float]:
        v = self.value0()
        return (v, -v)

    def legal_actions(self, player: int) -> list[Word]:
        if player not in self.actors:
            return []
        return [Word(r) for r in ERRANDS] if self.road is None else [Word(e) for e in ERRANDS[self.road]]

    def _apply(self, action: Word, player: int) -> list[Any]:
        if self.road is None:
            self.road = action.word
        else:
            self.errand = action.word
        return []

    def _apply_chance(self, outcome: Roll) -> list[Any]:
        return []

    def clone(self) -> ErrandState:
        new = ErrandState(self.game)
        new.road, new.errand = self.road, self.errand
        return new

    def determinize(self, player: int, rng: random.Random) -> ErrandState:
        return self.clone()

    def _view(self, player: int | None) -> dict[str, Any]:
        return self._payload()

    def _payload(self) -> dict[str, Any]:
        return {"road": self.road, "errand": self.errand}
