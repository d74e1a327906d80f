"""Trench Checkers' hand as cards with their names and texts, played by a click; the
other side's hand only as a count, on every page but its owner's (issue 20)."""

from __future__ import annotations

import random
import re
from typing import Any

import httpx

from .helpers import click_id, play_one, point_until_odds, quiet, send_text, state, wait_ready, wait_turn

HAND = "(() => { const s = window.dicefront.state(); return s && s.hand && s.hand.counts.every((c) => c.count === 6); })()"


def _card_names() -> dict[str, str]:
    from dicefront.games.trench_checkers import TrenchCheckersGame

    return {c.id: c.name for c in TrenchCheckersGame().cards.cards}


def _dealt_game(new_page: Any, server_url: str) -> Any:
    """A page of a new Trench Checkers game against ``easy``, once both hands are dealt."""
    made = httpx.post(server_url + "/api/games", json={"game": "trench_checkers", "opponent": "easy", "seat": 0}).json()
    page = new_page()
    page.goto(server_url + made["url"])
    wait_ready(page)
    page.wait_for_function(HAND)
    return page


def test_the_hand_is_shown_as_cards_and_a_card_is_played_by_clicking_it(new_page: Any, server_url: str) -> None:
    seed = 3
    rng = random.Random(seed)
    page = _dealt_game(new_page, server_url)
    msg = state(page)
    names = [c["name"] for c in msg["hand"]["cards"]]
    assert len(names) == 6
    assert page.locator("#hand .play-card .card-name").all_inner_texts() == names
    assert all(t.strip() for t in page.locator("#hand .play-card .card-text").all_inner_texts()), "a card without its text"
    assert "Player 2: 6 cards (hidden)" in page.locator("#hand .hand-count").inner_text()
    for _ in range(200):  # play until a card may be played, then play it by clicking it
        quiet(page)
        msg = wait_turn(page)
        assert not msg["terminal"], f"seed {seed}: the game ended before a card could be played"
        plays = [a for a in msg["actions"] if a.get("card")]
        if plays:
            break
        send_text(page, rng.choice(msg["actions"])["text"])
    else:
        raise AssertionError(f"seed {seed}: no card became playable")
    play = rng.choice(plays)
    card = page.locator(f"#hand .play-card[data-card='{play['card']}']").first
    assert card.is_enabled()
    held = msg["hand"]["cards"]
    assert sum(c["id"] == play["card"] for c in held) >= 1
    before = msg["step"]
    card.click()
    same_card = [a for a in plays if a["card"] == play["card"]]
    if len(same_card) > 1 or play["path"]:  # the card has targets: only its plays are left to choose
        assert page.evaluate("(c) => window.dicefront.picker.actions.every((a) => a.card === c)", play["card"])
        if play["path"]:
            for element_id in play["path"]:
                click_id(page, element_id)
            if page.evaluate("window.dicefront.picker.sel.length") > 0:
                page.locator(f"#choices button[data-action='{play['text']}']").click()
        else:
            page.locator(f"#choices button[data-action='{play['text']}']").click()
    page.wait_for_function(f"window.dicefront.state().step > {before}")
    name = next(c["name"] for c in held if c["id"] == play["card"])
    page.wait_for_function("(t) => document.querySelector('#log').textContent.includes(t)", arg=f"Player 1 plays {name}")


def _dealt(new_page: Any, server_url: str) -> tuple[list[Any], list[list[str]]]:
    """Two seats and a spectator of a new game, once the hands are dealt."""
    made = httpx.post(server_url + "/api/games", json={"game": "trench_checkers", "opponent": "friend", "seat": 0}).json()
    pages = [new_page(), new_page(), new_page()]
    pages[0].goto(server_url + made["url"])
    pages[1].goto(server_url + made["invite"])
    pages[2].goto(f"{server_url}/game/{made['id']}")  # a spectator
    for page in pages:
        wait_ready(page)
        page.wait_for_function(HAND)
    return pages, [[c["id"] for c in state(p)["hand"]["cards"]] for p in pages[:2]]


def test_the_other_sides_cards_never_reach_a_page(new_page: Any, server_url: str) -> None:
    for _ in range(5):  # a deal where some kind of card is held by one side only (almost every deal)
        pages, hands = _dealt(new_page, server_url)
        if set(hands[0]) != set(hands[1]):
            break
    names = _card_names()
    assert state(pages[2])["hand"]["cards"] is None
    for seat, page in enumerate(pages[:2]):
        shown = page.locator("#hand .play-card").evaluate_all("(cs) => cs.map((c) => c.dataset.card)")
        assert shown == hands[seat]
        assert page.locator("#hand .hand-count").count() == 1
        assert f"Player {2 - seat}: 6 cards (hidden)" in page.locator("#hand .hand-count").inner_text()
    secret = [{names[k] for k in hands[0]} - {names[k] for k in hands[1]}, {names[k] for k in hands[1]} - {names[k] for k in hands[0]}]
    assert secret[0] or secret[1], "five deals in a row gave both sides the same kinds of card"
    for seat, page in enumerate(pages):
        text = page.content() + str(state(page))
        for other in (0, 1):
            if other != seat:
                leaked = [n for n in secret[other] if n in text]
                assert not leaked, f"the page of {'seat ' + str(seat) if seat < 2 else 'a spectator'} shows seat {other}'s cards {leaked}"
    assert pages[2].locator("#hand .hand-count").count() == 2
    assert pages[2].locator("#hand .play-card").count() == 0


