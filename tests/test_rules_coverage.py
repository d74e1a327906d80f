"""Every numbered rule of every game's RULES.md has at least one test marked with it
(``@pytest.mark.rule("N.M")`` in ``tests/games/<game>/``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import dicefront

ROOT = Path(__file__).resolve().parent
RULE_LINE = re.compile(r"^\**(\d+\.\d+)\b")
MARK = re.compile(r"""rule\(\s*["'](\d+\.\d+)["']""")


def numbered_rules(text: str) -> set[str]:
    return {m.group(1) for line in text.splitlines() if (m := RULE_LINE.match(line.strip()))}


def marked_rules(folder: Path) -> set[str]:
    found: set[str] = set()
    for path in folder.rglob("*.py"):
        found.update(MARK.findall(path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("name", dicefront.names())
def test_every_numbered_rule_has_a_test(name: str) -> None:
    rules = numbered_rules(dicefront.load(name).rules_text())
    assert len(rules) >= 10, f"{name}: RULES.md should number its rules (found {sorted(rules)})"
    missing = sorted(rules - marked_rules(ROOT / "games" / name), key=lambda r: tuple(map(int, r.split("."))))
    assert not missing, f"{name}: rules without a test: {', '.join(missing)}"
