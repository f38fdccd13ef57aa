"""Drop per-run noise from executed notebooks (execution timestamps) so a regeneration only
shows what really changed. Usage: python tools/tidy_notebooks.py NOTEBOOK..."""

from __future__ import annotations

import json
import sys
from pathlib import Path


def tidy(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        cell.get("metadata", {}).pop("execution", None)
    path.write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    for name in sys.argv[1:]:
        tidy(Path(name))
