"""The rules a player opens from the lobby or the game: an HTML page rendered from
the game's Markdown, without the notes meant for developers."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

import dicefront
from dicefront.server.rules_page import for_players


@pytest.mark.parametrize("name", dicefront.names())
def test_rules_page_is_html_not_markdown(client: TestClient, name: str) -> None:
    res = client.get(f"/rules/{name}")
    assert res.status_code == 200 and res.headers["content-type"].startswith("text/html")
    page = res.text
    assert "<h1>" in page and "<h2>" in page and "<strong>" in page
    assert "**" not in page and "\n## " not in page
    assert "tests/" not in page and "pytest" not in page and "test_rules" not in page
    assert "Clarification" in page  # the clarifications stay


def test_only_the_sentences_about_tests_go() -> None:
    text = "Rule numbers are used by the tests\n(`tests/games/x/test_rules.py`). **Clarification** marks a choice.\n\n## 1. Board"
    assert for_players(text) == "**Clarification** marks a choice.\n\n## 1. Board"


def test_raw_html_in_the_rules_is_not_passed_through() -> None:
    from dicefront.server.rules_page import rules_html

    page = rules_html("<b>T</b>", "# Hi\n\n<script>alert(1)</script>")
    assert "<script>alert" not in page and "&lt;b&gt;T" in page
