"""The first screen's bundle (``first-screen.bundle``, made by scripts/sitefiles.py,
read by cardems/web/main.py): it holds exactly the lobby's files, byte for byte,
a damaged bundle is refused, and the page's Python imports from it in memory,
taking the bytecode the vendored Pyodide compiled, with nothing written to disk."""

from __future__ import annotations

import gzip
import hashlib
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


def test_the_bundle_holds_the_first_screens_files(tmp_path):
    sf = sitefiles()
    generated = sf.generate(ROOT)
    (tmp_path / sf.BUNDLE).write_bytes(generated[sf.BUNDLE])
    files = entry().read(str(tmp_path / sf.BUNDLE))
    assert (
        generated[sf.BUNDLE][:2] == b"\x1f\x8b"
        and len(generated[sf.BUNDLE]) < sum(map(len, files.values())) / 2
    )
    assert sf.generate(ROOT)[sf.BUNDLE] == generated[sf.BUNDLE], "the same bytes each build"
    core = sf.python_groups(ROOT)["core"]
    assert sorted(p for p in files if not p.endswith(".pyc")) == sorted([*core, sf.BUILD])
    for path in core:
        assert files[path] == (ROOT / path).read_bytes(), path
    assert files[sf.BUILD] == generated[sf.BUILD]
    if RUNTIME.is_dir() and shutil.which("node"):
        compiled = {p for p in files if p.endswith(".pyc")}
        tag = next(iter(compiled)).rsplit(".", 2)[-2]
        assert compiled == {entry().cached_path(p, tag) for p in core if p.endswith(".py")}


def test_the_config_and_the_precache_name_the_bundle_not_its_files():
    sf = sitefiles()
    generated = sf.generate(ROOT)
    assert sf.page_config(ROOT)["py"]["files"] == {f"./{sf.BUNDLE}": "./", f"./{sf.ENTRY}": f"./{sf.ENTRY}"}
    listed = json.loads(
        generated[sf.PRECACHE].decode().split("self.CARDEMS_FILES = ", 1)[1].rstrip().rstrip(";")
    )
    assert sf.BUNDLE in listed and "cardems/web/main.py" in listed
    rules = [f for f in generated if f.startswith("rules/")]  # the prebuilt rules screens: kept offline
    assert len(rules) == 16 and all(
        listed.get(f) == hashlib.sha256(generated[f]).hexdigest()[:16] for f in rules
    )
    modules = {f for f in sf.python_groups(ROOT)["core"] if f.endswith(".py")}
    assert modules and not modules & set(listed)
    assert "cardems/web/locales/en.json" in listed  # the shell reads it before Python is up


@pytest.mark.parametrize("damage", ["format", "size", "tail", "escape", "head", "gzip"])
def test_a_damaged_bundle_is_refused(tmp_path, damage):
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
    elif damage == "escape":
        head["files"][0][0] = "../outside.py"
    else:
        head["files"] = {"cardems/a.py": 6}
    bundle = tmp_path / "x.bundle"
    raw = json.dumps(head).encode() + b"\n" + body
    bundle.write_bytes(raw if damage == "gzip" else gzip.compress(raw))
    with pytest.raises(ValueError, match="x.bundle"):
        main.read(str(bundle))


@pytest.fixture
def bundled(tmp_path):
    """A package ``bundled_pkg`` held by a Bundle over the empty folder ``tmp_path``;
    removed from the import system afterwards."""
    main = entry()
    source = b"VALUE = 'source'\n\ndef where():\n    return __file__\n"
    code = compile(source.replace(b"'source'", b"'bytecode'"), "x", "exec")
    pyc = importlib._bootstrap_external._code_to_hash_pyc(code, b"\0" * 8, checked=False)
    files = {
        "bundled_pkg/__init__.py": b"",
        "bundled_pkg/mod.py": source,
        main.cached_path("bundled_pkg/mod.py", sys.implementation.cache_tag): pyc,
        "bundled_pkg/plain.py": b"def boom():\n    raise RuntimeError('from the bundle')\n",
        "bundled_pkg/data.json": b'{"a": 1}',
    }
    bundle = main.Bundle(files, str(tmp_path)).install()
    yield bundle
    sys.meta_path.remove(bundle)
    for name in [n for n in sys.modules if n == "bundled_pkg" or n.startswith("bundled_pkg.")]:
        del sys.modules[name]


