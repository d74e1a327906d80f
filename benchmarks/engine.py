"""Write `dicefront bench` figures as JSON, with ratios to the same-run reference."""

from __future__ import annotations

import json
import platform
import sys
import time

import dicefront
from dicefront.lab.bench import run_bench


def main() -> None:
    out = sys.argv[1] if len(sys.argv) > 1 else "-"
    data = run_bench(dicefront.names(), seconds=3.0, rounds=3)
    ref = data["reference_kops_per_s"]
    data["ratios_to_reference"] = {
        game: {k: v / ref for k, v in row.items()} for game, row in data["games"].items()
    }
    data["machine"] = {"python": platform.python_version(), "platform": platform.platform(), "when": time.time()}
    text = json.dumps(data, indent=2)
    if out == "-":
        print(text)
    else:
        with open(out, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")


if __name__ == "__main__":
    main()
