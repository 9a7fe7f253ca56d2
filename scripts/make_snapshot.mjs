// A memory snapshot of the page's interpreter, started and with the standard-library
// modules the first screen and PyScript import already imported: what a repeat visit
// restores instead of starting Python (static/js/interpreter.js).
//
//   node scripts/make_snapshot.mjs <folder of pyodide.mjs> < ["json", "asyncio", ...]
//   -> the snapshot, gzipped, on stdout
//
// Made from the same files the site ships (the vendored wasm and bytecode standard
// library): Pyodide restores a snapshot only into the build that made it, and the file
// system is not in it, so the library zip the page mounts must be the same bytes.
// Nothing from the page is in it (no PyScript, no app module, no JS object but
// globalThis): those are imported after the restore, as on a normal start.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const folder = resolve(process.argv[2] || "static/vendor/pyodide");
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
const py = await loadPyodide({ indexURL: `${folder}/`, _makeSnapshot: true, stdout: () => {},
                               stderr: (s) => process.stderr.write(s + "\n") });
py.globals.set("NAMES", readFileSync(0, "utf8"));
const imported = py.runPython(`
import importlib, json

def _import_all() -> int:
    done = 0
    for name in json.loads(NAMES):
        try:
            importlib.import_module(name)
            done += 1
        except Exception:  # not in this runtime (a name taken for a module): the page does without
            pass
    return done

_import_all()
`);
py.globals.delete("NAMES");
py.globals.delete("_import_all");
const snapshot = py.makeMemorySnapshot();
process.stderr.write(`make_snapshot: ${imported} modules imported, ${(snapshot.length / 1e6).toFixed(1)} MB\n`);
process.stdout.write(gzipSync(snapshot, { level: 9 }));