def _aimed_card(page: Any, rng: random.Random) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """Play at random until seat 0 may play a card aimed at a board element that no other
    action starts from (an Airstrike on an enemy): that turn's state and those plays, or
    None when the game ends first."""
    for _ in range(300):
        quiet(page)
        msg = wait_turn(page)
        if msg["terminal"]:
            return None
        starts = {a["path"][0] for a in msg["actions"] if a["path"] and not a.get("card")}
        aimed = [a for a in msg["actions"] if a.get("card") and a["path"] and a["path"][0] not in starts]
        if aimed:
            return msg, aimed
        send_text(page, rng.choice(msg["actions"])["text"])
    return None


def test_a_click_on_the_board_never_plays_a_card_not_chosen_from_the_hand(new_page: Any, server_url: str) -> None:
    """A card aimed at a piece (an Airstrike on an enemy) is played from the hand only:
    with no card chosen, clicking that piece does nothing."""
    seed = 5
    rng = random.Random(seed)
    for _ in range(3):  # the deal is the server's: a game may end with no such card
        made = httpx.post(server_url + "/api/games", json={"game": "trench_checkers", "opponent": "easy", "seat": 0}).json()
        page = new_page()
        page.goto(server_url + made["url"])
        wait_ready(page)
        found = _aimed_card(page, rng)
        if found:
            break
    else:
        raise AssertionError(f"seed {seed}: in three games no card had a target on the board")
    msg, aimed = found
    assert page.evaluate("window.dicefront.picker.actions.every((a) => !a.card)"), "the board offers card plays with no card chosen"
    click_id(page, aimed[0]["path"][0])
    quiet(page, 500)
    after = state(page)
    assert after["step"] == msg["step"], f"clicking {aimed[0]['path'][0]} played {after.get('last')!r} (game {made['id']})"


def test_the_click_helper_plays_a_card_from_the_hand(new_page: Any, server_url: str) -> None:
    """``play_one``, which the other browser tests play with, plays a card as a person
    does: from the hand (a click on the board never plays one)."""
    seed = 11
    rng = random.Random(seed)
    page = _dealt_game(new_page, server_url)
    played = 0
    for _ in range(300):
        quiet(page)
        msg = wait_turn(page)
        if msg["terminal"] or played == 2:
            break
        if any(a.get("card") for a in msg["actions"]):
            text = play_one(page, rng, lambda actions, r: r.choice([a for a in actions if a.get("card")]))
            assert text.startswith("play "), f"seed {seed}: {text}"
            played += 1
        else:
            send_text(page, rng.choice(msg["actions"])["text"])
    assert played == 2, f"seed {seed}: {played} cards played by clicks"


def _next_turn(pages: list[Any]) -> tuple[int, dict[str, Any]]:
    """The seat that may act now and its page's state (or any page's, once the game is over)."""
    for _ in range(1200):
        for seat, page in enumerate(pages):
            msg = state(page)
            if msg.get("terminal") or msg.get("actions"):
                return seat, msg
        pages[0].wait_for_timeout(25)
    raise AssertionError("neither seat was given a turn in 30 s")


def _toward_the_enemy(seat: int, msg: dict[str, Any], rng: random.Random) -> str:
    """An action that brings the armies into contact without fighting: the move that
    ends farthest toward the enemy, no attack, no card."""
    actions = [a["text"] for a in msg["actions"]]
    for quiet_choice in ("end", "pass"):
        if quiet_choice in actions:
            return quiet_choice
    moves = [t for t in actions if t.startswith("move")]
    if moves:
        rows = {t: int(re.findall(r"[a-z](\d+)", t)[-1]) for t in moves}
        best = max(rows.values()) if seat == 0 else min(rows.values())
        return rng.choice([t for t in moves if rows[t] == best])
    return rng.choice([t for t in actions if not t.startswith("play")] or actions)


def test_an_attack_the_enemys_flashbang_cancels_says_so_where_its_odds_would_be(new_page: Any, server_url: str) -> None:
    """Rule 11.3: after the enemy's Flashbang, our next attack rolls no dice. Pointing at
    its target says that it will be cancelled (there are no odds to show), and so does
    the list of every move."""
    seed = 7
    rng = random.Random(seed)
    for _ in range(8):  # the deal is the server's: a game where a hand holds a Flashbang
        pages, hands = _dealt(new_page, server_url)
        holders = [seat for seat in (0, 1) if "flashbang" in hands[seat]]
        if holders:
            break
    else:
        raise AssertionError("eight deals without a Flashbang in either hand")
    holder, victim = holders[0], 1 - holders[0]
    for _ in range(600):
        seat, msg = _next_turn(pages[:2])
        assert not msg["terminal"], f"seed {seed}: the game ended before a cancelled attack came up"
        attacks = [a for a in msg["actions"] if a["text"].startswith("attack") and len(a["path"]) == 2]
        if seat == victim and attacks and msg["view"]["cancel_next"][victim]:
            break
        texts = [a["text"] for a in msg["actions"]]
        text = "play flashbang" if seat == holder and "play flashbang" in texts else _toward_the_enemy(seat, msg, rng)
        send_text(pages[seat], text)
    else:
        raise AssertionError(f"seed {seed}: no attack of the Flashbang's victim came up in 600 actions")
    page = pages[victim]
    quiet(page)
    assert all("cancelled" in a.get("note", "") for a in attacks), f"seed {seed}: {attacks}"
    page.click("#notation summary")
    items = page.locator("#all-actions li").all_inner_texts()
    page.click("#notation summary")
    assert any(attacks[0]["text"] in item and "cancelled" in item for item in items), f"seed {seed}: the move list says {items}"
    target = attacks[0]["path"][1]
    point_until_odds(page, target)
    shown = page.locator("#odds").inner_text().lower()
    assert "cancelled" in shown and "%" not in shown, f"seed {seed}: pointing at {target} showed {shown!r}"
