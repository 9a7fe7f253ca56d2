"""Run every Cardems test: the engine under CPython, the same engine inside Pyodide
(Node), and the page in headless Chromium.

    python scripts/test.py [pytest arguments]

Installs what is missing first: the Python test tools (pip), the PyScript and
Pyodide runtime (npm). Chromium comes from your system (Debian: `apt-get install
chromium`), or set CARDEMS_CHROMIUM.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from vendor_runtime import ROOT, ensure_runtime

NEEDED = ("pytest", "hypothesis", "playwright", "pytest_rerunfailures", "distributed")


def main(argv: list[str]) -> int:
    if any(importlib.util.find_spec(name) is None for name in NEEDED):
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "-e", ".[test]"], cwd=ROOT, check=True)
    ensure_runtime()
    code = subprocess.call([sys.executable, "-m", "pytest", *argv], cwd=ROOT)
    if code == 5:
        print("cardems: pytest collected no tests; that is a failure", file=sys.stderr)
        return 1
    return code


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