def test_a_bundle_imports_its_modules_from_memory_taking_their_bytecode(bundled, tmp_path):
    import bundled_pkg.mod

    assert bundled_pkg.mod.VALUE == "bytecode"
    assert bundled_pkg.mod.where() == str(tmp_path / "bundled_pkg" / "mod.py")
    assert bundled_pkg.mod.where.__code__.co_filename == bundled_pkg.mod.__file__
    assert bundled_pkg.__path__ == [str(tmp_path / "bundled_pkg")]
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_a_bundles_modules_read_its_files_and_show_their_source_in_tracebacks(bundled, tmp_path):
    import traceback

    import bundled_pkg.plain

    loader = bundled_pkg.plain.__spec__.loader
    assert loader.get_data(str(tmp_path / "bundled_pkg" / "data.json")) == b'{"a": 1}'
    assert loader.get_data(str(tmp_path / "bundled_pkg" / ".." / "bundled_pkg" / "data.json")) == b'{"a": 1}'
    assert loader.get_data("bundled_pkg/data.json") == b'{"a": 1}'  # relative: to the bundle's folder
    with pytest.raises(FileNotFoundError):
        loader.get_data(str(tmp_path / "bundled_pkg" / "missing.json"))
    with pytest.raises(RuntimeError) as raised:
        bundled_pkg.plain.boom()
    assert "raise RuntimeError('from the bundle')" in "".join(traceback.format_exception(raised.value))


def test_bytecode_for_another_python_is_not_used(tmp_path):
    main = entry()
    pyc = bytearray(
        importlib._bootstrap_external._code_to_hash_pyc(
            compile("V = 'pyc'", "x", "exec"), b"\0" * 8, checked=False
        )
    )
    pyc[:2] = b"\0\0"  # another magic number
    files = {
        "other_pkg/__init__.py": b"V = 'source'\n",
        main.cached_path("other_pkg/__init__.py", sys.implementation.cache_tag): bytes(pyc),
    }
    bundle = main.Bundle(files, str(tmp_path)).install()
    try:
        import other_pkg

        assert other_pkg.V == "source"
    finally:
        sys.meta_path.remove(bundle)
        sys.modules.pop("other_pkg", None)


def test_modules_written_later_into_a_bundled_package_import_from_disk(bundled, tmp_path):
    import importlib

    import bundled_pkg

    (tmp_path / "bundled_pkg").mkdir()
    (tmp_path / "bundled_pkg" / "later.py").write_text("FROM = 'disk'\n")
    (tmp_path / "bundled_pkg" / "later.json").write_text("[]")
    importlib.invalidate_caches()
    later = importlib.import_module("bundled_pkg.later")
    assert later.FROM == "disk" and later.__file__ == str(tmp_path / "bundled_pkg" / "later.py")
    assert bundled_pkg.__spec__.loader.get_data(str(tmp_path / "bundled_pkg" / "later.json")) == b"[]"


@pytest.mark.parametrize("same", [True, False])
def test_modules_the_snapshot_imported_are_adopted_only_from_the_same_sources(tmp_path, same):
    """What the memory snapshot imported (scripts/make_snapshot.mjs's ``_cardems_snapshot``)
    is taken as the bundle's when the bundle holds the very sources, else imported again."""
    import types

    main = entry()
    source = "VALUE = 'snapshot'\n"
    kept = types.ModuleType("_cardems_snapshot")
    kept.HOME, kept.modules, kept.sources = str(tmp_path), ["snap_pkg"], {"snap_pkg/__init__.py": source}
    imported = types.ModuleType("snap_pkg")
    imported.__spec__ = importlib.util.spec_from_loader("snap_pkg", loader=None)
    imported.VALUE = "snapshot"
    files = {
        "snap_pkg/__init__.py": (source if same else "VALUE = 'bundle'\n").encode(),
        "snap_pkg/d.txt": b"d",
    }
    sys.modules |= {"_cardems_snapshot": kept, "snap_pkg": imported}
    bundle = main.Bundle(files, str(tmp_path)).install()
    try:
        assert bundle.adopt() == (1 if same else 0)
        import snap_pkg

        assert snap_pkg.VALUE == ("snapshot" if same else "bundle")
        assert (snap_pkg is imported) == same
        assert snap_pkg.__spec__.loader is bundle and snap_pkg.__loader__ is bundle
        assert snap_pkg.__spec__.loader.get_data("snap_pkg/d.txt") == b"d"
        assert kept.sources == {}  # not held once compared
    finally:
        sys.meta_path.remove(bundle)
        for name in ("_cardems_snapshot", "snap_pkg"):
            sys.modules.pop(name, None)


