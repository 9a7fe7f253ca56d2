"""The first screen's bundle (``first-screen.bundle``, made by scripts/sitefiles.py,
unpacked by cardems/web/main.py): it holds exactly the lobby's files, unpacks to
them byte for byte, refuses a damaged bundle, and its bytecode is what the
vendored Pyodide imports."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RUNTIME = ROOT / "static" / "vendor" / "pyodide"


def _load(name: str, path: Path):
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def sitefiles():
    return _load("cardems_sitefiles", ROOT / "scripts" / "sitefiles.py")


def entry():
    return _load("cardems_entry", ROOT / "cardems" / "web" / "main.py")


def test_the_bundle_unpacks_to_the_first_screens_files(tmp_path):
    sf = sitefiles()
    generated = sf.generate(ROOT)
    (tmp_path / sf.BUNDLE).write_bytes(generated[sf.BUNDLE])
    paths = entry().unpack(str(tmp_path / sf.BUNDLE), str(tmp_path / "home"))
    core = sf.python_groups(ROOT)["core"]
    sources = [p for p in paths if not p.endswith(".pyc")]
    assert sorted(sources) == sorted([*core, sf.BUILD])
    for path in core:
        assert (tmp_path / "home" / path).read_bytes() == (ROOT / path).read_bytes(), path
    assert (tmp_path / "home" / sf.BUILD).read_bytes() == generated[sf.BUILD]
    if RUNTIME.is_dir() and shutil.which("node"):
        compiled = {p for p in paths if p.endswith(".pyc")}
        tag = next(iter(compiled)).rsplit(".", 2)[-2]
        assert compiled == {sf.cached_path(p, tag) for p in core if p.endswith(".py")}


def test_the_config_and_the_precache_name_the_bundle_not_its_files():
    sf = sitefiles()
    generated = sf.generate(ROOT)
    assert sf.page_config(ROOT)["py"]["files"] == {f"./{sf.BUNDLE}": "./", f"./{sf.ENTRY}": f"./{sf.ENTRY}"}
    listed = json.loads(generated[sf.PRECACHE].decode().split("self.CARDEMS_FILES = ", 1)[1].rstrip().rstrip(";"))
    assert sf.BUNDLE in listed and "cardems/web/main.py" in listed
    modules = {f for f in sf.python_groups(ROOT)["core"] if f.endswith(".py")}
    assert modules and not modules & set(listed)
    assert "cardems/web/locales/en.json" in listed  # the shell reads it before Python is up


@pytest.mark.parametrize("damage", ["format", "size", "tail", "escape"])
def test_a_damaged_bundle_is_refused_before_anything_is_written(tmp_path, damage):
    main = entry()
    files = {"cardems/a.py": b"A = 1\n", "cardems/b.json": b"{}"}
    head = {"format": main.FORMAT, "files": [[p, len(b)] for p, b in files.items()]}
    body = b"".join(files.values())
    if damage == "format":
        head["format"] = "zip"
    elif damage == "size":
        head["files"][1][1] += 10
    elif damage == "tail":
        body += b"junk"
    else:
        head["files"][0][0] = "../outside.py"
    bundle = tmp_path / "x.bundle"
    bundle.write_bytes(json.dumps(head).encode() + b"\n" + body)
    with pytest.raises(ValueError):
        main.unpack(str(bundle), str(tmp_path / "home"))
    assert not (tmp_path / "home").exists() and not (tmp_path / "outside.py").exists()


IMPORT_CHECK = r"""
import { loadPyodide } from "%(mjs)s";
const py = await loadPyodide({ indexURL: "%(index)s/" });
py.FS.mkdirTree("/site");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "%(site)s" }, "/site");
console.log(py.runPython(`
import sys
sys.path.insert(0, "/site")
import cardems.errors, importlib.util
import json
json.dumps({"value": getattr(cardems.errors, "BUNDLE_PROBE", None), "magic": importlib.util.MAGIC_NUMBER.hex()})
`));
"""


@pytest.mark.pyodide
def test_pyodide_imports_the_bundles_bytecode(tmp_path):
    """The page's Python loads the shipped bytecode as it is: a source changed after
    unpacking is not compiled again (unchecked-hash .pyc, PEP 552)."""
    node = shutil.which("node")
    if node is None or not (RUNTIME / "pyodide.mjs").is_file():
        pytest.skip("needs node and the vendored Pyodide (npm ci; python scripts/vendor_runtime.py)")
    sf = sitefiles()
    (tmp_path / sf.BUNDLE).write_bytes(sf.generate(ROOT)[sf.BUNDLE])
    site = tmp_path / "site"
    paths = entry().unpack(str(tmp_path / sf.BUNDLE), str(site))
    pyc = [p for p in paths if p.startswith("cardems/__pycache__/errors.")]
    assert len(pyc) == 1, "no bytecode for cardems/errors.py in the bundle"
    source = site / "cardems" / "errors.py"
    source.write_text(source.read_text() + "\nBUNDLE_PROBE = 'compiled from source'\n")
    script = tmp_path / "check.mjs"
    script.write_text(IMPORT_CHECK % {"mjs": (RUNTIME / "pyodide.mjs").as_uri(), "index": RUNTIME.as_posix(),
                                      "site": site.as_posix()})
    proc = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["value"] is None, "Pyodide compiled the changed source instead of loading the bytecode"
    assert (site / pyc[0]).read_bytes()[:4].hex() == result["magic"]
