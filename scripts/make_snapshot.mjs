// A memory snapshot of the page's interpreter, started and with the standard-library
// modules the first screen and PyScript import already imported, and the first screen's
// own modules that need no JavaScript: what a repeat visit restores instead of starting
// Python (static/js/interpreter.js).
//
//   node scripts/make_snapshot.mjs <folder of pyodide.mjs> < {"modules": ["json", ...],
//       "app": {"cardems/game.py": source, ...}, "pyc": {"pyscript/util.py": source, ...}}
//   -> the snapshot, gzipped, on stdout
//
// Made from the same files the site ships (the vendored wasm and bytecode standard
// library): Pyodide restores a snapshot only into the build that made it, and the file
// system is not in it, so the library zip the page mounts must be the same bytes.
// Nothing of the page's JavaScript is in it (no PyScript, no module that imports it, no
// JS object but globalThis): those are imported after the restore, as on a normal start.
//
// In it, a module `_cardems_snapshot` (SNAPSHOT below) says what it holds: the app's
// modules it imported (`modules`) and the sources it imported them from (`sources`), which
// the page's bundle adopts only if its own are the same (cardems/web/main.py), and the
// checked bytecode of PyScript's package (`pyc`), which the page writes beside the sources
// PyScript writes at every start (`restored()`), so that Python does not compile them.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const SNAPSHOT = `
import importlib, json, os, sys
from importlib._bootstrap_external import _code_to_hash_pyc
from importlib.machinery import ModuleSpec
from importlib.util import cache_from_source, source_hash

HOME = os.getcwd()
modules = []  # the app's modules imported here
sources = {}  # their files (path from HOME -> source text), for the page to compare
pyc = {}  # path from HOME -> checked bytecode of that source


class _Sources:
    """importlib's finder and loader of the app's modules while the snapshot is made."""

    def __init__(self, files):
        self.files = files

    def _path(self, fullname):
        base = fullname.replace(".", "/")
        for rel, package in ((base + "/__init__.py", True), (base + ".py", False)):
            if rel in self.files:
                return rel, package
        return None

    def find_spec(self, fullname, path=None, target=None):
        found = self._path(fullname)
        if found is None:
            return None
        rel, package = found
        spec = ModuleSpec(fullname, self, origin=HOME + "/" + rel, is_package=package)
        spec.has_location = True
        if package:
            spec.submodule_search_locations = [HOME + "/" + rel.rpartition("/")[0]]
        return spec

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        rel, _ = self._path(module.__spec__.name)
        exec(compile(self.files[rel], HOME + "/" + rel, "exec", dont_inherit=True), module.__dict__)


def make(spec):
    done = 0
    for name in spec["modules"]:
        try:
            importlib.import_module(name)
            done += 1
        except Exception:  # not in this runtime (a name taken for a module): the page does without
            pass
    finder = _Sources(spec["app"])
    sys.meta_path.insert(0, finder)
    try:
        for rel in sorted(spec["app"]):
            name = rel[: -len(".py")].replace("/", ".").removesuffix(".__init__")
            try:
                importlib.import_module(name)
            except Exception:  # then imported from the page's bundle after the restore
                continue
            modules.append(name)
            sources[rel] = spec["app"][rel]
    finally:
        sys.meta_path.remove(finder)
    for rel, source in spec["pyc"].items():
        code = compile(source, HOME + "/" + rel, "exec", dont_inherit=True)
        pyc[rel] = bytes(_code_to_hash_pyc(code, source_hash(source.encode()), checked=True))
    return done, len(modules), len(pyc)


def restored():
    """After a restore: PyScript's bytecode beside the sources it is about to write."""
    for rel, body in pyc.items():
        path = cache_from_source(os.path.join(os.getcwd(), rel))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(body)
`;

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk); // more than a pipe holds: read it whole first
const input = Buffer.concat(chunks).toString("utf8");
const folder = resolve(process.argv[2] || "static/vendor/pyodide");
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
const py = await loadPyodide({ indexURL: `${folder}/`, _makeSnapshot: true, stdout: () => {},
                               stderr: (s) => process.stderr.write(s + "\n") });
let spec = JSON.parse(input);
if (Array.isArray(spec)) spec = { modules: spec, app: {}, pyc: {} };
const memoryBefore = py._module.HEAP8.length;
py.globals.set("SPEC", JSON.stringify(spec));
py.globals.set("CODE", SNAPSHOT);
const counts = py.runPython(`
import json as _json, sys as _sys, types as _types
_module = _types.ModuleType("_cardems_snapshot")
exec(compile(CODE, "<cardems snapshot>", "exec"), _module.__dict__)
_sys.modules["_cardems_snapshot"] = _module
_counts = _module.make(_json.loads(SPEC))
del _json, _sys, _types, _module
_counts
`).toJs();
for (const name of ["SPEC", "CODE", "_counts"]) py.globals.delete(name);
const snapshot = py.makeMemorySnapshot();
const grown = py._module.HEAP8.length !== memoryBefore ? ` (memory grew from ${memoryBefore})` : "";
process.stderr.write(`make_snapshot: ${counts[0]} library modules, ${counts[1]} of the app's, ` +
                     `${counts[2]} files' bytecode, ${(snapshot.length / 1e6).toFixed(1)} MB${grown}\n`);
process.stdout.write(gzipSync(snapshot, { level: 9 }));
