"""CPU seconds per decision of Trench Checkers agents: ``benchmarks/agent_cpu.py`` with
the game named (kept so the commands in docs/agent-strength.md still run).

    PYTHONPATH=src python benchmarks/trench_cpu.py [--game] [SPEC ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from agent_cpu import run

if __name__ == "__main__":
    whole = sys.argv[1:2] == ["--game"]
    run((["--game"] if whole else []) + ["trench_checkers"] + sys.argv[1 + whole :])
