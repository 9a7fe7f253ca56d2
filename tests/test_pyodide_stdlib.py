"""The standard library the site ships is bytecode (scripts/compile_stdlib.mjs), and
inside the page's Pyodide every module a game, a screen, a bot or PyScript imports
still imports from it, from its .pyc, and a traceback through it names file and line.
It is trimmed: no module it leaves out can be reached from what the site, PyScript,
Pyodide and the interpreter import, by any import statement at any depth, and every
module that can is shipped and imports.

Runs the vendored Pyodide under Node (about 5 s); skipped without Node.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
import sitefiles  # noqa: E402
from vendor_runtime import ensure_runtime  # noqa: E402

sys.path.remove(str(REPO / "scripts"))

RUNNER = REPO / "tests" / "pyodide" / "stdlib_imports.mjs"
VENDOR = REPO / "static" / "vendor"
SOURCE_ZIP = REPO / "node_modules" / "pyodide" / "python_stdlib.zip"
# what the interpreter imports by itself (from C, or at a start), and what it looks codecs up in
INTERPRETER = (
    "site",
    "sitecustomize",
    "_sitebuiltins",
    "rlcompleter",
    "_pylong",
    "_strptime",
    "_colorize",
    "_py_warnings",
    "annotationlib",
    "__future__",
    "traceback",
    "linecache",
    "warnings",
    "codecs",
    "copyreg",
    "_compat_pickle",
    "_sysconfigdata__emscripten_wasm32-emscripten",
)
WHOLE = ("encodings", "pyodide", "_pyodide")  # looked up by name (codecs), or Pyodide's own
NOT_STDLIB = ("cardems", "pyscript", "js", "polyscript", "pytest", "hypothesis", "_pytest")


def _imports(source: str, filename: str) -> set[str]:
    """Every module ``source`` may import, at any depth (functions too), as dotted names:
    ``from a.b import c`` gives ``a.b`` and ``a.b.c`` (which may be a name, not a module)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names if alias.name != "*")
    return found


def reachable() -> set[str]:
    """Standard-library modules the site's Python and PyScript's name anywhere."""
    names: set[str] = set()
    for path in sitefiles.package_files(REPO):
        if path.endswith(".py"):
            names |= _imports((REPO / path).read_text(encoding="utf-8"), path)
    for where, source in sitefiles.pyscript_sources(REPO).items():
        names |= _imports(source, where)
    return {n for n in names if n.split(".")[0] not in NOT_STDLIB}


@pytest.mark.pyodide
def test_bytecode_stdlib_imports_every_reachable_module():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not on PATH")
    ensure_runtime()
    assert len(sitefiles.pyscript_sources(REPO)) >= 10, "PyScript's embedded Python package was not found"
    names = sorted(reachable())
    assert {"json", "asyncio", "urllib.parse", "pyodide.ffi"} <= set(names)  # the walk finds the obvious ones
    with zipfile.ZipFile(SOURCE_ZIP) as source:
        whole = [
            n.rsplit(".", 1)[0].replace("/", ".").removesuffix(".__init__")
            for n in source.namelist()
            if n.split("/")[0] in WHOLE and n.endswith(".py")
        ]
    proc = subprocess.run(
        [node, str(RUNNER), str(VENDOR / "pyodide"), str(SOURCE_ZIP)],
        input=json.dumps({"names": names, "roots": [*INTERPRETER, *whole]}),
        text=True,
        capture_output=True,
        timeout=300,
        cwd=REPO,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout)
    mount = out["mount"]
    # Only the library's own modules count (not Dask, which a ladder shard asks for), and
    # `from a import b` where b is a name fails as a module `a.b`, with `a` imported above.
    with zipfile.ZipFile(REPO / "node_modules" / "pyodide" / "python_stdlib.zip") as source:
        library = {n.split("/")[0].removesuffix(".py") for n in source.namelist()} | set(out["builtins"])
    # (a module only the walk below reaches may fail for its platform: win32 only, no subinterpreters)
    real_failures = {
        n: e
        for n, e in out["failed"].items()
        if n in names
        and n.split(".")[0] in library
        and not (e.startswith("ModuleNotFoundError") and n.rpartition(".")[0] in names)
    }
    assert real_failures == {}
    # The trim: nothing reachable is left out, and no reachable module misses a module left out.
    trimmed, reachable_all = set(out["trimmed"]), set(out["reachable"])
    assert len(trimmed) > 30 and {"mailbox", "sqlite3"} <= trimmed, "compile_stdlib.mjs trims the library"
    assert sorted(reachable_all & trimmed) == [], (
        "reachable, yet trimmed: take it out of compile_stdlib's TRIMMED"
    )
    assert (
        len(reachable_all) > 300
        and {"json", "asyncio.tasks", "encodings.cp1254", "pyodide.ffi"} <= reachable_all
    )
    assert {n: m for n, m in out["absent"].items() if m in trimmed} == {}
    assert out["doc"] is None, "the library's docstrings are not shipped"
    assert out["sources"] == [], "the shipped standard library still holds sources"
    # (frozen modules, such as abc and codecs, come from the binary, whatever their __file__ says)
    from_zip = {n: f for n, (f, loader) in out["origins"].items() if loader == "zipimporter"}
    assert len(from_zip) > 100 and all(f.startswith(mount + "/") for f in from_zip.values())
    assert all(f.endswith(".pyc") for f in from_zip.values()), sorted(
        n for n, f in from_zip.items() if not f.endswith(".pyc")
    )
    # A report still says where: file in the library, line and function (not the source line),
    # the line the source has (the bytecode keeps every line number, only the columns go).
    with zipfile.ZipFile(SOURCE_ZIP) as source:
        decoder = source.read("json/decoder.py").decode().splitlines()
    found = re.search(
        rf'File "{re.escape(mount)}/json/decoder\.py", line (\d+), in raw_decode', out["traceback"]
    )
    assert found, out["traceback"]
    assert "scan_once(s, idx)" in decoder[int(found[1]) - 1], decoder[int(found[1]) - 3 : int(found[1]) + 1]
    assert out["columns"] is None, "the library's bytecode holds no column ranges"