def test_the_snapshot_imports_the_first_screens_modules_that_import_no_javascript():
    sf = sitefiles()
    app = sf.snapshot_app(sf.python_groups(ROOT))
    assert {"cardems/game.py", "cardems/web/i18n.py", "cardems/web/storage.py"} <= set(app)
    for path in ("cardems/web/app.py", "cardems/web/dom.py", "cardems/web/lobby.py", "cardems/web/main.py"):
        assert path not in app
    for path, source in app.items():  # none imports PyScript or JavaScript when it loads
        assert not [
            m
            for m, _ in sf._top_level_imports(__import__("ast").parse(source))
            if m.split(".")[0] in sf.NOT_IN_SNAPSHOT
        ], path
    assert set(sf.snapshot_pyc_sources()) >= {"pyscript/__init__.py", "pyscript/context.py"}


IMPORT_CHECK = r"""
import { loadPyodide } from "%(mjs)s";
const py = await loadPyodide({ indexURL: "%(index)s/" });
py.FS.mkdirTree("/site");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "%(site)s" }, "/site");
console.log(py.runPython(`
import importlib.util, json, os, sys
spec = importlib.util.spec_from_file_location("cardems_entry", "/site/main.py")
main = importlib.util.module_from_spec(spec)
spec.loader.exec_module(main)
files = main.read("/site/first-screen.bundle")
files["cardems/errors.py"] += b"\\nBUNDLE_PROBE = 'compiled from source'\\n"
os.makedirs("/home/cardems-test")
main.Bundle(files, "/home/cardems-test").install()
import cardems.errors
from cardems.web.i18n import Catalog
json.dumps({"probe": getattr(cardems.errors, "BUNDLE_PROBE", None), "file": cardems.errors.__file__,
            "fa": Catalog("fa").t("lobby.play"), "written": os.listdir("/home/cardems-test")})
`));
"""


@pytest.mark.pyodide
def test_pyodide_imports_the_first_screen_from_the_bundle_in_memory(tmp_path):
    """The page's Python loads the shipped bytecode as it is (a source changed in the
    bundle is not compiled), and reads the catalogs from the bundle, writing nothing."""
    node = shutil.which("node")
    if node is None or not (RUNTIME / "pyodide.mjs").is_file():
        pytest.skip("needs node and the vendored Pyodide (npm ci; python scripts/vendor_runtime.py)")
    sf = sitefiles()
    site = tmp_path / "site"
    site.mkdir()
    (site / sf.BUNDLE).write_bytes(sf.generate(ROOT)[sf.BUNDLE])
    shutil.copy(ROOT / "cardems" / "web" / "main.py", site / "main.py")
    script = tmp_path / "check.mjs"
    script.write_text(
        IMPORT_CHECK
        % {"mjs": (RUNTIME / "pyodide.mjs").as_uri(), "index": RUNTIME.as_posix(), "site": site.as_posix()}
    )
    proc = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["probe"] is None, "Pyodide compiled the changed source instead of loading the bytecode"
    assert result["file"] == "/home/cardems-test/cardems/errors.py"
    fa = json.loads((ROOT / "cardems" / "web" / "locales" / "fa.json").read_text(encoding="utf-8"))
    assert result["fa"] == fa["lobby.play"]
    assert result["written"] == []
