"""A game's rules document (Markdown) as an HTML page for players: rendered with
markdown-it-py (raw HTML in the source is not passed through), without the notes
meant for developers (sentences pointing at test files)."""

from __future__ import annotations

import html
import re

from markdown_it import MarkdownIt

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z*(])")
_FOR_DEVELOPERS = re.compile(r"tests/|pytest|test_\w+\.py")


def for_players(markdown: str) -> str:
    """The rules text without sentences that refer to the test suite."""
    paragraphs = re.split(r"\n\s*\n", markdown)
    kept = []
    for paragraph in paragraphs:
        if not _FOR_DEVELOPERS.search(paragraph):
            kept.append(paragraph)
            continue
        sentences = [s for s in _SENTENCE.split(paragraph) if not _FOR_DEVELOPERS.search(s)]
        if sentences:
            kept.append(" ".join(sentences))
    return "\n\n".join(kept)


def rules_html(title: str, markdown: str) -> str:
    """A whole HTML page showing the rules document ``markdown`` of the game ``title``."""
    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(for_players(markdown))
    name = html.escape(title)
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{name}: rules · Dicefront</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
</head>
<body data-page="rules">
<header class="topbar">
  <a class="brand" href="/"><span class="brand-die">⚄</span> Dicefront</a>
  <span class="game-title">{name}: rules</span>
  <a class="toplink" href="/">Lobby</a>
</header>
<main class="rules card">
{body}
</main>
</body>
</html>
"""
