"""Run the engine test suite (tests/engine) and the pure page modules' (tests/web) inside real Pyodide under Node.

Checks that the pure-Python engine works on the WebAssembly CPython the browser
will use. Needs `node` and `npm ci` (node_modules/pyodide); wheels for pytest and
Hypothesis are downloaded once into .cache/pyodide-wheels/ (see tests/pyodide/).
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
RUNNER = REPO / "tests" / "pyodide" / "run_pytest.mjs"
FETCH = REPO / "tests" / "pyodide" / "fetch_wheels.py"
TIMEOUT_S = 1200


def _load_fetch_wheels():
    spec = importlib.util.spec_from_file_location("_cardems_fetch_wheels", FETCH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.pyodide
def test_engine_suite_passes_in_pyodide():
    if sys.platform == "emscripten":
        pytest.skip("already running inside Pyodide")
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not on PATH: cannot run the engine tests in Pyodide")
    if not (REPO / "node_modules" / "pyodide" / "package.json").is_file():
        pytest.fail(f"node_modules/pyodide is missing: run `npm ci` in {REPO}", pytrace=False)

    _load_fetch_wheels().ensure_wheels()

    cmd = [node, str(RUNNER), "tests/engine", "tests/web", "-q", "-p", "no:cacheprovider"]
    try:
        proc = subprocess.run(
            cmd,
            cwd=REPO,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=TIMEOUT_S,
        )
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        pytest.fail(f"Pyodide run timed out after {TIMEOUT_S}s\n{out}", pytrace=False)

    output = proc.stdout + proc.stderr
    summary = [ln for ln in proc.stdout.splitlines() if re.search(r"\d+ (passed|failed|errors?)\b", ln)]
    last = summary[-1] if summary else ""
    m = re.search(r"(\d+) passed", last)
    ok = (
        proc.returncode == 0
        and m is not None
        and int(m.group(1)) > 0
        and not re.search(r"\d+ (failed|errors?)\b", last)
    )
    if not ok:
        pytest.fail(
            f"engine tests in Pyodide: exit code {proc.returncode}, summary {last!r}\n"
            f"$ {' '.join(cmd)}\n{output}",
            pytrace=False,
        )
