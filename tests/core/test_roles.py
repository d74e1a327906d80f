"""Role modules: core finds each game's rooms by name; odds/ knows no game."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

import dicefront
from dicefront.core.notation import Notation
from dicefront.core.policy import GamePolicies
from dicefront.core.registry import game_class
from dicefront.core.roles import ROLES, role_module
from dicefront.odds import available, policies_of

SRC = Path(dicefront.__file__).parent


@pytest.mark.parametrize("name", dicefront.names())
def test_odds_role_declares_policies(name: str) -> None:
    module = role_module(game_class(name), "odds")
    assert module is not None, f"{name} has no odds role module"
    declared = module.POLICIES
    assert isinstance(declared, GamePolicies)
    assert policies_of(name) is declared
    assert policies_of(dicefront.load(name)) is declared
    assert available(name)[0][0] == declared.default


def test_unknown_role_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown game role"):
        role_module(game_class("ditch"), "nonsense")
    assert "odds" in ROLES


def test_missing_role_module_is_none() -> None:
    class Toy:
        pass

    Toy.__module__ = "dicefront.core.game"
    assert role_module(Toy, "odds") is None


def test_odds_package_knows_no_game() -> None:
    """Odds are game-agnostic: no game names, notation texts or view keys in odds/."""
    names = dicefront.names()
    for path in sorted((SRC / "odds").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for name in names:
            assert re.search(rf"\b{name}\b", text) is None, f"{path.name} names the game {name}"
        assert "str(a)" not in text and "view(None)" not in text, f"{path.name} matches notation or reads a view"
    assert not (SRC / "odds" / "games").exists()


ROLE_FUNCTIONS: dict[str, dict[str, tuple[str, ...]]] = {
    "codec": {"payload": ("state",), "from_payload": ("game", "payload"), "view": ("state", "player")},
    "svg": {"render_svg": ("game", "view"), "action_path": ("state", "action")},
    "render": {"render_text": ("game", "view")},
    "heuristics": {"evaluate": ("state", "player"), "outcome_label": ("before", "after", "events", "player")},
    "encoding": {"observation_layout": ("game",), "observation": ("game", "view"), "max_chance_outcomes": ("game",)},
}


@pytest.mark.parametrize("name", dicefront.names())
def test_every_game_package_has_the_same_rooms(name: str) -> None:
    """The layout of docs/adding-a-game.md: the same role modules and signatures in
    every game, and no hand-written forwarding left on the Game class."""
    cls = game_class(name)
    for role, functions in ROLE_FUNCTIONS.items():
        module = role_module(cls, role)
        assert module is not None, f"{name} has no {role} module"
        for function, params in functions.items():
            fn = getattr(module, function, None)
            assert callable(fn), f"{name}.{role} has no {function}()"
            required = [p for p in inspect.signature(fn).parameters.values() if p.default is inspect.Parameter.empty]
            assert len(required) == len(params), f"{name}.{role}.{function} takes {params}"
    svg = role_module(cls, "svg")
    if svg is not None and hasattr(svg, "static_svg"):  # its static layer comes as render_svg's optional third argument
        assert len(inspect.signature(svg.render_svg).parameters) == 3, f"{name}.svg.render_svg takes (game, view, static=None)"
    actions = role_module(cls, "actions")
    assert isinstance(getattr(actions, "NOTATION", None), Notation), f"{name}.actions declares no NOTATION"
    forwarded = ("render_text", "render_svg", "action_path", "evaluate", "outcome_label", "parse_notation", "_state_from_payload")
    assert [m for m in forwarded if m in vars(cls)] == [], f"{name}'s Game class still forwards role functions"
    hidden = cls.hidden_information
    assert callable(getattr(role_module(cls, "codec"), "determinize", None)) == hidden, f"{name}: determinize iff hidden"
