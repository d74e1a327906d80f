"""Seats are counted from 1 wherever a person reads them ("Player 1" moves first):
the lobby's seat choice and the options' help never say "seat 0" or "Player 0", and
Die Fighting's second army is the second player's (issue 20, 0-based numbers shown
next to 1-based seat names)."""

from __future__ import annotations

import re
from typing import Any

import pytest

import dicefront

ZERO_BASED = re.compile(r"\b(seat|player) 0\b", re.IGNORECASE)


def test_the_lobby_seat_choice_counts_from_one(new_page: Any, server_url: str) -> None:
    page = new_page()
    page.goto(server_url + "/")
    page.wait_for_selector("input[name=game]")
    seats = page.locator("#seat option").all_inner_texts()
    assert seats and not any(ZERO_BASED.search(s) for s in seats), seats


@pytest.mark.parametrize("game", dicefront.names())
def test_option_help_counts_seats_from_one(new_page: Any, server_url: str, game: str) -> None:
    page = new_page()
    page.goto(server_url + "/")
    page.locator(f"input[name=game][value={game}]").check()
    page.click("#options-box summary")
    helps = page.locator("#options .help").all_inner_texts()
    assert helps, f"{game}: no option help shown"
    said = [h for h in helps if ZERO_BASED.search(h)]
    assert not said, f"{game}: {said}"


def test_die_fightings_second_army_is_the_second_players(new_page: Any, server_url: str) -> None:
    page = new_page()
    page.goto(server_url + "/")
    page.locator("input[name=game][value=die_fighting]").check()
    page.click("#options-box summary")
    army1 = page.locator("label.option", has=page.locator("#opt-army1")).locator(".help").inner_text()
    assert "Player 2" in army1 and "Player 1" not in army1, army1
