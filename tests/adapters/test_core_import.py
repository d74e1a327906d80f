"""The core keeps no dependency on the research frameworks: importing dicefront and
playing every game never imports numpy, PettingZoo, Gymnasium or OpenSpiel."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SRC = str(Path(__file__).resolve().parents[2] / "src")

SCRIPT = """
import sys, random
import dicefront, dicefront.adapters, dicefront.agents
from dicefront.core import random_steps
for name in dicefront.names():
    game = dicefront.load(name)
    state = game.new_state()
    rng = random.Random(0)
    random_steps(state, 30, rng, checked=True)
    game.render_text(state, 0)
heavy = sorted(m for m in ("numpy", "pettingzoo", "gymnasium", "pyspiel", "open_spiel") if m in sys.modules)
print(",".join(heavy))
"""


def test_core_imports_no_framework() -> None:
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, timeout=300, check=True)
    assert out.stdout.strip() == "", f"importing the core imported: {out.stdout.strip()}"
