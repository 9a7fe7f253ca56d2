"""Download the pinned pure-Python wheels used by tests/pyodide/run_pytest.mjs.

Runs under CPython. Wheels go to <repo>/.cache/pyodide-wheels/ and are only
downloaded when missing. Usage: python tests/pyodide/fetch_wheels.py
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
WHEELS_TXT = HERE / "wheels.txt"
CACHE_DIR = REPO / ".cache" / "pyodide-wheels"
PYODIDE_PYTHON = "3.14"


def read_pins(path: Path = WHEELS_TXT) -> list[tuple[str, str]]:
    pins = []
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, sep, version = line.partition("==")
        if not sep:
            raise ValueError(f"{path}: expected name==version, got {line!r}")
        pins.append((name.strip(), version.strip()))
    return pins


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def find_wheel(name: str, version: str, cache_dir: Path = CACHE_DIR) -> Path | None:
    prefix = f"{_norm(name)}-{version}-"
    for p in cache_dir.glob("*.whl"):
        if p.name.lower().startswith(prefix) and p.name.endswith("none-any.whl"):
            return p
    return None


def missing(cache_dir: Path = CACHE_DIR) -> list[str]:
    return [f"{n}=={v}" for n, v in read_pins() if find_wheel(n, v, cache_dir) is None]


def ensure_wheels(cache_dir: Path = CACHE_DIR) -> list[Path]:
    """Download missing wheels; return the paths of all pinned wheels."""
    cache_dir.mkdir(parents=True, exist_ok=True)
    need = missing(cache_dir)
    if need:
        cmd = [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--only-binary=:all:",
            "--no-deps",
            "--python-version",
            PYODIDE_PYTHON,
            "--implementation",
            "py",
            "--abi",
            "none",
            "--platform",
            "any",
            "--disable-pip-version-check",
            "--quiet",
            "-d",
            str(cache_dir),
            *need,
        ]
        subprocess.run(cmd, check=True)
        still = missing(cache_dir)
        if still:
            raise RuntimeError(f"wheels still missing after download: {still}")
    return [find_wheel(n, v, cache_dir) for n, v in read_pins()]


if __name__ == "__main__":
    for p in ensure_wheels():
        print(p)
